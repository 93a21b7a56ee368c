/**
 * The login page's sign-in steps (issue 18 §3): the BankID tab (enabled: a link to the server's
 * start; not configured: what an administrator can do; back with an error: it in words), the
 * account selection after sign-in for a user of several organisations who never chose, and the
 * wrong password said once, inline.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { createTestI18n, LocationProbe } from '@fieldwatch/shared/testing';
import common from '@fieldwatch/locales/common';
import shell from '@fieldwatch/locales/shell';
import { LoginPage, offeredMethods } from '../src/features/login/LoginPage';
import { useAccountBranding } from '../src/features/theme/branding';
import { stopAlarmListener } from '../src/features/session/session';
import { api, bus, queryClient, sessionStore } from '../src/platform';

const CUSTOMERS = [
  { CustomerID: 1, CustomerName: 'Nordic Utilities' },
  { CustomerID: 2, CustomerName: 'Baltic Water' },
];
const SESSION = {
  user: { id: 1, username: 'demo.super', language: 'en' },
  Customers: CUSTOMERS,
  selectedCustomers: [1, 2],
};

/** The server: GET answers by path (data, failed); the rest as the test says. */
function server(answers: Record<string, unknown>) {
  return jest.spyOn(api, 'get').mockImplementation(async (url: string) => {
    const path = url.split('?')[0]!;
    return path in answers ? [answers[path], false] : ([undefined, true] as never);
  });
}

function renderLogin(url = '/login', lng = 'en') {
  const i18n = createTestI18n({ common, shell }, lng);
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  sessionStore.getState().clear();
  // What the signed-in frame asks besides (branding, the unit list) is not this test's: no network.
  jest.spyOn(api.http, 'get').mockRejectedValue(new Error('offline'));
  (globalThis as { fetch: unknown }).fetch = jest.fn(async () => ({ ok: false, status: 404 }));
});
afterEach(() => {
  stopAlarmListener();
  queryClient.clear();
  jest.restoreAllMocks();
});

describe('the BankID tab', () => {
  test('not configured: says an administrator can enable it, and offers no button', async () => {
    server({ '/api/v3/auth/bankid': { enabled: false } });
    renderLogin();
    fireEvent.click(screen.getByRole('radio', { name: 'BankID' }));
    expect((await screen.findByTestId('bankid-not-configured')).textContent).toMatch(/ask your administrator to enable BankID/);
    expect(screen.queryByRole('link', { name: 'Sign in with BankID' })).toBeNull();
  });

  test('configured: a link to the server’s start, with the page to go to and the remember choice', async () => {
    server({ '/api/v3/auth/bankid': { enabled: true } });
    renderLogin('/login?redirect=%2Fdevices%2Flist');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    fireEvent.click(screen.getByRole('radio', { name: 'BankID' }));
    const link = await screen.findByRole('link', { name: 'Sign in with BankID' });
    expect(link.getAttribute('href')).toBe('/api/v3/auth/bankid/start?redirect=%2Fdevices%2Flist&remember=0');
  });

  test.each([
    ['en', 'No Fieldwatch account is linked to this BankID. Ask your administrator.'],
    ['sv', 'Inget Fieldwatch-konto är kopplat till detta BankID. Fråga din administratör.'],
    ['da', 'Ingen Fieldwatch-konto er knyttet til dette BankID. Spørg din administrator.'],
    ['de', 'Mit dieser BankID ist kein Fieldwatch-Konto verknüpft. Wenden Sie sich an Ihren Administrator.'],
  ])('back without a linked account (%s): the BankID tab says so', async (lng, text) => {
    server({ '/api/v3/auth/bankid': { enabled: true } });
    renderLogin('/login?bankid=no_account', lng);
    expect((await screen.findByRole('alert')).textContent).toMatch(text);
    expect(screen.getByRole('radio', { name: 'BankID' }).getAttribute('aria-checked')).toBe('true');
  });
});

describe('an account URL\'s sign-in methods', () => {
  const branding = (signInMethods: string[]) => ({
    organizationId: 1,
    name: 'Nordic Utilities',
    logo: null,
    accent: null,
    slug: 'nordic',
    signInMethods,
  });
  afterEach(() => useAccountBranding.getState().set(null));

  test('only what the organisation allows is offered: BankID only shows no password form and no tabs', async () => {
    server({ '/api/v3/auth/bankid': { enabled: true } });
    useAccountBranding.getState().set(branding(['bankid']) as never);
    renderLogin();
    expect(await screen.findByRole('link', { name: 'Sign in with BankID' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'BankID' })).toBeNull();
    expect(screen.queryByLabelText('Password')).toBeNull();
    // Another organisation's user on this browser is not stuck with it.
    fireEvent.click(screen.getByRole('button', { name: 'Not with Nordic Utilities? Show every sign-in method' }));
    expect(screen.getByRole('radio', { name: 'BankID' })).toBeTruthy();
    expect(useAccountBranding.getState().branding).toBeNull();
  });

  test('password only: no BankID tab', () => {
    useAccountBranding.getState().set(branding(['password']) as never);
    renderLogin();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'BankID' })).toBeNull();
  });

  test('offeredMethods: both without an account URL', () => {
    expect(offeredMethods(undefined)).toEqual(['username', 'bankid']);
    expect(offeredMethods(['password', 'bankid'])).toEqual(['username', 'bankid']);
    expect(offeredMethods(['bankid'])).toEqual(['bankid']);
  });
});

describe('after sign-in', () => {
  function signedInBy(post: jest.SpyInstance) {
    post.mockImplementation(async () => {
      return { data: { data: { userId: 1 } } };
    });
  }

  test('a user of several organisations who never chose chooses, and the choice is saved', async () => {
    server({ '/api/v3/user/session': SESSION, '/api/v3/user/session/organization_choice': { pending: true }, '/api/v3/user/dashboard': [] });
    signedInBy(jest.spyOn(api.http, 'post'));
    const put = jest.spyOn(api, 'request').mockImplementation(async () => [{ ...SESSION, selectedCustomers: [2] }, false] as never);
    renderLogin('/login?redirect=%2Fdevices%2Flist');
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'demo.super' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'fieldwatch-demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const choice = await screen.findByTestId('account-choice');
    expect(choice.textContent).toMatch('Choose where to work');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Nordic Utilities' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/devices/list'));
    expect(put).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'PUT', url: '/api/v3/user/session/current_organization', params: { id: '2' } }),
    );
  });

  test('a remembered choice (or one organisation) goes straight on', async () => {
    server({ '/api/v3/user/session': SESSION, '/api/v3/user/session/organization_choice': { pending: false }, '/api/v3/user/dashboard': [] });
    signedInBy(jest.spyOn(api.http, 'post'));
    renderLogin();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'demo.super' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'fieldwatch-demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard/default'));
  });

  test('back from BankID signed in: the same next step once the session has loaded', async () => {
    server({ '/api/v3/user/session/organization_choice': { pending: true } });
    // As on a page load: the session is loading when the page renders.
    sessionStore.getState().setStatus('loading');
    renderLogin('/login?bankid=ok');
    act(() => sessionStore.getState().setSession(SESSION as never));
    expect(await screen.findByTestId('account-choice')).toBeTruthy();
  });
});

test('a wrong password is said once, inline (no toast as well)', async () => {
  const toasts: unknown[] = [];
  bus.on('toast', (t) => toasts.push(t));
  jest.spyOn(api.http, 'post').mockImplementation(async (url: string) => {
    const config = { url, headers: {} } as InternalAxiosRequestConfig;
    throw new AxiosError('failed', '417', config, null, { status: 417, data: {}, statusText: '', headers: {}, config });
  });
  renderLogin();
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'demo.super' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect((await screen.findByRole('alert')).textContent).toMatch('Username or password is incorrect');
  expect(screen.getAllByRole('alert')).toHaveLength(1);
  expect(toasts).toEqual([]);
});
