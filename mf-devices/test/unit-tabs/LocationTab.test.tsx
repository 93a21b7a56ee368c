/**
 * The location tab: its fields start at the unit's own stored position and address, the pin moves
 * by keyboard, drag and click, saving writes the settings and then the unit (position and address),
 * "Location missing" where there is none, and a Reader only looks.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import L from 'leaflet';
import type { Unit, UnitSettings } from '@fieldwatch/shared';
import type { FakeHandler } from '@fieldwatch/shared/testing';
import { LocationTab, unitChanges } from '../../src/features/unit/tabs/location/LocationTab';
import type { MapElement } from '../../src/features/map/useLeafletMap';
import { details, props, renderTab, settingsDoc, UNIT_ID } from './helpers';

const SETTINGS = `/api/v2/device/legacy/devices/${UNIT_ID}/settings`;
const UNIT = `/api/v3/device/devices/${UNIT_ID}`;
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function server({
  location,
  units = [],
  tiles = '',
  write,
}: {
  location?: Record<string, string | number | null>;
  units?: Unit[];
  tiles?: string;
  write?: FakeHandler;
} = {}): FakeHandler {
  return (method, url, body) => {
    const path = url.split('?')[0];
    if (method === 'GET' && path === '/api/v3/config')
      return { status: 200, body: { data: { nfcHost: '', weather: false, mapTileUrl: tiles } } };
    if (method === 'GET' && path === SETTINGS) {
      const doc = settingsDoc();
      return {
        status: 200,
        body: { data: location ? { ...doc, settings: { ...doc.settings, location } } : doc },
      };
    }
    if (method === 'GET' && path === '/api/v2/device/devices') return { status: 200, body: units };
    if (method === 'GET' && path === '/api/v3/containers') return { status: 200, body: { data: [] } };
    if (write) return write(method, url, body);
    return { status: 404, body: { message: 'Not found' } };
  };
}

/** Answers the settings save with what was sent, and the unit's update with the unit. */
function writes(unitStatus = 200) {
  const calls: Array<[string, string, unknown]> = [];
  const write: FakeHandler = (method, url, body) => {
    calls.push([method, url, body]);
    if (method === 'PUT' && url === SETTINGS) {
      const b = body as { settings: UnitSettings['settings'] };
      return { status: 200, body: { data: settingsDoc({ revision: 4, settings: b.settings }) } };
    }
    if (method === 'PUT' && url === UNIT)
      return unitStatus === 200
        ? { status: 200, body: { data: details() } }
        : { status: unitStatus, body: { message: 'You are missing authority for this device' } };
    return { status: 404, body: { message: 'Not found' } };
  };
  return { calls, write };
}

const leafletMap = () =>
  (screen.getByTestId('mini-map').querySelector('.leaflet-container') as MapElement).fwMap!;
function pinMarker(): L.Marker {
  let found: L.Marker | undefined;
  leafletMap().eachLayer((l) => {
    if (l instanceof L.Marker) found = l;
  });
  return found!;
}

describe('the location tab', () => {
  test("starts at the unit's own stored position and address before the section is saved", async () => {
    renderTab(<LocationTab {...props()} />, { handler: server() });
    expect(await screen.findByDisplayValue('North reservoir')).toBe(input('Address'));
    expect(input('Latitude').value).toBe('55.6');
    expect(input('Longitude').value).toBe('12.5');
    const map = screen.getByTestId('mini-map');
    expect(map.getAttribute('data-lat')).toBe('55.6');
    expect(map.getAttribute('data-lon')).toBe('12.5');
    expect(within(map).getByTestId('map-coords').textContent).toBe('55.60000, 12.50000');
  });

  test('a saved location section is what the fields show', async () => {
    renderTab(<LocationTab {...props()} />, {
      handler: server({ location: { address: 'Harbour road 1', lat: 55.7, lon: 12.6 } }),
    });
    expect(await screen.findByDisplayValue('Harbour road 1')).toBe(input('Address'));
    expect(input('Latitude').value).toBe('55.7');
    expect(screen.getByTestId('mini-map').getAttribute('data-lon')).toBe('12.6');
  });

  test('the pin is a named button the arrow keys move (Shift: further); saving moves the unit', async () => {
    const { calls, write } = writes();
    renderTab(<LocationTab {...props()} />, { handler: server({ write }) });
    const pin = await screen.findByTestId('map-pin');
    expect(pin.getAttribute('role')).toBe('button');
    expect(pin.getAttribute('tabindex')).toBe('0');
    expect(pin.getAttribute('aria-label')).toBe('Unit position: drag, or use the arrow keys to move it');

    fireEvent.keyDown(pin, { key: 'ArrowRight' });
    const lon1 = Number(input('Longitude').value);
    expect(lon1).toBeGreaterThan(12.5);
    expect(input('Latitude').value).toBe('55.6');
    fireEvent.keyDown(pin, { key: 'ArrowUp', shiftKey: true });
    const lat1 = Number(input('Latitude').value);
    expect(lat1).toBeGreaterThan(55.6);
    // Shift moves five steps: five times as far as one step east (in pixels; north is a little less in degrees).
    expect(lat1 - 55.6).toBeGreaterThan(2 * (lon1 - 12.5));
    expect(screen.getByTestId('mini-map').getAttribute('data-lat')).toBe(String(lat1));

    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('The unit now shows at its new position on the maps.')).toBeTruthy();
    expect(calls[0]).toEqual([
      'PUT',
      SETTINGS,
      { revision: 3, settings: expect.objectContaining({ location: { lat: lat1, lon: lon1 } }) },
    ]);
    // The address did not change: only the position is sent.
    expect(calls[1]).toEqual(['PUT', UNIT, { lat: lat1, lon: lon1 }]);
  });

  test('dragging the pin, or clicking the map, puts it there (rounded to 6 decimals)', async () => {
    renderTab(<LocationTab {...props()} />, { handler: server() });
    await screen.findByTestId('map-pin');
    const marker = pinMarker();
    expect(marker.dragging?.enabled()).toBe(true);
    act(() => {
      marker.setLatLng([55.61234567, 372.5]); // dragged across the antimeridian's copy: wrapped back
      marker.fire('dragend');
    });
    expect(input('Latitude').value).toBe('55.612346');
    expect(input('Longitude').value).toBe('12.5');
    act(() => {
      leafletMap().fire('click', { latlng: L.latLng(55.5, 12.25) });
    });
    expect(input('Latitude').value).toBe('55.5');
    expect(input('Longitude').value).toBe('12.25');
  });

  test('typed coordinates move the pin', async () => {
    renderTab(<LocationTab {...props()} />, { handler: server() });
    await screen.findByTestId('map-pin');
    fireEvent.change(input('Latitude'), { target: { value: '56.1' } });
    await waitFor(() => expect(pinMarker().getLatLng().lat).toBe(56.1));
    expect(screen.getByTestId('mini-map').getAttribute('data-lat')).toBe('56.1');
  });

  test("a changed address becomes the unit's location text", async () => {
    const { calls, write } = writes();
    renderTab(<LocationTab {...props()} />, { handler: server({ write }) });
    fireEvent.change(await screen.findByDisplayValue('North reservoir'), {
      target: { value: 'Harbour road 1' },
    });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(
      await screen.findByText("The unit's address is updated on its page and in the device table."),
    ).toBeTruthy();
    expect(calls[1]).toEqual(['PUT', UNIT, { location: 'Harbour road 1' }]);
  });

  test('a refused update of the unit says so; the settings stay saved', async () => {
    const { calls, write } = writes(403);
    renderTab(<LocationTab {...props()} />, { handler: server({ write }) });
    fireEvent.keyDown(await screen.findByTestId('map-pin'), { key: 'ArrowDown' });
    fireEvent.click(screen.getByTestId('settings-save'));
    const note = await screen.findByTestId('settings-note');
    expect(note.getAttribute('role')).toBe('alert');
    expect(note.textContent).toBe(
      "The location was saved in the settings, but the unit's map position could not be changed (You are missing authority for this device). Save again to retry.",
    );
    expect(calls.map((c) => c[1])).toEqual([SETTINGS, UNIT]);
  });

  test('no position: "Location missing" over the map of its organisation\'s units; a pin can be placed', async () => {
    const units: Unit[] = [
      { ...details(), UnitID: 1, UnitGPSLatitude: 57, UnitGPSLongitude: 11 },
      { ...details(), UnitID: 2, UnitGPSLatitude: 59, UnitGPSLongitude: 13 },
      { ...details(), UnitID: 3, CustomerID: 99, UnitGPSLatitude: 10, UnitGPSLongitude: 10 },
    ];
    renderTab(
      <LocationTab {...props({ details: details({ UnitGPSLatitude: null, UnitGPSLongitude: null }) })} />,
      {
        handler: server({ units }),
      },
    );
    const missing = await screen.findByTestId('location-missing');
    expect(missing.textContent).toContain('Location missing');
    expect(screen.queryByTestId('map-pin')).toBeNull();
    // The map looks at the middle of the organisation's units (once the list is in).
    await waitFor(() => expect(leafletMap().getCenter().lat).toBeCloseTo(58, 0));
    fireEvent.click(within(missing).getByRole('button', { name: 'Place a pin on the map' }));
    expect(await screen.findByTestId('map-pin')).toBeTruthy();
    expect(Number(input('Latitude').value)).toBeCloseTo(58, 0);
    expect(Number(input('Longitude').value)).toBeCloseTo(12, 0);
    expect(screen.queryByTestId('location-missing')).toBeNull();
  });

  test('an emptied coordinate says "Location missing" and leaves the map where it was', async () => {
    renderTab(<LocationTab {...props()} />, {
      handler: server({ units: [{ ...details(), UnitID: 1, UnitGPSLatitude: 40, UnitGPSLongitude: 0 }] }),
    });
    await screen.findByTestId('map-pin');
    const before = leafletMap().getCenter();
    fireEvent.change(input('Latitude'), { target: { value: '' } });
    expect((await screen.findByTestId('location-missing')).textContent).toContain('Location missing');
    expect(screen.queryByTestId('map-pin')).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(leafletMap().getCenter().lat).toBeCloseTo(before.lat, 4);
  });

  test('without tiles the outlines are the map, and it says so', async () => {
    renderTab(<LocationTab {...props()} />, { handler: server({ tiles: '' }) });
    expect(await screen.findByText('Map tiles unavailable — showing outlines')).toBeTruthy();
    const map = screen.getByTestId('mini-map');
    expect(map.getAttribute('data-tiles')).toBe('none');
    expect(map.querySelector('.leaflet-fwOutlines-pane')).toBeTruthy();
    expect(map.querySelectorAll('.leaflet-tile-pane img')).toHaveLength(0);
  });

  test('a Reader sees the position but cannot move or place the pin', async () => {
    renderTab(<LocationTab {...props({ canEdit: false })} />, { handler: server() });
    const pin = await screen.findByTestId('map-pin');
    expect(pin.getAttribute('tabindex')).toBeNull();
    expect(pinMarker().dragging?.enabled() ?? false).toBe(false);
    fireEvent.keyDown(pin, { key: 'ArrowRight' });
    act(() => {
      leafletMap().fire('click', { latlng: L.latLng(50, 10) });
    });
    expect(screen.getByTestId('mini-map').getAttribute('data-lon')).toBe('12.5');
    expect(screen.queryByTestId('settings-save')).toBeNull();
  });

  test('a Reader of a unit without a position reads "Location missing" and gets no button', async () => {
    renderTab(
      <LocationTab
        {...props({ canEdit: false, details: details({ UnitGPSLatitude: null, UnitGPSLongitude: null }) })}
      />,
      { handler: server() },
    );
    const missing = await screen.findByTestId('location-missing');
    expect(missing.textContent).toBe('Location missing');
    expect(within(missing).queryByRole('button')).toBeNull();
  });
});

describe('what a saved location section changes on the unit', () => {
  const saved = (location: Record<string, string | number | null>) => settingsDoc({ settings: { location } });
  const unit = details({ UnitGPSLatitude: 55.6, UnitGPSLongitude: 12.5, UnitLocation: 'North reservoir' });

  test('nothing when the section matches the unit', () => {
    expect(unitChanges(unit, saved({ lat: 55.6, lon: 12.5, address: 'North reservoir' }))).toBeNull();
    expect(unitChanges(unit, saved({ address: ' North reservoir ' }))).toBeNull();
  });

  test('a coordinate the section lacks is the unit’s own; both cleared clears the position', () => {
    expect(unitChanges(unit, saved({ lat: 56 }))).toEqual({ lat: 56, lon: 12.5 });
    expect(unitChanges(unit, saved({ lat: null, lon: null }))).toEqual({ lat: null, lon: null });
    // Half a position is not sent.
    expect(unitChanges(unit, saved({ lat: null }))).toBeNull();
  });

  test('the address as the location text, trimmed', () => {
    expect(unitChanges(unit, saved({ address: ' Pier 4 ' }))).toEqual({ location: 'Pier 4' });
  });
});
