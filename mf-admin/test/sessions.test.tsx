import { act, fireEvent, screen, within } from '@testing-library/react';
import type { SessionListItem } from '@fieldwatch/shared';
import { demoUser } from '@fieldwatch/shared/testing';
import { Root } from '../src/Root';
import { renderRemote } from './harness';

const now = Date.now();
const iso = (msAgo: number) => new Date(now - msAgo).toISOString();
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

function sessions(): SessionListItem[] {
  return [
    {
      id: 'phone-1',
      created: iso(86400_000 * 3),
      lastSeen: iso(3600_000),
      expires: iso(-86400_000 * 25),
      userAgent: SAFARI_IPHONE,
      ip: '10.0.0.7',
      current: false,
    },
    {
      id: 'this-1',
      created: iso(86400_000),
      lastSeen: iso(60_000),
      expires: iso(-86400_000 * 27),
      userAgent: CHROME_LINUX,
      ip: '10.0.0.2',
      current: true,
    },
  ];
}

describe('profile sessions', () => {
  test('lists the sessions, current first and marked, and signs out another one with DELETE after asking', async () => {
    let list = sessions();
    const { calls, props } = renderRemote(<Root />, {
      path: '/profile/sessions',
      handler: (method, url) => {
        if (method === 'GET' && url === '/api/v2/auth/sessions') return { status: 200, body: { data: list } };
        if (method === 'DELETE' && url === '/api/v2/auth/session/logout/phone-1') {
          list = list.filter((s) => s.id !== 'phone-1');
          return { status: 200, body: { data: true } };
        }
        return { status: 404, body: { message: 'Not found' } };
      },
    });

    const rows = await screen.findAllByTestId('session-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.getAttribute('data-current')).toBe('true');
    expect(within(rows[0]!).getByText('Chrome on Linux')).toBeTruthy();
    expect(within(rows[0]!).getByText('This device')).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(within(rows[1]!).getByText('Safari on iOS')).toBeTruthy();
    expect(within(rows[1]!).getByText('10.0.0.7')).toBeTruthy();

    const toasts: unknown[] = [];
    props.bus.on('toast', (t) => toasts.push(t));
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Sign out Safari on iOS' }));
    const dialog = screen.getByTestId('session-revoke-dialog');
    expect(within(dialog).getByText('Sign out this session?')).toBeTruthy();
    expect(within(dialog).getByText('Safari on iOS will be signed out and must sign in again to use Fieldwatch.')).toBeTruthy();
    expect(calls).toEqual([{ method: 'GET', url: '/api/v2/auth/sessions' }]);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    });
    await screen.findByText('Chrome on Linux');
    expect(screen.queryByTestId('session-revoke-dialog')).toBeNull();
    expect(toasts).toEqual([{ kind: 'success', message: 'The session was signed out.', raw: true }]);
    expect(calls).toEqual([
      { method: 'GET', url: '/api/v2/auth/sessions' },
      { method: 'DELETE', url: '/api/v2/auth/session/logout/phone-1' },
      { method: 'GET', url: '/api/v2/auth/sessions' },
    ]);
    expect(await screen.findAllByTestId('session-row')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test("the dates are in the user's time zone and date format", async () => {
    const late: SessionListItem = {
      ...sessions()[0]!,
      // 23:30 UTC is already the next day in Stockholm.
      created: '2024-05-03T23:30:00.000Z',
      expires: '2024-06-02T23:30:00.000Z',
    };
    const user = {
      ...demoUser,
      timeConfig: { timezone: 'Europe/Stockholm', timeFormat: '24h', dateFormat: 'MMM DD YYYY' } as const,
    };
    renderRemote(<Root />, {
      path: '/profile/sessions',
      user,
      handler: () => ({ status: 200, body: { data: [late] } }),
    });
    const row = await screen.findByTestId('session-row');
    const created = within(row).getByText('May 04 2024');
    expect(created.tagName).toBe('TIME');
    expect(created.getAttribute('title')).toBe('May 04 2024 01:30');
    expect(within(row).getByText('Jun 03 2024')).toBeTruthy();
  });

  test('a failed sign-out is reported and the list reloaded', async () => {
    const { calls } = renderRemote(<Root />, {
      path: '/profile/sessions',
      handler: (method) =>
        method === 'GET'
          ? { status: 200, body: { data: sessions() } }
          : { status: 500, body: { message: 'Something went wrong' } },
    });
    const rows = await screen.findAllByTestId('session-row');
    fireEvent.click(within(rows[1]!).getByRole('button', { name: /Sign out/ }));
    await act(async () => {
      fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    });
    expect((await screen.findByRole('alert')).textContent).toMatch('could not be signed out');
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
  });

  test('a failed load shows an error with Retry', async () => {
    let fail = true;
    renderRemote(<Root />, {
      path: '/profile/sessions',
      handler: () => (fail ? { status: 503 } : { status: 200, body: { data: sessions() } }),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your sessions could not be loaded')).toBeTruthy();
    fail = false;
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findAllByTestId('session-row')).toHaveLength(2);
  });
});

test('cancelling the confirmation signs nothing out', async () => {
  const { calls } = renderRemote(<Root />, {
    path: '/profile/sessions',
    handler: () => ({ status: 200, body: { data: sessions() } }),
  });
  const rows = await screen.findAllByTestId('session-row');
  fireEvent.click(within(rows[1]!).getByRole('button', { name: /Sign out/ }));
  fireEvent.click(within(screen.getByTestId('session-revoke-dialog')).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByTestId('session-revoke-dialog')).toBeNull();
  expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
});

describe('profile overview', () => {
  test('shows the signed-in user from the session store', () => {
    renderRemote(<Root />, { path: '/profile', handler: () => ({ status: 404 }) });
    const page = screen.getByTestId('profile-overview');
    const field = (name: string) => page.querySelector(`[data-field="${name}"]`)?.textContent;
    expect(field('name')).toBe('Astrid Lindqvist');
    expect(field('title')).toBe('Operations manager');
    expect(field('email')).toBe('astrid@example.com');
    expect(field('phone')).toBe('+46 70 123 45 67');
    expect(field('location')).toBe('Göteborg');
    expect(field('username')).toBe('demo.super');
    expect(field('role')).toBe('Super user');
    expect(field('language')).toBe('English');
    expect(field('timezone')).toBe('GMT +01:00 Stockholm');
    expect(field('timeFormat')).toMatch(/^24-hour \(\d\d:\d\d\)$/);
    expect(field('dateFormat')).toMatch(/^Day month year \(\d\d \w{3} \d{4}\)$/);
    expect(field('notifyEmail')).toBe('Off');
    expect(field('notifyDesktop')).toBe('On');
    const tabs = screen.getByRole('navigation', { name: 'Profile sections' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Overview', 'Personal info', 'Password', 'Two-factor', 'Preferences', 'Notifications', 'Sessions']);
  });

  test('without a user in the store it offers to load the session again', async () => {
    const { calls } = renderRemote(<Root />, {
      path: '/profile',
      handler: () => ({ status: 500 }),
      user: null,
    });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Your profile could not be loaded')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    });
    expect(calls).toEqual([{ method: 'GET', url: '/api/v3/user/session' }]);
  });
});
