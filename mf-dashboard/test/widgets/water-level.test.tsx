import { fireEvent, screen, waitFor } from '@testing-library/react';
import WaterLevelWidget from '../../src/widgets/water-level';
import { renderWidget, unit } from './kpi.harness';

const level = (UnitID: number, Value: number) => ({
  UnitID, ChannelID: 2, ChannelName: 'Level formula 1', ChannelKind: 'formula', UnitOfMeasure: '%', Value, MeasureTime: '2026-01-10 09:00:00',
});
const units = [unit(1, { UnitType: 11, UnitName: 'Tower 1' }), unit(2, { UnitType: 12, UnitName: 'Tower 2' }), unit(3, { UnitType: 207 })];
const limits = { unitId: 1, channelNo: 2, channelName: 'Level formula 1', limitKind: 'level', alarmTypes: [], levels: [{ level: 1, low: null, high: 90, enabled: true }] };

describe('water level widget', () => {
  test('gauges fullest first with the limit; asks limits only for the gauges drawn', async () => {
    const { api, setBinding } = renderWidget(WaterLevelWidget, {
      units,
      legacy: () => [level(1, 40), level(2, 93)],
      answer: (url) => (url.endsWith('/limits') ? [limits, false] : [undefined, true]),
    });
    const gauges = await screen.findAllByTestId('level-gauge');
    // The accessible name is the visible text in its order, then the limit (label-content-name-mismatch).
    await waitFor(() => expect(gauges.map((g) => g.textContent)).toEqual(['93 %Tower 2 (limit 90 %)', '40 %Tower 1 (limit 90 %)']));
    expect(gauges[0]!.getAttribute('title')).toBe('Tower 2: 93 % (limit 90 %)');
    expect(gauges[0]!.getAttribute('data-above')).toBe('true');
    expect(gauges[1]!.getAttribute('data-above')).toBeNull();
    expect(api.get).toHaveBeenCalledWith('/api/v3/device/devices/2/channels/2/limits');
    expect(api.get).toHaveBeenCalledTimes(2);
    fireEvent.click(gauges[0]!);
    expect(setBinding).toHaveBeenCalledWith('units', [2]);
  });

  test('only as many gauges as fit, the rest counted', async () => {
    renderWidget(WaterLevelWidget, {
      units: Array.from({ length: 30 }, (_, i) => unit(i + 1, { UnitType: 11 })),
      legacy: () => Array.from({ length: 30 }, (_, i) => level(i + 1, i)),
      size: { width: 180, height: 220 },
    });
    expect(await screen.findAllByTestId('level-gauge')).toHaveLength(3);
    expect(screen.getByText('And 27 more units.')).toBeTruthy();
  });

  test('empty and error states', async () => {
    const a = renderWidget(WaterLevelWidget, { units: [unit(3, { UnitType: 207 })] });
    expect(screen.getByText('No level sensors')).toBeTruthy();
    a.unmount();
    renderWidget(WaterLevelWidget, { units, lng: 'da' });
    expect((await screen.findByRole('alert')).textContent).toContain('Dataene kunne ikke indlæses');
  });
});
