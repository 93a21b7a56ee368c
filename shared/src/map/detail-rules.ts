/**
 * The rules of the map's street-level detail (issue 20 §5), one source for the data script
 * (tools/map-detail-data.mjs, at build time) and the outline worker (at run time): which region has
 * the detail, from which zoom it is loaded and drawn, which places are kept and from which zoom a
 * place's name shows, and the compact encoding of the data (detail-data.json).
 */
import { TILE_SIZE, projectX, projectY } from './mercator';

/** The demo regions (Sweden, Denmark and their neighbours' coasts): west, south, east, north in degrees. */
export const REGION: readonly [number, number, number, number] = [7.5, 54.3, 24.8, 69.2];

/**
 * From this zoom the detail (10m coastlines, lakes, borders, place names) is loaded and drawn where
 * a tile touches REGION. Below it — the overview of a fleet — the bundled 1:110m outlines are the
 * map, so a first load does not fetch the detail.
 */
export const DETAIL_MIN_ZOOM = 6;

/** Coordinates in the data are integers of 1/SCALE degree (about 11 m). */
export const SCALE = 1e4;

/** Lakes smaller than this (km²) are left out of the data. */
export const MIN_LAKE_KM2 = 1;

/** Shapes are simplified to about this many metres. */
export const SIMPLIFY_M = 60;

/** Cities of at least this population are kept worldwide (elsewhere: only inside REGION). */
export const BIG_CITY = 1_000_000;

/** Whether a tile of zoom z loads the detail (its chunk): the place names show anywhere from there. */
export const loadsDetail = (z: number): boolean => z >= DETAIL_MIN_ZOOM;

/** Whether tile (z, x, y) gets the detailed shapes: zoomed in enough, and touching REGION. */
export function wantsDetail(z: number, x: number, y: number): boolean {
  if (z < DETAIL_MIN_ZOOM) return false;
  const k = 2 ** z;
  const wrapped = ((x % k) + k) % k;
  const [w, s, e, n] = REGION;
  const left = projectX(w) * k;
  const right = projectX(e) * k;
  const top = projectY(n) * k;
  const bottom = projectY(s) * k;
  return wrapped + 1 > left && wrapped < right && y + 1 > top && y < bottom;
}

export interface Place {
  name: string;
  lon: number;
  lat: number;
  population: number;
}

const inRegion = (lon: number, lat: number) =>
  lon >= REGION[0] && lon <= REGION[2] && lat >= REGION[1] && lat <= REGION[3];

/** The places kept in the data: every one inside REGION, and the big cities of the world. */
export function filterPlaces<T extends Place>(all: readonly T[]): T[] {
  return all.filter((p) => p.name && (inRegion(p.lon, p.lat) || p.population >= BIG_CITY));
}

/** The smallest population whose name shows at zoom z (0: every place kept). */
export function minPopulationAt(z: number): number {
  if (z < DETAIL_MIN_ZOOM) return BIG_CITY;
  if (z < 7) return 100_000;
  if (z < 8) return 40_000;
  if (z < 9) return 15_000;
  if (z < 10) return 5_000;
  if (z < 11) return 2_000;
  return 0;
}

// ---- Geometry at build time

type Point = readonly number[];

/** A ring cut to the rectangle [w, s, e, n] (Sutherland–Hodgman; filled even-odd it covers the same land). */
export function clipRing(ring: readonly Point[], box: readonly [number, number, number, number]): number[][] {
  const [w, s, e, n] = box;
  const edges: Array<[(p: Point) => boolean, (a: Point, b: Point) => number[]]> = [
    [(p) => p[0]! >= w, (a, b) => [w, a[1]! + ((b[1]! - a[1]!) * (w - a[0]!)) / (b[0]! - a[0]!)]],
    [(p) => p[0]! <= e, (a, b) => [e, a[1]! + ((b[1]! - a[1]!) * (e - a[0]!)) / (b[0]! - a[0]!)]],
    [(p) => p[1]! >= s, (a, b) => [a[0]! + ((b[0]! - a[0]!) * (s - a[1]!)) / (b[1]! - a[1]!), s]],
    [(p) => p[1]! <= n, (a, b) => [a[0]! + ((b[0]! - a[0]!) * (n - a[1]!)) / (b[1]! - a[1]!), n]],
  ];
  let out: number[][] = ring.map((p) => [p[0]!, p[1]!]);
  for (const [inside, cut] of edges) {
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const cur = input[i]!;
      const prev = input[(i + input.length - 1) % input.length]!;
      if (inside(cur)) {
        if (!inside(prev)) out.push(cut(prev, cur));
        out.push(cur);
      } else if (inside(prev)) out.push(cut(prev, cur));
    }
    if (!out.length) return [];
  }
  return out;
}

const M_PER_DEG = 111_320;

/** A ring's area in km² (planar, longitudes shortened by the cosine of the latitude). */
export function ringAreaKm2(ring: readonly Point[]): number {
  let a = 0;
  let lat = 0;
  for (let i = 0; i < ring.length; i++) {
    const p = ring[i]!;
    const q = ring[(i + 1) % ring.length]!;
    a += p[0]! * q[1]! - q[0]! * p[1]!;
    lat += p[1]!;
  }
  const cos = Math.cos(((lat / Math.max(1, ring.length)) * Math.PI) / 180);
  return (Math.abs(a / 2) * cos * M_PER_DEG * M_PER_DEG) / 1e6;
}

/** Douglas–Peucker to about `metres` (longitudes scaled by the latitude's cosine). */
export function simplifyRing(ring: readonly Point[], metres: number): number[][] {
  if (ring.length <= 4) return ring.map((p) => [p[0]!, p[1]!]);
  const cos = Math.cos((ring[0]![1]! * Math.PI) / 180);
  const tol = metres / M_PER_DEG;
  const keep = new Uint8Array(ring.length);
  keep[0] = keep[ring.length - 1] = 1;
  const stack: Array<[number, number]> = [[0, ring.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    const ax = ring[a]![0]! * cos;
    const ay = ring[a]![1]!;
    const dx = ring[b]![0]! * cos - ax;
    const dy = ring[b]![1]! - ay;
    const len = Math.hypot(dx, dy);
    let worst = -1;
    let at = -1;
    for (let i = a + 1; i < b; i++) {
      const px = ring[i]![0]! * cos - ax;
      const py = ring[i]![1]! - ay;
      const d = len === 0 ? Math.hypot(px, py) : Math.abs(px * dy - py * dx) / len;
      if (d > worst) {
        worst = d;
        at = i;
      }
    }
    if (at > 0 && worst > tol) {
      keep[at] = 1;
      stack.push([a, at], [at, b]);
    }
  }
  return ring.filter((_, i) => keep[i]).map((p) => [p[0]!, p[1]!]);
}

/** A ring as integers of 1/SCALE degree, each point after the first as the difference to the one before. */
export function encodeRing(ring: readonly Point[]): number[] {
  const out: number[] = [];
  let px = 0;
  let py = 0;
  for (const p of ring) {
    const x = Math.round(p[0]! * SCALE);
    const y = Math.round(p[1]! * SCALE);
    if (out.length && x === px && y === py) continue;
    out.push(x - px, y - py);
    px = x;
    py = y;
  }
  return out;
}

/** The ring of encodeRing as projected zoom-0 world pixels (x, y pairs). */
export function decodeRing(encoded: readonly number[]): Float64Array {
  const xy = new Float64Array(encoded.length);
  let x = 0;
  let y = 0;
  for (let i = 0; i < encoded.length; i += 2) {
    x += encoded[i]!;
    y += encoded[i + 1]!;
    xy[i] = projectX(x / SCALE) * TILE_SIZE;
    xy[i + 1] = projectY(y / SCALE) * TILE_SIZE;
  }
  return xy;
}
