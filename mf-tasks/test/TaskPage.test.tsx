/**
 * /taskmanagement on a fake server (the real API client): the list from the search endpoint with
 * its filters in the URL, the task panel, and a note written while someone else changed the task
 * (409): it is re-applied on the fresh task, nothing typed is lost.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderRemote as render, type FakeHandler } from '@fieldwatch/shared/testing';
import { createBus, sessionStore, type TaskDetail, type TaskListItem, type TaskSearchPage } from '@fieldwatch/shared';
import common from '@fieldwatch/locales/common';
import tasks from '@fieldwatch/locales/tasks';
import { Root } from '../src/Root';
import { activityLog, task } from './fixtures';

beforeEach(() => sessionStore.setState({ refreshKey: 0, selectedCustomers: [1], user: { username: 'anna', userType: 1 } as never }));

const item = (id: string, over: Partial<TaskListItem> = {}): TaskListItem => ({
  ...task(id, { title: `Pump ${id} level high`, type: 'custom' }),
  revision: 1,
  organizationId: 1,
  updated: '2024-05-03T08:00:00.000Z',
  priority: 'alert',
  units: [{ id: 10004, name: 'Pump station 2' }],
  location: { id: 'L1', name: 'Harbour' },
  ...over,
});
const detail = (over: Partial<TaskListItem> = {}): TaskDetail => ({ ...item('t1', over), events: [], files: [] });
const page = (items: TaskListItem[]): TaskSearchPage => ({ items, total: items.length, page: 1, pageSize: 25 });
const users = [
  { username: 'anna', name: 'Anna Ek' },
  { username: 'bo', name: 'Bo Berg' },
];

function renderAt(url: string, handler: FakeHandler) {
  const bus = createBus();
  const toasts: string[] = [];
  bus.on('toast', (t) => toasts.push(t.message));
  const view = render({ Root, url, handler, bus, basename: '/taskmanagement', namespace: 'tasks', bundles: { common, tasks }, navigate: jest.fn() });
  return { ...view, toasts, bus };
}
const location = () => screen.getByTestId('location').textContent;

describe('/taskmanagement', () => {
  test('lists the search page; filters and sort go into the URL and the server query', async () => {
    const { calls } = renderAt('/taskmanagement?view=all', (method, url) => {
      if (url.startsWith('/api/v3/tasks/users')) return { status: 200, body: { data: users } };
      if (url === '/api/v3/tasks') return { status: 200, body: { data: page([item('t1', { assignees: ['bo'] }), item('t2')]) } };
      return { status: 404, body: { message: 'Not found' } };
    });
    const rows = await screen.findAllByTestId('task-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Pump t1 level high')).toBeTruthy();
    expect(within(rows[0]!).getByText('Pump station 2')).toBeTruthy();
    expect(within(rows[0]!).getByText('Harbour')).toBeTruthy();
    expect(within(rows[0]!).getByText('Alert')).toBeTruthy();
    await waitFor(() => expect(within(rows[0]!).getByText('Bo Berg')).toBeTruthy());

    fireEvent.change(screen.getByTestId('filter-priority'), { target: { value: 'critical' } });
    expect(location()).toBe('/taskmanagement?view=all&priority=critical');
    fireEvent.click(screen.getByTestId('filter-status-working'));
    expect(location()).toBe('/taskmanagement?view=all&status=working&priority=critical');
    fireEvent.click(screen.getByTitle('Sort by Due'));
    expect(location()).toContain('sort=due&dir=asc');
    fireEvent.click(screen.getByRole('tab', { name: /My tasks/ }));
    expect(location()).toBe('/taskmanagement?priority=critical&sort=due&dir=asc');
    await waitFor(() => expect(screen.getAllByTestId('task-row')).toHaveLength(2));
    expect(screen.getByTestId('export-csv').getAttribute('href')).toBe(
      '/api/v3/tasks.csv?view=mine&sort=due&dir=asc&page=1&pageSize=25&status=resting%2Cworking%2Creported&priority=critical',
    );
    expect(calls.some((c) => c.url === '/api/v3/tasks')).toBe(true);
  });

  test('two changes before the page re-renders both stay: a filter, then typing in the search', async () => {
    renderAt('/taskmanagement?view=all', (method, url) => {
      if (url.startsWith('/api/v3/tasks/users')) return { status: 200, body: { data: users } };
      if (url === '/api/v3/tasks') return { status: 200, body: { data: page([item('t1')]) } };
      return { status: 404, body: { message: 'Not found' } };
    });
    await screen.findAllByTestId('task-row');
    // One batch: the search's handler runs before the filter's change has re-rendered the page.
    act(() => {
      fireEvent.change(screen.getByTestId('filter-priority'), { target: { value: 'alert' } });
      fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'seal' } });
    });
    expect(location()).toBe('/taskmanagement?view=all&q=seal&priority=alert');
  });

  test('a note written while someone else changed the task is re-applied on the fresh task; a toast says so', async () => {
    let revision = 1;
    const patches: Array<{ revision: number; note?: string }> = [];
    const { toasts } = renderAt('/taskmanagement?view=all&task=t1', (method, url, body) => {
      if (url.startsWith('/api/v3/tasks/t1/users') || url.startsWith('/api/v3/tasks/users')) return { status: 200, body: { data: users } };
      if (url === '/api/v3/tasks') return { status: 200, body: { data: page([item('t1')]) } };
      if (method === 'GET' && url === '/api/v3/tasks/t1') return { status: 200, body: { data: detail({ revision, activities: activityLog }) } };
      if (method === 'PATCH' && url === '/api/v3/events/tasks/t1') {
        const b = body as { revision: number; note?: string };
        patches.push(b);
        if (b.revision !== revision) return { status: 409, body: { message: 'The task was changed by someone else; reload it and try again' } };
        revision += 1;
        return { status: 200, body: { data: { ...task('t1'), revision, activities: [...activityLog, { date: '2024-05-04T08:00:00.000Z', user: 'anna', type: 'note', note: b.note }] } } };
      }
      return { status: 404, body: { message: 'Not found' } };
    });
    const panel = await screen.findByTestId('task-panel');
    const note = await within(panel).findByTestId('note-input');
    // Someone else writes meanwhile: the server is at revision 2, the panel still at 1.
    revision = 2;
    fireEvent.change(note, { target: { value: 'Float switch replaced, tested OK' } });
    await act(async () => {
      fireEvent.click(within(panel).getByTestId('add-note'));
    });
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches.map((p) => [p.revision, p.note])).toEqual([
      [1, 'Float switch replaced, tested OK'],
      [2, 'Float switch replaced, tested OK'],
    ]);
    await waitFor(() => expect((note as HTMLTextAreaElement).value).toBe(''));
    expect(toasts).toEqual(['The task had just been changed by someone else. Your change was applied to the new version.']);
  });

  test('when the re-applied write fails too, the typed text stays with the error', async () => {
    const { toasts } = renderAt('/taskmanagement?task=t1', (method, url) => {
      if (url.includes('/users')) return { status: 200, body: { data: users } };
      if (url === '/api/v3/tasks') return { status: 200, body: { data: page([]) } };
      if (method === 'GET' && url === '/api/v3/tasks/t1') return { status: 200, body: { data: detail() } };
      if (method === 'PATCH') return { status: 409, body: { message: 'The task was changed by someone else; reload it and try again' } };
      return { status: 404, body: { message: 'Not found' } };
    });
    const panel = await screen.findByTestId('task-panel');
    fireEvent.click(await within(panel).findByTestId('edit-title'));
    fireEvent.change(within(panel).getByTestId('title-input'), { target: { value: 'My better title' } });
    await act(async () => {
      fireEvent.click(within(panel).getByTestId('save-title'));
    });
    expect(await within(panel).findByText('The task was changed by someone else; reload it and try again')).toBeTruthy();
    expect((within(panel).getByTestId('title-input') as HTMLInputElement).value).toBe('My better title');
    expect(toasts).toEqual([]);
  });

  test('the activity log in words, with names and the user\'s time format; a Reader sees no write controls', async () => {
    sessionStore.setState({ user: { username: 'r', userType: 2 } as never });
    renderAt('/taskmanagement?task=t1', (method, url) => {
      if (url.includes('/users')) return { status: 200, body: { data: users } };
      if (url === '/api/v3/tasks') return { status: 200, body: { data: page([]) } };
      if (url === '/api/v3/tasks/t1') return { status: 200, body: { data: detail({ activities: activityLog }) } };
      return { status: 404, body: { message: 'Not found' } };
    });
    const panel = await screen.findByTestId('task-panel');
    const log = await within(panel).findByTestId('activity-log');
    const entries = within(log).getAllByRole('listitem');
    expect(entries).toHaveLength(7);
    expect(entries[0]!.textContent).toContain('Renamed to “Pump 2 overflow”');
    await waitFor(() => expect(entries[5]!.textContent).toContain('Assignees set to Anna Ek, Bo Berg'));
    expect(entries[2]!.textContent).toContain('System');
    expect(entries[6]!.textContent).toContain('03 May 2024 10:00');
    expect(within(panel).queryByTestId('note-input')).toBeNull();
    expect(within(panel).queryByTestId('edit-title')).toBeNull();
    expect(within(panel).queryByTestId('archive-task')).toBeNull();
    expect(within(panel).queryByTestId('file-drop')).toBeNull();
    expect(screen.queryByTestId('add-work')).toBeNull();
  });

  test('a pushed change patches the row and the open task in place; the text being typed stays', async () => {
    let server = detail({ revision: 1 });
    const { bus } = renderAt('/taskmanagement?view=all&task=t1', (method, url) => {
      if (url.includes('/users')) return { status: 200, body: { data: users } };
      if (url === '/api/v3/tasks') return { status: 200, body: { data: page([item('t1', { revision: server.revision, status: server.status, title: server.title })]) } };
      if (url === '/api/v3/tasks/t1') return { status: 200, body: { data: server } };
      return { status: 404, body: { message: 'Not found' } };
    });
    const panel = await screen.findByTestId('task-panel');
    const note = await within(panel).findByTestId('note-input');
    fireEvent.change(note, { target: { value: 'Half written note' } });
    const row = (await screen.findAllByTestId('task-row'))[0]!;
    expect(within(row).getByText('Not started')).toBeTruthy();

    server = { ...server, revision: 2, status: 'working', title: 'Renamed by a colleague' };
    act(() => bus.emit('tasks:changed', { ...task('t1'), revision: 2, status: 'working', title: 'Renamed by a colleague' }));
    // In place, before any new answer (the lists are asked again 400 ms after a push): the row and the panel.
    await waitFor(() => expect(within(row).getByText('In progress')).toBeTruthy(), { timeout: 300 });
    expect(within(row).getByText('Renamed by a colleague')).toBeTruthy();
    expect(within(panel).getByTestId('task-title').textContent).toBe('Renamed by a colleague');
    expect(within(panel).getByTestId('set-status-working').getAttribute('aria-pressed')).toBe('true');
    expect((within(panel).getByTestId('note-input') as HTMLTextAreaElement).value).toBe('Half written note');
    // An older revision arriving late changes nothing.
    act(() => bus.emit('tasks:changed', { ...task('t1'), revision: 1, status: 'resting' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(within(row).getByText('In progress')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('task-row')[0]).toBe(row));
  });

  test("a task's own address (/taskmanagement/<id>, as mails give it) opens the task; a deeper path opens the list", async () => {
    const handler: FakeHandler = (method, url) => {
      if (url.includes('/users')) return { status: 200, body: { data: users } };
      if (url === '/api/v3/tasks') return { status: 200, body: { data: page([item('t1')]) } };
      if (url === '/api/v3/tasks/t1') return { status: 200, body: { data: detail() } };
      return { status: 404, body: { message: 'Not found' } };
    };
    const first = renderAt('/taskmanagement/t1', handler);
    expect(await screen.findByTestId('task-panel')).toBeTruthy();
    expect(location()).toBe('/taskmanagement?view=all&task=t1');
    first.unmount();
    renderAt('/taskmanagement/old/link', handler);
    expect(await screen.findAllByTestId('task-row')).toHaveLength(1);
    expect(location()).toBe('/taskmanagement');
  });
});
