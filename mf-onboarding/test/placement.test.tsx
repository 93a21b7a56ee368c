/**
 * The organisation and placement steps (issue 19 §1.3–4) as a phone user fills them in: the map is
 * replaced by a stand-in (Leaflet needs a real browser; the e2e journey uses the real one), the
 * rest is the real form: the position from the map, the phone, the offline address search or typed
 * coordinates; the location and group, new or existing; what is missing, said per field; the
 * server's refusal, translated; each step saved to the server and the URL moving on.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { PositionPickerProps } from '../src/features/placement/PositionPicker';
import { Root } from '../src/Root';
import { currentLocation, demoUser, renderRemote } from './harness';
import { flowAt, server, TAG } from './flow-fixtures';

jest.mock('../src/features/placement/PositionPicker', () => ({
  __esModule: true,
  default: (p: PositionPickerProps) => (
    <button type="button" data-testid="fake-map" data-lat={p.position?.lat} data-lon={p.position?.lon} onClick={() => p.onMove(59.350123, 18.070456)}>
      {p.label}
    </button>
  ),
}));

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('placement step', () => {
  const geolocation = { getCurrentPosition: jest.fn() };
  beforeAll(() => {
    Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  });

  test('says what is missing, per field, and sends nothing', async () => {
    const { calls } = renderRemote(<Root />, { path: `/onboarding?tag=${TAG}&step=placement`, handler: server(flowAt('placement')), user: demoUser });
    const panel = await screen.findByTestId('step-placement-panel');
    expect(field('Name of the device').value).toBe('Water tower 4');
    fireEvent.change(field('Name of the device'), { target: { value: '  ' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Continue to the terms' }));
    expect(within(panel).getByText('Give the device a name.')).toBeTruthy();
    expect(within(panel).getByText('Give the device a position: tap the map, search, use your position or type the coordinates.')).toBeTruthy();
    expect(within(panel).getByText('Choose a location or name a new one.')).toBeTruthy();

    fireEvent.change(field('Latitude'), { target: { value: '91' } });
    fireEvent.change(field('Longitude'), { target: { value: 'east' } });
    expect(within(panel).getByText('A latitude is a number from -90 to 90, e.g. 59.3293.')).toBeTruthy();
    expect(within(panel).getByText('A longitude is a number from -180 to 180, e.g. 18.0686.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  test('a tap on the map, an existing location (its group chosen with it), saved; the URL moves on to the terms', async () => {
    const saved = flowAt('terms');
    const { calls } = renderRemote(<Root />, {
      path: `/onboarding?tag=${TAG}&step=placement`,
      handler: server(flowAt('placement'), (method, url) =>
        method === 'PUT' && url === `/api/v3/onboarding/flow/${TAG}/placement` ? { status: 200, body: { data: saved } } : undefined,
      ),
      user: demoUser,
    });
    const panel = await screen.findByTestId('step-placement-panel');
    fireEvent.click(await within(panel).findByTestId('fake-map'));
    expect(field('Latitude').value).toBe('59.350123');
    expect(field('Longitude').value).toBe('18.070456');
    // Typed coordinates (a decimal comma is fine) move the pin too.
    fireEvent.change(field('Latitude'), { target: { value: '59,3501' } });
    expect(within(panel).getByTestId('fake-map').getAttribute('data-lat')).toBe('59.3501');

    fireEvent.change(within(panel).getByRole('combobox', { name: 'Location' }), { target: { value: 'loc-1' } });
    expect(within(panel).getByText('This location is in: Region Stockholm.')).toBeTruthy();
    expect((within(panel).getByRole('combobox', { name: 'Group (optional)' }) as HTMLSelectElement).value).toBe('grp-1');
    fireEvent.change(field('Name of the device'), { target: { value: ' Pump station Norra ' } });
    fireEvent.change(field('Address (optional)'), { target: { value: 'Valhallavägen 41, Stockholm' } });
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Continue to the terms' }));
    });
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        url: `/api/v3/onboarding/flow/${TAG}/placement`,
        body: { name: 'Pump station Norra', lat: 59.3501, lon: 18.070456, address: 'Valhallavägen 41, Stockholm', locationId: 'loc-1', groupId: 'grp-1' },
      },
    ]);
    expect(currentLocation()).toBe(`/onboarding?tag=${TAG}&step=terms`);
    expect(await screen.findByTestId('step-terms-panel')).toBeTruthy();
  });

  test('the address search places the pin and fills the address; a new location in a new group', async () => {
    const places = [
      { kind: 'address', label: 'Vestergade 12, Odense', detail: 'Nordic Utilities', lat: 55.3959, lon: 10.3883 },
      { kind: 'town', label: 'Odense', detail: '', country: 'DK', lat: 55.4038, lon: 10.4024 },
    ];
    const { calls } = renderRemote(<Root />, {
      path: `/onboarding?tag=${TAG}&step=placement`,
      handler: server(flowAt('placement'), (method, url) =>
        method === 'GET' && url === '/api/v3/onboarding/places'
          ? { status: 200, body: { data: places } }
          : method === 'PUT'
            ? { status: 400, body: { message: 'The position is outside the map', code: 'onboarding_coordinates' } }
            : undefined,
      ),
      user: demoUser,
    });
    const panel = await screen.findByTestId('step-placement-panel');
    fireEvent.change(field('Search for an address or town'), { target: { value: 'o' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Search' }));
    expect(within(panel).getByText('Type at least two letters.')).toBeTruthy();
    fireEvent.change(field('Search for an address or town'), { target: { value: 'odense' } });
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Search' }));
    });
    const results = within(panel).getByRole('list', { name: 'Places found' });
    expect(results.textContent).toContain('Address of a device in Nordic Utilities');
    expect(results.textContent).toContain('Denmark');
    fireEvent.click(within(results).getByText('Vestergade 12, Odense'));
    expect([field('Latitude').value, field('Longitude').value, field('Address (optional)').value]).toEqual(['55.3959', '10.3883', 'Vestergade 12, Odense']);

    fireEvent.change(within(panel).getByRole('combobox', { name: 'Location' }), { target: { value: '__new__' } });
    fireEvent.change(within(panel).getByRole('combobox', { name: 'Group (optional)' }), { target: { value: '__new__' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Continue to the terms' }));
    expect(within(panel).getByText('Choose a location or name a new one.')).toBeTruthy();
    expect(within(panel).getByText('Name the new group, or choose “No group”.')).toBeTruthy();
    fireEvent.change(field('Name of the new location'), { target: { value: 'Harbour' } });
    fireEvent.change(field('Name of the new group'), { target: { value: 'Funen' } });
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Continue to the terms' }));
    });
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { name: 'Water tower 4', lat: 55.3959, lon: 10.3883, address: 'Vestergade 12, Odense', locationName: 'Harbour', groupName: 'Funen' },
    ]);
    // The server's refusal, in the reader's words, and the form stays.
    expect(within(panel).getByTestId('placement-problem').textContent).toContain('The position is outside the map: the latitude must be from -90 to 90');
    expect(currentLocation()).toBe(`/onboarding?tag=${TAG}&step=placement`);
  });

  test("the phone's position, and what to do when it is not shared", async () => {
    renderRemote(<Root />, { path: `/onboarding?tag=${TAG}&step=placement`, handler: server(flowAt('placement')), user: demoUser });
    const panel = await screen.findByTestId('step-placement-panel');
    geolocation.getCurrentPosition.mockImplementationOnce((ok: PositionCallback) =>
      ok({ coords: { latitude: 57.70887, longitude: 11.97456, accuracy: 12.4 } } as GeolocationPosition),
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Use my position' }));
    expect([field('Latitude').value, field('Longitude').value]).toEqual(['57.70887', '11.97456']);
    expect(within(panel).getByRole('status').textContent).toBe('Your position is set (accurate to about 12 m). Move the pin if needed.');

    geolocation.getCurrentPosition.mockImplementationOnce((_ok: PositionCallback, fail: PositionErrorCallback) =>
      fail({ code: 1, message: 'denied' } as GeolocationPositionError),
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Use my position' }));
    expect(within(panel).getByRole('alert').textContent).toContain('Your phone did not share its position');
  });
});

describe('organisation step', () => {
  test('one of his organisations, or a new one checked by the shared schema; saved, then the placement', async () => {
    const { calls } = renderRemote(<Root />, {
      path: `/onboarding?tag=${TAG}`,
      handler: server(flowAt('organisation'), (method, url, body) =>
        method === 'PUT' && url === `/api/v3/onboarding/flow/${TAG}/organization`
          ? { status: 200, body: { data: flowAt('placement', { organization: { id: null, name: 'Fjord Pumps ApS', details: body as never }, locations: [], groups: [] }) } }
          : undefined,
      ),
      user: demoUser,
    });
    const panel = await screen.findByTestId('step-organisation-panel');
    fireEvent.click(within(panel).getByRole('button', { name: 'Continue' }));
    expect(within(panel).getByRole('alert').textContent).toBe('Choose an organisation or create a new one.');

    fireEvent.click(within(panel).getByLabelText('Create a new organisation'));
    const form = within(panel).getByTestId('new-organisation');
    // The contact starts as the signed-in user.
    expect((within(form).getByLabelText('Email') as HTMLInputElement).value).toBe('astrid@example.com');
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'astrid@' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Continue' }));
    expect(within(form).getAllByText('This field is required.')).toHaveLength(4);
    expect(within(form).getByText('Enter a valid e-mail address, e.g. name@company.com.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Company name'), { target: { value: 'Fjord Pumps ApS' } });
    fireEvent.change(within(form).getAllByLabelText('Address')[0]!, { target: { value: 'Havnegade 4' } });
    fireEvent.change(within(form).getAllByLabelText('Zip code')[0]!, { target: { value: '5000' } });
    fireEvent.change(within(form).getAllByLabelText('City')[0]!, { target: { value: 'Odense' } });
    fireEvent.change(within(form).getByLabelText('Organisation number (optional)'), { target: { value: 'DK12345678' } });
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'mads@fjordpumps.example' } });
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Continue' }));
    });
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      {
        newOrganization: {
          companyName: 'Fjord Pumps ApS',
          companyAddress: 'Havnegade 4',
          companyZip: '5000',
          companyCity: 'Odense',
          organisationNumber: 'DK12345678',
          contactName: 'Astrid Lindqvist',
          contactEmail: 'mads@fjordpumps.example',
        },
      },
    ]);
    expect(currentLocation()).toBe(`/onboarding?tag=${TAG}&step=placement`);
    // A new organisation has no locations yet: the placement asks for a new one's name at once.
    const placement = await screen.findByTestId('step-placement-panel');
    expect(within(placement).queryByRole('combobox', { name: 'Location' })).toBeNull();
    expect(within(placement).getByLabelText('Name of the new location')).toBeTruthy();
  });
});

describe('installedName', () => {
  test('drops the "not installed" marker of a unit in stock', async () => {
    const { installedName } = await import('../src/features/placement/placement-form');
    expect(installedName('Ej installerad – District heating well 13')).toBe('District heating well 13');
    expect(installedName('Pump 4 – Ej installerad')).toBe('Pump 4');
    expect(installedName('Water tower 4')).toBe('Water tower 4');
  });
});

describe('a Reader', () => {
  test('is told at once that he cannot activate, and gets no form', async () => {
    renderRemote(<Root />, { path: `/onboarding?tag=${TAG}`, handler: server(flowAt('organisation', { canActivate: false })), user: demoUser });
    expect((await screen.findByTestId('read-only')).textContent).toBe(
      'Readers cannot activate devices. Ask a user or super user of your organisation to activate it.',
    );
    expect(screen.queryByTestId('step-organisation-panel')).toBeNull();
  });
});
