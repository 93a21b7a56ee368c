import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatApiDate } from '@fieldwatch/shared';
import ParkingMap from '../../src/widgets/parking-map';
import { installDomStubs, markerIcons, renderMap, unit } from './map.harness';

beforeAll(() => installDomStubs());

/** A pump (type 1) and three parking sensors (219, 225, 227) spread over Göteborg. */
const fleet = () => [
  unit(1, { UnitName: 'Pump', UnitGPSLatitude: 57.6, UnitGPSLongitude: 11.9 }),
  unit(11, { UnitName: 'Bay 11', UnitType: 219, UnitGPSLatitude: 57.70, UnitGPSLongitude: 11.90 }),
  unit(12, { UnitName: 'Bay 12', UnitType: 225, UnitGPSLatitude: 57.72, UnitGPSLongitude: 12.00 }),
  unit(13, { UnitName: 'Bay 13', UnitType: 227, UnitGPSLatitude: 57.74, UnitGPSLongitude: 12.10 }),
];

const recent = () => formatApiDate(new Date(Date.now() - 120_000));
const showValues = () => [
  { UnitID: 11, ChannelKind: 'switch', Value: 1, MeasureTime: recent() },
  { UnitID: 12, ChannelKind: 'switch', Value: 0, MeasureTime: recent() },
  { UnitID: 12, ChannelKind: 'analog', Value: 3.3, MeasureTime: recent() },
];

describe('parking map widget', () => {
  test('starts filtered to the parking unit types and colours by occupancy', async () => {
    const { legacy } = renderMap(ParkingMap, { units: fleet(), component: 'parkingMap', legacy: () => showValues() });
    await waitFor(() => expect(screen.getByTestId('map-unit-count').textContent).toBe('Units: 3'));
    expect(legacy).toHaveBeenCalledWith('GetUnitsShowValue', {}, [11, 12, 13]);
    // Bay 13 has no reading: unknown, by the rule the parking list counts with too.
    await waitFor(() => expect(markerIcons().map((m) => m.querySelector('[data-tone]')?.getAttribute('data-tone')).sort()).toEqual(['free', 'inactive', 'occupied']));
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(within(legend).getByTestId('map-bays-occupied').textContent).toBe('Occupied 1');
    expect(within(legend).getByTestId('map-bays-free').textContent).toBe('Free 1');
    expect(within(legend).getByTestId('map-bays-unknown').textContent).toBe('Unknown 1');
    // No status counts beside the bays' (every unit shown is a bay with a state).
    expect(within(legend).queryByText(/^OK/)).toBeNull();
    fireEvent.click(markerIcons().find((m) => m.getAttribute('title')?.startsWith('Bay 11')) as HTMLElement);
    const popup = await screen.findByTestId('map-popup');
    expect(popup.textContent).toContain('OccupancyOccupied');
    expect(popup.textContent).toContain('Parking');
  });

  test('a bay in alarm still counts as occupied or free; an old reading or a problem is unknown', async () => {
    const units = fleet().map((u) =>
      u.UnitID === 11
        ? ({ ...u, AlarmEvents: [{ AlarmType: 3 }] } as typeof u)
        : u.UnitID === 13
          ? ({ ...u, AlarmEvents: [{ AlarmType: 19 }] } as typeof u)
          : u,
    );
    const values = () => [
      ...showValues().map((r) => (r.UnitID === 12 ? { ...r, MeasureTime: '2026-01-01 00:00:00' } : r)),
      { UnitID: 13, ChannelKind: 'switch', Value: 1, MeasureTime: recent() },
    ];
    renderMap(ParkingMap, { units, component: 'parkingMap', legacy: () => values() });
    await waitFor(() => expect(screen.getByTestId('map-bays-unknown').textContent).toBe('Unknown 2'));
    expect(screen.getByTestId('map-bays-occupied').textContent).toBe('Occupied 1');
    expect(screen.getByTestId('map-bays-free').textContent).toBe('Free 0');
  });

  test('the saved unit-type filter of the built-in dashboard wins; clearing shows every unit', async () => {
    const { updateSettings } = renderMap(ParkingMap, {
      units: fleet(),
      component: 'parkingMap',
      settings: { filter: { unitTypes: [219] } },
      legacy: () => showValues(),
    });
    await waitFor(() => expect(screen.getByTestId('map-unit-count').textContent).toBe('Units: 1'));
    fireEvent.click(screen.getByRole('button', { name: /Filter/ }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'GIS filter' })).getByRole('button', { name: 'Clear filter' }));
    expect(updateSettings).toHaveBeenCalledWith({ filter: { statuses: [], unitTypes: [] } });
  });

  test('without occupancy data it colours by status and says so', async () => {
    renderMap(ParkingMap, { units: fleet(), component: 'parkingMap' });
    expect(await screen.findByText('Occupancy unavailable — coloured by status')).toBeTruthy();
    await waitFor(() => expect(markerIcons().length).toBe(3));
    expect(markerIcons().every((m) => m.querySelector('[data-tone]')?.getAttribute('data-tone') === 'ok')).toBe(true);
  });

  test('empty: no parking sensors', async () => {
    renderMap(ParkingMap, { units: [], component: 'parkingMap' });
    // Still so once the map's configuration has arrived.
    await act(async () => {});
    expect(screen.getByText('No parking sensors')).toBeTruthy();
  });
});
