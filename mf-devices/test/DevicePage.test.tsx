import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sessionStore, type Unit } from '@fieldwatch/shared';
import { customers, fleet } from './fixtures';
import { type Answer, fakeApi, renderRemote } from './render';

beforeEach(() => {
  sessionStore.setState({ customers, selectedCustomers: [10, 11], refreshKey: 0 });
});

const answerUnits =
  (units: Unit[]) =>
  (url: string): Answer =>
    url === '/api/v2/device/devices' ? [units, false] : [undefined, true];

const rows = () => screen.getAllByTestId('device-row');
const location = () => screen.getByTestId('location').textContent;

describe('/devicemanagement', () => {
  test('a path below the page (a mistyped or old link) opens the devices, not a blank area', async () => {
    renderRemote('/devicemanagement/unit/42', fakeApi(answerUnits(fleet())));
    expect(await screen.findAllByTestId('device-row')).toHaveLength(20);
    expect(location()).toBe('/devicemanagement');
  });

  test('loads the units of the selected customers and shows the first page', async () => {
    const api = fakeApi(answerUnits(fleet()));
    renderRemote('/devicemanagement', api);

    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(await screen.findAllByTestId('device-row')).toHaveLength(20);
    expect(api.get).toHaveBeenCalledWith('/api/v2/device/devices', { use_context: true }, []);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Devices');
    expect(screen.getByTestId('unit-total').textContent).toBe('45');
    expect(screen.getByTestId('device-summary').textContent).toContain('Units: 45');
    expect(screen.getByTestId('device-summary').textContent).toContain('Active alarms: 16');
    expect(screen.getByRole('navigation', { name: '1–20 of 45' })).toBeTruthy();

    // Default sort: worst status first. Pump 31 is in alarm with a loop alarm and a battery alarm.
    const first = rows()[0]!;
    expect(within(first).getByText('Pump 31')).toBeTruthy();
    expect(within(first).getByText('Alarm')).toBeTruthy();
    expect(within(first).getByText('North reservoir')).toBeTruthy();
    expect(within(first).getByText('X1')).toBeTruthy();
    expect(within(first).getByText('Aarhus Water', { selector: 'td' })).toBeTruthy();
    expect(within(first).getByLabelText('Active alarms: 2')).toBeTruthy();
    expect(within(first).getByText('Battery')).toBeTruthy(); // the latest of the two
    expect(within(first).getByText('55.6761, 12.5683')).toBeTruthy();
    // Pump 32 belongs to the second customer and is an AWG (type 41).
    expect(within(rows()[1]!).getByText('Malmö Energi', { selector: 'td' })).toBeTruthy();
    expect(within(rows()[1]!).getByText('AWG')).toBeTruthy();
  });

  test("the latest alarm's time is read as UTC and shown in the user's zone and date format", async () => {
    renderRemote('/devicemanagement', fakeApi(answerUnits(fleet())));
    const first = (await screen.findAllByTestId('device-row'))[0]!;
    const time = first.querySelector('time')!;
    expect(time.getAttribute('dateTime')).toBe('2024-05-02T08:30:00.000Z');
    // The demo user's profile: Europe/Stockholm (UTC+2 in May), DD MMM YYYY, 24 h.
    expect(time.getAttribute('title')).toBe('02 May 2024 10:30');
  });

  test('pages through the units, 20 per page, keeping the page in the URL', async () => {
    renderRemote('/devicemanagement', fakeApi(answerUnits(fleet())));
    await screen.findAllByTestId('device-row');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(rows()).toHaveLength(5);
    expect(location()).toBe('/devicemanagement?page=3');
    expect(screen.getByRole('navigation', { name: '41–45 of 45' })).toBeTruthy();
  });

  test('searches name, location and type, and keeps the search in the URL', async () => {
    renderRemote('/devicemanagement', fakeApi(answerUnits(fleet())));
    await screen.findAllByTestId('device-row');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search units' }), {
      target: { value: 'harbour awg' },
    });
    // Harbour basin is every third unit; AWG every second: 6, 12, 18, 24, 30, 36, 42.
    expect(rows()).toHaveLength(5 + 2);
    expect(location()).toBe('/devicemanagement?q=harbour+awg');
    expect(screen.getByTestId('device-summary').textContent).toContain('Matching units: 7 of 45');

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Pump 07' } });
    expect(rows()).toHaveLength(1);
  });

  test('filters by status with counts on the chips, and restores the filter from the URL', async () => {
    const { unmount } = renderRemote('/devicemanagement', fakeApi(answerUnits(fleet())));
    await screen.findAllByTestId('device-row');
    const problem = screen.getByTestId('filter-problem');
    expect(problem.textContent).toBe('Problem4');
    expect(screen.getByTestId('filter-ok').textContent).toBe('OK30');

    fireEvent.click(problem);
    expect(problem.getAttribute('aria-pressed')).toBe('true');
    expect(rows()).toHaveLength(4);
    expect(rows().every((r) => within(r).queryByText('Problem'))).toBe(true);
    expect(location()).toBe('/devicemanagement?status=problem');
    unmount();

    renderRemote(
      '/devicemanagement?status=problem,inactive&sort=name&dir=desc',
      fakeApi(answerUnits(fleet())),
    );
    await screen.findAllByTestId('device-row');
    expect(rows()).toHaveLength(9);
    expect(within(rows()[0]!).getByText(/^Sensor 45/)).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
  });

  test('sorts by a column header', async () => {
    renderRemote('/devicemanagement', fakeApi(answerUnits(fleet())));
    await screen.findAllByTestId('device-row');
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(within(rows()[0]!).getByText('Pump 01')).toBeTruthy();
    expect(location()).toBe('/devicemanagement?sort=name');
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(within(rows()[0]!).getByText(/^Sensor 45/)).toBeTruthy();
  });

  test('says so when nothing matches, and clears the filters', async () => {
    renderRemote('/devicemanagement?q=nothing-like-this', fakeApi(answerUnits(fleet())));
    expect(await screen.findByText('No units match the filters')).toBeTruthy();
    const clearButtons = screen.getAllByRole('button', { name: /Clear filters/ });
    fireEvent.click(clearButtons[clearButtons.length - 1]!);
    expect(rows()).toHaveLength(20);
    expect(location()).toBe('/devicemanagement');
  });

  test('shows the empty state when the customers have no units', async () => {
    renderRemote('/devicemanagement', fakeApi(answerUnits([])));
    expect(await screen.findByText('No units for the selected customers')).toBeTruthy();
    expect(screen.queryByTestId('device-table')).toBeNull();
  });

  test('shows the error state with a retry that loads again', async () => {
    let fail = true;
    const api = fakeApi((url) => (fail ? [[], true] : answerUnits(fleet())(url)));
    renderRemote('/devicemanagement', api);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not load the units')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('device-row')).toHaveLength(20);
    expect(api.get).toHaveBeenCalledTimes(2);
  });

  test('reloads when the session refresh key moves, and keeps the rows if that reload fails', async () => {
    let fail = false;
    const api = fakeApi((url) => (fail ? [[], true] : answerUnits(fleet())(url)));
    renderRemote('/devicemanagement', api);
    await screen.findAllByTestId('device-row');
    fail = true;
    act(() => sessionStore.getState().bumpRefresh());
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(2));
    expect(await screen.findByText(/The latest refresh failed/)).toBeTruthy();
    expect(rows()).toHaveLength(20);
  });
});

describe('/groupmanagement and /locationmanagement', () => {
  test('explain groups, with no data and a way to the devices', () => {
    const api = fakeApi(() => [[], false]);
    renderRemote('/groupmanagement', api);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Groups');
    expect(screen.getByText('No groups yet')).toBeTruthy();
    expect(screen.getByText(/Groups bring locations together/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to devices' }).getAttribute('href')).toBe(
      '/devicemanagement',
    );
    expect(api.get).not.toHaveBeenCalled();
  });

  test('explain locations', () => {
    renderRemote(
      '/locationmanagement',
      fakeApi(() => [[], false]),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Locations');
    expect(screen.getByText('No locations yet')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'How units are organised' }).children).toHaveLength(3);
  });
});
