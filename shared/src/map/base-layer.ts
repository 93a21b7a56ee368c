/**
 * The map's own low-detail base layer: country outlines (outlines.ts) always underneath the tiles,
 * so a map without a reachable tile server still shows where the units are — never a grey void.
 *
 * In a browser with workers and OffscreenCanvas the outlines are 256 px tiles drawn by the outline
 * worker (outline.worker.ts) and shown as finished bitmaps: a pan only moves them. Drawn as vectors
 * on the main thread instead, the world's outlines were redrawn after every move (the largest part
 * of a pan's long frames) and converted from TopoJSON on the main
 * thread when the first map opened. Without workers (or when the worker cannot start) the same
 * outlines are drawn as vectors, loaded on demand.
 */
import L from 'leaflet';
import {
  OUTLINE_WEIGHT,
  type OutlineTileRequest,
  type OutlineTileResponse,
  type TileColors,
} from './outlines';
import { TILE_SIZE } from './mercator';
import { CrossOriginWorker } from '../worker';

/** Sources of the built-in map (outlines and detail-data.json): names, not translated. */
export const DETAIL_ATTRIBUTION = 'Natural Earth · © OpenStreetMap contributors · GeoNames';
import type { MapColors } from './tokens';

export function outlineStyle(colors: MapColors): L.PathOptions {
  return {
    color: colors.border,
    weight: OUTLINE_WEIGHT,
    fillColor: colors.land,
    fillOpacity: 1,
    opacity: 1,
    interactive: false,
  };
}

const tileColors = (c: MapColors): TileColors => ({ land: c.land, border: c.border, text: c.text });

/** Whether this browser can draw the outline tiles in a worker. */
function canDrawTilesInWorker(): boolean {
  return (
    typeof Worker !== 'undefined' &&
    typeof OffscreenCanvas !== 'undefined' &&
    typeof ImageBitmapRenderingContext !== 'undefined'
  );
}

function newOutlineWorker(): Worker | null {
  try {
    return new CrossOriginWorker(new URL('./outline.worker.ts', import.meta.url));
  } catch {
    return null;
  }
}

interface TileSlot {
  canvas: HTMLCanvasElement;
  done?: L.DoneCallback;
}

/** Longest the worker's start waits for an idle moment. */
const START_WITHIN_MS = 1000;

/** Device pixels per CSS pixel of a tile: sharp on HiDPI screens, at most 2× (tile memory grows with its square). */
const tileScale = () => Math.min(2, Math.max(1, Math.round(window.devicePixelRatio || 1)));

/** Outline tiles drawn by the outline worker; `onFail` is called once if the worker cannot draw them. */
class OutlineTiles extends L.GridLayer {
  private worker: Worker | null = null;
  private seq = 0;
  private readonly pending = new Map<number, TileSlot>();
  /** Tiles on the map, by key, so a theme switch can redraw them in place. */
  private readonly shown = new Map<string, { canvas: HTMLCanvasElement; coords: L.Coords }>();
  private failed = false;
  /** Whether the layer is on a map. */
  private started = false;
  /** Requests made before the worker started. */
  private queue: OutlineTileRequest[] = [];
  private cancelStart: (() => void) | null = null;

  constructor(
    private colors: TileColors,
    private readonly onFail: () => void,
    options: L.GridLayerOptions,
  ) {
    super(options);
    this.on('tileunload', (e) => {
      const { coords } = e as L.TileEvent;
      this.shown.delete(this.key(coords));
    });
  }

  private key(c: L.Coords) {
    return `${c.z}/${c.x}/${c.y}`;
  }

  override onAdd(map: L.Map): this {
    this.started = true;
    super.onAdd(map);
    // The worker (a thread, its script and the outlines) starts once the page is idle: on a first
    // load it would otherwise compete with the dashboard's first paint on a 2-core machine. Tiles
    // asked for before then wait in the queue.
    const start = () => {
      this.cancelStart = null;
      this.worker = newOutlineWorker();
      if (!this.worker) {
        this.fail();
        return;
      }
      this.worker.onmessage = (e: MessageEvent<OutlineTileResponse>) => this.receive(e.data);
      this.worker.onerror = () => this.fail();
      for (const req of this.queue) this.worker.postMessage(req);
      this.queue = [];
    };
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(start, { timeout: START_WITHIN_MS });
      this.cancelStart = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(start, 0);
      this.cancelStart = () => clearTimeout(handle);
    }
    return this;
  }

  override onRemove(map: L.Map): this {
    if (this.started) super.onRemove(map);
    this.started = false;
    this.cancelStart?.();
    this.cancelStart = null;
    this.worker?.terminate();
    this.worker = null;
    this.queue = [];
    this.pending.clear();
    this.shown.clear();
    return this;
  }

  override createTile(coords: L.Coords, done: L.DoneCallback): HTMLElement {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = TILE_SIZE * tileScale();
    this.shown.set(this.key(coords), { canvas, coords });
    this.request(canvas, coords, done);
    return canvas;
  }

  /** New colours (a theme switch): every tile on the map is redrawn in place, without a blank frame. */
  setColors(colors: TileColors): void {
    this.colors = colors;
    for (const { canvas, coords } of this.shown.values()) this.request(canvas, coords);
  }

  private request(canvas: HTMLCanvasElement, coords: L.Coords, done?: L.DoneCallback) {
    if (!this.started) return;
    this.seq += 1;
    this.pending.set(this.seq, { canvas, done });
    const req: OutlineTileRequest = {
      type: 'tile',
      id: this.seq,
      z: coords.z,
      x: coords.x,
      y: coords.y,
      scale: canvas.width / TILE_SIZE,
      colors: this.colors,
    };
    if (this.worker) this.worker.postMessage(req);
    else this.queue.push(req);
  }

  private receive(res: OutlineTileResponse) {
    const slot = this.pending.get(res.id);
    if (!slot) {
      if (res.type === 'tile') res.bitmap.close();
      return;
    }
    this.pending.delete(res.id);
    if (res.type === 'error') {
      this.fail();
      return;
    }
    const ctx = slot.canvas.getContext('bitmaprenderer');
    if (!ctx) {
      res.bitmap.close();
      this.fail();
      return;
    }
    ctx.transferFromImageBitmap(res.bitmap);
    slot.done?.(undefined, slot.canvas);
  }

  private fail() {
    if (this.failed) return;
    this.failed = true;
    this.onFail();
  }
}

export interface BaseLayer {
  /** Add this to the map. */
  readonly layer: L.LayerGroup;
  /** 'tiles' (drawn by the worker) or 'vector' (drawn on the main thread). */
  readonly kind: () => 'tiles' | 'vector';
  setColors(colors: MapColors): void;
}

/**
 * The outline base layer in the theme's colours, in `pane`. `vectorRenderer` draws the vector
 * fallback (a canvas, or SVG where canvas is missing).
 */
export function createBaseLayer(colors: MapColors, pane: string, vectorRenderer: L.Renderer): BaseLayer {
  const group = L.layerGroup();
  let current = colors;
  let kind: 'tiles' | 'vector' = 'vector';
  let vector: L.GeoJSON | null = null;
  let tiles: OutlineTiles | null = null;

  const drawAsVectors = () => {
    kind = 'vector';
    if (tiles) {
      const t = tiles;
      tiles = null;
      // Not from inside the layer's own onAdd: Leaflet is still adding it.
      setTimeout(() => group.removeLayer(t), 0);
    }
    void import('./outlines').then(({ countryOutlines }) => {
      if (kind !== 'vector' || vector) return;
      vector = L.geoJSON(
        countryOutlines() as unknown as Parameters<typeof L.geoJSON>[0],
        {
          style: () => outlineStyle(current),
          interactive: false,
          renderer: vectorRenderer,
        } as L.GeoJSONOptions,
      );
      group.addLayer(vector);
    });
  };

  if (canDrawTilesInWorker()) {
    kind = 'tiles';
    tiles = new OutlineTiles(tileColors(colors), drawAsVectors, {
      pane,
      tileSize: TILE_SIZE,
      className: 'fw-outline-tiles',
      // The street-level detail's sources (detail.ts), drawn from DETAIL_MIN_ZOOM on.
      attribution: DETAIL_ATTRIBUTION,
      // Tiles stay around a little longer: panning back shows them at once.
      keepBuffer: 4,
    });
    group.addLayer(tiles);
  } else drawAsVectors();

  return {
    layer: group,
    kind: () => kind,
    setColors(c) {
      current = c;
      tiles?.setColors(tileColors(c));
      vector?.setStyle(() => outlineStyle(c));
    },
  };
}
