import { fireEvent, screen } from '@testing-library/react';
import IndoorClimateWidget from '../../src/widgets/indoor-climate';
import { alarm, renderWidget, unit } from './kpi.harness';

const v = (UnitID: number, ChannelName: string, Value: number, ChannelKind = 'channel', UnitOfMeasure = '') => ({
  UnitID, ChannelID: 1, ChannelName, ChannelKind, UnitOfMeasure, Value, MeasureTime: '2026-01-10 09:00:00',
});
const units = [
  unit(1, { UnitType: 200, UnitName: 'Office A' }),
  unit(2, { UnitType: 204, UnitName: 'Office B', AlarmEvents: [alarm(21)] }),
  unit(3, { UnitType: 1 }),
];

describe('indoor climate widget', () => {
  test('a tile per climate unit with temperature and humidity, alarms first; a tile selects its unit', async () => {
    const { setBinding, legacy } = renderWidget(IndoorClimateWidget, {
      units,
      legacy: () => [v(1, 'Temperature', 21.4, 'channel', '°C'), v(1, 'Humidity', 41, 'channel', '%'), v(2, 'PT 1', 26.2, 'pt', '°C')],
    });
    const tiles = await screen.findAllByTestId('climate-tile');
    expect(legacy).toHaveBeenCalledWith('GetUnitsShowValue', {}, [1, 2]);
    // Each tile names its unit's status (the status shape's title), not only its colour.
    expect(tiles.map((x) => x.textContent)).toEqual(['AlarmOffice B26.2°', 'OKOffice A21.4°41 %']);
    fireEvent.click(tiles[1]!);
    expect(setBinding).toHaveBeenCalledWith('units', [1]);
  });

  test('loading, empty and error states', async () => {
    const a = renderWidget(IndoorClimateWidget, { units, legacy: () => [] });
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(await screen.findByText('No climate readings yet')).toBeTruthy();
    a.unmount();
    const b = renderWidget(IndoorClimateWidget, { units: [unit(3)] });
    expect(screen.getByText('No climate sensors')).toBeTruthy();
    b.unmount();
    renderWidget(IndoorClimateWidget, { units });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
