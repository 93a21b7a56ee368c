import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type NotificationItem, type NotificationPage, sessionStore, USER_TYPES } from '@fieldwatch/shared';
import { demoUser, renderRemote, type FakeHandler } from '@fieldwatch/shared/testing';
import common from '@fieldwatch/locales/common';
import tasks from '@fieldwatch/locales/tasks';
import { Root } from '../src/Root';

const item = (id: string, over: Partial<NotificationItem> = {}): NotificationItem => ({
  id,
  created: '2024-05-01T08:00:00.000Z',
  version: '1',
  kind: 'notification',
  eventId: `e-${id}`,
  type: 'alarm',
  message: `Message ${id}`,
  priority: 'normal',
  organizationId: 1,
  organizationName: 'Nordic Utilities',
  unit: { id: 10004, name: `Pump ${id}` },
  location: 'North station',
  groups: ['Water west'],
  alarmType: 34,
  alarm: {
    id: 500,
    type: 34,
    state: 'activeUnacknowledged',
    active: true,
    acknowledgedBy: null,
    acknowledgedAt: null,
    clearedBy: null,
    clearedAt: null,
  },
  taskId: 'task-1',
  ...over,
});

const customers = [
  { CustomerID: 1, CustomerName: 'Nordic Utilities', CustomerRights: [] },
  { CustomerID: 2, CustomerName: 'Baltic Water', CustomerRights: [] },
];

function render(url: string, handler: FakeHandler, userType: number = USER_TYPES.User) {
  const navigate = jest.fn();
  const view = renderRemote({
    Root,
    url,
    handler,
    basename: '/notifications',
    namespace: 'tasks',
    bundles: { common, tasks },
    navigate,
    session: { user: { ...demoUser, userType: userType as 0 }, customers, selectedCustomers: [1, 2], refreshKey: 0 },
  });
  return { ...view, navigate };
}

const page = (items: NotificationItem[], total = items.length): NotificationPage => ({ items, total, offset: 0, limit: 50 });
const rows = () => screen.getAllByTestId('notification');

beforeEach(() => sessionStore.setState({ refreshKey: 0 }));

describe('/notifications', () => {
  test('a row names its unit (a link to the unit page), location, groups and alarm type, and links to its task', async () => {
    const { navigate } = render('/notifications', (m, url) =>
      url.startsWith('/api/v3/notifications?')
        ? { status: 200, body: { data: page([item('n1', { priority: 'critical' }), item('n2', { seen: '2024-05-02T00:00:00.000Z', alarm: null, taskId: null })]) } }
        : { status: 404 },
    );
    await screen.findAllByTestId('notification');
    const first = rows()[0]!;
    expect(within(first).getByText('Critical')).toBeTruthy();
    const unit = within(first).getByTestId('notification-unit');
    expect(unit.textContent).toBe('Pump n1');
    expect(unit.getAttribute('href')).toBe('/devicemanagement/10004');
    fireEvent.click(unit);
    expect(navigate).toHaveBeenCalledWith('/devicemanagement/10004');
    expect(within(first).getByText('North station · Water west')).toBeTruthy();
    expect(within(first).getByText('Nordic Utilities')).toBeTruthy();
    expect(within(first).getByTestId('notification-task').getAttribute('href')).toBe('/taskmanagement?task=task-1');
    expect(first.hasAttribute('data-unseen')).toBe(true);
    expect(within(first).getByTestId('notification-alarm-state').textContent).toBe('New');
    expect(within(first).getByRole('button', { name: 'Acknowledge' })).toBeTruthy();
    // No alarm, no task: no acknowledge, no task link.
    expect(within(rows()[1]!).queryByTestId('notification-task')).toBeNull();
    expect(within(rows()[1]!).queryByRole('button', { name: 'Acknowledge' })).toBeNull();
  });

  test('the message is shown in the reader\'s language when it has a LocalText', async () => {
    render('/notifications', () => ({
      status: 200,
      body: { data: page([item('n1', { message: 'English text', messageText: { key: 'serverText.alarmMessageTypeOnly', params: { alarmType: 34 } } })]) },
    }));
    await screen.findAllByTestId('notification');
    expect(within(rows()[0]!).queryByText('English text')).toBeNull();
  });

  test('filters go into the URL and the API query; the customer filter lists the selected customers', async () => {
    const { calls } = render('/notifications?seen=unseen', () => ({ status: 200, body: { data: page([item('n1')]) } }));
    await screen.findAllByTestId('notification');
    expect(calls.at(-1)!.url).toBe('/api/v3/notifications?seen=unseen&sort=priority&offset=0&limit=50');
    fireEvent.click(screen.getByRole('button', { name: 'Critical' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/notifications?seen=unseen&priority=critical'));
    await waitFor(() => expect(calls.at(-1)!.url).toBe('/api/v3/notifications?priority=critical&seen=unseen&sort=priority&offset=0&limit=50'));
    fireEvent.change(screen.getByTestId('notification-customer'), { target: { value: '2' } });
    await waitFor(() => expect(calls.at(-1)!.url).toContain('customer=2'));
    expect(screen.getByTestId('location').textContent).toContain('customer=2');
  });

  test('select several and mark them seen; mark all shown within the filter', async () => {
    const seenAt = '2024-06-01T00:00:00.000Z';
    const { calls, props } = render('/notifications?priority=critical', (method, url, body) => {
      if (method === 'GET') return { status: 200, body: { data: page([item('n1'), item('n2'), item('n3')]) } };
      if (url === '/api/v3/notifications/seen') {
        const b = body as { ids?: string[] };
        return { status: 200, body: { data: { ids: b.ids ?? ['n1', 'n2', 'n3'], seen: seenAt } } };
      }
      return { status: 404 };
    });
    const changed = jest.fn();
    props.bus.on('notifications:changed', changed);
    await screen.findAllByTestId('notification');
    fireEvent.click(within(rows()[0]!).getByRole('checkbox'));
    fireEvent.click(within(rows()[2]!).getByRole('checkbox'));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark 2 as seen' }));
    await waitFor(() => expect(rows()[0]!.hasAttribute('data-unseen')).toBe(false));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ ids: ['n1', 'n3'] });
    expect(rows()[1]!.hasAttribute('data-unseen')).toBe(true);
    expect(rows()[2]!.hasAttribute('data-unseen')).toBe(false);
    expect(changed).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Mark all shown as seen' }));
    await waitFor(() => expect(rows()[1]!.hasAttribute('data-unseen')).toBe(false));
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({ all: true, priority: ['critical'] });
  });

  test('acknowledges the alarm from the notification (and marks it seen); a failure says "Could not acknowledge …"', async () => {
    let fail = false;
    const { calls, props } = render('/notifications', (method, url) => {
      if (method === 'GET') return { status: 200, body: { data: page([item('n1')]) } };
      if (url === '/api/v3/alarms/500/actions') {
        if (fail) return { status: 500, body: { message: '' } };
        return {
          status: 200,
          body: {
            data: {
              action: 'acknowledge',
              alarms: [{ alarmId: 500, unitId: 10004, organizationId: 1, channelId: 1, alarmType: 34, state: 'activeAcknowledged', acknowledgedBy: 'demo.super', acknowledgedAt: '2024-06-01T10:00:00.000Z', clearedBy: null, clearedAt: null, changed: true }],
            },
          },
        };
      }
      if (url === '/api/v3/notifications/seen') return { status: 200, body: { data: { ids: ['n1'], seen: '2024-06-01T10:00:00.000Z' } } };
      return { status: 404 };
    });
    const toasts: unknown[] = [];
    props.bus.on('toast', (t) => toasts.push(t));
    await screen.findAllByTestId('notification');
    fail = true;
    fireEvent.click(within(rows()[0]!).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toMatchObject({ kind: 'danger', message: 'alarmActions.acknowledgeFailed', params: { name: expect.stringContaining('Pump n1') } });
    fail = false;
    fireEvent.click(within(rows()[0]!).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(within(rows()[0]!).queryByRole('button', { name: 'Acknowledge' })).toBeNull());
    expect(within(rows()[0]!).getByTestId('notification-alarm-state').textContent).toContain('Acknowledged by demo.super');
    await waitFor(() => expect(rows()[0]!.hasAttribute('data-unseen')).toBe(false));
    expect(calls.some((c) => c.url === '/api/v3/notifications/seen')).toBe(true);
  });

  test('a Reader sees no Acknowledge button but may mark his own seen', async () => {
    render('/notifications', () => ({ status: 200, body: { data: page([item('n1')]) } }), USER_TYPES.Reader);
    await screen.findAllByTestId('notification');
    expect(within(rows()[0]!).queryByRole('button', { name: 'Acknowledge' })).toBeNull();
    expect(within(rows()[0]!).getByRole('button', { name: /Mark as seen/ })).toBeTruthy();
  });

  test('live: marked seen in another browser updates the row in place, keeping the selection', async () => {
    const { props } = render('/notifications', () => ({ status: 200, body: { data: page([item('n1'), item('n2')]) } }));
    await screen.findAllByTestId('notification');
    fireEvent.click(within(rows()[1]!).getByRole('checkbox'));
    act(() => props.bus.emit('notifications:seen', { ids: ['n1'], seen: '2024-06-01T00:00:00.000Z' }));
    await waitFor(() => expect(rows()[0]!.hasAttribute('data-unseen')).toBe(false));
    expect((within(rows()[1]!).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
  });

  test('live: a new notification is inserted; the selection stays', async () => {
    let list = [item('n1')];
    const { props } = render('/notifications', () => ({ status: 200, body: { data: page(list) } }));
    await screen.findAllByTestId('notification');
    fireEvent.click(within(rows()[0]!).getByRole('checkbox'));
    list = [item('n9', { priority: 'critical' }), item('n1')];
    act(() => props.bus.emit('notifications:arrived', item('n9')));
    await waitFor(() => expect(rows()).toHaveLength(2), { timeout: 2000 });
    expect(rows()[0]!.getAttribute('data-id')).toBe('n9');
    expect(rows()[0]!.hasAttribute('data-fresh')).toBe(true);
    expect((within(rows()[1]!).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
  });

  test('empty, no match with a way out, paging and an error with retry', async () => {
    const { unmount } = render('/notifications', () => ({ status: 200, body: { data: page([]) } }));
    expect(await screen.findByText('No notifications')).toBeTruthy();
    unmount();
    const second = render('/notifications?seen=unseen', () => ({ status: 200, body: { data: page([]) } }));
    expect(await screen.findByText('No notifications match the filter')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByTestId('location').textContent).toBe('/notifications');
    second.unmount();
    const many = render('/notifications', () => ({ status: 200, body: { data: page([item('n1')], 120) } }));
    expect(await screen.findByText('1–50 of 120')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(many.calls.at(-1)!.url).toContain('offset=50'));
    many.unmount();
    let fail = true;
    render('/notifications', () => (fail ? { status: 500, body: {} } : { status: 200, body: { data: page([item('n1')]) } }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not load the notifications')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('notification')).toHaveLength(1);
  });
});
