/**
 * The street-level detail of the demo regions (issue 20 §5): when it is loaded and drawn, which
 * places the data keeps, the data itself (committed, small), and a zoomed-in tile of Stockholm.
 */
import raw from '../../src/map/detail-data.json';
import {
  BIG_CITY,
  DETAIL_MIN_ZOOM,
  REGION,
  clipRing,
  decodeRing,
  encodeRing,
  filterPlaces,
  loadsDetail,
  minPopulationAt,
  wantsDetail,
} from '../../src/map/detail-rules';
import { bundledDetail, drawDetailTile, placeLabels, type DetailContext } from '../../src/map/detail';
import { projectZ0 } from '../../src/map/outlines';

/** The tile of zoom z holding lon/lat. */
const tileAt = (lon: number, lat: number, z: number): [number, number] => {
  const [x, y] = projectZ0(lon, lat);
  return [Math.floor((x * 2 ** z) / 256), Math.floor((y * 2 ** z) / 256)];
};

describe('when the detail is loaded and drawn', () => {
  test('an overview (below DETAIL_MIN_ZOOM) neither loads nor draws it', () => {
    for (let z = 0; z < DETAIL_MIN_ZOOM; z++) {
      expect(loadsDetail(z)).toBe(false);
      expect(wantsDetail(z, ...tileAt(18.07, 59.33, z))).toBe(false);
    }
  });

  test('zoomed in, tiles over the demo regions get the detailed shapes; elsewhere only the names are loaded', () => {
    for (const z of [DETAIL_MIN_ZOOM, 10, 14, 18]) {
      expect(loadsDetail(z)).toBe(true);
      expect(wantsDetail(z, ...tileAt(18.07, 59.33, z))).toBe(true); // Stockholm
      expect(wantsDetail(z, ...tileAt(12.57, 55.68, z))).toBe(true); // Copenhagen
      expect(wantsDetail(z, ...tileAt(2.35, 48.86, z))).toBe(false); // Paris
    }
    // x beyond the world's width wraps around.
    const [x, y] = tileAt(18.07, 59.33, 8);
    expect(wantsDetail(8, x + 256, y)).toBe(true);
  });

  test('more names show the further one zooms in', () => {
    const mins = [4, 6, 7, 8, 9, 10, 11, 16].map(minPopulationAt);
    for (let i = 1; i < mins.length; i++) expect(mins[i]).toBeLessThanOrEqual(mins[i - 1]!);
    expect(mins[0]).toBe(BIG_CITY);
    expect(mins.at(-1)).toBe(0);
  });
});

describe('the data script’s rules', () => {
  const place = (name: string, lon: number, lat: number, population: number) => ({
    name,
    lon,
    lat,
    population,
  });

  test('places: every town of the demo regions, and only the big cities elsewhere', () => {
    const kept = filterPlaces([
      place('Sigtuna', 17.72, 59.62, 9000),
      place('Hvidovre', 12.47, 55.64, 53000),
      place('Tours', 0.69, 47.39, 136000),
      place('Paris', 2.35, 48.86, 2_138_551),
      place('', 15, 60, 5000),
    ]).map((p) => p.name);
    expect(kept).toEqual(['Sigtuna', 'Hvidovre', 'Paris']);
  });

  test('a ring is cut to the region, and encoded rings decode to the same projected points', () => {
    const square = [
      [0, 50],
      [10, 50],
      [10, 60],
      [0, 60],
    ];
    const cut = clipRing(square, REGION);
    expect(Math.min(...cut.map((p) => p[0]!))).toBe(REGION[0]);
    expect(Math.max(...cut.map((p) => p[0]!))).toBe(10);
    expect(Math.min(...cut.map((p) => p[1]!))).toBe(REGION[1]);
    expect(
      clipRing(
        [
          [0, 0],
          [1, 0],
          [1, 1],
        ],
        REGION,
      ),
    ).toEqual([]);
    const xy = decodeRing(
      encodeRing([
        [18.0686, 59.3293],
        [12.5683, 55.6761],
      ]),
    );
    const [sx, sy] = projectZ0(18.0686, 59.3293);
    expect(xy[0]).toBeCloseTo(sx, 4);
    expect(xy[1]).toBeCloseTo(sy, 4);
  });
});

describe('the bundled detail', () => {
  test('is small, and holds the demo regions’ towns, coasts and lakes', () => {
    // The file is this JSON as the data script writes it.
    expect(JSON.stringify(raw).length).toBeLessThan(1.5 * 1024 * 1024);
    const d = bundledDetail();
    const names = new Set(d.places.map((p) => p.name));
    for (const n of ['Stockholm', 'Uppsala', 'Göteborg', 'Malmö', 'Århus', 'Odense', 'Copenhagen', 'Tokyo'])
      expect(names).toContain(n);
    expect(d.land.length).toBeGreaterThan(50);
    // Mälaren, west of Stockholm, is among the lakes.
    const [mx, my] = projectZ0(17.3, 59.45);
    expect(d.lakes.some((l) => l.minX < mx && mx < l.maxX && l.minY < my && my < l.maxY)).toBe(true);
  });

  test('names are kept apart: no two chosen labels overlap', () => {
    const labels = placeLabels(bundledDetail(), 9, (t) => t.length * 6);
    expect(labels.length).toBeGreaterThan(20);
    const overlapping = labels.filter((a) =>
      labels.some(
        (b) =>
          a !== b && a.left < b.left + b.width && b.left < a.left + a.width && Math.abs(a.top - b.top) < 14,
      ),
    );
    expect(overlapping.map((l) => l.place.name)).toEqual([]);
  });
});

/** A 2D context that records what is drawn. */
function recorder() {
  const calls: Array<[string, unknown[]]> = [];
  const state: Record<string, unknown> = {};
  const ctx = new Proxy(state, {
    get(_t, prop: string) {
      if (prop in state) return state[prop];
      if (prop === 'measureText') return (t: string) => ({ width: t.length * 6 });
      return (...args: unknown[]) => {
        calls.push([prop, args]);
        if (prop === 'fill')
          calls.push(['fill:' + String(state.globalCompositeOperation ?? 'source-over'), []]);
      };
    },
    set(_t, prop: string, value) {
      state[prop] = value;
      return true;
    },
  }) as unknown as DetailContext;
  return { ctx, calls };
}

test('a zoomed-in tile of Stockholm gets the 10m land, lakes cut out of it, and the place names', () => {
  const z = 11;
  const [x, y] = tileAt(18.07, 59.33, z);
  const { ctx, calls } = recorder();
  const drawn = drawDetailTile(ctx, bundledDetail(), z, x, y, 1, {
    land: '#222',
    border: '#555',
    text: '#eee',
  });
  expect(drawn.polygons).toBeGreaterThan(0);
  expect(drawn.lakes).toBeGreaterThan(0);
  expect(calls.some(([name]) => name === 'fill:destination-out')).toBe(true);
  const texts = calls.filter(([name]) => name === 'fillText').map(([, args]) => args[0]);
  expect(texts).toContain('Stockholm');

  // Paris at the same zoom: only a big city's name, no detailed shapes.
  const { ctx: ctx2 } = recorder();
  const paris = drawDetailTile(ctx2, bundledDetail(), z, ...tileAt(2.35, 48.86, z), 1, {
    land: '#222',
    border: '#555',
  });
  expect(paris.polygons).toBe(0);
  expect(paris.labels).toBeGreaterThan(0);
});
