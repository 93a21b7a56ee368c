import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  sessionStore,
  USER_TYPES,
  type ClientPreferences,
  type Container,
  type DeviceTablePage,
  type DeviceTableRow,
  type Unit,
  type UnitStatus,
} from '@fieldwatch/shared';
import { demoUser } from '@fieldwatch/shared/testing';
import { type DeviceQuery, queryRows, SORT_KEYS, type SortKey, toRow } from '../../src/features/devices/device-query';
import { customers, fleet } from '../fixtures';
import { type Answer, fakeApi, renderRemote } from '../render';

// A busy machine renders slowly; these tests wait on several round trips.
jest.setTimeout(30_000);

beforeEach(() => {
  sessionStore.setState({ customers, selectedCustomers: [10, 11], refreshKey: 0, user: demoUser });
});

const PREFS: ClientPreferences = {
  dateInterval: 7,
  weather: {},
  hiddenWidgets: {},
  filterSettings: {},
  textSearch: '',
} as ClientPreferences;

/** The server's device table, played by the browser's own in-memory query over the fixtures. */
function tableOf(units: Unit[], params: Record<string, unknown>): DeviceTablePage {
  const statuses = String(params.status ?? '')
    .split(',')
    .filter(Boolean) as UnitStatus[];
  const sort = (SORT_KEYS as readonly string[]).includes(String(params.sort)) ? (params.sort as SortKey) : 'status';
  const pageSize = Number(params.pageSize ?? 20);
  const types = String(params.types ?? '')
    .split(',')
    .filter(Boolean)
    .map(Number);
  const pool = types.length ? units.filter((u) => types.includes(u.UnitType)) : units;
  const q: DeviceQuery = { q: String(params.q ?? ''), statuses, sort, dir: params.dir === 'desc' ? 'desc' : 'asc', page: Number(params.page ?? 1) - 1 };
  const r = queryRows(pool.map(toRow), q, pageSize);
  const rows: DeviceTableRow[] = r.rows.map((x) => ({ ...x.unit, Status: x.status, ModelName: x.model, LastContact: null }));
  return { rows, total: units.length, matched: r.matched, counts: r.counts, page: r.page + 1, pageSize };
}

function server(units: Unit[], prefs: ClientPreferences = PREFS) {
  return (url: string, params?: Record<string, unknown>): Answer => {
    if (url === '/api/v3/device/table') return [tableOf(units, params ?? {}), false];
    if (url === '/api/v3/user/preferences') return [prefs, false];
    if (url === '/api/v3/containers') return [[], false];
    if (url === '/api/v2/device/groups') return [[{ GroupId: 7, Description: 'Pumps', CustomerID: 10, Units: [] }], false];
    return [undefined, true];
  };
}

/** fakeApi with writes: `http.put/post` answer what `write` returns, or throw its error. */
function withWrites(answer: ReturnType<typeof server>, write: (method: string, url: string, body: unknown) => unknown) {
  const api = fakeApi(answer);
  const call = (method: string) =>
    jest.fn(async (url: string, body: unknown) => {
      const data = await write(method, url, body);
      return { data: { data } };
    });
  Object.assign(api.http, { put: call('PUT'), post: call('POST') });
  return api as typeof api & { http: { put: jest.Mock; post: jest.Mock } };
}

/** An axios-like failure with the server's message. */
const failure = (status: number, message: string) =>
  Object.assign(new Error(`Request failed with status code ${status}`), { isAxiosError: true, response: { status, data: { message } } });

const rows = () => screen.getAllByTestId('device-row');

function container(kind: Container['kind'], id: string, name: string, org: number, parentId: string | null, content: Container['content']): Container {
  return { id, kind, name, organizationId: org, parentId, subgroups: [], content, revision: 1, updatedAt: '2025-01-01T00:00:00Z' };
}
const place = (id: string, name: string, org: number) => container('location', id, name, org, null, []);
const group = (id: string, name: string, org: number, parentId: string | null, locations: string[]) =>
  container('group', id, name, org, parentId, locations.map((target) => ({ type: 'location' as const, name: target, target })));
const location = () => screen.getByTestId('location').textContent;

describe('/devicemanagement (server-side table)', () => {
  test('asks the server for one page and shows it; each row links to its unit', async () => {
    const api = fakeApi(server(fleet()));
    renderRemote('/devicemanagement', api);
    expect(await screen.findAllByTestId('device-row')).toHaveLength(20);
    expect(api.get).toHaveBeenCalledWith('/api/v3/device/table', { use_context: true, page: 1, pageSize: 20, sort: 'status', dir: 'asc' });
    expect(screen.getByTestId('unit-total').textContent).toBe('45');
    const first = rows()[0]!;
    expect(within(first).getByText('Pump 31').closest('a')!.getAttribute('href')).toBe('/devicemanagement/31');
    expect(screen.getByRole('navigation', { name: '1–20 of 45' })).toBeTruthy();
  });

  test('clicking a row opens the unit', async () => {
    renderRemote('/devicemanagement', fakeApi(server(fleet())));
    const first = (await screen.findAllByTestId('device-row'))[0]!;
    fireEvent.click(within(first).getByText('Alarm'));
    expect(location()).toBe('/devicemanagement/31');
  });

  test('the URL holds page, sort and filters, and the request follows it', async () => {
    const api = fakeApi(server(fleet()));
    renderRemote('/devicemanagement?status=problem,inactive&sort=name&dir=desc&types=1', api);
    await screen.findAllByTestId('device-row');
    expect(api.get).toHaveBeenCalledWith(
      '/api/v3/device/table',
      expect.objectContaining({ status: 'problem,inactive', sort: 'name', dir: 'desc', types: '1', page: 1 }),
    );
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: /^Location/ }));
    expect(location()).toBe('/devicemanagement?status=problem%2Cinactive&sort=location&types=1');
    fireEvent.change(screen.getByTestId('filter-type'), { target: { value: '' } });
    expect(location()).toBe('/devicemanagement?status=problem%2Cinactive&sort=location');
  });

  test('pages through the matches', async () => {
    const api = fakeApi(server(fleet()));
    renderRemote('/devicemanagement', api);
    await screen.findAllByTestId('device-row');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('navigation', { name: '21–40 of 45' })).toBeTruthy(), { timeout: 10_000 });
    expect(location()).toBe('/devicemanagement?page=2');
    expect(api.get).toHaveBeenCalledWith('/api/v3/device/table', expect.objectContaining({ page: 2 }));
  });

  test('status chips show the server’s counts and toggle the filter', async () => {
    renderRemote('/devicemanagement', fakeApi(server(fleet())));
    await screen.findAllByTestId('device-row');
    expect(screen.getByTestId('filter-alarm').textContent).toContain('6');
    fireEvent.click(screen.getByTestId('filter-alarm'));
    await waitFor(() => expect(rows()).toHaveLength(6));
    expect(location()).toBe('/devicemanagement?status=alarm');
  });
});

describe('configure table', () => {
  test('hides, orders and sizes columns and saves them in the preferences', async () => {
    const api = withWrites(server(fleet()), (_m, _u, body) => ({ ...PREFS, ...(body as object) }));
    renderRemote('/devicemanagement', api);
    await screen.findAllByTestId('device-row');
    expect(screen.getByRole('columnheader', { name: 'Coordinates' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('configure-table'));
    const dialog = screen.getByTestId('configure-dialog');
    fireEvent.click(within(within(dialog).getByTestId('column-coordinates')).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move Location up' }));
    fireEvent.change(within(dialog).getByLabelText('Width of Name in pixels'), { target: { value: '240' } });
    fireEvent.click(within(within(dialog).getByTestId('column-lastContact')).getByRole('checkbox'));
    await act(async () => fireEvent.click(within(dialog).getByTestId('configure-save')));
    expect(api.http.put).toHaveBeenCalledWith('/api/v3/user/preferences', {
      deviceTable: {
        columns: [
          { id: 'status' },
          { id: 'location' },
          { id: 'name', width: 240 },
          { id: 'model' },
          { id: 'type' },
          { id: 'customer' },
          { id: 'alarms' },
          { id: 'lastContact' },
        ],
      },
    });
    await waitFor(() => expect(screen.queryByTestId('configure-dialog')).toBeNull());
    expect(screen.queryByRole('columnheader', { name: 'Coordinates' })).toBeNull();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(1, 4)).toEqual(['Status', 'Location', 'Name']);
  });

  test('keeps the choice and says so when saving fails', async () => {
    const api = withWrites(server(fleet()), () => {
      throw failure(500, 'Database unavailable');
    });
    renderRemote('/devicemanagement', api);
    await screen.findAllByTestId('device-row');
    fireEvent.click(screen.getByTestId('configure-table'));
    const dialog = screen.getByTestId('configure-dialog');
    fireEvent.click(within(within(dialog).getByTestId('column-coordinates')).getByRole('checkbox'));
    await act(async () => fireEvent.click(within(dialog).getByTestId('configure-save')));
    expect(within(dialog).getByRole('alert').textContent).toBe('The columns were not saved: Database unavailable. Your choice is kept; try again.');
    expect((within(within(dialog).getByTestId('column-coordinates')).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
  });
});

describe('selection and bulk actions', () => {
  test('selects a page, then all matching, and runs a destructive action after a confirmation naming the units', async () => {
    const api = withWrites(server(fleet()), () => ({ accepted: [{}, {}], refused: [] }));
    renderRemote('/devicemanagement?status=alarm', api);
    await waitFor(() => expect(rows()).toHaveLength(6));
    fireEvent.click(screen.getByTestId('select-page'));
    expect(screen.getByTestId('selected-count').textContent).toBe('6 selected');
    fireEvent.change(screen.getByTestId('bulk-action'), { target: { value: 'restart' } });
    const confirm = screen.getByTestId('bulk-confirm');
    expect(within(confirm).getByTestId('bulk-confirm-units').textContent).toContain('Pump 31');
    expect(api.http.post).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Restart' })));
    expect(api.http.post).toHaveBeenCalledWith('/api/v3/device/actions', { unitIds: [31, 32, 33, 34, 35, 36], action: 'restart' });
    expect((await screen.findByTestId('bulk-note')).textContent).toContain('Action sent to 2 units');
  });

  test('"select all N matching" fetches the matching ids', async () => {
    const api = withWrites(server(fleet()), () => ({ accepted: [], refused: [] }));
    renderRemote('/devicemanagement', api);
    await screen.findAllByTestId('device-row');
    fireEvent.click(within(rows()[0]!).getByRole('checkbox'));
    expect(screen.getByTestId('selected-count').textContent).toBe('1 selected');
    await act(async () => fireEvent.click(screen.getByTestId('select-all-matching')));
    expect(screen.getByTestId('selected-count').textContent).toBe('45 selected');
    expect(api.get).toHaveBeenCalledWith('/api/v3/device/table', expect.objectContaining({ pageSize: 500, page: 1 }));
    // A harmless action goes without a confirmation.
    await act(async () => fireEvent.change(screen.getByTestId('bulk-action'), { target: { value: 'getData' } }));
    expect(api.http.post.mock.calls[0]![1]).toMatchObject({ action: 'getData' });
    expect((api.http.post.mock.calls[0]![1] as { unitIds: number[] }).unitIds).toHaveLength(45);
  });

  test('moving to a unit group that fails says "Failed to move devices"', async () => {
    const api = withWrites(server(fleet()), () => {
      throw failure(404, 'Not found');
    });
    renderRemote('/devicemanagement', api);
    await screen.findAllByTestId('device-row');
    fireEvent.click(within(rows()[0]!).getByRole('checkbox'));
    await act(async () => fireEvent.change(screen.getByTestId('bulk-group'), { target: { value: '7' } }));
    expect(api.http.put).toHaveBeenCalledWith('/api/v2/device/devices/updateGroup', { groupId: 7, devices: [31] });
    const note = await screen.findByTestId('bulk-note');
    expect(note.textContent).toMatch(/^Failed to move devices\. Nothing was moved and your selection is kept/);
    expect(note.getAttribute('role')).toBe('alert');
    expect(screen.getByTestId('selected-count').textContent).toBe('1 selected');
  });

  test('a move to a location that is gone says "Failed to move devices", keeps the selection and offers the current locations', async () => {
    let list = [place('loc-a', 'North site', 10), place('loc-gone', 'Gone site', 10)];
    const answer = server(fleet());
    const api = withWrites(
      (url, params) => (url === '/api/v3/containers' ? [list, false] : answer(url, params)),
      (_method, url) => {
        if (url === '/api/v3/containers/loc-gone/units') {
          list = list.filter((c) => c.id !== 'loc-gone');
          throw failure(404, 'Failed to move devices');
        }
        return list[0];
      },
    );
    renderRemote('/devicemanagement', api);
    await screen.findAllByTestId('device-row');
    fireEvent.click(within(rows()[0]!).getByRole('checkbox'));
    fireEvent.click(within(rows()[1]!).getByRole('checkbox'));
    const target = () => screen.getByTestId('bulk-location');
    await waitFor(() => expect(within(target()).queryByText('Gone site')).not.toBeNull());
    await act(async () => fireEvent.change(target(), { target: { value: 'loc-gone' } }));
    expect(api.http.put).toHaveBeenCalledWith('/api/v3/containers/loc-gone/units', { units: [31, 32] });
    expect((await screen.findByTestId('bulk-note')).textContent).toContain('Failed to move devices');
    expect(screen.getByTestId('selected-count').textContent).toBe('2 selected');
    await waitFor(() => expect(within(target()).queryByText('Gone site')).toBeNull());
    await act(async () => fireEvent.change(target(), { target: { value: 'loc-a' } }));
    expect(api.http.put).toHaveBeenLastCalledWith('/api/v3/containers/loc-a/units', { units: [31, 32] });
    expect((await screen.findByTestId('bulk-note')).textContent).toBe('2 units moved.');
  });

  test('a Reader sees no selection, no bulk write controls and no "add new device"', async () => {
    sessionStore.setState({ user: { ...demoUser, userType: USER_TYPES.Reader } });
    renderRemote('/devicemanagement', fakeApi(server(fleet())));
    await screen.findAllByTestId('device-row');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByTestId('select-page')).toBeNull();
    expect(screen.queryByTestId('bulk-location')).toBeNull();
    expect(screen.queryByTestId('bulk-action')).toBeNull();
    expect(screen.queryByTestId('bulk-group')).toBeNull();
    expect(screen.queryByTestId('add-device')).toBeNull();
    expect(screen.getByTestId('export-csv').getAttribute('href')).toContain('/api/v3/device/table.csv?');
  });
});

describe('add new device', () => {
  test('validates with clear messages, then sends serial and type', async () => {
    const api = withWrites(server(fleet()), () => ({ UnitID: 99 }));
    renderRemote('/devicemanagement', api);
    await screen.findAllByTestId('device-row');
    fireEvent.click(screen.getByTestId('add-device'));
    const dialog = screen.getByTestId('add-device-dialog');
    await act(async () => fireEvent.click(within(dialog).getByTestId('add-device-submit')));
    expect(within(dialog).getByText('Give the unit a name.')).toBeTruthy();
    expect(within(dialog).getByText("Enter the serial number from the unit's label.")).toBeTruthy();
    expect(within(dialog).getByText('Choose the unit type.')).toBeTruthy();
    expect(api.http.post).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByTestId('add-name'), { target: { value: 'New pump' } });
    fireEvent.change(within(dialog).getByTestId('add-serial'), { target: { value: 'bad serial!' } });
    await act(async () => fireEvent.click(within(dialog).getByTestId('add-device-submit')));
    expect(within(dialog).getByText(/A serial number has up to 64 letters/)).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('add-serial'), { target: { value: 'SN-1' } });
    fireEvent.change(within(dialog).getByTestId('add-type'), { target: { value: '1' } });
    await act(async () => fireEvent.click(within(dialog).getByTestId('add-device-submit')));
    expect(api.http.post).toHaveBeenCalledWith('/api/v3/device/devices', { name: 'New pump', serial: 'SN-1', type: 1, organization: 10 });
    await waitFor(() => expect(screen.queryByTestId('add-device-dialog')).toBeNull());
  });

  test('a group narrows the locations offered; with a group chosen, a location must be too', async () => {
    const containers: Container[] = [
      group('g-north', 'North', 10, null, ['loc-a']),
      group('g-sub', 'Coast', 10, 'g-north', ['loc-b']),
      group('g-other', 'Inland', 10, null, ['loc-c']),
      group('g-malmo', 'Skåne', 11, null, []),
      place('loc-a', 'Harbour', 10),
      place('loc-b', 'Beach', 10),
      place('loc-c', 'Lake', 10),
      place('loc-d', 'Loose', 10),
    ];
    const answer = server(fleet());
    const api = withWrites(
      (url, params) => (url === '/api/v3/containers' ? [containers, false] : answer(url, params)),
      () => ({ UnitID: 99 }),
    );
    renderRemote('/devicemanagement', api);
    await screen.findAllByTestId('device-row');
    fireEvent.click(screen.getByTestId('add-device'));
    const dialog = screen.getByTestId('add-device-dialog');
    const options = (id: string) => Array.from(within(dialog).getByTestId(id).querySelectorAll('option')).map((o) => o.textContent);
    await waitFor(() => expect(options('add-group')).toEqual(['Any group', 'Inland', 'North', 'North › Coast']));
    expect(options('add-location')).toEqual(['No location', 'Beach', 'Harbour', 'Lake', 'Loose']);
    fireEvent.change(within(dialog).getByTestId('add-location'), { target: { value: 'loc-c' } });
    // A group with sub-groups: its own locations and theirs; the chosen one outside it is let go.
    fireEvent.change(within(dialog).getByTestId('add-group'), { target: { value: 'g-north' } });
    expect(options('add-location')).toEqual(['Choose a location', 'Beach', 'Harbour']);
    expect((within(dialog).getByTestId('add-location') as HTMLSelectElement).value).toBe('');
    fireEvent.change(within(dialog).getByTestId('add-name'), { target: { value: 'New pump' } });
    fireEvent.change(within(dialog).getByTestId('add-serial'), { target: { value: 'SN-2' } });
    fireEvent.change(within(dialog).getByTestId('add-type'), { target: { value: '1' } });
    await act(async () => fireEvent.click(within(dialog).getByTestId('add-device-submit')));
    expect(within(dialog).getByText('Choose a location in this group, or set the group back to “Any group”.')).toBeTruthy();
    expect(api.http.post).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByTestId('add-location'), { target: { value: 'loc-b' } });
    await act(async () => fireEvent.click(within(dialog).getByTestId('add-device-submit')));
    expect(api.http.post).toHaveBeenCalledWith('/api/v3/device/devices', {
      name: 'New pump',
      serial: 'SN-2',
      type: 1,
      organization: 10,
      locationId: 'loc-b',
    });
    // Another organisation: its own groups, none chosen.
    fireEvent.click(screen.getByTestId('add-device'));
    const again = screen.getByTestId('add-device-dialog');
    fireEvent.change(within(again).getByTestId('add-org'), { target: { value: '11' } });
    expect(Array.from(within(again).getByTestId('add-group').querySelectorAll('option')).map((o) => o.textContent)).toEqual(['Any group', 'Skåne']);
  });

  test('shows the server’s refusal and keeps what was typed', async () => {
    const api = withWrites(server(fleet()), () => {
      throw failure(409, 'A device with serial number SN-1 already exists');
    });
    renderRemote('/devicemanagement', api);
    await screen.findAllByTestId('device-row');
    fireEvent.click(screen.getByTestId('add-device'));
    const dialog = screen.getByTestId('add-device-dialog');
    fireEvent.click(within(dialog).getByText('NFC tag'));
    fireEvent.change(within(dialog).getByTestId('add-name'), { target: { value: 'Tagged' } });
    fireEvent.change(within(dialog).getByTestId('add-tag'), { target: { value: 'tag-1' } });
    await act(async () => fireEvent.click(within(dialog).getByTestId('add-device-submit')));
    expect(api.http.post).toHaveBeenCalledWith('/api/v3/device/devices', { name: 'Tagged', tagId: 'tag-1', organization: 10 });
    expect(within(dialog).getByTestId('add-error').textContent).toBe('The unit was not added: A device with serial number SN-1 already exists');
    expect((within(dialog).getByTestId('add-tag') as HTMLInputElement).value).toBe('tag-1');
  });
});
