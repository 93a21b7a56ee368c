/**
 * The map's street-level detail for the demo regions (issue 20 §5): 1:10m coastlines and borders,
 * lakes and place names (detail-data.json, made by tools/map-detail-data.mjs), drawn into the
 * outline tiles by the outline worker. The worker imports this module (and so the data, a chunk of
 * its own) only when a tile of zoom DETAIL_MIN_ZOOM or more is asked for: the overview's first load
 * does not fetch it.
 */
import raw from './detail-data.json';
import { decodeRing, minPopulationAt, REGION, SCALE, wantsDetail } from './detail-rules';
import { TILE_SIZE, projectX, projectY } from './mercator';
import { OUTLINE_WEIGHT, type ProjectedPolygon, type TileColors, type TileContext } from './outlines';

interface RawDetail {
  region: number[];
  scale: number;
  land: number[][][];
  lakes: number[][][];
  borders: number[][];
  /** name, lon × SCALE, lat × SCALE, population */
  places: Array<[string, number, number, number]>;
}

export interface DetailPlace {
  name: string;
  /** Zoom-0 world pixels. */
  x: number;
  y: number;
  population: number;
}

export interface Detail {
  land: ProjectedPolygon[];
  lakes: ProjectedPolygon[];
  borders: Float64Array[];
  /** Largest first. */
  places: DetailPlace[];
  /** REGION in zoom-0 world pixels: left, top, right, bottom. */
  box: [number, number, number, number];
}

function polygon(rings: Float64Array[]): ProjectedPolygon {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const r of rings)
    for (let i = 0; i < r.length; i += 2) {
      minX = Math.min(minX, r[i]!);
      maxX = Math.max(maxX, r[i]!);
      minY = Math.min(minY, r[i + 1]!);
      maxY = Math.max(maxY, r[i + 1]!);
    }
  return { rings, minX, minY, maxX, maxY };
}

/** The data of detail-data.json (or a test's) decoded and projected. */
export function decodeDetail(d: RawDetail): Detail {
  return {
    land: d.land.map((p) => polygon(p.map(decodeRing))),
    lakes: d.lakes.map((p) => polygon(p.map(decodeRing))),
    borders: d.borders.map(decodeRing),
    places: d.places
      .map(([name, lon, lat, population]) => ({
        name,
        x: projectX(lon / SCALE) * TILE_SIZE,
        y: projectY(lat / SCALE) * TILE_SIZE,
        population,
      }))
      .sort((a, b) => b.population - a.population),
    box: [
      projectX(REGION[0]) * TILE_SIZE,
      projectY(REGION[3]) * TILE_SIZE,
      projectX(REGION[2]) * TILE_SIZE,
      projectY(REGION[1]) * TILE_SIZE,
    ],
  };
}

let detail: Detail | null = null;

/** The bundled detail, decoded on first use. */
export function bundledDetail(): Detail {
  detail ??= decodeDetail(raw as unknown as RawDetail);
  return detail;
}

// ---- Place names

export const LABEL_FONT = '600 11px system-ui, "Segoe UI", Roboto, sans-serif';
const LABEL_HEIGHT = 14;
/** Gap between the place's dot and its name, and around a name when names are kept apart. */
const LABEL_GAP = 5;

/** A place name where it is drawn at one zoom: box in that zoom's world pixels. */
export interface PlacedLabel {
  place: DetailPlace;
  left: number;
  top: number;
  width: number;
}

/**
 * The names shown at zoom z: the places of at least minPopulationAt(z), larger first, each kept
 * only if its box does not overlap one kept before — the same choice on every tile, so a name
 * across a tile edge is whole.
 */
export function placeLabels(d: Detail, z: number, measure: (text: string) => number): PlacedLabel[] {
  const k = 2 ** z;
  const min = minPopulationAt(z);
  const cell = 128;
  const grid = new Map<string, PlacedLabel[]>();
  const cells = (l: PlacedLabel) => {
    const keys: string[] = [];
    for (
      let cx = Math.floor((l.left - LABEL_GAP) / cell);
      cx <= Math.floor((l.left + l.width + LABEL_GAP) / cell);
      cx++
    )
      for (
        let cy = Math.floor((l.top - LABEL_GAP) / cell);
        cy <= Math.floor((l.top + LABEL_HEIGHT + LABEL_GAP) / cell);
        cy++
      )
        keys.push(`${cx},${cy}`);
    return keys;
  };
  const overlaps = (a: PlacedLabel, b: PlacedLabel) =>
    a.left < b.left + b.width + LABEL_GAP &&
    b.left < a.left + a.width + LABEL_GAP &&
    a.top < b.top + LABEL_HEIGHT + LABEL_GAP &&
    b.top < a.top + LABEL_HEIGHT + LABEL_GAP;
  const kept: PlacedLabel[] = [];
  for (const place of d.places) {
    if (place.population < min) continue;
    const label: PlacedLabel = {
      place,
      left: place.x * k - 3,
      top: place.y * k - LABEL_HEIGHT / 2,
      width: 3 + LABEL_GAP + measure(place.name),
    };
    const keys = cells(label);
    if (keys.some((key) => grid.get(key)?.some((other) => overlaps(label, other)))) continue;
    for (const key of keys) grid.set(key, [...(grid.get(key) ?? []), label]);
    kept.push(label);
  }
  return kept;
}

// ---- Drawing

/** What drawing the detail needs of a 2D context beyond the outlines'. */
export type DetailContext = TileContext &
  Pick<
    CanvasRenderingContext2D,
    'save' | 'restore' | 'rect' | 'clip' | 'clearRect' | 'arc' | 'fillText' | 'strokeText' | 'measureText'
  > & {
    globalCompositeOperation: GlobalCompositeOperation;
    font: string;
    textBaseline: CanvasTextBaseline;
  };

function tracePolygon(ctx: DetailContext, p: ProjectedPolygon, k: number, dx: number, dy: number) {
  ctx.beginPath();
  for (const ring of p.rings) {
    for (let i = 0; i < ring.length; i += 2) {
      const px = ring[i]! * k + dx;
      const py = ring[i + 1]! * k + dy;
      if (i === 0) ctx.moveTo(px, py);
      else ctx.lineTo(px, py);
    }
    ctx.closePath();
  }
}

const labelCache = new WeakMap<Detail, Map<number, PlacedLabel[]>>();

/**
 * Draws the detail on tile (z, x, y) over what is already on it (the 1:110m outlines): inside REGION
 * the coarse shapes are replaced by the 10m land, lakes (cut out, the sea's colour shows through)
 * and borders; then the place names, anywhere. Returns what was drawn, for tests.
 */
export function drawDetailTile(
  ctx: DetailContext,
  d: Detail,
  z: number,
  x: number,
  y: number,
  scale: number,
  colors: TileColors,
): { polygons: number; lakes: number; labels: number } {
  const k = 2 ** z;
  const left = x * TILE_SIZE;
  const top = y * TILE_SIZE;
  const pad = OUTLINE_WEIGHT;
  const visible = (p: { minX: number; minY: number; maxX: number; maxY: number }) =>
    !(
      p.maxX * k < left - pad ||
      p.minX * k > left + TILE_SIZE + pad ||
      p.maxY * k < top - pad ||
      p.minY * k > top + TILE_SIZE + pad
    );
  const drawn = { polygons: 0, lakes: 0, labels: 0 };
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  const [bl, bt, br, bb] = d.box;
  if (wantsDetail(z, x, y)) {
    ctx.save();
    ctx.beginPath();
    ctx.rect(bl * k - left, bt * k - top, (br - bl) * k, (bb - bt) * k);
    ctx.clip();
    ctx.clearRect(bl * k - left, bt * k - top, (br - bl) * k, (bb - bt) * k);
    ctx.fillStyle = colors.land;
    ctx.strokeStyle = colors.border;
    ctx.lineWidth = OUTLINE_WEIGHT;
    ctx.lineJoin = 'round';
    for (const p of d.land) {
      if (!visible(p)) continue;
      tracePolygon(ctx, p, k, -left, -top);
      ctx.fill('evenodd');
      ctx.stroke();
      drawn.polygons += 1;
    }
    for (const p of d.lakes) {
      if (!visible(p) || (p.maxX - p.minX) * k < 1.5) continue;
      tracePolygon(ctx, p, k, -left, -top);
      ctx.globalCompositeOperation = 'destination-out';
      ctx.fill('evenodd');
      ctx.globalCompositeOperation = 'source-over';
      ctx.stroke();
      drawn.lakes += 1;
    }
    ctx.lineWidth = OUTLINE_WEIGHT * 1.6;
    for (const line of d.borders) {
      ctx.beginPath();
      for (let i = 0; i < line.length; i += 2) {
        const px = line[i]! * k - left;
        const py = line[i + 1]! * k - top;
        if (i === 0) ctx.moveTo(px, py);
        else ctx.lineTo(px, py);
      }
      ctx.stroke();
    }
    ctx.restore();
  }

  ctx.font = LABEL_FONT;
  ctx.textBaseline = 'middle';
  let byZoom = labelCache.get(d);
  if (!byZoom) labelCache.set(d, (byZoom = new Map()));
  let labels = byZoom.get(z);
  if (!labels) {
    labels = placeLabels(d, z, (t) => ctx.measureText(t).width);
    byZoom.set(z, labels);
  }
  ctx.lineJoin = 'round';
  for (const l of labels) {
    if (
      l.left + l.width < left ||
      l.left > left + TILE_SIZE ||
      l.top + LABEL_HEIGHT < top ||
      l.top > top + TILE_SIZE
    )
      continue;
    const px = l.place.x * k - left;
    const py = l.place.y * k - top;
    ctx.fillStyle = colors.text ?? colors.border;
    ctx.beginPath();
    ctx.arc(px, py, 2, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = colors.land;
    ctx.lineWidth = 3;
    ctx.strokeText(l.place.name, px + 3 + LABEL_GAP, py);
    ctx.fillText(l.place.name, px + 3 + LABEL_GAP, py);
    drawn.labels += 1;
  }
  return drawn;
}
