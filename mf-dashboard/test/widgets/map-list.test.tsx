/**
 * The map's units as a list (issue 23): the List tool opens the units on the map — name linking to
 * the unit's page, status in words beside its shape, most severe first — selectable from the
 * keyboard, and limited to the first 200 with a count at large fleets.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatApiDate } from '@fieldwatch/shared';
import UnitMap from '../../src/widgets/unit-map';
import ParkingMap from '../../src/widgets/parking-map';
import { listRows, LIST_LIMIT } from '../../src/widgets/kit/map/UnitListPanel';
import { prepareMapData } from '../../src/widgets/kit/map/model';
import { alarm, installDomStubs, markerIcons, renderMap, unit } from './map.harness';

beforeAll(() => installDomStubs());

const fleet = () => [
  ...Array.from({ length: 12 }, (_, n) => unit(n + 1, { UnitGPSLatitude: 57.7 + n * 0.001, UnitGPSLongitude: 11.97 + n * 0.001 })),
  unit(100, { UnitName: 'Pump Oslo', UnitLocation: 'Harbour', UnitGPSLatitude: 59.91, UnitGPSLongitude: 10.75, AlarmEvents: [alarm(4)] }),
  unit(200, { UnitName: 'Sensor Stockholm', UnitGPSLatitude: 59.33, UnitGPSLongitude: 18.07, AlarmEvents: [alarm(19)] }),
  // No position: not on the map, so not in its list.
  unit(300, { UnitName: 'Nowhere', UnitGPSLatitude: 0, UnitGPSLongitude: 0 }),
];

async function openList() {
  await waitFor(() => expect(markerIcons().length).toBeGreaterThan(0), { timeout: 8000 });
  const toggle = screen.getByRole('button', { name: 'List' });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  return screen.getByRole('dialog', { name: 'Units on the map' });
}

describe('the list of the map units', () => {
  test('units most severe first, status in words beside its shape, each linking to its page', async () => {
    const { navigate } = renderMap(UnitMap, { units: fleet() });
    const panel = await openList();
    expect(within(panel).getByRole('status').textContent).toBe('14 units');
    const rows = within(panel).getAllByTestId('map-unit-row');
    expect(rows).toHaveLength(14);
    expect(rows.slice(0, 4).map((r) => r.querySelector('a')!.textContent)).toEqual(['Pump Oslo', 'Sensor Stockholm', 'Unit 1', 'Unit 2']);
    // Names sort as people read them: Unit 2 before Unit 10.
    expect(rows.at(-1)!.querySelector('a')!.textContent).toBe('Unit 12');
    expect(rows[0]!.textContent).toContain('Alarm · Harbour');
    expect(rows[1]!.textContent).toContain('Problem');
    expect(rows[2]!.textContent).toContain('OK');
    // The shape of the status, hidden from screen readers (the words tell it).
    const shape = rows[0]!.querySelector('svg')!;
    expect(shape.getAttribute('data-tone')).toBe('alarm');
    expect(shape.getAttribute('aria-hidden')).toBe('true');
    expect(shape.querySelector('polygon')).toBeTruthy();
    const link = within(panel).getByRole('link', { name: 'Pump Oslo' });
    expect(link.getAttribute('href')).toBe('/devicemanagement/100');
    fireEvent.click(link);
    expect(navigate).toHaveBeenCalledWith('/devicemanagement/100');
  });

  test('Select toggles the unit in the link group; Escape closes the list', async () => {
    const { setBinding, update } = renderMap(UnitMap, { units: fleet(), bindings: { units: [1] } });
    const panel = await openList();
    const select = within(panel).getByRole('button', { name: 'Select Sensor Stockholm' });
    expect(select.textContent).toBe('Select');
    expect(select.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(select);
    expect(setBinding).toHaveBeenCalledWith('units', [1, 200]);
    update({ bindings: { units: [1, 200], timeRange: { hours: 168 }, channels: [] } });
    const again = within(screen.getByTestId('map-unit-list')).getByRole('button', { name: 'Select Sensor Stockholm' });
    expect(again.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(again);
    expect(setBinding).toHaveBeenLastCalledWith('units', [1]);
    fireEvent.keyDown(again, { key: 'Escape' });
    expect(screen.queryByTestId('map-unit-list')).toBeNull();
  });

  test('a large fleet: the first 200 with a count, and search narrows it', async () => {
    const many = Array.from({ length: 450 }, (_, n) =>
      unit(n + 1, { UnitName: `Well ${n + 1}`, UnitGPSLatitude: 57 + (n % 30) * 0.05, UnitGPSLongitude: 11 + Math.floor(n / 30) * 0.05 }),
    );
    renderMap(UnitMap, { units: many });
    const panel = await openList();
    expect(within(panel).getByRole('status').textContent).toBe('Showing the first 200 of 450 — refine by search');
    expect(within(panel).getAllByTestId('map-unit-row')).toHaveLength(LIST_LIMIT);
    fireEvent.change(within(panel).getByRole('searchbox', { name: 'Search by name, location or ID' }), { target: { value: 'well 42' } });
    await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe('11 units'));
    expect(within(panel).getAllByTestId('map-unit-row').slice(0, 3).map((r) => r.querySelector('a')!.textContent)).toEqual(['Well 42', 'Well 420', 'Well 421']);
    fireEvent.change(within(panel).getByRole('searchbox'), { target: { value: 'nothing like it' } });
    await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe('No units match'));
  }, 20_000);

  test('parking: the bay state in words beside the status', async () => {
    const recent = formatApiDate(new Date(Date.now() - 120_000));
    const bays = [
      unit(11, { UnitName: 'Bay 11', UnitType: 219, UnitGPSLatitude: 57.7, UnitGPSLongitude: 11.9 }),
      unit(12, { UnitName: 'Bay 12', UnitType: 225, UnitGPSLatitude: 57.72, UnitGPSLongitude: 12.0 }),
    ];
    renderMap(ParkingMap, {
      units: bays,
      component: 'parkingMap',
      legacy: () => [
        { UnitID: 11, ChannelKind: 'switch', Value: 1, MeasureTime: recent },
        { UnitID: 12, ChannelKind: 'switch', Value: 0, MeasureTime: recent },
      ],
    });
    await waitFor(() => expect(screen.getByTestId('map-bays-occupied').textContent).toBe('Occupied 1'));
    const panel = await openList();
    const rows = within(panel).getAllByTestId('map-unit-row');
    expect(rows.map((r) => r.querySelector('a')!.textContent)).toEqual(['Bay 11', 'Bay 12']);
    expect(rows[0]!.textContent).toContain('Occupied · OK');
    expect(rows[0]!.querySelector('svg')!.getAttribute('data-tone')).toBe('occupied');
    expect(rows[1]!.textContent).toContain('Free · OK');
    expect(rows[1]!.querySelector('svg')!.getAttribute('data-tone')).toBe('free');
  }, 20_000);

  test('100 000 units: the list is picked in one pass, fast', () => {
    const units = Array.from({ length: 100_000 }, (_, n) =>
      unit(n + 1, { UnitName: `Unit ${100_000 - n}`, UnitGPSLatitude: 55 + (n % 300) * 0.01, UnitGPSLongitude: 10 + Math.floor(n / 300) * 0.01 }),
    );
    units[500] = unit(501, { UnitName: 'Alarmed', UnitGPSLatitude: 56, UnitGPSLongitude: 12, AlarmEvents: [alarm(4)] });
    const data = prepareMapData(units, 'unit', { statuses: [], unitTypes: [] });
    const t0 = performance.now();
    const { rows, total } = listRows(data, '');
    const ms = performance.now() - t0;
    expect(total).toBe(100_000);
    expect(rows).toHaveLength(200);
    expect(data.shown[rows[0]!]!.UnitName).toBe('Alarmed');
    // The first 199 of the fleet's OK units (in its order), drawn by name.
    expect(rows.slice(1, 4).map((i) => data.shown[i]!.UnitName)).toEqual(['Unit 99802', 'Unit 99803', 'Unit 99804']);
    expect(ms).toBeLessThan(250);
    const found = listRows(data, 'unit 9999');
    expect(found.total).toBe(11); // 9999 and 99990…99999
  });
});

afterEach(async () => {
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
});
