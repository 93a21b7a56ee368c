import { fireEvent, screen } from '@testing-library/react';
import AirQualityWidget, { co2Status } from '../../src/widgets/air-quality';
import { renderWidget, unit } from './kpi.harness';

const co2 = (UnitID: number, Value: number) => ({
  UnitID, ChannelID: 1, ChannelName: 'CO2', ChannelKind: 'analog', UnitOfMeasure: 'ppm', Value, MeasureTime: '2026-01-10 09:00:00',
});
const units = [unit(1, { UnitType: 207, UnitName: 'Class 1' }), unit(2, { UnitType: 207, UnitName: 'Class 2' }), unit(3, { UnitType: 204 }), unit(4)];

describe('air quality widget', () => {
  test('thresholds', () => {
    expect([420, 600, 999, 1399, 1999, 2000].map(co2Status)).toEqual(['excellent', 'neutral', 'neutral', 'bad', 'warning', 'polluted']);
  });

  test('counts units per symbol status, lists the worst and selects on click', async () => {
    const { legacy, setBinding } = renderWidget(AirQualityWidget, {
      units,
      legacy: () => [co2(1, 2300), co2(2, 450), co2(3, 800)],
      size: { width: 360, height: 360 },
    });
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect((await screen.findByTestId('air-polluted')).textContent).toContain('Polluted');
    expect(legacy).toHaveBeenCalledWith('GetUnitsShowValue', {}, [1, 2, 3]);
    expect(screen.getByTestId('air-excellent').textContent).toBe('Excellent< 600133 %');
    fireEvent.click(screen.getByTestId('air-polluted'));
    expect(setBinding).toHaveBeenCalledWith('units', [1]);
    expect(screen.getByRole('button', { description: 'Class 1: 2,300 ppm — select it' })).toBeTruthy();
  });

  test('empty, no readings and error states', async () => {
    const a = renderWidget(AirQualityWidget, { units: [unit(4)] });
    expect(screen.getByText('No air quality sensors')).toBeTruthy();
    a.unmount();
    const b = renderWidget(AirQualityWidget, { units, legacy: () => [] });
    expect(await screen.findByText('No CO2 readings')).toBeTruthy();
    b.unmount();
    renderWidget(AirQualityWidget, { units, lng: 'sv' });
    expect((await screen.findByRole('alert')).textContent).toContain('Det gick inte att läsa in data');
  });
});
