import L from 'leaflet';
import { createBaseLayer } from '../../src/map/base-layer';
import type { OutlineTileRequest } from '../../src/map/outlines';
import type { MapColors } from '../../src/map/tokens';

/** jsdom has no layout: every element gets a measured size for Leaflet, and no 2D canvas. */
function installDomStubs(width: number, height: number) {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => width });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height });
  Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', { configurable: true, value: () => null });
}

/** A stand-in for the outline worker: records requests; the test answers them. */
class FakeWorker {
  static last: FakeWorker | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  requests: OutlineTileRequest[] = [];
  terminated = false;
  constructor() {
    FakeWorker.last = this;
  }
  static reset() {
    FakeWorker.last = null;
  }
  postMessage(req: OutlineTileRequest) {
    this.requests.push(req);
  }
  terminate() {
    this.terminated = true;
  }
  answer(req: OutlineTileRequest, bitmap: { close(): void }) {
    this.onmessage?.({ data: { type: 'tile', id: req.id, bitmap } } as MessageEvent);
  }
}

const colors = (land: string): MapColors => ({
  land,
  border: '#444',
  sea: '#000',
  text: '#fff',
  accent: '#09f',
  tones: { alarm: 'red', problem: 'orange', inactive: 'gray', ok: 'green', occupied: 'red', free: 'green' },
});

const shown = new Map<HTMLCanvasElement, unknown[]>();
const globals = globalThis as Record<string, unknown>;

beforeAll(() => {
  installDomStubs(512, 256);
  // jsdom has no workers, OffscreenCanvas or bitmap canvases: stand-ins, so the tile path runs.
  globals.Worker = FakeWorker;
  globals.OffscreenCanvas = class {};
  globals.ImageBitmapRenderingContext = class {};
  Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', {
    configurable: true,
    value(this: HTMLCanvasElement, kind: string) {
      if (kind !== 'bitmaprenderer') return null;
      return { transferFromImageBitmap: (b: unknown) => shown.set(this, [...(shown.get(this) ?? []), b]) };
    },
  });
});

afterAll(() => {
  delete globals.Worker;
  delete globals.OffscreenCanvas;
  delete globals.ImageBitmapRenderingContext;
});

/** The worker starts when the page is idle (a timer in jsdom). */
const idle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function mapWithOutlines() {
  document.body.innerHTML = '<div id="m"></div>';
  const map = L.map('m', { fadeAnimation: false }).setView([59, 18], 4);
  map.createPane('fwOutlines');
  const base = createBaseLayer(colors('#123'), 'fwOutlines', L.svg({ pane: 'fwOutlines' }));
  base.layer.addTo(map);
  expect(FakeWorker.last).toBeNull();
  await idle();
  return { map, base };
}

beforeEach(() => FakeWorker.reset());

describe('outline base layer', () => {
  test("tiles are drawn by the worker at the tile's place and shown when they arrive", async () => {
    const { map, base } = await mapWithOutlines();
    const worker = FakeWorker.last!;
    expect(base.kind()).toBe('tiles');
    expect(worker.requests.length).toBeGreaterThan(0);
    const req = worker.requests[0]!;
    expect(req).toMatchObject({ type: 'tile', z: 4, scale: 1, colors: { land: '#123', border: '#444' } });
    const tiles = document.querySelectorAll<HTMLCanvasElement>(
      '.leaflet-fwOutlines-pane canvas.leaflet-tile',
    );
    expect(tiles.length).toBe(worker.requests.length);
    expect(document.querySelectorAll('.leaflet-tile-loaded')).toHaveLength(0);
    for (const r of worker.requests) worker.answer(r, { close: jest.fn() });
    expect(document.querySelectorAll('.leaflet-fwOutlines-pane .leaflet-tile-loaded')).toHaveLength(
      tiles.length,
    );
    expect([...tiles].every((t) => shown.get(t)?.length === 1)).toBe(true);
    map.remove();
    expect(worker.terminated).toBe(true);
  });

  test('a theme switch redraws every tile in place, in the new colours', async () => {
    const { map, base } = await mapWithOutlines();
    const worker = FakeWorker.last!;
    const first = worker.requests.length;
    for (const r of worker.requests) worker.answer(r, { close: jest.fn() });
    base.setColors(colors('#eee'));
    const again = worker.requests.slice(first);
    expect(again).toHaveLength(first);
    expect(again.every((r) => r.colors.land === '#eee')).toBe(true);
    for (const r of again) worker.answer(r, { close: jest.fn() });
    // The same canvases, each now showing two bitmaps in turn: no tile was removed.
    const tiles = document.querySelectorAll<HTMLCanvasElement>(
      '.leaflet-fwOutlines-pane canvas.leaflet-tile-loaded',
    );
    expect(tiles).toHaveLength(first);
    expect([...tiles].every((t) => shown.get(t)?.length === 2)).toBe(true);
    map.remove();
  });

  test('an answer for a tile no longer asked for is closed, not shown', async () => {
    const { map } = await mapWithOutlines();
    const worker = FakeWorker.last!;
    const stale = { close: jest.fn() };
    worker.onmessage?.({ data: { type: 'tile', id: 9999, bitmap: stale } } as MessageEvent);
    expect(stale.close).toHaveBeenCalled();
    map.remove();
  });

  test('the worker starts only once the page is idle, and not at all for a map closed before', async () => {
    document.body.innerHTML = '<div id="m"></div>';
    const map = L.map('m').setView([59, 18], 4);
    map.createPane('fwOutlines');
    createBaseLayer(colors('#123'), 'fwOutlines', L.svg({ pane: 'fwOutlines' })).layer.addTo(map);
    map.remove();
    await idle();
    expect(FakeWorker.last).toBeNull();
  });

  test('when the worker fails the outlines are drawn as vectors instead', async () => {
    const { map, base } = await mapWithOutlines();
    FakeWorker.last!.onerror?.({} as ErrorEvent);
    expect(base.kind()).toBe('vector');
    await new Promise((r) => setTimeout(r, 10));
    expect(document.querySelectorAll('.leaflet-fwOutlines-pane canvas.leaflet-tile')).toHaveLength(0);
    expect(document.querySelectorAll('.leaflet-fwOutlines-pane path').length).toBeGreaterThan(100);
    map.remove();
  });
});
