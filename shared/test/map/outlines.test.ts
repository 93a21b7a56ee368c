import {
  OUTLINE_WEIGHT,
  countryOutlines,
  drawOutlineTile,
  projectOutlines,
  projectZ0,
  unwrapRing,
  type TileContext,
} from '../../src/map/outlines';

describe('country outlines across the antimeridian', () => {
  test('a ring that jumps from 179° to -179° continues at 181°', () => {
    expect(
      unwrapRing([
        [178, 65],
        [179.5, 66],
        [-179.5, 66],
        [-178, 65],
      ]),
    ).toEqual([
      [178, 65],
      [179.5, 66],
      [180.5, 66],
      [182, 65],
    ]);
    expect(
      unwrapRing([
        [-179, 10],
        [179, 11],
      ]),
    ).toEqual([
      [-179, 10],
      [-181, 11],
    ]);
  });

  test('no ring of the bundled outlines jumps by more than 180° between two points', () => {
    const collection = countryOutlines() as unknown as {
      features: Array<{ geometry: { type: string; coordinates: number[][][] | number[][][][] } | null }>;
    };
    let rings = 0;
    let worst = 0;
    for (const f of collection.features) {
      if (!f.geometry) continue;
      const polys = (
        f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates
      ) as number[][][][];
      for (const poly of polys)
        for (const ring of poly) {
          rings += 1;
          for (let i = 1; i < ring.length; i++)
            worst = Math.max(worst, Math.abs(ring[i]![0]! - ring[i - 1]![0]!));
        }
    }
    expect(rings).toBeGreaterThan(200);
    expect(worst).toBeLessThanOrEqual(180);
  });
});

describe('outline tiles', () => {
  const polygons = projectOutlines(countryOutlines());
  const colors = { land: '#223', border: '#445' };

  /** A 2D context double that records the drawing. */
  function recorder() {
    const calls: Array<[string, number[]]> = [];
    const ctx = {
      fillStyle: '' as unknown,
      strokeStyle: '' as unknown,
      lineWidth: 0,
      lineJoin: 'miter' as CanvasLineJoin,
      setTransform: (...a: number[]) => calls.push(['setTransform', a]),
      beginPath: () => calls.push(['beginPath', []]),
      moveTo: (x: number, y: number) => calls.push(['moveTo', [x, y]]),
      lineTo: (x: number, y: number) => calls.push(['lineTo', [x, y]]),
      closePath: () => calls.push(['closePath', []]),
      fill: () => calls.push(['fill', []]),
      stroke: () => calls.push(['stroke', []]),
    };
    return { ctx: ctx as unknown as TileContext, calls, raw: ctx };
  }

  test('Web Mercator pixels at zoom 0 match Leaflet (EPSG:3857, 256 px world)', () => {
    expect(projectZ0(0, 0)).toEqual([128, 128]);
    const [x, y] = projectZ0(-180, 85.0511287798);
    expect(x).toBe(0);
    expect(y).toBeCloseTo(0, 6);
    // The poles are clamped, not infinite (Antarctica's ring reaches -90°).
    expect(projectZ0(10, -90)[1]).toBeCloseTo(256, 6);
  });

  test('the whole world at zoom 0 draws every polygon, scaled for the screen, in the given colours', () => {
    const { ctx, calls, raw } = recorder();
    const drawn = drawOutlineTile(ctx, polygons, 0, 0, 0, 2, colors);
    expect(drawn).toBeGreaterThanOrEqual(polygons.length);
    expect(calls[0]).toEqual(['setTransform', [2, 0, 0, 2, 0, 0]]);
    expect(raw.fillStyle).toBe('#223');
    expect(raw.strokeStyle).toBe('#445');
    expect(raw.lineWidth).toBe(OUTLINE_WEIGHT);
    expect(calls.filter(([c]) => c === 'fill')).toHaveLength(drawn);
  });

  test('a tile of open sea draws nothing; a tile over Sweden draws land inside the tile', () => {
    // Zoom 6, mid-Pacific (about 150° W, 0°).
    expect(drawOutlineTile(recorder().ctx, polygons, 6, 5, 32, 1, colors)).toBe(0);
    // Zoom 5: the tile holding Stockholm (18.07° E, 59.33° N).
    const [px, py] = projectZ0(18.07, 59.33).map((v) => v * 2 ** 5);
    const { ctx, calls } = recorder();
    expect(
      drawOutlineTile(ctx, polygons, 5, Math.floor(px! / 256), Math.floor(py! / 256), 1, colors),
    ).toBeGreaterThan(0);
    const inside = calls.filter(
      ([c, [x, y]]) => c === 'lineTo' && x! >= 0 && x! <= 256 && y! >= 0 && y! <= 256,
    );
    expect(inside.length).toBeGreaterThan(10);
  });

  test("Chukotka, which crosses 180°, is drawn on the world's east and west edge tiles", () => {
    const russia = projectOutlines({
      type: 'FeatureCollection',
      features: countryOutlines().features.filter(
        (f) => (f.properties as { name?: string }).name === 'Russia',
      ),
    });
    expect(russia.length).toBeGreaterThan(0);
    // Zoom 3, the row around 66° N: x 0 is 180°–135° W, x 7 is 135°–180° E.
    expect(drawOutlineTile(recorder().ctx, russia, 3, 0, 2, 1, colors)).toBeGreaterThan(0);
    expect(drawOutlineTile(recorder().ctx, russia, 3, 7, 2, 1, colors)).toBeGreaterThan(0);
  });
});
