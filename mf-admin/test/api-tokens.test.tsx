import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminOrganization, ApiTokenCreated, ApiTokenSummary } from '@fieldwatch/shared';
import { Root } from '../src/Root';
import { expiryOf } from '../src/features/api-tokens/load';
import { renderRemote } from './harness';

const orgs: AdminOrganization[] = [
  { id: 10, name: 'Nordvatten AB', parentId: null, rights: [], users: 3, slug: null },
  { id: 11, name: 'Aarhus Forsyning', parentId: null, rights: [], users: 2, slug: null },
];

function token(over: Partial<ApiTokenSummary>): ApiTokenSummary {
  return {
    id: 1,
    name: 'Gateway north',
    prefix: 'fwt_AbCdEfGh',
    organizationId: 10,
    scopes: ['ingest'],
    createdBy: { id: 1, name: 'demo.super' },
    createdAt: '2026-11-01T10:00:00.000Z',
    lastUsedAt: '2026-11-20T08:30:00.000Z',
    expiresAt: null,
    revokedAt: null,
    status: 'active',
    ...over,
  };
}

describe('admin API tokens', () => {
  test('lists the tokens with organisation, scopes, prefix, creator, last use, expiry and status', async () => {
    const list = [
      token({}),
      token({ id: 2, name: 'Reporting', organizationId: 11, scopes: ['read'], lastUsedAt: null, expiresAt: '2026-12-31T22:59:59.999Z' }),
      token({ id: 3, name: 'Old import', status: 'revoked', revokedAt: '2026-11-10T00:00:00.000Z' }),
    ];
    renderRemote(<Root />, {
      path: '/admin/api',
      handler: (method, url) => {
        if (url === '/api/v3/admin/tokens') return { status: 200, body: { data: list } };
        if (url === '/api/v3/admin/organizations') return { status: 200, body: { data: orgs } };
        return { status: 404, body: { message: 'Not found' } };
      },
    });
    const rows = await screen.findAllByTestId('token-row');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['active', 'active', 'revoked']);
    const reporting = rows[0]!;
    expect(within(reporting).getByText('Reporting')).toBeTruthy();
    await waitFor(() => expect(within(reporting).getByText('Aarhus Forsyning')).toBeTruthy());
    expect(within(reporting).getByText('Read')).toBeTruthy();
    expect(within(reporting).getByText('fwt_AbCdEfGh…')).toBeTruthy();
    // In the user's zone (Europe/Stockholm) and date format.
    expect(within(reporting).getByText('31 Dec 2026 23:59')).toBeTruthy();
    expect(within(reporting).getByText('Never')).toBeTruthy();
    const gateway = rows[1]!;
    expect(within(gateway).getByText('20 Nov 2026 09:30')).toBeTruthy();
    expect(within(gateway).getByText('demo.super')).toBeTruthy();
    expect(within(rows[2]!).getByText('Revoked')).toBeTruthy();
    expect(within(rows[2]!).queryByTestId('token-revoke')).toBeNull();
  });

  test('creates a token: name, organisation, scopes, expiry; shows it once with a copy button and a warning', async () => {
    let list: ApiTokenSummary[] = [];
    const created: ApiTokenCreated = {
      ...token({ id: 9, name: 'Gateway south', scopes: ['ingest', 'read'], organizationId: 11, lastUsedAt: null }),
      token: 'fwt_AbCdEfGhSECRETSECRETSECRETSECRET12abcd',
    };
    const writeText = jest.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    const { calls } = renderRemote(<Root />, {
      path: '/admin/api',
      handler: (method, url) => {
        if (method === 'GET' && url === '/api/v3/admin/tokens') return { status: 200, body: { data: list } };
        if (url === '/api/v3/admin/organizations') return { status: 200, body: { data: orgs } };
        if (method === 'POST' && url === '/api/v3/admin/tokens') {
          list = [created];
          return { status: 201, body: { data: created } };
        }
        return { status: 404, body: { message: 'Not found' } };
      },
    });
    await screen.findByText('No API tokens yet');
    fireEvent.click(await screen.findByTestId('token-create'));
    const dialog = screen.getByTestId('token-create-dialog');
    // A blank name is refused on the page, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText('Name should not be blank')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByTestId('token-name'), { target: { value: ' Gateway south ' } });
    fireEvent.change(within(dialog).getByTestId('token-org'), { target: { value: '11' } });
    fireEvent.click(within(dialog).getByTestId('token-scope-read'));
    fireEvent.change(within(dialog).getByTestId('token-expiry'), { target: { value: '2027-01-31' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    });
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ name: 'Gateway south', organizationId: 11, scopes: ['ingest', 'read'], expiresAt: expiryOf('2027-01-31') });

    const shown = await screen.findByTestId('token-created-dialog');
    expect((within(shown).getByTestId('token-value') as HTMLInputElement).value).toBe(created.token);
    expect(within(shown).getByText(/It is shown only this once/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(shown).getByTestId('token-copy'));
    });
    expect(writeText).toHaveBeenCalledWith(created.token);
    expect(within(shown).getByText('Copied')).toBeTruthy();
    fireEvent.click(within(shown).getByTestId('token-done'));
    expect(screen.queryByTestId('token-created-dialog')).toBeNull();
    // The list never holds the token.
    const row = await screen.findByTestId('token-row');
    expect(row.textContent).not.toContain('SECRET');
    expect(document.body.textContent).not.toContain('SECRETSECRET');
  });

  test('revokes after asking, and shows the server message when it fails', async () => {
    let list = [token({})];
    let fail = true;
    const { calls } = renderRemote(<Root />, {
      path: '/admin/api',
      handler: (method, url) => {
        if (method === 'GET' && url === '/api/v3/admin/tokens') return { status: 200, body: { data: list } };
        if (url === '/api/v3/admin/organizations') return { status: 200, body: { data: orgs } };
        if (method === 'DELETE' && url === '/api/v3/admin/tokens/1') {
          if (fail) {
            fail = false;
            return { status: 404, body: { message: 'Not found. It may have been removed.' } };
          }
          list = [token({ status: 'revoked', revokedAt: '2026-11-25T00:00:00.000Z' })];
          return { status: 200, body: { data: list[0] } };
        }
        return { status: 404, body: { message: 'Not found' } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Gateway north' }));
    const dialog = screen.getByTestId('token-revoke-dialog');
    expect(within(dialog).getByText(/stops working at once/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('confirm-dialog-confirm'));
    });
    expect(await within(dialog).findByText('Not found. It may have been removed.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('confirm-dialog-confirm'));
    });
    await waitFor(() => expect(screen.queryByTestId('token-revoke-dialog')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('token-row').getAttribute('data-status')).toBe('revoked'));
  });

  test('tells a user who is not a super user that only super users manage tokens', async () => {
    renderRemote(<Root />, {
      path: '/admin/api',
      handler: () => ({ status: 403, body: { message: 'You are missing authority for this area' } }),
    });
    expect(await screen.findByTestId('tokens-no-access')).toBeTruthy();
    expect(screen.getByText('Only super users manage API tokens')).toBeTruthy();
  });
});
