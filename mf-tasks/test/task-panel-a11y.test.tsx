/**
 * The task panel and list by keyboard and screen reader (issue 23): a failed write marks its field
 * (aria-invalid) and points at the message (aria-describedby); the status button pressed keeps the
 * focus while its write is on its way; after a note the focus is back in the note field; Tab goes
 * round the panel (a modal dialog); Escape in the title editor closes the editor, not the panel,
 * and gives the focus back to Edit; the current status and an overdue date are said in more than
 * colour.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderRemote as render, type FakeHandler } from '@fieldwatch/shared/testing';
import { createBus, sessionStore, type TaskDetail, type TaskListItem, type TaskSearchPage } from '@fieldwatch/shared';
import common from '@fieldwatch/locales/common';
import tasks from '@fieldwatch/locales/tasks';
import { Root } from '../src/Root';
import { focusableIn, trapTab } from '../src/ui/focus';
import { task } from './fixtures';

beforeEach(() => sessionStore.setState({ refreshKey: 0, selectedCustomers: [1], user: { username: 'anna', userType: 1 } as never }));

const item = (id: string, over: Partial<TaskListItem> = {}): TaskListItem => ({
  ...task(id, { title: `Pump ${id} level high`, type: 'custom' }),
  revision: 1,
  organizationId: 1,
  updated: '2024-05-03T08:00:00.000Z',
  priority: 'alert',
  units: [{ id: 10004, name: 'Pump station 2' }],
  location: null,
  ...over,
});
const detail = (over: Partial<TaskListItem> = {}): TaskDetail => ({ ...item('t1', over), events: [], files: [] });
const page = (items: TaskListItem[]): TaskSearchPage => ({ items, total: items.length, page: 1, pageSize: 25 });

function renderAt(url: string, handler: FakeHandler) {
  return render({
    Root,
    url,
    handler,
    bus: createBus(),
    basename: '/taskmanagement',
    namespace: 'tasks',
    bundles: { common, tasks },
    navigate: jest.fn(),
  });
}

/** The server: the task, and the answer to a write (`patch`). */
function server(patch: (body: { revision: number; status?: string; note?: string }) => { status: number; body: unknown }): FakeHandler {
  return (method, url, body) => {
    if (url.includes('/users')) return { status: 200, body: { data: [{ username: 'anna', name: 'Anna Ek' }] } };
    if (url === '/api/v3/tasks') return { status: 200, body: { data: page([item('t1')]) } };
    if (method === 'GET' && url === '/api/v3/tasks/t1') return { status: 200, body: { data: detail() } };
    if (method === 'PATCH' && url === '/api/v3/events/tasks/t1') return patch(body as { revision: number });
    return { status: 404, body: { message: 'Not found' } };
  };
}
const refused = () => ({ status: 400, body: { message: 'The server could not take it' } });

describe('the task panel, for keyboard and screen reader', () => {
  test('a failed status write: the status buttons point at the error; the pressed button kept the focus and was never disabled', async () => {
    renderAt('/taskmanagement?task=t1', server(refused));
    const panel = await screen.findByTestId('task-panel');
    const working = await within(panel).findByTestId('set-status-working');
    working.focus();
    // Every change of the button's disabled state while the write is on its way.
    const seen: string[] = [];
    const watch = new MutationObserver((list) =>
      list.forEach((m) => seen.push(`${m.attributeName}=${working.getAttribute(m.attributeName!)}`)),
    );
    watch.observe(working, { attributes: true, attributeFilter: ['disabled', 'aria-disabled'] });
    await act(async () => {
      fireEvent.click(working);
    });
    const message = await within(panel).findByText('The server could not take it');
    watch.disconnect();
    expect(seen).toContain('aria-disabled=true');
    expect(seen.filter((x) => x.startsWith('disabled='))).toEqual([]);
    const group = within(panel).getByRole('group', { name: 'Status' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(message.id).not.toBe('');
    expect(group.getAttribute('aria-describedby')).toBe(message.id);
    expect(document.activeElement).toBe(working);
  });

  test('the current status is marked by a tick beside its name, not by colour alone', async () => {
    renderAt('/taskmanagement?task=t1', server(refused));
    const panel = await screen.findByTestId('task-panel');
    const resting = await within(panel).findByTestId('set-status-resting');
    expect(resting.getAttribute('aria-pressed')).toBe('true');
    expect(resting.querySelector('svg')).not.toBeNull();
    expect(within(panel).getByTestId('set-status-working').querySelector('svg')).toBeNull();
  });

  test('a failed title: the field is invalid and described by the message; Escape closes the editor, not the panel, and Edit has the focus again', async () => {
    renderAt('/taskmanagement?task=t1', server(refused));
    const panel = await screen.findByTestId('task-panel');
    fireEvent.click(await within(panel).findByTestId('edit-title'));
    const input = within(panel).getByTestId('title-input');
    fireEvent.change(input, { target: { value: 'My better title' } });
    await act(async () => {
      fireEvent.click(within(panel).getByTestId('save-title'));
    });
    const message = await within(panel).findByText('The server could not take it');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(message.id);

    fireEvent.keyDown(input, { key: 'Escape' });
    expect(within(panel).queryByTestId('title-input')).toBeNull();
    expect(screen.getByTestId('task-panel')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(panel).getByTestId('edit-title')));
  });

  test('a failed priority write marks the priority field', async () => {
    renderAt('/taskmanagement?task=t1', server(refused));
    const panel = await screen.findByTestId('task-panel');
    const priority = await within(panel).findByTestId('set-priority');
    expect(priority.getAttribute('aria-invalid')).toBeNull();
    await act(async () => {
      fireEvent.change(priority, { target: { value: 'critical' } });
    });
    const message = await within(panel).findByText('The server could not take it');
    expect(priority.getAttribute('aria-invalid')).toBe('true');
    expect(priority.getAttribute('aria-describedby')).toBe(message.id);
  });

  test('after a note is added the focus is back in the (empty) note field', async () => {
    let revision = 1;
    renderAt(
      '/taskmanagement?task=t1',
      server((b) => {
        revision += 1;
        return { status: 200, body: { data: { ...task('t1', { type: 'custom' }), revision, activities: [{ date: '2024-05-04T08:00:00.000Z', user: 'anna', type: 'note', note: b.note }] } } };
      }),
    );
    const panel = await screen.findByTestId('task-panel');
    const note = await within(panel).findByTestId('note-input');
    fireEvent.change(note, { target: { value: 'Seal replaced' } });
    const add = within(panel).getByTestId('add-note');
    add.focus();
    await act(async () => {
      fireEvent.click(add);
    });
    await waitFor(() => expect((note as HTMLTextAreaElement).value).toBe(''));
    expect(document.activeElement).toBe(note);
    // Empty, Add note says it cannot act, and stays focusable.
    expect(add.getAttribute('aria-disabled')).toBe('true');
    expect((add as HTMLButtonElement).disabled).toBe(false);
  });

  test('Tab goes round the panel: from its last control to its first, Shift+Tab the other way', async () => {
    renderAt('/taskmanagement?task=t1', server(refused));
    const panel = await screen.findByTestId('task-panel');
    await within(panel).findByTestId('note-input');
    const items = focusableIn(panel);
    const first = items[0]!;
    const last = items[items.length - 1]!;
    expect(first.getAttribute('aria-label')).toBe('Close');
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });
});

describe('trapTab', () => {
  function box() {
    document.body.innerHTML = `<div id="root"><button id="a">A</button><input id="hidden" hidden><a id="b" href="#">B</a>
      <button id="off" disabled>off</button><span tabindex="-1" id="s">s</span></div><button id="out">out</button>`;
    return document.getElementById('root')!;
  }
  test('lists the controls Tab reaches, without hidden, disabled or tabindex -1 ones', () => {
    expect(focusableIn(box()).map((e) => e.id)).toEqual(['a', 'b']);
  });
  test('only Tab on the edges moves the focus', () => {
    const root = box();
    const key = (k: string, shiftKey = false) => {
      const e = { key: k, shiftKey, preventDefault: jest.fn() };
      return [trapTab(e, root), e.preventDefault.mock.calls.length] as const;
    };
    document.getElementById('a')!.focus();
    expect(key('Tab')).toEqual([false, 0]);
    expect(key('Tab', true)).toEqual([true, 1]);
    expect(document.activeElement!.id).toBe('b');
    expect(key('Tab')).toEqual([true, 1]);
    expect(document.activeElement!.id).toBe('a');
    expect(key('Enter')).toEqual([false, 0]);
  });
});

describe('the task list', () => {
  test('an overdue due date says "Overdue" in words beside it', async () => {
    renderAt('/taskmanagement?view=all', (method, url) => {
      if (url.includes('/users')) return { status: 200, body: { data: [] } };
      if (url === '/api/v3/tasks')
        return {
          status: 200,
          body: { data: page([item('t1', { due: '2020-01-01T00:00:00.000Z' }), item('t2', { due: '2999-01-01T00:00:00.000Z' })]) },
        };
      return { status: 404, body: { message: 'Not found' } };
    });
    const rows = await screen.findAllByTestId('task-row');
    expect(within(rows[0]!).getByTestId('task-overdue').textContent).toContain('Overdue');
    expect(within(rows[1]!).queryByTestId('task-overdue')).toBeNull();
    expect(within(rows[1]!).queryByText('Overdue')).toBeNull();
  });

  test('a chosen status filter shows a tick', async () => {
    renderAt('/taskmanagement?view=all&status=working', (method, url) => {
      if (url.includes('/users')) return { status: 200, body: { data: [] } };
      if (url === '/api/v3/tasks') return { status: 200, body: { data: page([]) } };
      return { status: 404, body: { message: 'Not found' } };
    });
    const on = await screen.findByTestId('filter-status-working');
    expect(on.getAttribute('aria-pressed')).toBe('true');
    expect(on.querySelector('svg')).not.toBeNull();
    expect(screen.getByTestId('filter-status-done').querySelector('svg')).toBeNull();
  });
});
