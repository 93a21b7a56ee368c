import { fireEvent, screen } from '@testing-library/react';
import moment from 'moment';
import ParkingStatsWidget, { periodDays, summarize } from '../../src/widgets/parking-stats';
import { renderWidget, unit } from './kpi.harness';

const usage = (UnitID: number, Date: string, Occupancy: number, Samples = 54) => ({
  UnitID,
  UnitName: `Parking P${UnitID}`,
  UnitType: 219,
  Date,
  From: '08:00',
  To: '17:00',
  Occupancy,
  Samples,
});
const rows = [
  usage(1, '2026-01-08', 0.5),
  usage(2, '2026-01-08', 0.7),
  usage(1, '2026-01-09', 0.9),
  usage(2, '2026-01-09', 0.9),
  usage(1, '2026-01-10', 0.2),
  usage(2, '2026-01-10', 0.1),
];
const units = [unit(1, { UnitType: 219 }), unit(2, { UnitType: 225 }), unit(3)];

describe('parking statistics widget', () => {
  test('summarizes per day and per unit, weighted by samples', () => {
    const s = summarize(rows);
    expect(s.days.map((d) => Math.round(d.occupancy * 100))).toEqual([60, 90, 15]);
    expect(s.peak?.date).toBe('2026-01-09');
    expect(Math.round(s.average * 100)).toBe(55);
    expect(s.units.map((u) => u.id)).toEqual([2, 1]);
  });

  test('counts every parking unit in scope, as the parking list and map do, not only those with readings', async () => {
    const fleet = [...units, unit(4, { UnitType: 227 })];
    renderWidget(ParkingStatsWidget, { units: fleet, legacy: () => rows, size: { width: 400, height: 360 } });
    // Three parking units (1, 2 and 4); unit 4 has no usage rows yet.
    expect((await screen.findByTestId('parking-units')).textContent).toBe('3Parking units');
  });

  test('asks for the 8:00–17:00 report of the last 7 days and shows average, peak and days', async () => {
    const { legacy } = renderWidget(ParkingStatsWidget, { units, legacy: () => rows, size: { width: 400, height: 360 } });
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect((await screen.findByTestId('parking-average')).textContent).toBe('55 %Average occupancy');
    expect(screen.getByTestId('parking-peak').textContent).toBe('90 %Peak 09 Jan 2026');
    const params = legacy.mock.calls[0]![1] as Record<string, string>;
    expect(params.From).toBe('08:00');
    expect(params.To).toBe('17:00');
    expect(params.UnitIDs).toBeUndefined();
    expect((new Date(params.EndDate!).getTime() - new Date(params.StartDate!).getTime()) / 86_400_000).toBe(6);
    // A column for each of the 7 days; days without readings (the fixture's are in January) say so.
    const columns = screen.getByRole('group', { name: 'Occupancy per day' }).querySelectorAll('button');
    expect(columns).toHaveLength(7);
    expect(columns[6]!.getAttribute('title')).toMatch(/: no readings$/);
  });

  test("the report ends with the user's today, in their time zone, not the browser's", async () => {
    // 23:30 UTC on 10 Jan is 00:30 on 11 Jan in Stockholm (the demo user's zone).
    const now = jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-01-10T23:30:00Z'));
    try {
      const { legacy } = renderWidget(ParkingStatsWidget, {
        units,
        legacy: () => rows,
        size: { width: 400, height: 360 },
      });
      await screen.findByTestId('parking-average');
      const params = legacy.mock.calls[0]![1] as Record<string, string>;
      expect(params.EndDate).toBe('2026-01-11');
      expect(params.StartDate).toBe('2026-01-05');
      const columns = screen.getByRole('group', { name: 'Occupancy per day' }).querySelectorAll('button');
      expect(columns[6]!.getAttribute('title')).toMatch(/^Sun 11 Jan 2026: no readings$/);
    } finally {
      now.mockRestore();
    }
  });

  test('the period is a setting; a busy unit selects it; group-selected parking units scope the report', async () => {
    const { updateSettings, setBinding, legacy } = renderWidget(ParkingStatsWidget, {
      units,
      legacy: () => rows,
      bindings: { units: [2, 3] },
      size: { width: 400, height: 360 },
    });
    await screen.findByTestId('parking-average');
    expect((legacy.mock.calls[0]![1] as Record<string, string>).UnitIDs).toBe('2');
    expect(screen.getByText('Only the 1 parking units selected in the group.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '30 days' }));
    expect(updateSettings).toHaveBeenCalledWith({ days: 30 });
    fireEvent.click(screen.getByRole('button', { description: 'Parking P2: 57 % occupied — select it' }));
    expect(setBinding).toHaveBeenCalledWith('units', [2]);
  });

  test('empty and error states', async () => {
    const { unmount } = renderWidget(ParkingStatsWidget, { units, legacy: () => [] });
    expect(await screen.findByText('No parking data')).toBeTruthy();
    // It says which hours are counted: readings after 17:00 do not make a day.
    expect(
      screen.getByText(
        'No parking sensor reported between 08:00 and 17:00 in the last 7 days. Readings outside these hours are not counted.',
      ),
    ).toBeTruthy();
    unmount();
    renderWidget(ParkingStatsWidget, { units, lng: 'de' });
    expect((await screen.findByRole('alert')).textContent).toContain('Die Daten konnten nicht geladen werden');
  });
});

describe('parking statistics: the period', () => {
  test('a column for every day of the period, oldest first, ending today', () => {
    expect(periodDays(moment('2026-03-02T10:00:00'), 7)).toEqual([
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(periodDays(moment('2026-03-02T10:00:00'), 30)).toHaveLength(30);
  });
});
