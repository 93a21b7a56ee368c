import { fireEvent, screen, waitFor } from '@testing-library/react';
import TempWidget from '../../src/widgets/temp';
import { alarm, renderWidget, unit } from './kpi.harness';

const row = (UnitID: number, Value: number, over: Record<string, unknown> = {}) => ({
  UnitID,
  ChannelID: 3,
  ChannelName: 'PT 1',
  ChannelKind: 'pt',
  UnitOfMeasure: '°C',
  Value,
  MeasureTime: '2026-01-10 09:00:00',
  ...over,
});

// 10: XPM (pt), 204: comfort (climate), 210: temperature, 1: X1 (resistance, not a temperature unit).
const units = [
  unit(1, { UnitType: 10, UnitName: 'Boiler 1', AlarmEvents: [alarm(21)] }),
  unit(2, { UnitType: 210, UnitName: 'Cold store 2', AlarmEvents: [alarm(20)] }),
  unit(3, { UnitType: 204, UnitName: 'Office 3' }),
  unit(4, { UnitType: 1, UnitName: 'Well 4' }),
];
const readings = [
  row(1, 64.2),
  row(1, 9.5, { ChannelID: 6, ChannelName: 'Internal temperature', ChannelKind: 'channel' }),
  row(2, -1.5),
  row(3, 21.3),
];

describe('temp widget', () => {
  test('asks for the temperature units only and shows min, mean, max and limits', async () => {
    const { legacy } = renderWidget(TempWidget, { units, legacy: () => readings });
    expect(await screen.findByTestId('temp-widget')).toBeTruthy();
    expect(legacy).toHaveBeenCalledWith('GetUnitsShowValue', {}, [1, 2, 3]);
    expect(screen.getByTestId('temp-min').textContent).toBe('-1.5 °CLowest');
    expect(screen.getByTestId('temp-max').textContent).toBe('64.2 °CHighest');
    expect(screen.getByTestId('temp-mean').textContent).toBe('28.0 °CMean');
    expect(screen.getByTestId('temp-above').textContent).toBe('1Above limit');
    expect(screen.getByTestId('temp-below').textContent).toBe('1Below limit');
    expect(screen.getByText(/3 units · Latest reading 10 Jan 2026 10:00/)).toBeTruthy();
  });

  test('clicks select units in the link group', async () => {
    const { setBinding } = renderWidget(TempWidget, { units, legacy: () => readings });
    fireEvent.click(await screen.findByTestId('temp-above'));
    expect(setBinding).toHaveBeenLastCalledWith('units', [1]);
    fireEvent.click(screen.getByTestId('temp-min'));
    expect(setBinding).toHaveBeenLastCalledWith('units', [2]);
    const columns = screen.getByRole('group', { name: 'Distribution of the latest temperatures' });
    const first = columns.querySelector('button:not(:disabled)') as HTMLButtonElement;
    fireEvent.click(first);
    expect(setBinding).toHaveBeenLastCalledWith('units', [2]);
  });

  test('loading, then an error with retry', async () => {
    let fail = true;
    const { legacy } = renderWidget(TempWidget, {
      units,
      legacy: async () => {
        if (fail) throw new Error('boom');
        return readings;
      },
    });
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load the data');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('temp-widget')).toBeTruthy();
    expect(legacy).toHaveBeenCalledTimes(2);
  });

  test('empty without temperature units, and without readings', async () => {
    const { unmount } = renderWidget(TempWidget, { units: [unit(4)], legacy: () => [] });
    expect(screen.getByText('No temperature sensors')).toBeTruthy();
    unmount();
    renderWidget(TempWidget, { units, legacy: () => [] });
    expect(await screen.findByText('No temperature readings yet')).toBeTruthy();
  });

  test('in German with a decimal comma', async () => {
    renderWidget(TempWidget, { units, legacy: () => readings, lng: 'de' });
    await waitFor(() => expect(screen.getByTestId('temp-max').textContent).toBe('64,2 °CHöchste'));
  });
});
