import { fireEvent, screen, waitFor } from '@testing-library/react';
import BatteryWidget, { bucketOf } from '../../src/widgets/battery';
import { renderWidget, unit } from './kpi.harness';

const kpi = [
  { Bucket: 'critical', Min: null, Max: 3.3, Count: 1 },
  { Bucket: 'low', Min: 3.3, Max: 3.5, Count: 2 },
  { Bucket: 'ok', Min: 3.5, Max: 3.6, Count: 0 },
  { Bucket: 'good', Min: 3.6, Max: null, Count: 1 },
  { Bucket: 'unknown', Min: null, Max: null, Count: 0 },
];
const volt = (UnitID: number, Value: number) => ({
  UnitID,
  ChannelID: 5,
  ChannelName: 'Battery voltage',
  ChannelKind: 'channel',
  UnitOfMeasure: 'V',
  Value,
  MeasureTime: '2026-01-10 09:00:00',
});
const units = [1, 2, 3, 4].map((id) => unit(id));
const legacy = (method: string) => {
  if (method === 'GetKPIBattery') return kpi;
  if (method === 'GetUnitsShowValue') return [volt(1, 3.2), volt(2, 3.31), volt(3, 3.45), volt(4, 3.62)];
  return [];
};

describe('battery widget', () => {
  test('buckets as the server does', () => {
    expect([null, 3.29, 3.3, 3.5, 3.6, 4].map(bucketOf)).toEqual(['unknown', 'critical', 'low', 'ok', 'good', 'good']);
  });

  test('shows the buckets with counts and shares, and the units needing attention', async () => {
    renderWidget(BatteryWidget, { units, legacy });
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect((await screen.findByTestId('battery-attention')).textContent).toBe('3');
    expect(screen.getByText('of 4 batteries low or critical')).toBeTruthy();
    expect(screen.getByTestId('battery-critical').textContent).toBe('Critical< 3.30 V125 %');
    expect(screen.getByTestId('battery-low').textContent).toBe('Low3.30–3.50 V250 %');
    expect((screen.getByTestId('battery-ok') as HTMLButtonElement).disabled).toBe(true);
  });

  test('clicking a bucket looks up its units once and selects them', async () => {
    const { setBinding, legacy: calls } = renderWidget(BatteryWidget, { units, legacy });
    fireEvent.click(await screen.findByTestId('battery-low'));
    await waitFor(() => expect(setBinding).toHaveBeenCalledWith('units', [2, 3]));
    expect(calls).toHaveBeenCalledWith('GetUnitsShowValue', {}, [1, 2, 3, 4]);
    fireEvent.click(screen.getByTestId('battery-critical'));
    await waitFor(() => expect(setBinding).toHaveBeenLastCalledWith('units', [1]));
    expect(calls.mock.calls.filter((c) => c[0] === 'GetUnitsShowValue')).toHaveLength(1);
  });

  test('an error with retry, and empty when nothing has a battery reading', async () => {
    const { unmount } = renderWidget(BatteryWidget, { units });
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load the data');
    unmount();
    renderWidget(BatteryWidget, { units, legacy: () => kpi.map((b) => ({ ...b, Count: 0 })) });
    expect(await screen.findByText('No battery readings')).toBeTruthy();
  });

  test('in Danish', async () => {
    renderWidget(BatteryWidget, { units, legacy, lng: 'da' });
    expect((await screen.findByTestId('battery-critical')).textContent).toBe('Kritisk< 3,30 V125 %');
  });
});
