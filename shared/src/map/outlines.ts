/**
 * The map's own low-detail base layer, without Leaflet: country outlines from world-atlas
 * (Natural Earth 1:110m, bundled with the app) converted from TopoJSON once, projected to Web
 * Mercator, and drawn into 256 px tiles. Zoomed in, the worker adds the street-level detail of
 * detail.ts (10m coastlines, lakes, borders, place names), loaded only then. The outline worker (outline.worker.ts) runs this off the
 * main thread; base-layer.ts shows the tiles (or, without workers, the outlines as vectors).
 */
import { feature } from 'topojson-client';
import world from 'world-atlas/countries-110m.json';
import { TILE_SIZE, projectX, projectY } from './mercator';

type Position = number[];
type Topology = Parameters<typeof feature>[0];
type TopoObject = Parameters<typeof feature>[1];

interface Geometry {
  type: string;
  coordinates?: unknown;
}

/** The outlines as a GeoJSON FeatureCollection of (Multi)Polygons. */
export interface OutlineCollection {
  type: 'FeatureCollection';
  features: Array<{ type: 'Feature'; properties: unknown; geometry: Geometry | null }>;
}

/**
 * A ring whose longitude jumps across the antimeridian (Russia's Chukotka, Fiji) made continuous:
 * each point is moved by whole turns to lie within 180° of the one before, so a planar drawing does
 * not fill a band across the whole world between 180° and -180°.
 */
export function unwrapRing(ring: readonly Position[]): Position[] {
  const out: Position[] = [];
  let prev: number | undefined;
  for (const p of ring) {
    let lon = p[0]!;
    if (prev !== undefined) {
      while (lon - prev > 180) lon -= 360;
      while (lon - prev < -180) lon += 360;
    }
    prev = lon;
    out.push([lon, ...p.slice(1)]);
  }
  return out;
}

function unwrapGeometry(g: Geometry | null | undefined): void {
  if (!g) return;
  if (g.type === 'Polygon') g.coordinates = (g.coordinates as Position[][]).map(unwrapRing);
  else if (g.type === 'MultiPolygon')
    g.coordinates = (g.coordinates as Position[][][]).map((poly) => poly.map(unwrapRing));
}

let outlines: OutlineCollection | null = null;

/** The country outlines as GeoJSON (converted on first use, then shared). */
export function countryOutlines(): OutlineCollection {
  if (!outlines) {
    const topology = world as unknown as Topology;
    const collection = feature(
      topology,
      topology.objects.countries as TopoObject,
    ) as unknown as OutlineCollection;
    for (const f of collection.features) unwrapGeometry(f.geometry);
    outlines = collection;
  }
  return outlines;
}

// ---- Tiles

/** A longitude/latitude in world pixels at zoom 0 (0–256 on both axes; Leaflet's EPSG:3857 pixels). */
export function projectZ0(lon: number, lat: number): [number, number] {
  return [projectX(lon) * TILE_SIZE, projectY(lat) * TILE_SIZE];
}

/** One country polygon (outer ring and holes) in zoom-0 world pixels, with its bounding box. */
export interface ProjectedPolygon {
  /** x, y pairs per ring. */
  rings: Float64Array[];
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Every polygon of the outlines, projected once. */
export function projectOutlines(collection: OutlineCollection): ProjectedPolygon[] {
  const out: ProjectedPolygon[] = [];
  for (const f of collection.features) {
    const g = f.geometry;
    if (!g) continue;
    const polys =
      g.type === 'Polygon'
        ? [g.coordinates as Position[][]]
        : g.type === 'MultiPolygon'
          ? (g.coordinates as Position[][][])
          : [];
    for (const poly of polys) {
      let minX = Infinity;
      let minY = Infinity;
      let maxX = -Infinity;
      let maxY = -Infinity;
      const rings = poly.map((ring) => {
        const xy = new Float64Array(ring.length * 2);
        ring.forEach((p, i) => {
          const [x, y] = projectZ0(p[0]!, p[1]!);
          xy[i * 2] = x;
          xy[i * 2 + 1] = y;
          if (x < minX) minX = x;
          if (x > maxX) maxX = x;
          if (y < minY) minY = y;
          if (y > maxY) maxY = y;
        });
        return xy;
      });
      if (rings.length) out.push({ rings, minX, minY, maxX, maxY });
    }
  }
  return out;
}

export interface TileColors {
  land: string;
  border: string;
  /** Place names (the street-level detail, detail.ts). */
  text?: string;
}

/** The part of a 2D context the tile drawing uses (a canvas, an OffscreenCanvas, or a test double). */
export type TileContext = Pick<
  CanvasRenderingContext2D,
  'beginPath' | 'moveTo' | 'lineTo' | 'closePath' | 'fill' | 'stroke' | 'setTransform'
> & {
  fillStyle: unknown;
  strokeStyle: unknown;
  lineWidth: number;
  lineJoin: CanvasLineJoin;
};

/** Outline weight in CSS pixels (as the vector layer's `weight`). */
export const OUTLINE_WEIGHT = 0.8;

/**
 * Draws tile (z, x, y) — x already wrapped into 0…2^z-1 — at `scale` device pixels per CSS pixel.
 * Polygons unwrapped past ±180° are also tried one world to the left and right, so Chukotka and
 * Fiji appear on both edges. Returns how many polygons were drawn.
 */
export function drawOutlineTile(
  ctx: TileContext,
  polygons: readonly ProjectedPolygon[],
  z: number,
  x: number,
  y: number,
  scale: number,
  colors: TileColors,
): number {
  const k = 2 ** z;
  const left = x * TILE_SIZE;
  const top = y * TILE_SIZE;
  // A little beyond the tile, so a border on its edge is stroked on both tiles.
  const pad = OUTLINE_WEIGHT;
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.fillStyle = colors.land;
  ctx.strokeStyle = colors.border;
  ctx.lineWidth = OUTLINE_WEIGHT;
  ctx.lineJoin = 'round';
  let drawn = 0;
  for (const p of polygons) {
    if (p.maxY * k < top - pad || p.minY * k > top + TILE_SIZE + pad) continue;
    for (const shift of [0, -TILE_SIZE, TILE_SIZE]) {
      const dx = shift * k - left;
      if (p.maxX * k + dx < -pad || p.minX * k + dx > TILE_SIZE + pad) continue;
      ctx.beginPath();
      for (const ring of p.rings) {
        for (let i = 0; i < ring.length; i += 2) {
          const px = ring[i]! * k + dx;
          const py = ring[i + 1]! * k - top;
          if (i === 0) ctx.moveTo(px, py);
          else ctx.lineTo(px, py);
        }
        ctx.closePath();
      }
      ctx.fill('evenodd');
      ctx.stroke();
      drawn += 1;
    }
  }
  return drawn;
}

// ---- Worker messages

export interface OutlineTileRequest {
  type: 'tile';
  id: number;
  z: number;
  x: number;
  y: number;
  /** Device pixels per CSS pixel. */
  scale: number;
  colors: TileColors;
}

export type OutlineTileResponse =
  { type: 'tile'; id: number; bitmap: ImageBitmap } | { type: 'error'; id: number; message: string };
