import type { Unit } from '@fieldwatch/shared';
import { effectiveFilter, preparedMapData } from '../../../src/widgets/kit/map/model';

const unit = (id: number, lat: number | null, lon: number | null): Unit =>
  ({
    UnitID: id,
    UnitName: `U${id}`,
    UnitType: 1,
    UnitGPSLatitude: lat,
    UnitGPSLongitude: lon,
    AlarmEvents: [],
  }) as unknown as Unit;

describe('the map data, prepared once per input', () => {
  const units = [unit(1, 57.7, 11.9), unit(2, 59.3, 18.1), unit(3, null, null)];

  test('the same units, variant and an equal filter give the same data (a restarted render reuses it)', () => {
    const first = preparedMapData(units, 'unit', effectiveFilter('unit', undefined));
    expect(first.shown.map((u) => u.UnitID)).toEqual([1, 2]);
    expect(first.positionedCount).toBe(2);
    expect(preparedMapData(units, 'unit', effectiveFilter('unit', {}))).toBe(first);
  });

  test('new units or another filter are prepared afresh', () => {
    const first = preparedMapData(units, 'unit', effectiveFilter('unit', undefined));
    const moved = [...units.slice(0, 2), unit(3, 55.6, 13)];
    const again = preparedMapData(moved, 'unit', effectiveFilter('unit', undefined));
    expect(again).not.toBe(first);
    expect(again.shown).toHaveLength(3);
    const filtered = preparedMapData(moved, 'unit', effectiveFilter('unit', { statuses: ['alarm'] }));
    expect(filtered.shown).toHaveLength(0);
  });
});
