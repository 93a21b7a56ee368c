/**
 * Starting the map's cluster worker (cluster.worker.ts) apart from the map's code: the map's turn
 * starts one before it loads Leaflet (dashboard/widget-registry.ts: prepareWidget, or prepareBoard
 * for a board of heavy widgets only), so that the worker's start-up (its script, a new JavaScript
 * context) runs on its own thread while Leaflet's code arrives and evaluates. The map's clustering
 * engine takes it (cluster-engine.ts).
 */
import { CrossOriginWorker } from '@fieldwatch/shared/worker';

/** A new cluster worker, or null without Worker support or when it cannot start. */
export function newClusterWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    // Bootstrapped when the dashboard is served from another origin (a CDN): see CrossOriginWorker.
    return new CrossOriginWorker(new URL('./cluster.worker.ts', import.meta.url));
  } catch {
    return null;
  }
}

/** A worker started ahead of its map (one at most). */
let spare: Worker | null = null;

/** Starts a cluster worker now for the next map to take. */
export function prewarmClusterWorker(): void {
  if (!spare) spare = newClusterWorker();
}

/** The worker started ahead, once; null when there is none. */
export function takeSpareWorker(): Worker | null {
  const w = spare;
  spare = null;
  return w;
}
