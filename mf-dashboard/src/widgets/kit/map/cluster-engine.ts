/**
 * The map's clustering engine: a Web Worker when the browser has one (webpack 5 bundles
 * cluster.worker.ts as its own chunk), otherwise — jsdom, a blocked worker script — the same code
 * on the main thread. Both answer through promises; a newer query makes older answers stale (the
 * map ignores them).
 */
import {
  ClusterIndex,
  handleRequest,
  type BBox,
  type ClusterOptions,
  type PointSet,
  type WorkerRequest,
  type WorkerResponse,
} from '@fieldwatch/shared/map/cluster';
import { newClusterWorker, takeSpareWorker } from './cluster-worker-start';

export interface ClusterEngine {
  /** 'worker' or 'main' (main-thread fallback). */
  readonly kind: 'worker' | 'main';
  load(points: PointSet, options: ClusterOptions): Promise<void>;
  query(bbox: BBox, zoom: number): Promise<Float64Array>;
  expansionZoom(clusterId: number): Promise<number>;
  dispose(): void;
}

/** Main-thread engine (also what the worker runs). */
export function createMainThreadEngine(): ClusterEngine {
  let index: ClusterIndex | null = null;
  return {
    kind: 'main',
    async load(points, options) {
      index = new ClusterIndex(points, options);
    },
    async query(bbox, zoom) {
      if (!index) throw new Error('No points loaded');
      return index.query(bbox, zoom);
    },
    async expansionZoom(clusterId) {
      if (!index) throw new Error('No points loaded');
      return index.expansionZoom(clusterId);
    },
    dispose() {
      index = null;
    },
  };
}

/** Longest a worker may take to index the points before the main thread takes over. */
const WORKER_LOAD_TIMEOUT_MS = 20_000;

type Pending = { resolve: (r: WorkerResponse) => void; reject: (e: Error) => void };

function workerEngine(worker: Worker): ClusterEngine {
  let seq = 0;
  const pending = new Map<number, Pending>();
  let broken: Error | null = null;
  worker.onmessage = (e: MessageEvent<WorkerResponse>) => {
    const p = pending.get(e.data.seq);
    if (!p) return;
    pending.delete(e.data.seq);
    if (e.data.type === 'error') p.reject(new Error(e.data.message));
    else p.resolve(e.data);
  };
  worker.onerror = (e) => {
    broken = new Error(e.message || 'Cluster worker failed');
    for (const p of pending.values()) p.reject(broken);
    pending.clear();
  };
  const send = (req: Omit<WorkerRequest, 'seq'>, transfer: Transferable[] = []) =>
    new Promise<WorkerResponse>((resolve, reject) => {
      if (broken) return reject(broken);
      seq += 1;
      pending.set(seq, { resolve, reject });
      worker.postMessage({ ...req, seq }, transfer);
    });
  return {
    kind: 'worker',
    async load(points, options) {
      // Copies: the caller keeps its arrays (transfer would detach them).
      const coords = points.coords.slice();
      const tones = points.tones.slice();
      await send({ type: 'load', coords, tones, options } as Omit<WorkerRequest, 'seq'>, [
        coords.buffer,
        tones.buffer,
      ]);
    },
    async query(bbox, zoom) {
      const res = await send({ type: 'query', bbox, zoom } as Omit<WorkerRequest, 'seq'>);
      return res.type === 'clusters' ? res.records : new Float64Array(0);
    },
    async expansionZoom(clusterId) {
      const res = await send({ type: 'expand', clusterId } as Omit<WorkerRequest, 'seq'>);
      return res.type === 'expanded' ? res.zoom : 0;
    },
    dispose() {
      worker.terminate();
      for (const p of pending.values()) p.reject(new Error('disposed'));
      pending.clear();
    },
  };
}

/**
 * A worker engine if possible, else the main-thread one. If the worker fails while loading (its
 * script blocked or unreachable), the engine falls back to the main thread for good.
 */
export function createClusterEngine(): ClusterEngine {
  const worker = takeSpareWorker() ?? newClusterWorker();
  if (!worker) return createMainThreadEngine();
  let active: ClusterEngine = workerEngine(worker);
  let lastLoad: { points: PointSet; options: ClusterOptions } | null = null;
  const fallBack = async () => {
    active.dispose();
    active = createMainThreadEngine();
    if (lastLoad) await active.load(lastLoad.points, lastLoad.options);
  };
  return {
    get kind() {
      return active.kind;
    },
    async load(points, options) {
      lastLoad = { points, options };
      try {
        if (active.kind !== 'worker') return await active.load(points, options);
        // A worker that never answers (script blocked without an error event) must not leave the
        // map loading for ever.
        let timer: ReturnType<typeof setTimeout> | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('Cluster worker timed out')), WORKER_LOAD_TIMEOUT_MS);
        });
        try {
          await Promise.race([active.load(points, options), timeout]);
        } finally {
          clearTimeout(timer);
        }
      } catch (err) {
        if (active.kind !== 'worker' || (err instanceof Error && err.message === 'disposed')) throw err;
        await fallBack();
      }
    },
    query: (bbox, zoom) => active.query(bbox, zoom),
    expansionZoom: (id) => active.expansionZoom(id),
    dispose: () => active.dispose(),
  };
}

export { handleRequest };
