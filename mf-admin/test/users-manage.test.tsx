import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ManagedUser } from '@fieldwatch/shared';
import { Root } from '../src/Root';
import { renderRemote } from './harness';

const base = { title: '', phone: '', invitedAt: null, deactivatedAt: null, manageable: true, lastLogin: null, personalNumber: null };
const NORD = { id: 10, name: 'Nordvatten AB' };
const AAR = { id: 11, name: 'Aarhus Forsyning' };

const users: ManagedUser[] = [
  { ...base, id: 1, username: 'demo.super', name: 'Astrid Lindqvist', email: 'astrid@example.com', userType: 0, organizations: [NORD, AAR], status: 'active' },
  { ...base, id: 2, username: 'demo.user', name: 'Mads Jensen', email: 'mads@example.dk', userType: 1, organizations: [NORD], status: 'active' },
  {
    ...base,
    id: 3,
    username: 'ina@example.com',
    name: 'Ina Invite',
    email: 'ina@example.com',
    userType: 2,
    organizations: [AAR],
    status: 'invited',
    invitedAt: new Date(Date.now() - 3600_000).toISOString(),
  },
  {
    ...base,
    id: 4,
    username: 'old.user',
    name: 'Olle Old',
    email: 'olle@example.se',
    userType: 1,
    organizations: [NORD],
    status: 'deactivated',
    deactivatedAt: '2026-01-02T08:00:00.000Z',
  },
  // In an organisation the caller does not administer: listed, not manageable.
  { ...base, id: 5, username: 'shared.user', name: 'Sam Shared', email: 's@example.com', userType: 1, organizations: [NORD], status: 'active', manageable: false },
];

type Reply = { status: number; body?: unknown };
function server(overrides: (method: string, url: string, body?: unknown) => Reply | undefined = () => undefined) {
  return (method: string, url: string, body?: unknown): Reply => {
    const o = overrides(method, url, body);
    if (o) return o;
    if (method === 'GET' && url === '/api/v3/admin/users') return { status: 200, body: { data: users } };
    if (method === 'GET' && /\/sessions$/.test(url))
      return {
        status: 200,
        body: {
          data: {
            lastLogin: null,
            sessions: [
              {
                id: 'a',
                created: new Date().toISOString(),
                lastSeen: new Date(Date.now() - 5 * 60_000).toISOString(),
                expires: new Date(Date.now() + 86400_000).toISOString(),
                userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
                ip: '10.0.0.7',
                current: false,
              },
            ],
          },
        },
      };
    return { status: 200, body: { data: { ok: true } } };
  };
}

const rowOf = (name: string) => screen.getAllByTestId('user-row').find((r) => r.textContent?.includes(name))!;
async function openMenu(name: string) {
  fireEvent.click(within(rowOf(name)).getByRole('button', { name: `Actions for ${name}` }));
  return screen.getByRole('menu');
}

describe('admin user management', () => {
  test('the table shows status, filters by type, status and organisation; users of other organisations have no actions', async () => {
    renderRemote(<Root />, { path: '/admin/users', handler: server() });
    await screen.findByText('Mads Jensen');
    expect(within(rowOf('Ina Invite')).getByText('Invited')).toBeTruthy();
    expect(within(rowOf('Olle Old')).getByText('Deactivated')).toBeTruthy();
    expect(within(rowOf('Sam Shared')).queryByRole('button')).toBeNull();

    fireEvent.change(screen.getByTestId('users-filter-status'), { target: { value: 'invited' } });
    expect(screen.getAllByTestId('user-row').map((r) => r.dataset.status)).toEqual(['invited']);
    fireEvent.change(screen.getByTestId('users-filter-status'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('users-filter-type'), { target: { value: '0' } });
    expect(screen.getAllByTestId('user-row')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('users-filter-type'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('users-filter-org'), { target: { value: '11' } });
    expect(screen.getAllByTestId('user-row').map((r) => r.textContent)).toEqual([
      expect.stringContaining('Astrid'),
      expect.stringContaining('Ina Invite'),
    ]);
    expect(screen.getByTestId('users-count').textContent).toBe('2 of 5');
    // Oneself: no deactivate or delete.
    const menu = await openMenu('Astrid Lindqvist');
    expect(within(menu).getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Edit', 'Send password reset link']);
  });

  test('invite: the form says what is missing, then sends name, e-mail, type and organisations with the link page', async () => {
    const { calls } = renderRemote(<Root />, {
      path: '/admin/users',
      handler: server((method, url, body) =>
        method === 'POST' && url === '/api/v3/admin/users/invitations'
          ? { status: 200, body: { data: { ...users[2], ...(body as object), id: 9, status: 'invited' } } }
          : undefined,
      ),
    });
    await screen.findByText('Mads Jensen');
    fireEvent.click(screen.getByTestId('users-invite'));
    const dialog = screen.getByTestId('user-dialog');
    expect(within(dialog).getByText('Invite a user')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('user-dialog-save'));
    expect(within(dialog).getByText('Name should not be blank')).toBeTruthy();
    expect(within(dialog).getByText('E-mail should not be blank')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one organisation')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Nora New' } });
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'nora@example.com' } });
    fireEvent.change(within(dialog).getByLabelText('User type'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByLabelText('Aarhus Forsyning'));
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('user-dialog-save'));
    });
    await waitFor(() => expect(screen.queryByTestId('user-dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/v3/admin/users/invitations',
      body: { name: 'Nora New', email: 'nora@example.com', userType: 2, organizationIds: [11], baseUrl: 'http://localhost/reset-password' },
    });
    // The list is asked again.
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/v3/admin/users' && c.method === 'GET')).toHaveLength(2));
  });

  test('edit: the dialog shows the sessions, ends them, and a refused change says why', async () => {
    const { calls } = renderRemote(<Root />, {
      path: '/admin/users',
      handler: server((method, url) => {
        if (method === 'PUT') return { status: 409, body: { message: 'Nordvatten AB would have no active SuperUser left', code: 'last_superuser' } };
        if (method === 'DELETE' && url === '/api/v3/admin/users/2/sessions') return { status: 200, body: { data: { ended: 1 } } };
        return undefined;
      }),
    });
    await screen.findByText('Mads Jensen');
    fireEvent.click(within(await openMenu('Mads Jensen')).getByRole('menuitem', { name: 'Edit' }));
    const dialog = screen.getByTestId('user-dialog');
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Mads Jensen');
    expect(await within(dialog).findByText('Chrome · Windows')).toBeTruthy();
    expect(within(dialog).getByText('10.0.0.7')).toBeTruthy();

    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('user-end-sessions'));
    });
    expect(await within(dialog).findByText('1 session was ended')).toBeTruthy();
    expect(within(dialog).getByTestId('user-no-sessions')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('User type'), { target: { value: '0' } });
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Engineer' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('user-dialog-save'));
    });
    expect(await within(dialog).findByText(/without an active super user/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/v3/admin/users/2',
      body: { name: 'Mads Jensen', email: 'mads@example.dk', userType: 0, organizationIds: [10], title: 'Engineer', phone: '' },
    });
  });

  test('edit: a BankID personal number is checked before it is sent, and a linked one can be removed', async () => {
    const { calls } = renderRemote(<Root />, {
      path: '/admin/users',
      handler: server((method, url) => {
        if (method === 'GET' && url === '/api/v3/admin/users')
          return { status: 200, body: { data: users.map((u) => (u.id === 2 ? { ...u, personalNumber: '19811218-••••' } : u)) } };
        if (method === 'PUT') return { status: 409, body: { message: 'taken', code: 'personal_number_taken' } };
        return undefined;
      }),
    });
    await screen.findByText('Mads Jensen');
    fireEvent.click(within(await openMenu('Mads Jensen')).getByRole('menuitem', { name: 'Edit' }));
    const dialog = screen.getByTestId('user-dialog');
    expect(within(dialog).getByText('Linked: 19811218-••••')).toBeTruthy();
    const field = within(dialog).getByLabelText('Replace with another number');
    fireEvent.change(field, { target: { value: '19811218-9875' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('user-dialog-save'));
    });
    expect(within(dialog).getByText('Enter valid personal identity number, as YYYYMMDD-NNNN')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toBeUndefined();

    fireEvent.change(field, { target: { value: '811218-9876' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('user-dialog-save'));
    });
    expect(await within(dialog).findByText(/linked to another user already/)).toBeTruthy();
    expect((calls.find((c) => c.method === 'PUT')!.body as { personalNumber: string }).personalNumber).toBe('811218-9876');

    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(within(dialog).getByTestId('user-bankid-unlink'));
    expect(within(dialog).getByText('The link is removed when you save.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('user-dialog-save'));
    });
    expect((calls.filter((c) => c.method === 'PUT')[1]!.body as { personalNumber: unknown }).personalNumber).toBeNull();
  });

  test('deactivate asks first; delete asks what becomes of the tasks', async () => {
    const { calls } = renderRemote(<Root />, {
      path: '/admin/users',
      handler: server((method) =>
        method === 'DELETE' ? { status: 200, body: { data: { id: 2, tasksReassigned: 3, tasksUnassigned: 0 } } } : undefined,
      ),
    });
    await screen.findByText('Mads Jensen');
    fireEvent.click(within(await openMenu('Mads Jensen')).getByRole('menuitem', { name: 'Deactivate' }));
    const confirm = screen.getByTestId('deactivate-user-dialog');
    expect(within(confirm).getByText(/demo.user is signed out everywhere/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(confirm).getByTestId('confirm-dialog-confirm'));
    });
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/v3/admin/users/2/deactivate')).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('deactivate-user-dialog')).toBeNull());

    fireEvent.click(within(await openMenu('Mads Jensen')).getByRole('menuitem', { name: 'Delete…' }));
    const del = screen.getByTestId('delete-user-dialog');
    fireEvent.click(within(del).getByLabelText('Give them to another user:'));
    // Only active users in all of his organisations can take over: Astrid (not the deactivated Olle).
    const heir = within(del).getByTestId('delete-user-heir') as HTMLSelectElement;
    expect([...heir.options].map((o) => o.textContent)).toEqual(['Astrid Lindqvist (demo.super)', 'Sam Shared (shared.user)']);
    fireEvent.change(heir, { target: { value: '1' } });
    await act(async () => {
      fireEvent.click(within(del).getByTestId('confirm-dialog-confirm'));
    });
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/v3/admin/users/2?tasks=reassign&reassignTo=1');
  });

  test('user management lists pending invitations and deactivated accounts with their actions', async () => {
    const { calls } = renderRemote(<Root />, { path: '/admin/user-management', handler: server() });
    const invited = await screen.findAllByTestId('invited-row');
    expect(invited.map((r) => r.textContent)).toEqual([expect.stringContaining('Ina Invite')]);
    expect(screen.getAllByTestId('deactivated-row').map((r) => r.textContent)).toEqual([expect.stringContaining('Olle Old')]);
    await act(async () => {
      fireEvent.click(within(invited[0]!).getByRole('button', { name: 'Send invitation again' }));
    });
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/v3/admin/users/3/reset-link',
      body: { baseUrl: 'http://localhost/reset-password' },
    });
    await act(async () => {
      fireEvent.click(within(screen.getAllByTestId('deactivated-row')[0]!).getByRole('button', { name: 'Reactivate' }));
    });
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/v3/admin/users/4/reactivate')).toBe(true);
  });

  test('two-factor authentication of a user who lost his phone: turned off after a question, never one’s own here', async () => {
    const withTwoFactor = users.map((u) => (u.id === 1 || u.id === 2 ? { ...u, twoFactor: true } : u));
    const toasts: string[] = [];
    const { calls, props } = renderRemote(<Root />, {
      path: '/admin/users',
      handler: server((method, url) => {
        if (method === 'GET' && url === '/api/v3/admin/users') return { status: 200, body: { data: withTwoFactor } };
        if (method === 'DELETE' && url === '/api/v3/admin/users/2/two-factor') return { status: 200, body: { data: { ...withTwoFactor[1], twoFactor: false } } };
        return undefined;
      }),
    });
    props.bus.on('toast', (t) => toasts.push(t.message));
    await screen.findByText('Mads Jensen');
    // Oneself: his own goes off in his profile.
    expect(within(await openMenu('Astrid Lindqvist')).queryByRole('menuitem', { name: /two-factor/ })).toBeNull();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    // Without it on, nothing to turn off.
    expect(within(await openMenu('Olle Old')).queryByRole('menuitem', { name: /two-factor/ })).toBeNull();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    fireEvent.click(within(await openMenu('Mads Jensen')).getByRole('menuitem', { name: 'Turn off two-factor authentication…' }));
    const confirm = screen.getByTestId('reset-two-factor-dialog');
    expect(within(confirm).getByText(/demo.user has lost the phone/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(confirm).getByTestId('confirm-dialog-confirm'));
    });
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/v3/admin/users/2/two-factor']);
    await waitFor(() => expect(screen.queryByTestId('reset-two-factor-dialog')).toBeNull());
    expect(toasts).toContain('Two-factor authentication of Mads Jensen is off.');
  });
});
