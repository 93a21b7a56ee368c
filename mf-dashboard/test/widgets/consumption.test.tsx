import { fireEvent, screen } from '@testing-library/react';
import moment from 'moment';
import ConsumptionWidget, { perDay } from '../../src/widgets/consumption';
import { renderWidget, unit } from './kpi.harness';

const day = (offset: number) => moment.utc().subtract(offset, 'days').format('YYYY-MM-DD');
const point = (d: string, value: number, min: number, max: number, count = 24) => ({ ts: `${d}T00:00:00.000Z`, value, min, max, count });
const series = (points: ReturnType<typeof point>[]) => ({ channel: 1, name: 'Pulse 1', unitOfMeasure: 'm³', points });
const data = (id: number, points: ReturnType<typeof point>[]) => ({ unitId: id, start: '', end: '', granularity: 'day', channels: [series(points)] });

describe('consumption widget', () => {
  test('a counter uses its rise per day; pulses their sum', () => {
    expect([...perDay(series([point('2026-01-01', 10, 5, 12), point('2026-01-02', 14, 12, 15)])).values()]).toEqual([7, 3]);
    expect([...perDay(series([point('2026-01-01', 0.5, 0, 1), point('2026-01-02', 0.25, 0, 1)])).values()]).toEqual([12, 6]);
  });

  test('sums the meters per day over the last 7 days, with total and mean', async () => {
    const units = [unit(1, { UnitType: 205 }), unit(2, { UnitType: 205 }), unit(3)];
    const { api, updateSettings } = renderWidget(ConsumptionWidget, {
      units,
      answer: (url) => {
        if (url.includes('/devices/1/')) return [data(1, [point(day(1), 1, 0, 2, 10), point(day(0), 1, 0, 2, 4)]), false];
        return [undefined, true]; // unit 2: no data (404)
      },
    });
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect((await screen.findByTestId('consumption-total')).textContent).toBe('14.0 m³Total, 7 days');
    expect(screen.getByTestId('consumption-mean').textContent).toBe('2.0 m³Per day');
    expect(api.get).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('group', { name: 'Consumption per day' }).querySelectorAll('button')).toHaveLength(7);
    fireEvent.click(screen.getByRole('button', { name: '30 days' }));
    expect(updateSettings).toHaveBeenCalledWith({ days: 30 });
  });

  test('at most 20 meters are asked, and the widget says so', async () => {
    const units = Array.from({ length: 25 }, (_, i) => unit(i + 1, { UnitType: 205 }));
    const { api } = renderWidget(ConsumptionWidget, { units, answer: () => [data(1, [point(day(0), 1, 0, 1, 1)]), false] });
    expect(await screen.findByText('The first 20 of 25 meters (selected ones first).')).toBeTruthy();
    expect(api.get).toHaveBeenCalledTimes(20);
  });

  test('empty and error states', async () => {
    const a = renderWidget(ConsumptionWidget, { units: [unit(1)] });
    expect(screen.getByText('No meters')).toBeTruthy();
    a.unmount();
    renderWidget(ConsumptionWidget, { units: [unit(1, { UnitType: 205 })], lng: 'de' });
    expect((await screen.findByRole('alert')).textContent).toContain('Die Daten konnten nicht geladen werden');
  });
});
