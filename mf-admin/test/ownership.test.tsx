import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { OWNERSHIP_MESSAGES, type DashboardOwnershipView, type WorkspaceOwnershipView } from '@fieldwatch/shared';
import { Root } from '../src/Root';
import { renderRemote } from './harness';

const organizations = [
  { id: 10, name: 'Nordvatten AB' },
  { id: 11, name: 'Aarhus Forsyning' },
];
const users = [
  { id: 1, username: 'demo.super', name: 'Astrid Lindqvist', userType: 0, organizationIds: [10, 11] },
  { id: 2, username: 'erik', name: 'Erik Johansson', userType: 1, organizationIds: [10] },
  { id: 3, username: 'freja', name: 'Freja Hansen', userType: 2, organizationIds: [10] },
  { id: 4, username: 'lena', name: 'Lena Vogel', userType: 1, organizationIds: [11] },
];
const updatedAt = new Date(Date.now() - 3 * 3600_000).toISOString();
const dashboardView: DashboardOwnershipView = {
  organizations,
  users,
  dashboards: [
    { id: 20, name: 'nav.overview', kind: 'overview', widgets: 6, updatedAt, ownerId: 2, sharedWith: null },
    { id: 21, name: 'Pumps north', kind: null, widgets: 4, updatedAt, ownerId: 2, sharedWith: null },
    { id: 22, name: 'Leak watch', kind: null, widgets: 2, updatedAt, ownerId: 2, sharedWith: 10 },
    { id: 23, name: 'Aarhus board', kind: null, widgets: 1, updatedAt, ownerId: 4, sharedWith: null },
  ],
};
const workspaceView: WorkspaceOwnershipView = {
  organizations,
  users,
  workspaces: [
    {
      userId: 2,
      organizationId: 10,
      tasks: [
        { id: 't1', title: 'Replace battery', status: 'resting', created: updatedAt },
        { id: 't2', title: 'Check valve', status: 'working', created: updatedAt },
      ],
    },
  ],
};

describe('dashboard ownership', () => {
  test("lists the organisation's dashboards; built-ins cannot be moved; a custom one is transferred to another user", async () => {
    const posts: unknown[] = [];
    const { calls } = renderRemote(<Root />, {
      path: '/admin/dashboard-ownership',
      handler: (method, url, body) => {
        if (method === 'GET' && url === '/api/v3/admin/ownership/dashboards') return { status: 200, body: { data: dashboardView } };
        if (method === 'POST' && url === '/api/v3/admin/ownership/dashboards/transfer') {
          posts.push(body);
          return { status: 200, body: { data: { dashboardIds: [21] } } };
        }
        return { status: 404, body: { message: 'Not found' } };
      },
    });
    await screen.findByText('Pumps north');
    const rows = screen.getAllByTestId('owned-dashboard');
    // Nordvatten AB first (the first organisation): its three dashboards, not Aarhus'.
    expect(rows).toHaveLength(3);
    expect(screen.queryByText('Aarhus board')).toBeNull();
    const builtIn = rows.find((r) => r.textContent?.includes('Overview'))!;
    expect(within(builtIn).getByText('Built-in')).toBeTruthy();
    expect(within(builtIn).queryByTestId('transfer-one')).toBeNull();
    const shared = rows.find((r) => r.textContent?.includes('Leak watch'))!;
    expect(within(shared).getByText('Read-only for Nordvatten AB')).toBeTruthy();
    expect(within(shared).getByTestId('share-toggle').textContent).toBe('Stop sharing');

    const pumps = rows.find((r) => r.textContent?.includes('Pumps north'))!;
    fireEvent.click(within(pumps).getByTestId('transfer-one'));
    const dialog = await screen.findByTestId('transfer-dialog');
    expect(dialog.textContent).toContain('Built-in dashboards stay with Erik Johansson');
    // Only other users of Nordvatten AB are offered.
    const options = within(dialog).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Astrid Lindqvist (demo.super)', 'Freja Hansen (freja)']);
    fireEvent.change(within(dialog).getByTestId('transfer-to'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByTestId('transfer-confirm'));
    await waitFor(() => expect(screen.queryByTestId('transfer-dialog')).toBeNull());
    expect(posts).toEqual([{ organizationId: 10, fromUserId: 2, toUserId: 3, dashboardIds: [21] }]);
    // The list is asked again after the change.
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/v3/admin/ownership/dashboards')).toHaveLength(2));
  });

  test("transfers all of a user's custom dashboards, shows a refusal as translated text, and shares one", async () => {
    const sent: Array<{ url: string; body: unknown }> = [];
    renderRemote(<Root />, {
      path: '/admin/dashboard-ownership',
      handler: (method, url, body) => {
        if (method === 'GET') return { status: 200, body: { data: dashboardView } };
        sent.push({ url, body });
        if (url.endsWith('/transfer')) return { status: 400, body: { message: OWNERSHIP_MESSAGES.notInOrganization } };
        return { status: 200, body: { data: { ...dashboardView.dashboards[1], sharedWith: 10 } } };
      },
    });
    await screen.findByText('Pumps north');
    fireEvent.change(screen.getByTestId('ownership-user'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('transfer-all'));
    const dialog = await screen.findByTestId('transfer-dialog');
    expect(dialog.textContent).toContain('2 custom dashboards move from Erik Johansson');
    fireEvent.click(within(dialog).getByTestId('transfer-confirm'));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Both users must belong to the chosen organisation. Choose a user of that organisation.',
    );
    expect(sent[0]).toEqual({
      url: '/api/v3/admin/ownership/dashboards/transfer',
      body: { organizationId: 10, fromUserId: 2, toUserId: 1 },
    });
    fireEvent.click(within(dialog).getByText('Cancel'));

    const pumps = screen.getAllByTestId('owned-dashboard').find((r) => r.textContent?.includes('Pumps north'))!;
    fireEvent.click(within(pumps).getByTestId('share-toggle'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ url: '/api/v3/admin/ownership/dashboards/21/share', body: { organizationId: 10 } });
  });

  test('a User sees that only super users manage ownership', async () => {
    renderRemote(<Root />, {
      path: '/admin/dashboard-ownership',
      handler: () => ({ status: 403, body: { message: 'You are missing authority for this area' } }),
    });
    expect((await screen.findByTestId('ownership-no-access')).textContent).toContain('Only super users manage ownership');
  });
});

describe('workspace ownership', () => {
  test("says what a workspace is, lists each user's open tasks and moves them to another user", async () => {
    const posts: unknown[] = [];
    renderRemote(<Root />, {
      path: '/admin/workspace-ownership',
      handler: (method, url, body) => {
        if (method === 'GET') return { status: 200, body: { data: workspaceView } };
        posts.push({ url, body });
        return { status: 200, body: { data: { taskIds: ['t1', 't2'] } } };
      },
    });
    await screen.findByText('Replace battery');
    expect(screen.getByTestId('admin-workspace-ownership').textContent).toContain(
      'the tasks he is an assignee of that are not yet done',
    );
    const rows = screen.getAllByTestId('workspace-row');
    expect(rows.map((r) => r.getAttribute('data-username'))).toEqual(['erik', 'demo.super', 'freja']);
    expect(within(rows[1]!).getByTestId('workspace-move')).toHaveProperty('disabled', true);
    fireEvent.click(within(rows[0]!).getByTestId('workspace-move'));
    const dialog = await screen.findByTestId('workspace-dialog');
    expect(dialog.textContent).toContain('2 open tasks get the user you choose as assignee instead of Erik Johansson');
    fireEvent.change(within(dialog).getByTestId('workspace-to'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByTestId('workspace-confirm'));
    await waitFor(() => expect(screen.queryByTestId('workspace-dialog')).toBeNull());
    expect(posts).toEqual([
      {
        url: '/api/v3/admin/ownership/workspaces/transfer',
        body: { organizationId: 10, fromUserId: 2, toUserId: 3, taskIds: ['t1', 't2'] },
      },
    ]);
  });
});
