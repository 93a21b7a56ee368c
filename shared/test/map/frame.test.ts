import L from 'leaflet';
import { OUTLINE_PANE, addOutlines, addTiles, onThemeChange, TILE_TIMEOUT_MS } from '../../src/map';
import { resetTileReach } from '../../src/map/tiles';

/** jsdom has no layout: every element gets a measured size for Leaflet, and no 2D canvas. */
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 400 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 200 });
  Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', { configurable: true, value: () => null });
});

function newMap() {
  document.body.innerHTML = '<div id="m"></div>';
  return L.map('m', { fadeAnimation: false, zoomAnimation: false }).setView([55.7, 12.6], 6);
}

const tileImages = () => document.querySelectorAll('.leaflet-tile-pane img');

describe('tiles over the outlines', () => {
  beforeEach(() => resetTileReach());
  afterEach(() => jest.useRealTimers());

  test('no tile URL: nothing is asked, and the map says it has no tiles', () => {
    const map = newMap();
    const failed = jest.fn();
    addTiles(map, { url: '' }, failed);
    expect(failed).toHaveBeenCalledWith(true);
    expect(tileImages()).toHaveLength(0);
    map.remove();
  });

  test('tiles are asked from the template; a failing tile takes the layer off', () => {
    const map = newMap();
    const failed = jest.fn();
    addTiles(map, { url: '/tiles/{z}/{x}/{y}.png', attribution: '© Test tiles' }, failed);
    expect(failed).toHaveBeenLastCalledWith(false);
    const imgs = [...tileImages()] as HTMLImageElement[];
    expect(imgs.length).toBeGreaterThan(0);
    expect(imgs.every((i) => /^\/tiles\/6\/\d+\/\d+\.png$/.test(i.getAttribute('src') ?? ''))).toBe(true);
    expect(document.querySelector('.leaflet-control-attribution')?.textContent).toContain('© Test tiles');
    imgs[0]!.dispatchEvent(new Event('error'));
    expect(failed).toHaveBeenLastCalledWith(true);
    expect(tileImages()).toHaveLength(0);
    map.remove();
  });

  test('a tile server that never answers counts as unreachable after the timeout; one loaded tile keeps the layer', () => {
    jest.useFakeTimers();
    const map = newMap();
    const silent = jest.fn();
    const stop = addTiles(map, { url: '/a/{z}/{x}/{y}.png' }, silent);
    jest.advanceTimersByTime(TILE_TIMEOUT_MS + 1);
    expect(silent).toHaveBeenLastCalledWith(true);
    stop();

    resetTileReach(); // another page
    const working = jest.fn();
    addTiles(map, { url: '/b/{z}/{x}/{y}.png' }, working);
    const img = tileImages()[0] as HTMLImageElement;
    img.dispatchEvent(new Event('load'));
    jest.advanceTimersByTime(TILE_TIMEOUT_MS + 1);
    expect(working).toHaveBeenLastCalledWith(false);
    expect(tileImages().length).toBeGreaterThan(0);
    map.remove();
  });
});

describe('outlines and the theme', () => {
  test('the outlines get a pane under the tiles, in the colours of the theme, and follow a switch', async () => {
    const map = newMap();
    const el = map.getContainer();
    el.style.setProperty('--fw-surface-2', '#111111');
    const outlines = addOutlines(map, false);
    const pane = map.getPane(OUTLINE_PANE)!;
    expect(Number(pane.style.zIndex)).toBeLessThan(200); // Leaflet's tile pane
    expect(outlines.colors().land).toBe('#111111');
    // Without workers (jsdom) the outlines are vectors.
    expect(outlines.base.kind()).toBe('vector');
    await new Promise((r) => setTimeout(r, 20));
    expect(pane.querySelector('path')?.getAttribute('fill')).toBe('#111111');
    const switched = new Promise<void>((resolve) =>
      onThemeChange(() => {
        el.style.setProperty('--fw-surface-2', '#eeeeee');
        expect(outlines.refreshColors().land).toBe('#eeeeee');
        resolve();
      }),
    );
    document.documentElement.setAttribute('data-theme', 'bright');
    await switched;
    const path = pane.querySelector('path');
    expect(path?.getAttribute('fill')).toBe('#eeeeee');
    map.remove();
    document.documentElement.removeAttribute('data-theme');
  });
});
