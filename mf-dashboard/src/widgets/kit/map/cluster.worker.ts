/**
 * The map's clustering worker: keeps the clustering off the main thread. The page sends the
 * points once ('load'), then the view's bbox and zoom on every move ('query'); see cluster-index.ts.
 */
import { handleRequest, type WorkerRequest } from './cluster-index';

const state: Parameters<typeof handleRequest>[0] = { index: null };
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
};

scope.onmessage = (e) => {
  const res = handleRequest(state, e.data);
  if (res.type === 'clusters') scope.postMessage(res, [res.records.buffer]);
  else scope.postMessage(res);
};
