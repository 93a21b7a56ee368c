import { fireEvent, screen, within } from '@testing-library/react';
import { sessionStore, type FwTask } from '@fieldwatch/shared';
import { activityLog, task, taskList } from './fixtures';
import { type Answer, fakeApi, renderRemote } from './render';

beforeEach(() => sessionStore.setState({ refreshKey: 0 }));

const answerTasks =
  (tasks: FwTask[]) =>
  (url: string): Answer =>
    url === '/api/v3/events/tasks' ? [tasks, false] : [undefined, true];

const rows = () => screen.getAllByTestId('task-row');
const location = () => screen.getByTestId('location').textContent;
const titles = () => rows().map((r) => within(r).getByRole('button').textContent);

describe('/taskmanagement', () => {
  test('shows the active tasks, newest first, with tab counts', async () => {
    const api = fakeApi(answerTasks(taskList()));
    renderRemote('/taskmanagement', api);
    expect(screen.getByRole('progressbar')).toBeTruthy();
    await screen.findAllByTestId('task-row');
    expect(api.get).toHaveBeenCalledWith('/api/v3/events/tasks', undefined, []);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tasks');
    expect(screen.getByRole('tab', { name: 'Active 4' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Done 2' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Archive 1' })).toBeTruthy();
    expect(titles()).toEqual([
      'Pump t2 level high',
      'Pump t3 level high',
      'Pump t1 level high',
      'Pump t4 level high',
    ]);

    const first = rows()[0]!;
    expect(within(first).getByText('Critical')).toBeTruthy();
    expect(within(first).getByText('In progress')).toBeTruthy();
    expect(within(first).getByText('Unassigned')).toBeTruthy();
    expect(within(first).getByText('Status · System')).toBeTruthy();
    expect(within(first).getByTitle('Events: 1')).toBeTruthy();
  });

  test('switches tabs, keeping the tab in the URL', async () => {
    renderRemote('/taskmanagement', fakeApi(answerTasks(taskList())));
    await screen.findAllByTestId('task-row');
    fireEvent.click(screen.getByRole('tab', { name: 'Done 2' }));
    expect(titles()).toEqual(['Pump t6 level high', 'Pump t5 level high']);
    expect(location()).toBe('/taskmanagement?tab=done');
    fireEvent.click(screen.getByRole('tab', { name: 'Archive 1' }));
    expect(within(rows()[0]!).getByText('Archived')).toBeTruthy();
  });

  test('searches the tab', async () => {
    renderRemote('/taskmanagement', fakeApi(answerTasks(taskList())));
    await screen.findAllByTestId('task-row');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search tasks' }), {
      target: { value: 'warning' },
    });
    expect(titles()).toEqual(['Pump t3 level high']);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'nothing' } });
    expect(screen.getByText('No tasks match the search')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(rows()).toHaveLength(4);
  });

  test('a path below the page (a mistyped or old link) opens the tasks, not a blank area', async () => {
    renderRemote('/taskmanagement/old/link', fakeApi(answerTasks(taskList())));
    expect(await screen.findAllByTestId('task-row')).toHaveLength(4);
    expect(location()).toBe('/taskmanagement');
  });

  test('opens a task in a side panel with its activity log, newest first', async () => {
    const detailed = task('d1', {
      title: 'Pump 2 overflow',
      status: 'working',
      category: 'critical',
      assignees: ['anna', 'bo'],
      eventIds: ['e1', 'e2', 'e3'],
      unitId: 1002,
      created: '2024-05-03T08:00:00.000Z',
      activities: activityLog,
    });
    renderRemote('/taskmanagement', fakeApi(answerTasks([detailed])));
    await screen.findAllByTestId('task-row');
    expect(within(rows()[0]!).getByText('anna, bo')).toBeTruthy();
    expect(within(rows()[0]!).getByText('Title · anna')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Pump 2 overflow' }));
    const panel = screen.getByRole('dialog', { name: 'Pump 2 overflow' });
    expect(location()).toBe('/taskmanagement?task=d1');
    expect(within(panel).getByText('Unit 1002')).toBeTruthy();
    const entries = within(within(panel).getByTestId('activity-log')).getAllByRole('listitem');
    expect(entries).toHaveLength(7);
    expect(entries[0]!.textContent).toContain('Renamed to “Pump 2 overflow”');
    expect(entries[1]!.textContent).toContain('Category set to Critical');
    expect(entries[2]!.textContent).toContain('Events added: 2');
    expect(entries[2]!.textContent).toContain('System');
    expect(entries[3]!.textContent).toContain('Note added');
    expect(within(entries[3]!).getByText('Float switch replaced')).toBeTruthy();
    expect(entries[4]!.textContent).toContain('Status set to In progress');
    expect(entries[5]!.textContent).toContain('Assignees set to anna, bo');
    // In the user's zone and date format (the defaults here: Europe/Stockholm, DD MMM YYYY, 24 h).
    expect(entries[6]!.textContent).toContain('03 May 2024 10:00');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(location()).toBe('/taskmanagement');
  });

  test('a task link that is not in the list says so', async () => {
    renderRemote('/taskmanagement?task=gone', fakeApi(answerTasks(taskList())));
    const panel = await screen.findByRole('dialog');
    expect(within(panel).getAllByText('Task not found').length).toBeGreaterThan(0);
    fireEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('empty state per tab', async () => {
    renderRemote('/taskmanagement?tab=archive', fakeApi(answerTasks([task('a', { status: 'working' })])));
    expect(await screen.findByText('The archive is empty')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Active 1' })).toBeTruthy();
  });

  test('error state with a retry', async () => {
    let fail = true;
    const api = fakeApi((url) => (fail ? [[], true] : answerTasks(taskList())(url)));
    renderRemote('/taskmanagement', api);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not load the tasks')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('task-row')).toHaveLength(4);
  });
});
