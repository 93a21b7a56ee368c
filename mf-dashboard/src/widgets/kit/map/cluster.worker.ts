/**
 * The map's clustering worker: keeps the clustering off the main thread. The page sends the
 * points once ('load'), then the view's bbox and zoom on every move ('query'); see @fieldwatch/shared/map/cluster.
 */
import { handleRequest, type WorkerRequest } from '@fieldwatch/shared/map/cluster';

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
