/**
 * A group's units on a map: a marker per positioned unit in its status colour, the view fitted to
 * them, a click or Enter opening the unit's page, units without a position counted.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import common from '@fieldwatch/locales/common';
import devices from '@fieldwatch/locales/devices';
import { INACTIVE_UNIT_MARKER, type Unit } from '@fieldwatch/shared';
import { currentLocation, renderRemote } from '@fieldwatch/shared/testing';
import { placeOf, UnitsMap, type PlacedUnit } from '../../src/features/map/UnitsMap';
import { LIST_LIMIT, mapListRows } from '../../src/features/map/MapUnitList';
import type { MapElement } from '../../src/features/map/useLeafletMap';
import { unit } from '../fixtures';

// jsdom has no layout: the map gets the size of a group panel's map, so it can fit its units.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 360 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 240 });
});
afterAll(() => {
  Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
  Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
});

const alarm = {
  AlarmID: 1,
  AlarmType: 4,
  AlarmEventText: 'Loop alarm',
  AlarmEventTime: '2024-05-01 10:00:00',
  ChannelID: 1,
};
const commError = { ...alarm, AlarmID: 2, AlarmType: 19 };

// Four cities far enough apart to stay single markers when the map is fitted to them.
const units: Unit[] = [
  unit(1, { UnitName: 'Pump 01', UnitGPSLatitude: 55.68, UnitGPSLongitude: 12.57 }), // Copenhagen
  unit(2, { UnitName: 'Pump 02', UnitGPSLatitude: 59.33, UnitGPSLongitude: 18.07, AlarmEvents: [alarm] }), // Stockholm
  unit(3, { UnitName: 'Pump 03', UnitGPSLatitude: 59.91, UnitGPSLongitude: 10.75, AlarmEvents: [commError] }), // Oslo
  unit(4, { UnitName: `Pump 04 ${INACTIVE_UNIT_MARKER}`, UnitGPSLatitude: 60.17, UnitGPSLongitude: 24.94 }), // Helsinki
  unit(5, { UnitName: 'Pump 05', UnitGPSLatitude: null, UnitGPSLongitude: null }),
  unit(6, { UnitName: 'Pump 06', UnitGPSLatitude: 0, UnitGPSLongitude: 0 }),
];
/** Three units in one harbour, one of them in alarm, and one across the town. */
const harbour: Unit[] = [
  unit(11, { UnitName: 'Quay 1', UnitGPSLatitude: 55.69, UnitGPSLongitude: 12.6 }),
  unit(12, { UnitName: 'Quay 2', UnitGPSLatitude: 55.6905, UnitGPSLongitude: 12.6005, AlarmEvents: [alarm] }),
  unit(13, { UnitName: 'Quay 3', UnitGPSLatitude: 55.691, UnitGPSLongitude: 12.601 }),
  unit(14, { UnitName: 'Depot', UnitGPSLatitude: 55.64, UnitGPSLongitude: 12.5 }),
];

function show(list: Unit[], tiles = '') {
  return renderRemote({
    element: (
      <Routes>
        <Route
          path="/groupmanagement"
          element={<UnitsMap units={list} label="Positions of the units of North" />}
        />
        <Route path="/devicemanagement/:unitId" element={<p>unit page</p>} />
      </Routes>
    ),
    url: '/groupmanagement',
    basename: '/',
    namespace: 'devices',
    bundles: { common, devices },
    navigate: jest.fn(),
    handler: (method, url) =>
      url === '/api/v3/config'
        ? { status: 200, body: { data: { nfcHost: '', weather: false, mapTileUrl: tiles } } }
        : { status: 404, body: { message: 'Not found' } },
  });
}

const markers = () => [...document.querySelectorAll<HTMLElement>('[data-unit-id]')];

describe("a group's units on a map", () => {
  test('one marker per positioned unit, in its status colour, named for the keyboard', async () => {
    show(units);
    await waitFor(() => expect(markers()).toHaveLength(4));
    const byId = Object.fromEntries(markers().map((m) => [m.dataset.unitId, m]));
    expect(byId['1']!.dataset.status).toBe('ok');
    expect(byId['2']!.dataset.status).toBe('alarm');
    expect(byId['3']!.dataset.status).toBe('problem');
    expect(byId['4']!.dataset.status).toBe('inactive');
    expect(byId['2']!.querySelector('[data-status="alarm"]')).toBeTruthy();
    expect(byId['2']!.getAttribute('title')).toBe('Pump 02 — Alarm');
    expect(byId['2']!.getAttribute('aria-label')).toBe('Open Pump 02 (Alarm)');
    expect(byId['2']!.getAttribute('tabindex')).toBe('0');
    // Units without a position (none, or 0/0) are counted under the map.
    expect(screen.getByTestId('group-map').textContent).toContain(
      'Units with a position: 4 Without a position: 2.',
    );
    expect(screen.getByRole('group', { name: 'Positions of the units of North' })).toBeTruthy();
  });

  test('the view holds every unit', async () => {
    show(units, '/tiles/{z}/{x}/{y}.png');
    await waitFor(() => expect(markers()).toHaveLength(4));
    const map = (document.querySelector('.leaflet-container') as MapElement).fwMap!;
    for (const u of units.slice(0, 4))
      expect(map.getBounds().contains([u.UnitGPSLatitude!, u.UnitGPSLongitude!])).toBe(true);
    expect(map.getZoom()).toBe(4);
  });

  test('a single unit: a street view of it with tiles; without, no closer than the outlines can show', async () => {
    const { unmount } = show([units[0]!], '/tiles/{z}/{x}/{y}.png');
    await waitFor(() => expect(markers()).toHaveLength(1));
    let map = (document.querySelector('.leaflet-container') as MapElement).fwMap!;
    await waitFor(() => expect(map.getZoom()).toBe(15));
    expect(map.getCenter().lat).toBeCloseTo(55.68, 3);
    expect(screen.queryByText('Map tiles unavailable — showing outlines')).toBeNull();
    unmount();

    show([units[0]!], '');
    expect(await screen.findByText('Map tiles unavailable — showing outlines')).toBeTruthy();
    map = (document.querySelector('.leaflet-container') as MapElement).fwMap!;
    await waitFor(() => expect(map.getZoom()).toBe(10));
    expect(document.querySelector('.leaflet-fwOutlines-pane')).toBeTruthy();
  });

  test("a click on a marker opens the unit's page", async () => {
    show(units);
    await waitFor(() => expect(markers()).toHaveLength(4));
    act(() => {
      fireEvent.click(markers().find((m) => m.dataset.unitId === '3')!);
    });
    await waitFor(() => expect(currentLocation()).toBe('/devicemanagement/3'));
  });

  test('Enter on a focused marker opens its unit', async () => {
    show(units);
    await waitFor(() => expect(markers()).toHaveLength(4));
    fireEvent.keyDown(
      markers().find((m) => m.dataset.unitId === '2')!,
      { key: 'Enter' },
    );
    await waitFor(() => expect(currentLocation()).toBe('/devicemanagement/2'));
  });

  test('units too close to tell apart share a marker with their count and worst status; it zooms in', async () => {
    show(harbour);
    const cluster = await waitFor(() => {
      const c = document.querySelector<HTMLElement>('[data-count]');
      expect(c).toBeTruthy();
      return c!;
    });
    expect(cluster.dataset.count).toBe('3');
    expect(cluster.dataset.status).toBe('alarm');
    expect(cluster.textContent).toBe('3');
    expect(cluster.getAttribute('aria-label')).toBe('3 units here, worst status Alarm: zoom in');
    expect(markers().map((m) => m.dataset.unitId)).toEqual(['14']);
    const map = (document.querySelector('.leaflet-container') as MapElement).fwMap!;
    const before = map.getZoom();
    fireEvent.keyDown(cluster, { key: 'Enter' });
    await waitFor(() => expect(map.getZoom()).toBeGreaterThan(before));
    await waitFor(() =>
      expect(
        markers()
          .map((m) => m.dataset.unitId)
          .sort(),
      ).toEqual(['11', '12', '13']),
    );
    expect(document.querySelector('[data-count]')).toBeNull();
  });

  test('a status shows by shape as well as colour: markers and the worst status of a cluster', async () => {
    show(harbour);
    await waitFor(() => expect(document.querySelector('[data-count]')).toBeTruthy());
    const cluster = document.querySelector<HTMLElement>('[data-count]')!;
    const mark = cluster.querySelector('svg[data-status="alarm"]')!;
    expect(mark.querySelector('polygon')).toBeTruthy();
    expect(mark.getAttribute('aria-hidden')).toBe('true');
    const depot = markers()[0]!;
    expect(depot.querySelector('svg[data-status="ok"] circle')).toBeTruthy();
  });

  test('the units on the map as a list below it: most severe first, status in words, links to their pages', async () => {
    show(units);
    await waitFor(() => expect(markers()).toHaveLength(4));
    const list = screen.getByTestId('map-unit-list');
    expect(within(list).queryAllByTestId('map-unit-row')).toHaveLength(0);
    const summary = within(list).getByText('List of the units on the map (4)');
    fireEvent.click(summary);
    await waitFor(() => expect(within(list).getAllByTestId('map-unit-row')).toHaveLength(4));
    const rows = within(list).getAllByTestId('map-unit-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Pump 02Alarm · Depot',
      'Pump 03Problem · Depot',
      `Pump 04 ${INACTIVE_UNIT_MARKER}Inactive · Depot`,
      'Pump 01OK · Depot',
    ]);
    expect(within(list).getByRole('status').textContent).toBe('4 units');
    const link = within(rows[0]!).getByRole('link', { name: 'Pump 02' });
    expect(link.getAttribute('href')).toBe('/devicemanagement/2');
    fireEvent.change(within(list).getByRole('searchbox', { name: 'Search by name, location or ID' }), { target: { value: 'pump 03' } });
    await waitFor(() => expect(within(list).getAllByTestId('map-unit-row')).toHaveLength(1));
    fireEvent.click(within(list).getByRole('link', { name: 'Pump 03' }));
    await waitFor(() => expect(currentLocation()).toBe('/devicemanagement/3'));
  });

  test('a large group: the list draws the first 200 and says how many there are', () => {
    const many = Array.from({ length: 20_000 }, (_, n) =>
      placeOf(unit(n + 1, { UnitName: `Well ${n + 1}`, UnitGPSLatitude: 55 + (n % 100) * 0.01, UnitGPSLongitude: 12 + Math.floor(n / 100) * 0.01 })),
    ).filter((p): p is PlacedUnit => p !== null);
    const t0 = performance.now();
    const { rows, total } = mapListRows(many, '');
    expect(performance.now() - t0).toBeLessThan(200);
    expect(total).toBe(20_000);
    expect(rows).toHaveLength(LIST_LIMIT);
    expect(rows.slice(0, 3).map((p) => p.unit.UnitName)).toEqual(['Well 1', 'Well 2', 'Well 3']);
    expect(mapListRows(many, 'well 1999').total).toBe(11);
  });

  test('no unit with a position: says so instead of an empty map', () => {
    show([units[4]!, units[5]!]);
    expect(screen.getByText('None of these units has a position yet.')).toBeTruthy();
    expect(document.querySelector('.leaflet-container')).toBeNull();
  });
});
