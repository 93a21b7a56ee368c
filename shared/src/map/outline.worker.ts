/**
 * The outline worker: draws the country-outline base layer's tiles off the main thread. The page
 * asks for a tile (zoom, x, y, pixel scale, colours); the worker draws it on an OffscreenCanvas and
 * sends back an ImageBitmap (transferred, not copied), which the tile's canvas shows as it is.
 * Panning then only moves finished tiles instead of redrawing the world's outlines on the main
 * thread after every move (see base-layer.ts).
 */
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

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<OutlineTileRequest>) => void) | null;
  postMessage(message: OutlineTileResponse, transfer?: Transferable[]): void;
};

let polygons: ProjectedPolygon[] | null = null;

scope.onmessage = (e) => {
  const req = e.data;
  if (req.type !== 'tile') return;
  try {
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
    const bitmap = canvas.transferToImageBitmap();
    scope.postMessage({ type: 'tile', id: req.id, bitmap }, [bitmap]);
  } catch (err) {
    scope.postMessage({
      type: 'error',
      id: req.id,
      message: err instanceof Error ? err.message : String(err),
    });
  }
};
