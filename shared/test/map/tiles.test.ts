/**
 * Tile servers out of reach are found out once per page (issue 20 §5): one map tries, the others
 * wait for its answer, and after a failure no map asks that server — nor, while none has answered,
 * any other (offline: Satellite shows unavailable without a request).
 */
import L from 'leaflet';
import { addTiles, onTileReach, resetTileReach, tileServer, tilesUnreachable } from '../../src/map/tiles';

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 400 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 200 });
  Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', { configurable: true, value: () => null });
});
beforeEach(() => resetTileReach());

const STREET = 'https://tile.example.org/{z}/{x}/{y}.png';
const SATELLITE = 'https://imagery.example.com/tile/{z}/{y}/{x}';

function newMaps(n: number) {
  document.body.innerHTML = Array.from({ length: n }, (_, i) => `<div id="m${i}"></div>`).join('');
  return Array.from({ length: n }, (_, i) =>
    L.map(`m${i}`, { fadeAnimation: false, zoomAnimation: false }).setView([59.33, 18.07], 10),
  );
}
const tilesOf = (map: L.Map) =>
  [...map.getContainer().querySelectorAll('.leaflet-tile-pane img')] as HTMLImageElement[];

test('the tile server of a template is its origin', () => {
  expect(tileServer(STREET)).toBe('https://tile.example.org');
  expect(tileServer('')).toBe('');
});

test('offline: one map tries, the failure stops every map, and no map asks again', () => {
  const [a, b, c] = newMaps(3) as [L.Map, L.Map, L.Map];
  const failedA = jest.fn();
  const failedB = jest.fn();
  const heard = jest.fn();
  const stopListening = onTileReach(heard);
  addTiles(a, { url: STREET }, failedA);
  addTiles(b, { url: STREET }, failedB);
  // Only the first map sends requests; the second waits for its answer.
  expect(tilesOf(a).length).toBeGreaterThan(0);
  expect(tilesOf(b)).toHaveLength(0);
  expect(failedB).toHaveBeenLastCalledWith(false);

  tilesOf(a)[0]!.dispatchEvent(new Event('error'));
  expect(failedA).toHaveBeenLastCalledWith(true);
  expect(failedB).toHaveBeenLastCalledWith(true);
  expect(tilesOf(a)).toHaveLength(0);
  expect(tilesOf(b)).toHaveLength(0);
  expect(heard).toHaveBeenCalled();
  expect(tilesUnreachable(STREET)).toBe(true);
  // Satellite (another server) is unavailable too: no server has answered on this page.
  expect(tilesUnreachable(SATELLITE)).toBe(true);

  // A map opened later, and a zoom of the first one, ask nothing.
  const failedC = jest.fn();
  addTiles(c, { url: STREET }, failedC);
  expect(failedC).toHaveBeenCalledWith(true);
  expect(failedC).not.toHaveBeenCalledWith(false);
  addTiles(c, { url: SATELLITE }, failedC);
  a.setZoom(12);
  expect([a, b, c].flatMap(tilesOf)).toHaveLength(0);
  stopListening();
  [a, b, c].forEach((m) => m.remove());
});

test('online: the waiting maps show their tiles once the first one loaded; another server failing later stays its own', () => {
  const [a, b] = newMaps(2) as [L.Map, L.Map];
  const failedB = jest.fn();
  addTiles(a, { url: STREET }, jest.fn());
  addTiles(b, { url: STREET }, failedB);
  expect(tilesOf(b)).toHaveLength(0);
  tilesOf(a)[0]!.dispatchEvent(new Event('load'));
  expect(tilesOf(b).length).toBeGreaterThan(0);
  expect(failedB).not.toHaveBeenCalledWith(true);
  expect(tilesUnreachable(STREET)).toBe(false);
  expect(tilesUnreachable(SATELLITE)).toBe(false);

  const failedSat = jest.fn();
  const stop = addTiles(b, { url: SATELLITE }, failedSat);
  tilesOf(b)
    .find((img) => img.src.startsWith('https://imagery'))!
    .dispatchEvent(new Event('error'));
  expect(failedSat).toHaveBeenLastCalledWith(true);
  expect(tilesUnreachable(SATELLITE)).toBe(true);
  expect(tilesUnreachable(STREET)).toBe(false);
  stop();
  a.remove();
  b.remove();
});

test('the trying map is closed before an answer: a waiting map tries instead', () => {
  const [a, b] = newMaps(2) as [L.Map, L.Map];
  const stopA = addTiles(a, { url: STREET }, jest.fn());
  addTiles(b, { url: STREET }, jest.fn());
  expect(tilesOf(b)).toHaveLength(0);
  stopA();
  expect(tilesOf(b).length).toBeGreaterThan(0);
  a.remove();
  b.remove();
});
