import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminOrganization, AuditEntry, AuditPage } from '@fieldwatch/shared';
import { Root } from '../src/Root';
import { auditParams, detailLines, NO_FILTERS } from '../src/features/audit-log/load';
import { renderRemote } from './harness';

const orgs: AdminOrganization[] = [
  { id: 10, name: 'Nordvatten AB', parentId: null, rights: [], users: 3, slug: null },
  { id: 11, name: 'Aarhus Forsyning', parentId: null, rights: [], users: 2, slug: null },
];
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

function entry(over: Partial<AuditEntry>): AuditEntry {
  return {
    id: 1,
    at: '2026-11-20T08:30:00.000Z',
    actor: { id: 1, name: 'demo.super' },
    organization: { id: 10, name: 'Nordvatten AB' },
    action: 'auth.signin',
    target: { type: 'user', id: '1', name: 'demo.super' },
    ip: '10.0.0.2',
    userAgent: CHROME,
    details: { method: 'password' },
    ...over,
  };
}

describe('admin audit log', () => {
  test('lists who, when (in the user’s zone), action, target, changes and from where; pages with a cursor', async () => {
    const first: AuditPage = {
      entries: [
        entry({
          id: 30,
          action: 'user.update',
          target: { type: 'user', id: '5', name: 'erik' },
          details: { changes: { email: { from: 'a@x.se', to: 'b@x.se' }, password: 'changed' } },
        }),
        entry({ id: 29, action: 'auth.signinFailed', actor: { id: null, name: 'nobody' }, organization: null, target: null, details: { username: 'nobody', reason: 'unknownUser' } }),
      ],
      nextCursor: 29,
    };
    const second: AuditPage = { entries: [entry({ id: 3 })], nextCursor: null };
    const { calls } = renderRemote(<Root />, {
      path: '/admin/audit-log',
      handler: (method, url) => {
        if (url === '/api/v3/admin/organizations') return { status: 200, body: { data: orgs } };
        if (url.startsWith('/api/v3/admin/audit?')) return { status: 200, body: { data: url.includes('cursor=29') ? second : first } };
        return { status: 404, body: { message: 'Not found' } };
      },
    });
    const rows = await screen.findAllByTestId('audit-row');
    expect(rows).toHaveLength(2);
    const upd = rows[0]!;
    expect(within(upd).getByText('20 Nov 2026 09:30')).toBeTruthy(); // Europe/Stockholm
    expect(within(upd).getByText('User changed')).toBeTruthy();
    expect(within(upd).getByText('erik')).toBeTruthy();
    expect(within(upd).getByText('a@x.se')).toBeTruthy();
    expect(within(upd).getByText('b@x.se')).toBeTruthy();
    expect(within(upd).getByText('changed (not shown)')).toBeTruthy();
    expect(within(upd).getByText('Chrome · Linux')).toBeTruthy();
    expect(within(upd).getByText('10.0.0.2')).toBeTruthy();
    expect(within(rows[1]!).getByText('Sign-in failed')).toBeTruthy();
    expect(within(rows[1]!).getByText('Username tried')).toBeTruthy();
    expect(calls.find((c) => c.url.startsWith('/api/v3/admin/audit'))!.url).toBe('/api/v3/admin/audit?limit=25');

    fireEvent.click(screen.getByTestId('audit-older'));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(1));
    expect(calls.some((c) => c.url === '/api/v3/admin/audit?cursor=29&limit=25')).toBe(true);
    expect((screen.getByTestId('audit-older') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('audit-newer'));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(2));
  });

  test('filters by text, action, user, organisation and days (bounds in the user’s zone); the CSV link carries them', async () => {
    const { calls } = renderRemote(<Root />, {
      path: '/admin/audit-log',
      handler: (method, url) => {
        if (url === '/api/v3/admin/organizations') return { status: 200, body: { data: orgs } };
        if (url.startsWith('/api/v3/admin/audit?')) return { status: 200, body: { data: { entries: [], nextCursor: null } } };
        return { status: 404, body: { message: 'Not found' } };
      },
    });
    expect(await screen.findByText('Nothing recorded yet')).toBeTruthy();
    fireEvent.change(screen.getByTestId('audit-q'), { target: { value: 'gateway' } });
    fireEvent.change(screen.getByTestId('audit-action'), { target: { value: 'token.create' } });
    fireEvent.change(screen.getByTestId('audit-actor'), { target: { value: 'demo.super' } });
    await screen.findByTestId('audit-org');
    fireEvent.change(screen.getByTestId('audit-org'), { target: { value: '11' } });
    fireEvent.change(screen.getByTestId('audit-from'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByTestId('audit-to'), { target: { value: '2026-11-30' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('audit-apply'));
    });
    expect(await screen.findByText('No entries match these filters')).toBeTruthy();
    const last = calls.filter((c) => c.url.startsWith('/api/v3/admin/audit?')).pop()!;
    const q = new URLSearchParams(last.url.split('?')[1]);
    expect(Object.fromEntries(q)).toEqual({
      from: '2026-10-31T23:00:00.000Z', // 1 Nov 00:00 in Stockholm
      to: '2026-11-30T22:59:59.999Z', // 30 Nov 23:59:59.999 in Stockholm
      action: 'token.create',
      actor: 'demo.super',
      q: 'gateway',
      organizationId: '11',
      limit: '25',
    });
    const csv = screen.getByTestId('audit-csv').getAttribute('href')!;
    expect(csv.startsWith('/api/v3/admin/audit.csv?')).toBe(true);
    expect(csv).toContain('action=token.create');
    expect(csv).toContain('q=gateway');
  });

  test('tells a user who is not a super user that only super users see it', async () => {
    renderRemote(<Root />, {
      path: '/admin/audit-log',
      handler: () => ({ status: 403, body: { message: 'You are missing authority for this area' } }),
    });
    expect(await screen.findByTestId('audit-no-access')).toBeTruthy();
  });

  test('details: changes nested or at the top, secrets only as changed', () => {
    expect(detailLines({ changes: { name: { from: 'A', to: 'B' }, password: 'changed' }, via: 'admin' })).toEqual([
      { field: 'name', from: 'A', to: 'B' },
      { field: 'password', value: '\u0000changed' },
      { field: 'via', value: 'admin' },
    ]);
    // The admin pages' key for the same shape.
    expect(detailLines({ changedFields: { userType: { from: 1, to: 0 }, personalNumber: 'changed' } })).toEqual([
      { field: 'userType', from: '1', to: '0' },
      { field: 'personalNumber', value: '\u0000changed' },
    ]);
    expect(detailLines({ scopes: ['ingest', 'read'], expiresAt: null })).toEqual([
      { field: 'scopes', value: 'ingest, read' },
      { field: 'expiresAt', value: '—' },
    ]);
    expect(auditParams(NO_FILTERS, { timezone: 'UTC' })).toEqual({});
  });
});
