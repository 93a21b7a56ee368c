import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sessionStore, USER_TYPES } from '@fieldwatch/shared';
import { currentLocation, demoUser } from '@fieldwatch/shared/testing';
import { tablePathFrom, unitLinkState } from '../../src/features/unit/links';
import { customers } from '../fixtures';
import { command, details, options, relay, renderUnit, unitServer } from './unit-fixtures';

beforeEach(() => {
  sessionStore.setState({
    user: demoUser,
    customers,
    selectedCustomers: [10, 11],
    refreshKey: 0,
    dashboards: [],
  });
});

describe("a unit's page", () => {
  test('shows the header: name, model, status, last contact, active alarms with links, and the position', async () => {
    renderUnit('/devicemanagement/7', unitServer());
    const header = await screen.findByTestId('unit-header');
    expect(within(header).getByRole('heading', { level: 1 }).textContent).toBe('Pump 07');
    expect(within(header).getByTestId('unit-model').textContent).toContain('X1');
    expect(within(header).getByText('Alarm')).toBeTruthy();
    expect(within(header).getByText(/Last contact/)).toBeTruthy();
    const alarms = within(header).getByTestId('unit-alarms');
    expect(alarms.textContent).toContain('1 active alarm');
    const link = within(alarms).getByRole('link', { name: 'Loop alarm' });
    expect(link.getAttribute('href')).toBe('/devicemanagement/7/alarm');
    expect(within(header).getByTestId('mini-map').getAttribute('data-lat')).toBe('55.6761');
    // Breadcrumb back to the table.
    expect(screen.getByTestId('back-to-table').getAttribute('href')).toBe('/devicemanagement');
  });

  test("the small map draws the deployment's own tiles around the unit and opens the location tab", async () => {
    renderUnit(
      '/devicemanagement/7',
      unitServer((method, url) =>
        url === '/api/v3/config'
          ? { status: 200, body: { data: { mapTileUrl: '/tiles/{z}/{x}/{y}.png' } } }
          : undefined,
      ),
    );
    const map = await screen.findByTestId('mini-map');
    // Zoom 12 at Copenhagen (55.6761, 12.5683): the tile x 2190, y 1282 holds the unit.
    await waitFor(() =>
      expect(Array.from(map.querySelectorAll('img')).map((i) => i.getAttribute('src'))).toContain(
        '/tiles/12/2190/1282.png',
      ),
    );
    expect(within(map).getByTestId('map-pin')).toBeTruthy();
    fireEvent.click(within(map).getByRole('link', { name: 'Location of Pump 07 on the map: open the Location tab' }));
    await waitFor(() => expect(currentLocation()).toBe('/devicemanagement/7/location'));
  });

  test('a unit without a position says "Location missing"', async () => {
    renderUnit(
      '/devicemanagement/7',
      unitServer(undefined, details({ UnitGPSLatitude: null, UnitGPSLongitude: null })),
    );
    expect((await screen.findByTestId('header-location-missing')).textContent).toContain('Location missing');
  });

  test('an unknown or foreign unit (404) says it was not found', async () => {
    renderUnit('/devicemanagement/999', unitServer());
    const state = await screen.findByTestId('unit-not-found');
    expect(state.textContent).toContain('Unit 999 was not found');
    expect(within(state).getByRole('link', { name: 'Back to the devices' })).toBeTruthy();
  });

  test('shows loading, then an error with a retry when the server fails', async () => {
    let fail = true;
    renderUnit(
      '/devicemanagement/7',
      unitServer((method, url) =>
        fail && url === '/api/v1/device/7/details' ? { status: 500, body: { message: 'boom' } } : undefined,
      ),
    );
    expect(screen.getByRole('progressbar', { name: 'Loading the unit…' })).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The unit could not be loaded');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('unit-header')).toBeTruthy();
  });

  test('a path that is not a unit id goes to the table', async () => {
    renderUnit('/devicemanagement/abc', unitServer());
    await waitFor(() => expect(currentLocation()).toBe('/devicemanagement'));
  });

  test('the tabs are in order, accessible, linked by URL, and move with the arrow keys', async () => {
    renderUnit('/devicemanagement/7/schedule', unitServer());
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Info',
      'Charts',
      'Schedule',
      'GPRS',
      'Network',
      'Cellular',
      'Port settings',
      'Firmware',
      'Alarm',
      'NFC',
      'Log scan',
      'Custom brand',
      'Location',
    ]);
    const schedule = screen.getByRole('tab', { name: 'Schedule' });
    expect(schedule.getAttribute('aria-selected')).toBe('true');
    expect(schedule.getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('tabpanel').getAttribute('data-tab')).toBe('schedule');
    fireEvent.keyDown(schedule, { key: 'ArrowRight' });
    await waitFor(() => expect(currentLocation()).toBe('/devicemanagement/7/gprs'));
    expect(screen.getByRole('tab', { name: 'GPRS' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'GPRS' }), { key: 'Home' });
    await waitFor(() => expect(currentLocation()).toBe('/devicemanagement/7/info'));
    fireEvent.click(screen.getByRole('tab', { name: 'Location' }));
    await waitFor(() => expect(currentLocation()).toBe('/devicemanagement/7/location'));
  });

  test('tabs follow the WAI-ARIA pattern: roving tabindex, arrows wrap, Home/End, focus moves with the selection, the panel is labelled by its tab', async () => {
    renderUnit('/devicemanagement/7/info', unitServer());
    const tablist = await screen.findByRole('tablist', { name: 'Unit settings' });
    const tab = (name: string) => within(tablist).getByRole('tab', { name });
    const check = (name: string) => {
      const selected = tab(name);
      expect(selected.getAttribute('aria-selected')).toBe('true');
      expect(document.activeElement).toBe(selected);
      // One tab stop: the selected tab; the others are reached with the arrows.
      const stops = within(tablist).getAllByRole('tab').filter((t) => t.getAttribute('tabindex') === '0');
      expect(stops).toEqual([selected]);
      const panel = screen.getByRole('tabpanel');
      expect(selected.getAttribute('aria-controls')).toBe(panel.id);
      expect(panel.getAttribute('aria-labelledby')).toBe(selected.id);
      expect(panel.getAttribute('tabindex')).toBe('0');
      expect(within(tablist).getAllByRole('tab').filter((t) => t.hasAttribute('aria-controls'))).toEqual([selected]);
    };
    tab('Info').focus();
    // ArrowLeft from the first wraps to the last.
    fireEvent.keyDown(tab('Info'), { key: 'ArrowLeft' });
    await waitFor(() => expect(currentLocation()).toBe('/devicemanagement/7/location'));
    check('Location');
    fireEvent.keyDown(tab('Location'), { key: 'ArrowRight' });
    await waitFor(() => expect(currentLocation()).toBe('/devicemanagement/7/info'));
    check('Info');
    fireEvent.keyDown(tab('Info'), { key: 'ArrowRight' });
    await waitFor(() => expect(currentLocation()).toBe('/devicemanagement/7/charts'));
    check('Charts');
    fireEvent.keyDown(tab('Charts'), { key: 'End' });
    await waitFor(() => expect(currentLocation()).toBe('/devicemanagement/7/location'));
    check('Location');
    fireEvent.keyDown(tab('Location'), { key: 'Home' });
    await waitFor(() => expect(currentLocation()).toBe('/devicemanagement/7/info'));
    check('Info');
    // Other keys are left alone.
    fireEvent.keyDown(tab('Info'), { key: 'ArrowDown' });
    expect(currentLocation()).toBe('/devicemanagement/7/info');
  });

  test('a tab the unit does not support says so (its description), not by a faded colour', async () => {
    const d = details({ UnitType: 207, ModelName: 'CO2', ThirdParty: true, DeviceFamily: 'co2' });
    renderUnit('/devicemanagement/7/info', unitServer(undefined, d, options({ unitType: 207, relay: false })));
    await screen.findByRole('tablist');
    const cellular = screen.getByRole('tab', { name: 'Cellular', description: 'not supported by this unit' });
    expect(cellular.getAttribute('data-unsupported')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Info' })).toBeTruthy();
  });

  test('an unknown tab in the URL opens the unit', async () => {
    renderUnit('/devicemanagement/7/relay', unitServer());
    await waitFor(() => expect(currentLocation()).toBe('/devicemanagement/7'));
  });

  test('a third-party sensor says "Device not supported" on the cellular tab', async () => {
    const d = details({ UnitType: 207, ModelName: 'CO2', ThirdParty: true, DeviceFamily: 'co2' });
    renderUnit(
      '/devicemanagement/7/cellular',
      unitServer(undefined, d, options({ unitType: 207, relay: false })),
    );
    const panel = await screen.findByRole('tabpanel');
    expect(panel.textContent).toContain('Device not supported');
    expect(panel.textContent).toContain('third-party sensor');
    expect(screen.queryByTestId('unit-relay')).toBeNull();
  });

  test('the info tab lists the facts and channels', async () => {
    renderUnit('/devicemanagement/7/info', unitServer());
    const info = await screen.findByTestId('info-tab');
    expect(info.textContent).toContain('Aarhus Water');
    expect(info.textContent).toContain('Unit id7');
    expect(screen.getByRole('table', { name: 'Channels of the unit' }).textContent).toContain(
      'Signal strength',
    );
  });

  test('the breadcrumb goes back to the table view the unit was opened from', () => {
    expect(tablePathFrom(unitLinkState('?page=3&status=alarm'))).toBe(
      '/devicemanagement?page=3&status=alarm',
    );
    expect(tablePathFrom(null)).toBe('/devicemanagement');
    expect(tablePathFrom({ tableSearch: 'http://evil' })).toBe('/devicemanagement');
  });
});

describe('unit actions', () => {
  test('a harmless action runs at once and shows as queued', async () => {
    const posted: unknown[] = [];
    renderUnit(
      '/devicemanagement/7',
      unitServer((method, url, body) => {
        if (method === 'POST' && url === '/api/v2/device/devices/7/actions') {
          posted.push(body);
          return { status: 200, body: { data: command({ action: 'getData' }) } };
        }
        // The server lists the new command (still queued: the unit has not been in contact yet).
        if (method === 'GET' && url === '/api/v2/device/devices/7/actions' && posted.length > 0)
          return { status: 200, body: { data: [command({ action: 'getData' })] } };
        return undefined;
      }),
    );
    const panel = await screen.findByTestId('unit-actions');
    fireEvent.click(await within(panel).findByRole('button', { name: 'Get data' }));
    expect(await within(panel).findByTestId('action-result')).toBeTruthy();
    expect(posted).toEqual([{ action: 'getData' }]);
    expect(within(panel).getByTestId('command').getAttribute('data-status')).toBe('queued');
    expect(within(panel).getByTestId('command').textContent).toContain('Queued');
  });

  test('restart asks first, naming the unit; cancel sends nothing, confirm sends it', async () => {
    const posted: unknown[] = [];
    renderUnit(
      '/devicemanagement/7',
      unitServer((method, url, body) => {
        if (method === 'POST' && url === '/api/v2/device/devices/7/actions') {
          posted.push(body);
          return { status: 200, body: { data: command({ action: 'restart' }) } };
        }
        return undefined;
      }),
    );
    const panel = await screen.findByTestId('unit-actions');
    fireEvent.click(await within(panel).findByRole('button', { name: 'Restart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restart Pump 07?' });
    expect(dialog.textContent).toContain('Pump 07 restarts');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posted).toEqual([]);

    fireEvent.click(within(panel).getByRole('button', { name: 'Purge data' }));
    expect(await screen.findByRole('dialog', { name: 'Purge the data of Pump 07?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Restart' }));
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(posted).toEqual([{ action: 'restart' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test('a refused action keeps the dialog open and says why', async () => {
    renderUnit(
      '/devicemanagement/7',
      unitServer((method, url) =>
        method === 'POST' && url === '/api/v2/device/devices/7/actions'
          ? { status: 503, body: { message: 'The database did not answer' } }
          : undefined,
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Restart' }));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    const dialog = screen.getByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Restart could not be started: The database did not answer',
    );
  });

  test('open commands are asked for again until they settle', async () => {
    let calls = 0;
    renderUnit(
      '/devicemanagement/7',
      unitServer((method, url) => {
        if (method === 'GET' && url === '/api/v2/device/devices/7/actions') {
          calls++;
          return {
            status: 200,
            body: { data: [command({ status: calls === 1 ? 'sent' : 'acknowledged' })] },
          };
        }
        return undefined;
      }),
    );
    const item = await screen.findByTestId('command');
    expect(item.getAttribute('data-status')).toBe('sent');
    await waitFor(
      () => expect(screen.getByTestId('command').getAttribute('data-status')).toBe('acknowledged'),
      { timeout: 4000 },
    );
  });
});

describe('live updates pushed by the server', () => {
  test("a command's new state and the relay's state show at once", async () => {
    const view = renderUnit(
      '/devicemanagement/7',
      unitServer((method, url) =>
        method === 'GET' && url === '/api/v2/device/devices/7/actions'
          ? { status: 200, body: { data: [command({ status: 'acknowledged' })] } }
          : undefined,
      ),
    );
    expect((await screen.findByTestId('command', {}, { timeout: 5000 })).getAttribute('data-status')).toBe(
      'acknowledged',
    );
    await screen.findByTestId('relay-state', {}, { timeout: 5000 });
    act(() => {
      view.props.bus.emit('unit:command', command({ id: 502, action: 'restart', status: 'sent' }));
      view.props.bus.emit('unit:command', command({ id: 900, unitId: 8, action: 'test', status: 'sent' }));
      view.props.bus.emit('unit:relay', relay({ state: 'on', on: true }));
    });
    // Only unit 7's command; the cache tells its screens on the next tick.
    await waitFor(() =>
      expect(screen.getAllByTestId('command').map((i) => i.getAttribute('data-status'))).toEqual([
        'sent',
        'acknowledged',
      ]),
    );
    expect(screen.getAllByTestId('command')[0]!.textContent).toContain('Restart');
    await waitFor(() => expect(screen.getByTestId('relay-state').getAttribute('data-state')).toBe('on'));
  });
});

describe('relay', () => {
  test('switching asks first; a refusal says "Error updating relay"', async () => {
    renderUnit(
      '/devicemanagement/7',
      unitServer((method, url) =>
        method === 'POST' && url === '/api/v2/device/devices/7/relay'
          ? { status: 409, body: { message: 'Error updating relay' } }
          : undefined,
      ),
    );
    const panel = await screen.findByTestId('unit-relay');
    fireEvent.click(await within(panel).findByRole('button', { name: 'Switch on' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch on the relay of Pump 07?' });
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-confirm'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Error updating relay');
  });

  test('a switch shows pending until the unit acknowledges', async () => {
    let switched = false;
    renderUnit(
      '/devicemanagement/7',
      unitServer((method, url) => {
        if (method === 'POST' && url === '/api/v2/device/devices/7/relay') {
          switched = true;
          return { status: 200, body: { data: relay({ state: 'pending', on: true, commandId: 9 }) } };
        }
        if (method === 'GET' && url === '/api/v2/device/devices/7/relay' && switched)
          return { status: 200, body: { data: relay({ state: 'on', on: true, commandId: 9 }) } };
        return undefined;
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Switch on' }));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(screen.getByTestId('relay-state').getAttribute('data-state')).toBe('pending'));
    await waitFor(() => expect(screen.getByTestId('relay-state').getAttribute('data-state')).toBe('on'), {
      timeout: 4000,
    });
  });
});

describe('a Reader', () => {
  beforeEach(() => {
    sessionStore.setState({ user: { ...demoUser, userType: USER_TYPES.Reader } });
  });

  test('sees values but no write controls', async () => {
    renderUnit('/devicemanagement/7/schedule', unitServer());
    const field = await screen.findByLabelText('Measure interval');
    expect((field as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('settings-save')).toBeNull();
    expect(screen.getByText('You can view these settings but not change them.')).toBeTruthy();
    const actions = screen.getByTestId('unit-actions');
    expect(within(actions).queryByRole('button', { name: 'Restart' })).toBeNull();
    const relayPanel = screen.getByTestId('unit-relay');
    expect(await within(relayPanel).findByText('You can see the relay but not switch it.')).toBeTruthy();
    expect(within(relayPanel).queryByRole('button', { name: 'Switch on' })).toBeNull();
  });
});
