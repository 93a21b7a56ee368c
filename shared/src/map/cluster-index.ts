/**
 * Clustering of map points ('@fieldwatch/shared/map/cluster', no Leaflet, so workers can import
 * it): the dashboard's map widgets run it in their clustering worker (or on the main thread), a
 * group's map in the devices area on the main thread. Points arrive as flat typed arrays (cheap to transfer); clusters go back as one
 * Float64Array of RECORD numbers each, so 100,000 units cost one copy, not 100,000 objects.
 *
 * Grid clustering per query, not a prebuilt hierarchy: loading only projects the points (O(n)),
 * and each view bins the points inside it into cells of `radius` screen pixels (O(n)), then merges
 * neighbouring cells whose centres are closer than `radius`. A prebuilt index over every zoom level
 * (supercluster, used before) is what the first render of a large fleet waited for. Cells are fixed in world pixels, so a cluster
 * does not jump while the map pans.
 *
 * Every point has a tone (TONES: its status, or occupied/free on the parking map); clusters keep
 * how many points of each tone they hold, so a cluster can show its worst tone and its mix.
 */

import { TILE_SIZE, projectX, projectY, unprojectLat, unprojectLon } from './mercator';
import type { MapTone } from './tokens';

/** Marker tones, in the order of severity used for a cluster's colour. */
export const TONES = ['alarm', 'problem', 'inactive', 'occupied', 'free', 'ok'] as const satisfies readonly MapTone[];
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
  /** Above this zoom every point is shown on its own. */
  maxZoom: number;
}

export type BBox = [west: number, south: number, east: number, north: number];

/** Cluster ids: zoom, cell row and cell column packed into one safe integer. */
const CELL_BITS = 2 ** 23;
const encodeId = (zoom: number, cx: number, cy: number) => (zoom * CELL_BITS + cy) * CELL_BITS + cx;
function decodeId(id: number): { zoom: number; cx: number; cy: number } {
  const cx = id % CELL_BITS;
  const rest = (id - cx) / CELL_BITS;
  const cy = rest % CELL_BITS;
  return { zoom: (rest - cy) / CELL_BITS, cx, cy };
}

interface Cell {
  cx: number;
  cy: number;
  count: number;
  sx: number;
  sy: number;
  /** The point, while the cell holds one. */
  first: number;
  tones: number[];
  /** Merged into another cell. */
  gone: boolean;
}

export class ClusterIndex {
  private readonly lon: Float64Array;
  private readonly lat: Float64Array;
  private readonly x: Float64Array;
  private readonly y: Float64Array;
  private readonly tones: Uint8Array;
  private readonly options: ClusterOptions;

  constructor(points: PointSet, options: ClusterOptions) {
    const n = points.tones.length;
    this.options = options;
    this.tones = points.tones;
    this.lon = new Float64Array(n);
    this.lat = new Float64Array(n);
    this.x = new Float64Array(n);
    this.y = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const lon = points.coords[2 * i] ?? 0;
      const lat = points.coords[2 * i + 1] ?? 0;
      this.lon[i] = lon;
      this.lat[i] = lat;
      this.x[i] = projectX(lon);
      this.y[i] = projectY(lat);
    }
  }

  private cellSize(zoom: number): number {
    return Math.max(1, this.options.radius) / (TILE_SIZE * 2 ** zoom);
  }

  /** Clusters and single points inside bbox at an integer zoom, as RECORD numbers each. */
  query(bbox: BBox, zoom: number): Float64Array {
    const z = Math.max(0, Math.round(zoom));
    const [west, south, east, north] = normalizeBBox(bbox);
    const wraps = west > east;
    const { lon, lat, tones } = this;
    const n = tones.length;
    const inside = (i: number) => {
      const la = lat[i] as number;
      if (la < south || la > north) return false;
      const lo = lon[i] as number;
      return wraps ? lo >= west || lo <= east : lo >= west && lo <= east;
    };

    if (z > this.options.maxZoom) {
      const out: number[] = [];
      for (let i = 0; i < n; i++) if (inside(i)) out.push(i);
      const records = new Float64Array(out.length * RECORD);
      out.forEach((i, k) => this.writePoint(records, k * RECORD, i));
      return records;
    }

    const kept = this.cluster(z, (visit) => {
      for (let i = 0; i < n; i++) if (inside(i)) visit(i);
    });
    const records = new Float64Array(kept.length * RECORD);
    kept.forEach((c, k) => {
      const o = k * RECORD;
      if (c.count === 1) return this.writePoint(records, o, c.first);
      records[o] = unprojectLon(c.sx / c.count);
      records[o + 1] = unprojectLat(c.sy / c.count);
      records[o + 2] = c.count;
      records[o + 3] = encodeId(z, c.cx, c.cy);
      for (let t = 0; t < TONES.length; t++) records[o + 4 + t] = c.tones[t] as number;
    });
    return records;
  }

  /**
   * Bins the visited points into cells of `radius` px at zoom z, then merges neighbouring cells
   * whose centres are closer than a cell into the bigger one, so that two clusters never sit on
   * top of each other across a cell border.
   */
  private cluster(z: number, each: (visit: (i: number) => void) => void): Cell[] {
    const { x, y, tones } = this;
    const size = this.cellSize(z);
    const cells = new Map<number, Cell>();
    each((i) => {
      const px = x[i] as number;
      const py = y[i] as number;
      const cx = Math.floor(px / size);
      const cy = Math.floor(py / size);
      const key = cy * CELL_BITS + cx;
      let cell = cells.get(key);
      if (!cell) {
        cell = { cx, cy, count: 0, sx: 0, sy: 0, first: i, tones: new Array<number>(TONES.length).fill(0), gone: false };
        cells.set(key, cell);
      }
      cell.count += 1;
      cell.sx += px;
      cell.sy += py;
      (cell.tones[tones[i] as number] as number) += 1;
    });
    const order = [...cells.values()].sort((a, b) => b.count - a.count);
    for (const c of order) {
      if (c.gone) continue;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          if (dx === 0 && dy === 0) continue;
          const o = cells.get((c.cy + dy) * CELL_BITS + (c.cx + dx));
          if (!o || o.gone || o === c) continue;
          const ddx = (c.sx / c.count - o.sx / o.count) / size;
          const ddy = (c.sy / c.count - o.sy / o.count) / size;
          if (ddx * ddx + ddy * ddy >= 1) continue;
          c.count += o.count;
          c.sx += o.sx;
          c.sy += o.sy;
          for (let t = 0; t < TONES.length; t++) (c.tones[t] as number) += o.tones[t] as number;
          o.gone = true;
        }
    }
    return order.filter((c) => !c.gone);
  }

  private writePoint(records: Float64Array, o: number, i: number): void {
    records[o] = this.lon[i] as number;
    records[o + 1] = this.lat[i] as number;
    records[o + 2] = 1;
    records[o + 3] = i;
    records[o + 4 + (this.tones[i] as number)] = 1;
  }

  /**
   * The zoom at which a cluster falls apart (clicking it zooms there): the first zoom at which the
   * points of its cell make more than one cluster. Points on one spot never split: maxZoom + 1,
   * where every point is shown on its own.
   */
  expansionZoom(clusterId: number): number {
    const { zoom, cx, cy } = decodeId(clusterId);
    const size = this.cellSize(zoom);
    const members: number[] = [];
    for (let i = 0; i < this.tones.length; i++)
      if (Math.floor((this.x[i] as number) / size) === cx && Math.floor((this.y[i] as number) / size) === cy) members.push(i);
    for (let z = zoom + 1; z <= this.options.maxZoom; z++)
      if (this.cluster(z, (visit) => members.forEach(visit)).length > 1) return z;
    return this.options.maxZoom + 1;
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
