import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminOrganization, OrganizationSettings } from '@fieldwatch/shared';
import { Root } from '../src/Root';
import { renderRemote } from './harness';

const orgs: AdminOrganization[] = [
  { id: 10, name: 'Nordic Utilities', parentId: null, rights: [1, 2], users: 3, slug: 'nordic' },
  { id: 11, name: 'Baltic Water', parentId: null, rights: [3], users: 2, slug: null },
  { id: 12, name: 'Harbour Parking', parentId: 10, rights: [3], users: 1, slug: null },
];

const settings = (id: number, over: Partial<OrganizationSettings> = {}): OrganizationSettings => ({
  id,
  name: orgs.find((o) => o.id === id)!.name,
  contactName: '',
  contactEmail: '',
  address: '',
  zip: '',
  city: '',
  country: '',
  phone: '',
  companyName: '',
  companyAddress: '',
  companyZip: '',
  companyCity: '',
  customerId: '',
  organisationNumber: '',
  defaultLanguage: 'en',
  defaultTimezone: 'Europe/Stockholm',
  parentId: null,
  rights: [1],
  accent: null,
  logo: null,
  slug: 'nordic',
  slugRedirects: [{ slug: 'nordic-old', until: '2026-12-24T10:00:00.000Z' }],
  passwordPolicy: { minLength: 6, requireDigit: false, requireMixedCase: false, requireSymbol: false },
  sessionLifetimeHours: 672,
  signInMethods: ['password', 'bankid'],
  requireTwoFactorSuperUsers: false,
  ...over,
});

function server(extra: (method: string, url: string, body?: unknown) => { status: number; body: unknown } | null = () => null) {
  return (method: string, url: string, body?: unknown) => {
    const own = extra(method, url, body);
    if (own) return own;
    if (method === 'GET' && url === '/api/v3/admin/organizations') return { status: 200, body: { data: orgs } };
    const m = /^\/api\/v3\/admin\/organizations\/(\d+)$/.exec(url);
    if (method === 'GET' && m) return { status: 200, body: { data: settings(Number(m[1])) } };
    return { status: 404, body: { message: 'Not found' } };
  };
}

describe('admin organisation sections', () => {
  test('General: the spec\'s messages for a blank name and a bad e-mail; nothing is sent', async () => {
    const { calls } = renderRemote(<Root />, { path: '/admin/general', handler: server() });
    const name = await screen.findByLabelText('Name');
    fireEvent.change(name, { target: { value: '  ' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByTestId('org-general-save'));
    expect(await screen.findByText('Name should not be blank')).toBeTruthy();
    expect(screen.getByText('Enter valid Email')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  test('General: a SuperUser picks which organisation to edit and saves its fields', async () => {
    const { calls } = renderRemote(<Root />, {
      path: '/admin/general',
      handler: server((method, url, body) =>
        method === 'PUT' ? { status: 200, body: { data: { ...settings(11), ...(body as object) } } } : null,
      ),
    });
    await screen.findByLabelText('Name');
    fireEvent.change(screen.getByTestId('org-picker'), { target: { value: '11' } });
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Baltic Water'));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Baltic Water AB' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Riga' } });
    fireEvent.click(screen.getByTestId('org-general-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/v3/admin/organizations/11/general');
    expect(put.body).toMatchObject({ name: 'Baltic Water AB', city: 'Riga', defaultTimezone: 'Europe/Stockholm' });
  });

  test('Customization: a pale accent is warned about and not sent; the old account URL is listed', async () => {
    const { calls } = renderRemote(<Root />, { path: '/admin/customization', handler: server() });
    const input = await screen.findByTestId('org-accent-input');
    fireEvent.change(input, { target: { value: '#f5f5f5' } });
    const contrast = screen.getByTestId('org-accent-contrast');
    expect(within(contrast).getAllByText('too low').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('org-accent-save'));
    expect((await screen.findAllByText(/too little contrast in one of the themes/)).length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    expect(screen.getByText(/\/a\/nordic-old redirects until/)).toBeTruthy();
  });

  test('Security: the policy, lifetime, sign-in methods and the two-factor requirement are sent; a minimum under 6 is refused', async () => {
    const { calls } = renderRemote(<Root />, {
      path: '/admin/security',
      handler: server((method) => (method === 'PUT' ? { status: 200, body: { data: settings(10) } } : null)),
    });
    const min = await screen.findByTestId('policy-min-length');
    fireEvent.change(min, { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('org-security-save'));
    expect(await screen.findByText('Enter a whole number from 6 to 128.')).toBeTruthy();
    fireEvent.change(min, { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('policy-requireDigit'));
    fireEvent.change(screen.getByTestId('session-lifetime'), { target: { value: '8' } });
    fireEvent.click(screen.getByTestId('method-bankid'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Require two-factor authentication for super users' }));
    fireEvent.click(screen.getByTestId('org-security-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      passwordPolicy: { minLength: 12, requireDigit: true, requireMixedCase: false, requireSymbol: false },
      sessionLifetimeHours: 8,
      signInMethods: ['password'],
      requireTwoFactorSuperUsers: true,
    });
  });

  test('Security: no sign-in method left marks the methods and points at the message (issue 23)', async () => {
    renderRemote(<Root />, { path: '/admin/security', handler: server() });
    const password = await screen.findByTestId('method-password');
    const bankid = screen.getByTestId('method-bankid');
    fireEvent.click(password);
    fireEvent.click(bankid);
    fireEvent.click(screen.getByTestId('org-security-save'));
    for (const box of [password, bankid]) {
      await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
      const message = document.getElementById(box.getAttribute('aria-describedby') ?? '');
      expect(message?.getAttribute('role')).toBe('alert');
      expect(message?.textContent).not.toBe('');
    }
  });

  test('Customization: a refused accent or address marks its field and points at the message (issue 23)', async () => {
    renderRemote(<Root />, { path: '/admin/customization', handler: server() });
    const accent = await screen.findByTestId('org-accent-input');
    expect(accent.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(accent, { target: { value: '#f5f5f5' } });
    fireEvent.click(screen.getByTestId('org-accent-save'));
    await waitFor(() => expect(accent.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(accent.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/too little contrast/);

    const url = screen.getByTestId('org-url-input');
    fireEvent.change(url, { target: { value: 'Not A Slug!' } });
    fireEvent.submit(url.closest('form')!);
    await waitFor(() => expect(url.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(url.getAttribute('aria-describedby') ?? '')?.getAttribute('role')).toBe('alert');
  });

  test('Accounts: lists accounts under their main account with users and rights, and creates one', async () => {
    const { calls } = renderRemote(<Root />, {
      path: '/admin/accounts',
      handler: server((method) =>
        method === 'POST' ? { status: 200, body: { data: { id: 13, name: 'Depot', parentId: 11, rights: [2], users: 1, slug: null } } } : null,
      ),
    });
    const rows = await screen.findAllByTestId('account-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['Nordic Utilities', '↳ Harbour Parking', 'Baltic Water']);
    expect(within(rows[1]!).getByText('Parking')).toBeTruthy();
    fireEvent.click(screen.getByTestId('account-add'));
    const dialog = await screen.findByTestId('account-create-dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Depot' } });
    fireEvent.change(within(dialog).getByRole('combobox'), { target: { value: '11' } });
    fireEvent.click(within(dialog).getByTestId('right-2'));
    fireEvent.click(within(dialog).getByTestId('account-create-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/v3/admin/organizations',
      body: { name: 'Depot', parentId: 11, rights: [2] },
    });
  });

  test('a User who opens the section sees that it is for administrators', async () => {
    renderRemote(<Root />, {
      path: '/admin/general',
      handler: () => ({ status: 403, body: { message: 'You are missing authority for this area' } }),
    });
    expect(await screen.findByTestId('org-no-access')).toBeTruthy();
  });
});
