import { fireEvent, screen } from '@testing-library/react';
import ParkingList, { reportDay } from '../../src/widgets/parking-list';
import { flush, renderWidget, unit } from './lists.harness';

const fleet = () => [
  unit(1, { UnitName: 'P-01', UnitType: 219, UnitLocation: 'Square' }),
  unit(2, { UnitName: 'P-02', UnitType: 225, UnitLocation: 'Square' }),
  unit(3, { UnitName: 'P-03', UnitType: 227, UnitLocation: 'Street' }),
  unit(4, { UnitName: 'Pump', UnitType: 1 }),
];
const legacy = async (method: string, _p: Record<string, unknown>, ids?: number[]) => {
  if (method === 'GetUnitsShowValue')
    return (ids ?? [])
      .filter((id) => id !== 3)
      .map((id) => ({ UnitID: id, ChannelID: 1, ChannelName: 'Parking', ChannelKind: 'switch', UnitOfMeasure: '', Value: id === 1 ? 1 : 0, MeasureTime: '2026-01-10 10:00:00' }));
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
