import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ManagedUser } from '@fieldwatch/shared';
import { demoUser } from '@fieldwatch/shared/testing';
import { Root } from '../src/Root';
import { currentLocation, renderRemote } from './harness';

const managed = { title: '', phone: '', status: 'active' as const, invitedAt: null, deactivatedAt: null, manageable: true, personalNumber: null };

const users: ManagedUser[] = [
  {
    id: 1,
    username: 'demo.super',
    name: 'Astrid Lindqvist',
    email: 'astrid@example.com',
    userType: 0,
    organizations: [{ id: 10, name: 'Nordvatten AB' }],
    lastLogin: new Date(Date.now() - 2 * 3600_000).toISOString(),
    ...managed,
  },
  {
    id: 2,
    username: 'demo.user',
    name: 'Mads Jensen',
    email: 'mads@example.dk',
    userType: 1,
    organizations: [
      { id: 10, name: 'Nordvatten AB' },
      { id: 11, name: 'Aarhus Forsyning' },
    ],
    lastLogin: null,
    ...managed,
  },
  {
    id: 3,
    username: 'demo.reader',
    name: 'Lena Vogel',
    email: 'lena@example.de',
    userType: 2,
    organizations: [{ id: 11, name: 'Aarhus Forsyning' }],
    lastLogin: '2024-01-05T08:00:00.000Z',
    ...managed,
  },
];

const ok = () => ({ status: 200, body: { data: users } });

describe('admin users', () => {
  test('/admin redirects to the users section, which lists the users from the API', async () => {
    const { calls } = renderRemote(<Root />, { path: '/admin', handler: ok });
    await screen.findByText('Mads Jensen');
    expect(currentLocation()).toBe('/admin/users');
    expect(calls).toEqual([{ method: 'GET', url: '/api/v3/admin/users' }]);

    const rows = screen.getAllByTestId('user-row');
    expect(rows).toHaveLength(3);
    const mads = rows.find((r) => r.textContent?.includes('Mads Jensen'))!;
    expect(within(mads).getByText('demo.user')).toBeTruthy();
    expect(within(mads).getByText('mads@example.dk')).toBeTruthy();
    expect(within(mads).getByText('User')).toBeTruthy();
    expect(within(mads).getByText('Nordvatten AB')).toBeTruthy();
    expect(within(mads).getByText('Aarhus Forsyning')).toBeTruthy();
    expect(within(mads).getByText('Never')).toBeTruthy();

    const astrid = rows.find((r) => r.textContent?.includes('Astrid Lindqvist'))!;
    expect(within(astrid).getByText('Super user')).toBeTruthy();
    expect(within(astrid).getByText('2 hours ago')).toBeTruthy();
    expect(within(astrid).getByText('You')).toBeTruthy();
    expect(screen.getByTestId('users-count').textContent).toBe('Total: 3');
  });

  test('the sub navigation lists every admin section of the spec', async () => {
    renderRemote(<Root />, { path: '/admin/users', handler: ok });
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(labels).toEqual([
      'General',
      'Customisation',
      'Users',
      'Accounts',
      'User management',
      'Permissions',
      'Dashboard ownership',
      'Workspace ownership',
      'Security',
      'API',
      'Usage statistics',
      'Audit log',
    ]);
    await screen.findByText('Mads Jensen');
  });

  test('the filter matches name, username, email, role and organisation', async () => {
    renderRemote(<Root />, { path: '/admin/users', handler: ok });
    await screen.findByText('Mads Jensen');
    const filter = screen.getByTestId('users-filter');

    fireEvent.change(filter, { target: { value: 'aarhus' } });
    expect(screen.getAllByTestId('user-row').map((r) => r.textContent)).toEqual([
      expect.stringContaining('Lena Vogel'),
      expect.stringContaining('Mads Jensen'),
    ]);
    expect(screen.getByTestId('users-count').textContent).toBe('2 of 3');

    fireEvent.change(filter, { target: { value: 'reader' } });
    expect(screen.getAllByTestId('user-row')).toHaveLength(1);
    expect(screen.getByText('Lena Vogel')).toBeTruthy();

    fireEvent.change(filter, { target: { value: 'astrid@' } });
    expect(screen.getAllByTestId('user-row')).toHaveLength(1);

    fireEvent.change(filter, { target: { value: 'nobody here' } });
    expect(screen.queryAllByTestId('user-row')).toHaveLength(0);
    expect(screen.getByText('No users match “nobody here”')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filter' }));
    expect(screen.getAllByTestId('user-row')).toHaveLength(3);
  });

  test('a 403 shows the no-access state, not an error', async () => {
    renderRemote(<Root />, {
      path: '/admin/users',
      handler: () => ({ status: 403, body: { message: 'You are missing authority for this area', code: 'forbidden' } }),
    });
    const state = await screen.findByTestId('users-no-access');
    expect(within(state).getByText('You don’t have access to user administration')).toBeTruthy();
    expect(within(state).getByRole('link', { name: 'Go to your profile' }).getAttribute('href')).toBe('/profile');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  test.each([
    ['User', 1],
    ['Reader', 2],
  ] as const)('a %s is not asked for the list the server would refuse (no 403 in the console): no-access at once', async (_, userType) => {
    const { calls } = renderRemote(<Root />, { path: '/admin', handler: ok, user: { ...demoUser, userType } });
    await screen.findByTestId('users-no-access');
    expect(currentLocation()).toBe('/admin/users');
    expect(calls).toEqual([]);
  });

  test('user management: a User gets the no-access state without a call', async () => {
    const { calls } = renderRemote(<Root />, { path: '/admin/user-management', handler: ok, user: { ...demoUser, userType: 1 } });
    expect(await screen.findByText('You don’t have access to user administration')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  test('a failure shows an error with Retry, which loads again', async () => {
    let fail = true;
    const { calls } = renderRemote(<Root />, {
      path: '/admin/users',
      handler: () => (fail ? { status: 500, body: { message: 'Something went wrong' } } : ok()),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The user list could not be loaded')).toBeTruthy();
    expect(screen.queryByTestId('users-no-access')).toBeNull();

    fail = false;
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    });
    await screen.findByText('Mads Jensen');
    expect(calls).toHaveLength(2);
  });

  test('an empty list says so', async () => {
    renderRemote(<Root />, { path: '/admin/users', handler: () => ({ status: 200, body: { data: [] } }) });
    await screen.findByText('No users yet');
  });
});
