/** The small map of one place: a picture that is one link (the unit page's header). */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import common from '@fieldwatch/locales/common';
import devices from '@fieldwatch/locales/devices';
import { currentLocation, renderRemote } from '@fieldwatch/shared/testing';
import { OUTLINE_ZOOM, PositionMap } from '../../src/features/map/PositionMap';
import type { MapElement } from '../../src/features/map/useLeafletMap';

function show(tiles: string) {
  return renderRemote({
    element: (
      <Routes>
        <Route
          path="/devicemanagement/7"
          element={
            <PositionMap
              position={{ lat: 55.6761, lon: 12.5683 }}
              height={150}
              zoom={12}
              label="Location of Pump 07 on the map"
              link={{ to: '/devicemanagement/7/location', label: 'Open the Location tab' }}
            />
          }
        />
        <Route path="/devicemanagement/7/location" element={<p>location tab</p>} />
      </Routes>
    ),
    url: '/devicemanagement/7',
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

const leaflet = () => (document.querySelector('.leaflet-container') as MapElement).fwMap!;

describe('a map of one place as a link', () => {
  test('is a picture (no pan, zoom or keys) with a pin, and one link', async () => {
    show('/tiles/{z}/{x}/{y}.png');
    const picture = screen.getByRole('img', { name: 'Location of Pump 07 on the map' });
    expect(picture.querySelector('.leaflet-control-zoom')).toBeNull();
    const map = leaflet();
    expect(map.dragging.enabled()).toBe(false);
    expect(map.scrollWheelZoom.enabled()).toBe(false);
    expect(map.keyboard.enabled()).toBe(false);
    const pin = await screen.findByTestId('map-pin');
    expect(pin.getAttribute('tabindex')).toBeNull();
    await waitFor(() => expect(map.getZoom()).toBe(12));
    fireEvent.click(screen.getByRole('link', { name: 'Open the Location tab' }));
    await waitFor(() => expect(currentLocation()).toBe('/devicemanagement/7/location'));
  });

  test('without tiles it shows the outlines around the place, no closer than they can show it', async () => {
    show('');
    await waitFor(() => expect(screen.getByTestId('mini-map').getAttribute('data-tiles')).toBe('none'));
    await waitFor(() => expect(leaflet().getZoom()).toBe(OUTLINE_ZOOM));
    expect(leaflet().getCenter().lat).toBeCloseTo(55.6761, 4);
    expect(document.querySelector('.leaflet-fwOutlines-pane')).toBeTruthy();
  });
});
