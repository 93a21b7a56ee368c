import { countryOutlines, unwrapRing } from '../../src/widgets/map/base-layer';

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
