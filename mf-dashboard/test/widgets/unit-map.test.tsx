jest.mock('../../src/widgets/kit/map/cluster-engine', () => {
  const actual = jest.requireActual('../../src/widgets/kit/map/cluster-engine');
  return { ...actual, createClusterEngine: jest.fn(actual.createClusterEngine) };
});
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { INACTIVE_UNIT_MARKER } from '@fieldwatch/shared';
import UnitMap from '../../src/widgets/unit-map';
import { createClusterEngine, type ClusterEngine } from '../../src/widgets/kit/map/cluster-engine';
import { alarm, configAnswer, installDomStubs, leafletMap, markerIcons, renderMap, unit } from './map.harness';

beforeAll(() => installDomStubs());

/** 40 units around Göteborg (clustered), a unit in alarm in Oslo, one in Stockholm with a problem. */
const fleet = () => [
  ...Array.from({ length: 40 }, (_, n) => unit(n + 1, { UnitGPSLatitude: 57.7 + n * 0.001, UnitGPSLongitude: 11.97 + n * 0.001 })),
  unit(100, { UnitName: 'Pump Oslo', UnitType: 10, UnitLocation: 'Harbour', UnitGPSLatitude: 59.91, UnitGPSLongitude: 10.75, AlarmEvents: [alarm(4)] }),
  unit(200, { UnitName: 'Sensor Stockholm', UnitGPSLatitude: 59.33, UnitGPSLongitude: 18.07, AlarmEvents: [alarm(19)] }),
];

describe('unit map widget', () => {
  test('shows a loading state, then clusters with counts and worst status over the bundled outlines', async () => {
    const mark = jest.fn();
    Object.defineProperty(performance, 'mark', { configurable: true, value: mark });
    renderMap(UnitMap, { units: fleet() });
    expect(screen.getByRole('progressbar', { name: 'Loading map…' })).toBeTruthy();
    await waitFor(() => expect(markerIcons().length).toBeGreaterThan(0));
    expect(screen.queryByRole('progressbar')).toBeNull();
    // The outlines (Natural Earth 1:110m) are drawn even without tiles.
    expect(document.querySelectorAll('.leaflet-fwOutlines-pane path').length).toBeGreaterThan(100);
    const cluster = markerIcons().find((m) => m.textContent === '40');
    expect(cluster).toBeTruthy();
    expect(cluster?.getAttribute('title')).toBe('Units here: 40 — click to zoom in (OK 40)');
    expect(screen.getByTestId('map-unit-count').textContent).toBe('Units: 42');
    // Single units carry their status tone and name.
    const oslo = markerIcons().find((m) => m.getAttribute('title')?.startsWith('Pump Oslo'));
    expect(oslo?.querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('alarm');
    expect(within(screen.getByRole('list', { name: 'Legend' })).getByText('Alarm').textContent).toBe('Alarm 1');
    expect(mark).toHaveBeenCalledWith('fw-map-first-render');
  });

  test('clicking a cluster zooms in until it falls apart', async () => {
    renderMap(UnitMap, { units: fleet() });
    await waitFor(() => expect(markerIcons().some((m) => m.textContent === '40')).toBe(true));
    const before = leafletMap().getZoom();
    fireEvent.click(markerIcons().find((m) => m.textContent === '40') as HTMLElement);
    await waitFor(() => expect(leafletMap().getZoom()).toBeGreaterThan(before));
  });

  test('clicking a unit selects it in the link group and opens its popup', async () => {
    const { setBinding, navigate } = renderMap(UnitMap, { units: fleet() });
    await waitFor(() => expect(markerIcons().length).toBeGreaterThan(1));
    fireEvent.click(markerIcons().find((m) => m.getAttribute('title')?.startsWith('Pump Oslo')) as HTMLElement);
    expect(setBinding).toHaveBeenCalledWith('units', [100]);
    const popup = await screen.findByTestId('map-popup');
    expect(popup.textContent).toContain('Pump Oslo');
    expect(popup.textContent).toContain('XPM');
    expect(popup.textContent).toContain('Harbour');
    expect(popup.textContent).toContain('Loop alarm');
    expect(popup.textContent).toContain('10 Jan 2026');
    const link = within(popup).getByText('Open in device management');
    expect(link.getAttribute('href')).toBe('/devicemanagement?q=Pump%20Oslo');
    fireEvent.click(link);
    expect(navigate).toHaveBeenCalledWith('/devicemanagement?q=Pump%20Oslo');
  });

  test('ctrl-click adds to the selection; the badge counts the selected units on the map', async () => {
    const { setBinding } = renderMap(UnitMap, { units: fleet(), bindings: { units: [100, 999] } });
    // It opens fitted to the selection (Oslo); zoom out to Scandinavia.
    await waitFor(() => expect(markerIcons().length).toBe(1));
    expect(leafletMap().getCenter().lat).toBeCloseTo(59.91, 1);
    leafletMap().setView([59, 14], 6, { animate: false });
    await waitFor(() => expect(markerIcons().length).toBeGreaterThan(1));
    const badge = screen.getByTestId('map-selected-count');
    expect(badge.textContent).toBe('1 selected');
    const sthlm = markerIcons().find((m) => m.getAttribute('title')?.startsWith('Sensor Stockholm')) as HTMLElement;
    fireEvent.click(sthlm, { ctrlKey: true });
    expect(setBinding).toHaveBeenCalledWith('units', [100, 999, 200]);
    // The selected unit's marker is highlighted, and a ring marks it.
    const oslo = markerIcons().find((m) => m.getAttribute('title')?.startsWith('Pump Oslo'));
    expect(oslo?.querySelector('[data-selected="true"]')).toBeTruthy();
    expect(document.querySelectorAll('.leaflet-fwSelection-pane path').length).toBe(1);
  });

  test('fits to the units another widget selects', async () => {
    const { update } = renderMap(UnitMap, { units: fleet() });
    await waitFor(() => expect(markerIcons().length).toBeGreaterThan(0));
    update({ bindings: { units: [200], timeRange: { hours: 168 }, channels: [] } });
    await waitFor(() => {
      const c = leafletMap().getCenter();
      expect(Math.abs(c.lat - 59.33)).toBeLessThan(0.05);
      expect(Math.abs(c.lng - 18.07)).toBeLessThan(0.05);
    });
    expect(screen.getByTestId('map-selected-count').textContent).toBe('1 selected');
  });

  test('the GIS filter is saved with updateSettings and narrows the map', async () => {
    const { updateSettings, update } = renderMap(UnitMap, { units: fleet() });
    await waitFor(() => expect(markerIcons().length).toBeGreaterThan(0));
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const panel = screen.getByRole('dialog', { name: 'GIS filter' });
    fireEvent.click(within(panel).getByLabelText('OK'));
    expect(updateSettings).toHaveBeenCalledWith({ filter: { statuses: ['alarm', 'problem', 'inactive'], unitTypes: [] } });
    fireEvent.click(within(panel).getByLabelText('XPM'));
    expect(updateSettings).toHaveBeenLastCalledWith({ filter: { statuses: [], unitTypes: [1] } });
    // The dashboard saves and hands the settings back.
    update({ widget: { id: 'w1', component: 'unitMap', name: '', group: 'default', props: {}, settings: { filter: { statuses: ['alarm'] } } } });
    await waitFor(() => expect(screen.getByTestId('map-unit-count').textContent).toBe('Units: 1'));
    expect(screen.getByRole('button', { name: /Filter/ }).textContent).toBe('Filter1');
  });

  test('a filter that matches nothing says so and offers to clear it', async () => {
    const { updateSettings } = renderMap(UnitMap, { units: fleet(), settings: { filter: { statuses: ['inactive'] } } });
    expect(await screen.findByText('No units match the filter')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filter' })[0] as HTMLElement);
    expect(updateSettings).toHaveBeenCalledWith({ filter: { statuses: [], unitTypes: [] } });
  });

  test('map settings: satellite, clustering and remembered view', async () => {
    const { updateSettings } = renderMap(UnitMap, { units: fleet() });
    await waitFor(() => expect(markerIcons().length).toBeGreaterThan(0));
    fireEvent.click(screen.getByRole('button', { name: 'Satellite' }));
    expect(updateSettings).toHaveBeenCalledWith({ satellite: true });
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const panel = screen.getByRole('dialog', { name: 'Map settings' });
    fireEvent.click(within(panel).getByLabelText('Group nearby units'));
    expect(updateSettings).toHaveBeenCalledWith({ cluster: false });
    fireEvent.click(within(panel).getByLabelText('Remember map view'));
    expect(updateSettings).toHaveBeenLastCalledWith(
      expect.objectContaining({ rememberView: true, view: expect.objectContaining({ zoom: expect.any(Number) }) }),
    );
  });

  test('opens at a remembered view and saves the view after a move', async () => {
    const { updateSettings } = renderMap(UnitMap, {
      units: fleet(),
      settings: { rememberView: true, view: { lat: 59.9, lng: 10.7, zoom: 9 } },
    });
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(leafletMap().getZoom()).toBe(9);
    await act(async () => {
      leafletMap().setView([59.33, 18.07], 11, { animate: false });
    });
    expect(updateSettings).toHaveBeenCalledWith({ view: { lat: 59.33, lng: 18.07, zoom: 11 } });
  });

  test('a plain wheel over the map scrolls the page and says how to zoom; Ctrl + wheel zooms', async () => {
    renderMap(UnitMap, { units: fleet() });
    await waitFor(() => expect(markerIcons().length).toBeGreaterThan(0));
    const pane = document.querySelector('.leaflet-map-pane') as HTMLElement;
    const wheel = (init: WheelEventInit) => {
      const e = new WheelEvent('wheel', { deltaY: 120, bubbles: true, cancelable: true, ...init });
      act(() => {
        pane.dispatchEvent(e);
      });
      return e;
    };
    // Not taken by the map: the browser scrolls the dashboard.
    expect(wheel({}).defaultPrevented).toBe(false);
    expect(screen.getByTestId('map-wheel-hint').textContent).toBe('Use Ctrl + scroll to zoom the map');
    // Ctrl + wheel (and a trackpad pinch) goes to Leaflet's wheel zoom, which takes the event.
    expect(wheel({ ctrlKey: true }).defaultPrevented).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('map-wheel-hint')).toBeNull(), { timeout: 3000 });
  });

  test('with clustering off the units are drawn as dots', async () => {
    renderMap(UnitMap, { units: fleet(), settings: { cluster: false } });
    await waitFor(() => expect(document.querySelectorAll('.leaflet-overlay-pane path').length).toBeGreaterThan(2));
    expect(markerIcons()).toHaveLength(0);
  });

  test('unreachable tiles are hidden with a note; the outlines stay', async () => {
    renderMap(UnitMap, { units: fleet() });
    await waitFor(() => expect(document.querySelectorAll('img.leaflet-tile').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('map-tiles-note')).toBeNull();
    fireEvent.error(document.querySelector('img.leaflet-tile') as HTMLElement);
    expect((await screen.findByTestId('map-tiles-note')).textContent).toBe('Map tiles unavailable — showing outlines');
    await waitFor(() => expect(document.querySelectorAll('img.leaflet-tile')).toHaveLength(0));
    expect(document.querySelectorAll('.leaflet-fwOutlines-pane path').length).toBeGreaterThan(100);
  });

  test('without tile URLs (or config) the map shows the outlines and the note', async () => {
    renderMap(UnitMap, { units: fleet(), answer: configAnswer({ mapTileUrl: '', mapSatelliteUrl: '' }) });
    expect(await screen.findByTestId('map-tiles-note')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Satellite' }) as HTMLButtonElement).disabled).toBe(true);
  });

  test('calls invalidateSize when the card is resized', async () => {
    const { update } = renderMap(UnitMap, { units: fleet() });
    await waitFor(() => expect(markerIcons().length).toBeGreaterThan(0));
    const spy = jest.spyOn(leafletMap(), 'invalidateSize');
    await act(async () => {
      update({ size: { width: 300, height: 200 } });
    });
    expect(spy).toHaveBeenCalled();
  });

  test('a resized card fits the units again, until the user has moved the map', async () => {
    const { update } = renderMap(UnitMap, { units: fleet() });
    await waitFor(() => expect(markerIcons().length).toBeGreaterThan(0));
    const fit = jest.spyOn(leafletMap(), 'fitBounds');
    update({ size: { width: 500, height: 400 } });
    expect(fit).toHaveBeenCalledTimes(1);
    fireEvent.pointerDown(screen.getByTestId('map-canvas'));
    update({ size: { width: 700, height: 400 } });
    expect(fit).toHaveBeenCalledTimes(1);
  });

  test('empty: no units, and units without positions (with the way to fix it)', async () => {
    const first = renderMap(UnitMap, { units: [] });
    await act(async () => {});
    expect(screen.getByText('No units to show')).toBeTruthy();
    first.unmount();
    const { navigate } = renderMap(UnitMap, {
      units: [unit(1, { UnitGPSLatitude: null, UnitGPSLongitude: null }), unit(2, { UnitName: `${INACTIVE_UNIT_MARKER} x`, UnitGPSLatitude: 0, UnitGPSLongitude: 0 })],
    });
    await act(async () => {});
    expect(screen.getByText('No unit has a position yet')).toBeTruthy();
    expect(screen.getByText(/Set the units' positions in device management/)).toBeTruthy();
    fireEvent.click(screen.getByText('Open device management'));
    expect(navigate).toHaveBeenCalledWith('/devicemanagement');
  });

  test('error: a failing clustering engine shows the error with Retry, which recovers', async () => {
    const real = jest.requireActual('../../src/widgets/kit/map/cluster-engine').createClusterEngine as () => ClusterEngine;
    const broken: ClusterEngine = {
      kind: 'main',
      load: () => Promise.reject(new Error('Out of memory')),
      query: () => Promise.reject(new Error('x')),
      expansionZoom: () => Promise.resolve(0),
      dispose: () => undefined,
    };
    (createClusterEngine as jest.Mock).mockImplementationOnce(() => broken).mockImplementation(real);
    renderMap(UnitMap, { units: fleet() });
    expect(await screen.findByText('The map could not be drawn')).toBeTruthy();
    expect(screen.getByText('Out of memory')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(markerIcons().length).toBeGreaterThan(0));
  });

  test('units arriving later (customers selected) mount the map', async () => {
    const { update } = renderMap(UnitMap, { units: [] });
    expect(screen.getByText('No units to show')).toBeTruthy();
    update({ units: fleet() });
    await waitFor(() => expect(markerIcons().length).toBeGreaterThan(0));
  });
});
