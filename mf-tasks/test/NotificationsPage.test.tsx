import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type FwNotification, sessionStore } from '@fieldwatch/shared';
import { notificationList } from './fixtures';
import { type Answer, fakeApi, renderRemote } from './render';

beforeEach(() => sessionStore.setState({ refreshKey: 0 }));

/** A fake server: GET lists, PUT …/<id>/seen marks one seen (or fails for ids in `failing`). */
function server(list: FwNotification[], failing: string[] = []) {
  return fakeApi((url): Answer => {
    if (url === '/api/v3/events/notifications') return [list, false];
    const m = /^\/api\/v3\/events\/notifications\/([^/]+)\/seen$/.exec(url);
    if (m) {
      const id = decodeURIComponent(m[1]!);
      if (failing.includes(id)) return [null, true];
      const n = list.find((x) => x.id === id);
      return [n ? { ...n, seen: n.seen ?? '2024-06-01T12:00:00.000Z' } : null, false];
    }
    return [undefined, true];
  });
}

const items = () => screen.getAllByTestId('notification');
const ids = () => items().map((li) => within(li).getByText(/^Alarm message/).textContent);

describe('/notifications', () => {
  test('lists notifications newest first, unseen highlighted, with priority chips', async () => {
    renderRemote('/notifications', server(notificationList()));
    await screen.findAllByTestId('notification');
    expect(ids()).toEqual(['Alarm message n4', 'Alarm message n3', 'Alarm message n2', 'Alarm message n1']);
    expect(items().map((li) => li.hasAttribute('data-unseen'))).toEqual([true, false, true, false]);
    expect(within(items()[0]!).getByText('Critical')).toBeTruthy();
    expect(within(items()[1]!).getByText('High')).toBeTruthy();
    expect(within(items()[1]!).getByText(/^Seen /)).toBeTruthy();
    expect(screen.getByTestId('unseen-count').textContent).toBe('Unseen: 2');
    expect(screen.getByRole('button', { name: 'Unseen 2' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'All 4' }).getAttribute('aria-pressed')).toBe('true');
  });

  test('marks one as seen through the API and updates the list', async () => {
    const api = server(notificationList());
    renderRemote('/notifications', api);
    await screen.findAllByTestId('notification');
    fireEvent.click(within(items()[0]!).getByRole('button', { name: /Mark as seen/ }));
    await waitFor(() => expect(items()[0]!.hasAttribute('data-unseen')).toBe(false));
    expect(api.request).toHaveBeenCalledWith(
      { method: 'PUT', url: '/api/v3/events/notifications/n4/seen' },
      null,
    );
    expect(screen.getByTestId('unseen-count').textContent).toBe('Unseen: 1');
  });

  test('marks all as seen', async () => {
    const api = server(notificationList());
    renderRemote('/notifications', api);
    await screen.findAllByTestId('notification');
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as seen' }));
    await waitFor(() => expect(screen.queryByTestId('unseen-count')).toBeNull());
    expect(api.request).toHaveBeenCalledTimes(2);
    expect(items().some((li) => li.hasAttribute('data-unseen'))).toBe(false);
    expect((screen.getByRole('button', { name: 'Mark all as seen' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  test('a failed mark keeps the notification unseen and says so', async () => {
    const { props } = renderRemote('/notifications', server(notificationList(), ['n4']));
    const toasts: unknown[] = [];
    props.bus.on('toast', (t) => toasts.push(t));
    await screen.findAllByTestId('notification');
    fireEvent.click(within(items()[0]!).getByRole('button', { name: /Mark as seen/ }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toMatchObject({
      kind: 'danger',
      raw: true,
      message: 'Could not mark the notification as seen. Try again.',
    });
    expect(items()[0]!.hasAttribute('data-unseen')).toBe(true);
  });

  test('filters unseen, from the URL too; marked ones stay until the filter changes', async () => {
    renderRemote('/notifications?filter=unseen', server(notificationList()));
    await screen.findAllByTestId('notification');
    expect(ids()).toEqual(['Alarm message n4', 'Alarm message n2']);
    fireEvent.click(within(items()[1]!).getByRole('button', { name: /Mark as seen/ }));
    await waitFor(() => expect(items()[1]!.hasAttribute('data-unseen')).toBe(false));
    expect(items()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'All 4' }));
    expect(screen.getByTestId('location').textContent).toBe('/notifications');
    fireEvent.click(screen.getByRole('button', { name: 'Unseen 1' }));
    expect(ids()).toEqual(['Alarm message n4']);
  });

  test('all caught up, and an empty list', async () => {
    const seen = notificationList().map((n) => ({ ...n, seen: n.seen ?? '2024-06-01T00:00:00.000Z' }));
    const { unmount } = renderRemote('/notifications?filter=unseen', server(seen));
    expect(await screen.findByText('You are all caught up')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(items()).toHaveLength(4);
    unmount();

    renderRemote('/notifications', server([]));
    expect(await screen.findByText('No notifications')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Mark all as seen' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  test('error state with a retry', async () => {
    let fail = true;
    const ok = server(notificationList());
    const api = fakeApi((url) =>
      fail ? [[], true] : (ok.get as unknown as (u: string) => Promise<Answer>)(url),
    );
    renderRemote('/notifications', api);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not load the notifications')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('notification')).toHaveLength(4);
  });
});
