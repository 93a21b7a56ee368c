/**
 * The outline worker: draws the country-outline base layer's tiles off the main thread. The page
 * asks for a tile (zoom, x, y, pixel scale, colours); the worker draws it on an OffscreenCanvas and
 * sends back an ImageBitmap (transferred, not copied), which the tile's canvas shows as it is.
 * Panning then only moves finished tiles instead of redrawing the world's outlines on the main
 * thread after every move (see base-layer.ts).
 *
 * From DETAIL_MIN_ZOOM on, the street-level detail (detail.ts: 10m coastlines, lakes, borders and
 * place names) is drawn over the outlines. It is a chunk of its own, imported on the first such
 * tile: an overview never loads it.
 */
// First: where this worker's own chunks live when it was started from another origin.
import '../worker/worker-public-path';
import {
  countryOutlines,
  drawOutlineTile,
  projectOutlines,
  type OutlineTileRequest,
  type OutlineTileResponse,
  type ProjectedPolygon,
  type TileContext,
} from './outlines';
import { TILE_SIZE } from './mercator';
import { loadsDetail } from './detail-rules';
import type { Detail, DetailContext } from './detail';

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<OutlineTileRequest>) => void) | null;
  postMessage(message: OutlineTileResponse, transfer?: Transferable[]): void;
};

let polygons: ProjectedPolygon[] | null = null;
let detail: Promise<{ d: Detail; draw: typeof import('./detail').drawDetailTile }> | null = null;

/** The detail module (its own chunk), imported once, on the first zoomed-in tile. */
const loadDetail = () =>
  (detail ??= import(/* webpackChunkName: "map-detail" */ './detail').then((m) => ({
    d: m.bundledDetail(),
    draw: m.drawDetailTile,
  })));

scope.onmessage = (e) => {
  const req = e.data;
  if (req.type !== 'tile') return;
  void drawTile(req);
};

async function drawTile(req: OutlineTileRequest) {
  try {
    const extra = loadsDetail(req.z) ? await loadDetail() : null;
    polygons ??= projectOutlines(countryOutlines());
    const size = Math.round(TILE_SIZE * req.scale);
    const canvas = new OffscreenCanvas(size, size);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('No 2D context on an OffscreenCanvas');
    drawOutlineTile(
      ctx as unknown as TileContext,
      polygons,
      req.z,
      req.x,
      req.y,
      size / TILE_SIZE,
      req.colors,
    );
    if (extra)
      extra.draw(ctx as unknown as DetailContext, extra.d, req.z, req.x, req.y, size / TILE_SIZE, req.colors);
    const bitmap = canvas.transferToImageBitmap();
    scope.postMessage({ type: 'tile', id: req.id, bitmap }, [bitmap]);
  } catch (err) {
    scope.postMessage({
      type: 'error',
      id: req.id,
      message: err instanceof Error ? err.message : String(err),
    });
  }
}
