import { fireEvent, screen } from '@testing-library/react';
import { formatApiDate } from '@fieldwatch/shared';
import ParkingList, { reportDay } from '../../src/widgets/parking-list';
import { flush, renderWidget, unit } from './lists.harness';

const fleet = () => [
  unit(1, { UnitName: 'P-01', UnitType: 219, UnitLocation: 'Square' }),
  unit(2, { UnitName: 'P-02', UnitType: 225, UnitLocation: 'Square' }),
  unit(3, { UnitName: 'P-03', UnitType: 227, UnitLocation: 'Street' }),
  unit(4, { UnitName: 'Pump', UnitType: 1 }),
];
/** A reading two minutes old (readings come often; the bay's state changes seldom). */
const recent = () => formatApiDate(new Date(Date.now() - 120_000));
const legacy = async (method: string, _p: Record<string, unknown>, ids?: number[]) => {
  if (method === 'GetUnitsShowValue')
    return (ids ?? [])
      .filter((id) => id !== 3)
      .map((id) => ({ UnitID: id, ChannelID: 1, ChannelName: 'Parking', ChannelKind: 'switch', UnitOfMeasure: '', Value: id === 1 ? 1 : 0, MeasureTime: recent() }));
  const day = reportDay();
  return [
    { UnitID: 1, UnitName: 'P-01', UnitType: 219, Date: day, From: '08:00', To: '17:00', Occupancy: 0.75, Samples: 10 },
    { UnitID: 2, UnitName: 'P-02', UnitType: 225, Date: day, From: '08:00', To: '17:00', Occupancy: 0.2, Samples: 10 },
  ];
};

describe('parking list widget', () => {
  test('parking units with occupied/free now and today\'s share', async () => {
    const spy = jest.fn(legacy);
    renderWidget(ParkingList, { units: fleet(), legacy: spy });
    expect(screen.getByRole('progressbar')).toBeTruthy();
    await flush();
    expect(spy).toHaveBeenCalledWith('GetUnitsShowValue', {}, [1, 2, 3]);
    expect(spy).toHaveBeenCalledWith('GetReportParkingUsage', { StartDate: reportDay(), EndDate: reportDay() }, undefined);
    const rows = screen.getAllByTestId('parking-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('Occupied');
    expect(rows[0]!.textContent).toContain('75 %');
    expect(rows[1]!.textContent).toContain('Free');
    expect(rows[2]!.textContent).toContain('Unknown');
    expect(screen.getByTestId('parking-summary').textContent).toContain('1of 3 occupied');
    expect(screen.getByTestId('parking-unknown').textContent).toBe('Unknown: 1');
  });

  test('a bay whose last reading is old, or that has a problem, is unknown (the shared rule)', async () => {
    const old = async (method: string, p: Record<string, unknown>, ids?: number[]) => {
      const rows = (await legacy(method, p, ids)) as Array<Record<string, unknown>>;
      return method === 'GetUnitsShowValue'
        ? rows.map((r) => (r.UnitID === 2 ? { ...r, MeasureTime: '2026-01-10 10:00:00' } : r))
        : rows;
    };
    const units = fleet().map((u) =>
      u.UnitID === 1 ? { ...u, AlarmEvents: [{ AlarmType: 19 }] } as unknown as typeof u : u,
    );
    renderWidget(ParkingList, { units, legacy: old });
    await flush();
    expect(screen.getAllByTestId('parking-row').map((r) => r.textContent)).toEqual([
      expect.stringContaining('Unknown'),
      expect.stringContaining('Unknown'),
      expect.stringContaining('Unknown'),
    ]);
    expect(screen.getByTestId('parking-summary').textContent).toContain('0of 3 occupied');
  });

  test("'Since' is when the bay last changed state, not its last reading", async () => {
    const changed = new Date(Date.now() - 3 * 3_600_000);
    const points = [
      { ts: new Date(Date.now() - 5 * 3_600_000).toISOString(), value: 0, min: 0, max: 0, count: 1 },
      { ts: changed.toISOString(), value: 1, min: 1, max: 1, count: 1 },
      { ts: new Date(Date.now() - 600_000).toISOString(), value: 1, min: 1, max: 1, count: 1 },
    ];
    const answer = (url: string) =>
      url === '/api/v3/device/devices/1/data'
        ? ([{ unitId: 1, start: '', end: '', granularity: 'raw', channels: [{ channel: 1, name: 'Parking', unitOfMeasure: '', points }] }, false] as const)
        : url === '/api/v3/device/devices/2/data'
          ? ([{ unitId: 2, start: '', end: '', granularity: 'raw', channels: [{ channel: 1, name: 'Parking', unitOfMeasure: '', points: [{ ...points[0]!, ts: new Date(Date.now() - 23.5 * 3_600_000).toISOString() }, { ...points[2]!, value: 0 }] }] }, false] as const)
          : ([undefined, true] as const);
    const { api } = renderWidget(ParkingList, { units: fleet(), legacy, answer: answer as never });
    await flush();
    await flush();
    const since = screen.getAllByTestId('parking-since').map((c) => c.textContent);
    // P-01 changed three hours ago; P-02 has not changed in the window; P-03 is unknown.
    expect(since[0]).not.toBe('—');
    expect(since[0]).toContain(String(changed.getUTCMinutes()).padStart(2, '0'));
    expect(since[1]).toBe('over 24 h');
    expect(since[2]).toBe('—');
    expect((api as unknown as { get: jest.Mock }).get).toHaveBeenCalledWith(
      '/api/v3/device/devices/1/data',
      expect.objectContaining({ channel: 1 }),
    );
  });

  test('at medium width the location folds under the space', async () => {
    renderWidget(ParkingList, { units: fleet(), legacy, size: { width: 640, height: 400 } });
    await flush();
    expect(screen.getAllByRole('columnheader')).toHaveLength(4);
    expect(screen.getAllByTestId('parking-row')[0]!.textContent).toContain('P-01Square');
  });

  test('sorts by today\'s share and selects a space', async () => {
    const { setBinding, updateSettings } = renderWidget(ParkingList, { units: fleet(), legacy });
    await flush();
    fireEvent.click(screen.getByRole('button', { name: /Today/ }));
    expect(updateSettings).toHaveBeenLastCalledWith({ sort: { key: 'share', dir: 'desc' } });
    const rows = screen.getAllByTestId('parking-row');
    expect(rows.map((r) => (r as HTMLTableRowElement).cells[0]!.textContent)).toEqual(['P-01', 'P-02', 'P-03']);
    fireEvent.click(rows[1]!);
    expect(setBinding).toHaveBeenCalledWith('units', [2]);
  });

  test('error with retry; empty; speaks German', async () => {
    const a = renderWidget(ParkingList, { units: fleet() });
    await flush();
    expect(screen.getByRole('alert').textContent).toContain('Could not load the parking data');
    a.unmount();
    const b = renderWidget(ParkingList, { units: [unit(4)] });
    expect(screen.getByText('No parking sensors')).toBeTruthy();
    b.unmount();
    renderWidget(ParkingList, { units: fleet(), legacy, lng: 'de' });
    await flush();
    expect(screen.getAllByTestId('parking-row')[0]!.textContent).toContain('Belegt');
  });
});
