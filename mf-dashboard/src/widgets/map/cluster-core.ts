/**
 * Clustering of map points with supercluster, shared by the Web Worker (cluster.worker.ts) and the
 * main-thread fallback. Points arrive as flat typed arrays (cheap to transfer); clusters go back as
 * one Float64Array of RECORD numbers each, so 100,000 units cost one copy, not 100,000 objects.
 *
 * Every point has a tone (TONES: its status, or occupied/free on the parking map); clusters keep
 * how many points of each tone they hold (supercluster map/reduce), so a cluster can show its worst
 * tone and its mix.
 */
import Supercluster from 'supercluster';

/** Marker tones, in the order of severity used for a cluster's colour. */
export const TONES = ['alarm', 'problem', 'inactive', 'occupied', 'free', 'ok'] as const;
export type Tone = (typeof TONES)[number];
export const TONE_INDEX: Record<Tone, number> = { alarm: 0, problem: 1, inactive: 2, occupied: 3, free: 4, ok: 5 };

/** Numbers per cluster record: lon, lat, count, id (cluster id, or point index for a single point), tone counts. */
export const RECORD = 4 + TONES.length;

export interface PointSet {
  /** lon, lat pairs. */
  coords: Float64Array;
  /** One TONE_INDEX per point. */
  tones: Uint8Array;
}

export interface ClusterOptions {
  /** Cluster radius in pixels; small (e.g. 3) when clustering is switched off: only overlapping dots merge. */
  radius: number;
  maxZoom: number;
}

export type BBox = [west: number, south: number, east: number, north: number];

type ToneProps = Record<string, number>;
const toneKey = (n: number) => `t${n}`;

export class ClusterIndex {
  private readonly index: Supercluster<{ i: number; t: number }, ToneProps>;

  constructor(points: PointSet, options: ClusterOptions) {
    this.index = new Supercluster<{ i: number; t: number }, ToneProps>({
      radius: options.radius,
      maxZoom: options.maxZoom,
      minPoints: 2,
      // Flat numeric properties: supercluster copies them shallowly into each cluster.
      map: (p) => {
        const out: ToneProps = {};
        for (let n = 0; n < TONES.length; n++) out[toneKey(n)] = p.t === n ? 1 : 0;
        return out;
      },
      reduce: (acc, p) => {
        for (let n = 0; n < TONES.length; n++) acc[toneKey(n)] = (acc[toneKey(n)] ?? 0) + (p[toneKey(n)] ?? 0);
      },
    });
    const count = points.tones.length;
    const features: Array<Supercluster.PointFeature<{ i: number; t: number }>> = new Array(count);
    for (let i = 0; i < count; i++) {
      features[i] = {
        type: 'Feature',
        properties: { i, t: points.tones[i] ?? TONE_INDEX.ok },
        geometry: { type: 'Point', coordinates: [points.coords[2 * i] ?? 0, points.coords[2 * i + 1] ?? 0] },
      };
    }
    this.index.load(features);
  }

  /** Clusters and single points inside bbox at an integer zoom, as RECORD numbers each. */
  query(bbox: BBox, zoom: number): Float64Array {
    const features = this.index.getClusters(normalizeBBox(bbox), Math.max(0, Math.round(zoom)));
    const out = new Float64Array(features.length * RECORD);
    features.forEach((f, n) => {
      const o = n * RECORD;
      const [lon, lat] = f.geometry.coordinates as [number, number];
      out[o] = lon;
      out[o + 1] = lat;
      const p = f.properties as Record<string, unknown>;
      if (p.cluster) {
        out[o + 2] = Number(p.point_count);
        out[o + 3] = Number(p.cluster_id);
        for (let t = 0; t < TONES.length; t++) out[o + 4 + t] = Number(p[toneKey(t)] ?? 0);
      } else {
        out[o + 2] = 1;
        out[o + 3] = Number(p.i);
        out[o + 4 + Number(p.t)] = 1;
      }
    });
    return out;
  }

  /** The zoom at which a cluster falls apart (clicking it zooms there). */
  expansionZoom(clusterId: number): number {
    return this.index.getClusterExpansionZoom(clusterId);
  }
}

/** Leaflet may report longitudes beyond ±180 after panning around the world: clamp to one world. */
export function normalizeBBox([west, south, east, north]: BBox): BBox {
  const s = Math.max(-90, south);
  const n = Math.min(90, north);
  if (east - west >= 360) return [-180, s, 180, n];
  const wrap = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;
  const w = wrap(west);
  let e = wrap(east);
  if (e === -180 && east > west) e = 180;
  return [w, s, e, n];
}

/** One decoded record of a query answer. */
export interface ClusterItem {
  lon: number;
  lat: number;
  count: number;
  /** Cluster id when count > 1, else the point's index. */
  id: number;
  tones: number[];
}

export function decode(records: Float64Array): ClusterItem[] {
  const items: ClusterItem[] = [];
  for (let o = 0; o + RECORD <= records.length; o += RECORD) {
    items.push({
      lon: records[o] as number,
      lat: records[o + 1] as number,
      count: records[o + 2] as number,
      id: records[o + 3] as number,
      tones: Array.from(records.subarray(o + 4, o + RECORD)),
    });
  }
  return items;
}

/** The most severe tone present (TONES order). */
export function worstTone(tones: readonly number[]): Tone {
  for (let n = 0; n < TONES.length; n++) if ((tones[n] ?? 0) > 0) return TONES[n] as Tone;
  return 'ok';
}

// ---- The worker protocol.

export type WorkerRequest =
  | { type: 'load'; seq: number; coords: Float64Array; tones: Uint8Array; options: ClusterOptions }
  | { type: 'query'; seq: number; bbox: BBox; zoom: number }
  | { type: 'expand'; seq: number; clusterId: number };

export type WorkerResponse =
  | { type: 'loaded'; seq: number; ms: number }
  | { type: 'clusters'; seq: number; records: Float64Array }
  | { type: 'expanded'; seq: number; zoom: number }
  | { type: 'error'; seq: number; message: string };

/** Answers one request against the worker's current index (used by the worker and by tests). */
export function handleRequest(state: { index: ClusterIndex | null }, req: WorkerRequest): WorkerResponse {
  try {
    if (req.type === 'load') {
      const t0 = Date.now();
      state.index = new ClusterIndex({ coords: req.coords, tones: req.tones }, req.options);
      return { type: 'loaded', seq: req.seq, ms: Date.now() - t0 };
    }
    if (!state.index) return { type: 'error', seq: req.seq, message: 'No points loaded' };
    if (req.type === 'query') return { type: 'clusters', seq: req.seq, records: state.index.query(req.bbox, req.zoom) };
    return { type: 'expanded', seq: req.seq, zoom: state.index.expansionZoom(req.clusterId) };
  } catch (err) {
    return { type: 'error', seq: req.seq, message: err instanceof Error ? err.message : String(err) };
  }
}
