/**
 * Registration in the shell (issue 18 §3): the sign-in page's "register" link opens the register
 * form (carrying ?redirect=), whose rules are the server's; sent, it says where the link went and
 * offers a new one. The link's page verifies only on a click and signs in; an old link is "The link
 * has expired" with a new link on request. A sign-in before verification says so and offers a new
 * link. A signed-in user of no organisation lands on a page that says what to do.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { createTestI18n, LocationProbe } from '@fieldwatch/shared/testing';
import common from '@fieldwatch/locales/common';
import shell from '@fieldwatch/locales/shell';
import { LoginPage } from '../src/features/login/LoginPage';
import { ResetPasswordPage } from '../src/features/login/ResetPasswordPage';
import { RegisterPage } from '../src/features/registration/RegisterPage';
import { VerifyEmailPage } from '../src/features/registration/VerifyEmailPage';
import { NoOrganisationPage, RequireOrganisation } from '../src/features/no-organisation/NoOrganisationPage';
import { stopAlarmListener } from '../src/features/session/session';
import { api, queryClient, sessionStore } from '../src/platform';

type Reply = { status: number; data: unknown };
/** The server's answers to POSTs by path; anything else fails as offline. */
function posts(answers: Record<string, Reply | ((body: unknown) => Reply)>) {
  const sent: Array<{ url: string; body: unknown }> = [];
  const spy = jest.spyOn(api.http, 'post').mockImplementation(async (url: string, body?: unknown) => {
    sent.push({ url, body });
    const answer = answers[url];
    const reply = typeof answer === 'function' ? answer(body) : answer;
    const config = { url, headers: {} } as InternalAxiosRequestConfig;
    if (!reply) throw new AxiosError('offline', 'ERR_NETWORK', config);
    if (reply.status >= 400)
      throw new AxiosError('failed', String(reply.status), config, null, {
        status: reply.status,
        data: reply.data,
        statusText: '',
        headers: {},
        config,
      });
    return { data: reply.data, status: reply.status };
  });
  return { sent, spy };
}

function renderAt(url: string, lng = 'en') {
  const i18n = createTestI18n({ common, shell }, lng);
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/register" element={<RegisterPage />} />
            <Route path="/verify-email" element={<VerifyEmailPage />} />
            <Route path="/reset-password" element={<ResetPasswordPage />} />
            <Route path="/no-organisation" element={<NoOrganisationPage />} />
            <Route
              path="*"
              element={
                <RequireOrganisation>
                  <p>elsewhere</p>
                </RequireOrganisation>
              }
            />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  sessionStore.getState().clear();
  jest.spyOn(api.http, 'get').mockRejectedValue(new Error('offline'));
  jest.spyOn(api, 'get').mockResolvedValue([undefined, true] as never);
  (globalThis as { fetch: unknown }).fetch = jest.fn(async () => ({ ok: false, status: 404 }));
});
afterEach(() => {
  stopAlarmListener();
  queryClient.clear();
  jest.restoreAllMocks();
});

test('the sign-in page’s register link opens the register form, with the page to come back to', () => {
  renderAt('/login?redirect=%2Fonboarding%3Ftag%3Dabc');
  const link = screen.getByRole('link', { name: 'New here? Create an account' });
  fireEvent.click(link);
  expect(location()).toBe('/register?redirect=%2Fonboarding%3Ftag%3Dabc');
  expect(screen.getByRole('heading', { name: 'Create your Fieldwatch account' })).toBeTruthy();
});

describe('the register form', () => {
  const field = (label: string) =>
    within(screen.getByTestId('register-form')).getByLabelText(label) as HTMLInputElement;
  const fill = (values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values))
      fireEvent.change(field(label), { target: { value } });
  };
  const submit = () =>
    act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create account' })));

  test('checks by the server’s rules, in the spec’s words, and sends nothing until they pass', async () => {
    const { sent } = posts({});
    renderAt('/register');
    await submit();
    const form = screen.getByTestId('register-form');
    expect(within(form).getByText('Name should not be blank')).toBeTruthy();
    expect(within(form).getByText('E-mail should not be blank')).toBeTruthy();
    expect(within(form).queryByText('Username should not be blank')).toBeNull();
    fill({ 'E-mail': 'a@b', Password: 'abc', 'Confirm password': 'abd' });
    expect(within(form).getByText('Enter valid E-mail')).toBeTruthy();
    expect(within(form).getByText('The password must contain at least six characters')).toBeTruthy();
    fill({ Password: 'abcdef' });
    expect(within(form).getByText('Passwords does not match')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  test('sent: "We sent a link to <email>", the username, and a new link on request', async () => {
    const { sent } = posts({
      '/api/v3/register': { status: 201, data: { data: { email: 'anna@example.se', username: 'anna' } } },
      '/api/v3/register/resend': { status: 200, data: { data: { message: 'ok' } } },
    });
    renderAt('/register?redirect=%2Fonboarding%3Ftag%3Dabc', 'sv');
    fill({
      Namn: 'Anna Svensson',
      'E-post': 'anna@example.se',
      Lösenord: 'secret1',
      'Bekräfta lösenord': 'secret1',
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Skapa konto' })));
    const done = await screen.findByTestId('register-sent');
    expect(within(done).getByRole('status').textContent).toBe(
      'Vi har skickat en länk till anna@example.se. Öppna den för att slutföra.',
    );
    expect(done.textContent).toContain('Ditt användarnamn är anna.');
    expect(sent[0]).toEqual({
      url: '/api/v3/register',
      body: {
        name: 'Anna Svensson',
        email: 'anna@example.se',
        password: 'secret1',
        confirmPassword: 'secret1',
        language: 'sv',
        redirect: '/onboarding?tag=abc',
      },
    });
    await act(async () => fireEvent.click(within(done).getByRole('button', { name: 'Skicka en ny länk' })));
    expect(await within(done).findByText(/har vi skickat en ny länk/)).toBeTruthy();
    expect(sent[1]).toEqual({
      url: '/api/v3/register/resend',
      body: { login: 'anna@example.se', redirect: '/onboarding?tag=abc' },
    });
  });

  test('an address that has an account: the spec’s text at the field, and what to do', async () => {
    posts({
      '/api/v3/register': {
        status: 409,
        data: { message: 'An account with the given email already exists', code: 'email_taken' },
      },
    });
    renderAt('/register');
    fill({ Name: 'Erik', 'E-mail': 'erik@example.se', Password: 'secret1', 'Confirm password': 'secret1' });
    await submit();
    expect(await screen.findByText('An account with the given email already exists')).toBeTruthy();
    expect(field('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('note').textContent).toMatch(/Forgotten password\?/);
  });

  test('throttled: how long to wait', async () => {
    posts({
      '/api/v3/register': {
        status: 429,
        data: { message: 'x', code: 'too_many_registrations', retryAfter: 1800 },
      },
    });
    renderAt('/register');
    fill({ Name: 'Erik', 'E-mail': 'erik@example.se', Password: 'secret1', 'Confirm password': 'secret1' });
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many registrations from your network. Try again in 30 minutes.',
    );
  });
});

describe('the link’s page', () => {
  test('opening it changes nothing; the click verifies, signs in and continues at the page registered from', async () => {
    const { sent } = posts({
      '/api/v3/register/verify': {
        status: 200,
        data: { data: { userId: 9, username: 'anna', redirect: '/onboarding?tag=abc' } },
      },
    });
    renderAt('/verify-email?token=tok-1');
    expect(screen.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeTruthy();
    expect(sent).toEqual([]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' })));
    expect(sent).toEqual([{ url: '/api/v3/register/verify', body: { token: 'tok-1' } }]);
    await waitFor(() => expect(location()).toBe('/onboarding?tag=abc'));
  });

  test('an old or used link: "The link has expired", and a new link for an address', async () => {
    const { sent } = posts({
      '/api/v3/register/verify': {
        status: 400,
        data: { message: 'The link has expired', code: 'link_expired' },
      },
      '/api/v3/register/resend': { status: 200, data: { data: { message: 'ok' } } },
    });
    renderAt('/verify-email?token=old');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' })));
    expect((await screen.findByRole('alert')).textContent).toBe('The link has expired');
    const resend = screen.getByTestId('resend-verification');
    await act(async () => fireEvent.click(within(resend).getByRole('button', { name: 'Send a new link' })));
    expect(within(resend).getByText('E-mail or username should not be blank')).toBeTruthy();
    fireEvent.change(within(resend).getByLabelText('E-mail or username'), {
      target: { value: 'anna@example.se' },
    });
    await act(async () => fireEvent.click(within(resend).getByRole('button', { name: 'Send a new link' })));
    expect(await within(resend).findByRole('status')).toBeTruthy();
    expect(sent[1]).toEqual({ url: '/api/v3/register/resend', body: { login: 'anna@example.se' } });
  });
});

test('signing in before the address is confirmed says so, and offers a new link for that account', async () => {
  const { sent } = posts({
    '/api/v2/auth/login': { status: 403, data: { message: 'x', code: 'email_not_verified' } },
    '/api/v3/register/resend': { status: 200, data: { data: { message: 'ok' } } },
  });
  renderAt('/login');
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: ' anna ' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
  expect((await screen.findByRole('alert')).textContent).toBe(
    'Confirm your e-mail address first: open the link we sent you when you registered.',
  );
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send a new link' })));
  expect(sent[1]).toEqual({
    url: '/api/v3/register/resend',
    body: { login: 'anna', redirect: '/dashboard/default' },
  });
});

describe('a signed-in user of no organisation', () => {
  const signedIn = (customers: Array<{ CustomerID: number; CustomerName: string }>) =>
    act(() =>
      sessionStore.setState({
        status: 'signedIn',
        user: { id: 9, username: 'anna', name: 'Anna Svensson' } as never,
        customers: customers as never,
      }),
    );

  test('every page leads to the page that says what to do', () => {
    renderAt('/dashboard/default');
    signedIn([]);
    expect(location()).toBe('/no-organisation');
    const page = screen.getByTestId('no-organisation');
    expect(within(page).getByRole('heading').textContent).toBe('You are not part of an organisation yet');
    expect(page.textContent).toContain(
      'Activate a device from its NFC tag, or ask your administrator for an invitation.',
    );
    expect(page.textContent).toContain('Signed in as Anna Svensson (anna)');
    expect(within(page).getByRole('link', { name: 'Activate a device' }).getAttribute('href')).toBe(
      '/onboarding',
    );
  });

  test('his profile stays open', () => {
    renderAt('/profile/password');
    signedIn([]);
    expect(location()).toBe('/profile/password');
  });

  test('with an organisation, the page sends on to the overview', () => {
    renderAt('/no-organisation');
    signedIn([{ CustomerID: 1, CustomerName: 'Nordic Utilities' }]);
    expect(location()).toBe('/dashboard/default');
  });
});

describe('a new password from a link (forgotten password, invitation) signs in', () => {
  const SESSION = {
    user: { id: 1, username: 'demo.super', language: 'en' },
    Customers: [
      { CustomerID: 1, CustomerName: 'Nordic Utilities' },
      { CustomerID: 2, CustomerName: 'Baltic Water' },
    ],
    selectedCustomers: [1, 2],
  };
  function server(choice: boolean) {
    jest.spyOn(api.http, 'get').mockImplementation(async (url: string) => {
      if (url.startsWith('/api/v3/user/verifyChangePasswordToken/'))
        return { data: { data: { valid: true, username: 'demo.super' } } };
      throw new Error('offline');
    });
    jest.spyOn(api, 'get').mockImplementation(async (url: string) => {
      const answers: Record<string, unknown> = {
        '/api/v3/user/session': SESSION,
        '/api/v3/user/dashboard': [],
        '/api/v3/user/session/organization_choice': { pending: choice },
      };
      const path = url.split('?')[0]!;
      return (path in answers ? [answers[path], false] : [undefined, true]) as never;
    });
  }
  async function setPassword(signedIn: boolean) {
    posts({
      '/api/v3/user/changePassword': {
        status: 200,
        data: { data: { message: 'Password change successful', signedIn } },
      },
    });
    renderAt('/reset-password?invite=1&token=tok');
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'secret-1' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'secret-1' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Set password' })));
  }

  test('into the product, after the account choice of a user of several organisations', async () => {
    server(true);
    await setPassword(true);
    const choice = await screen.findByTestId('account-choice');
    jest.spyOn(api, 'request').mockImplementation(async () => [SESSION, false] as never);
    await act(async () => fireEvent.click(within(choice).getByRole('button', { name: 'Continue' })));
    await waitFor(() => expect(location()).toBe('/dashboard/default'));
  });

  test('not signed in (BankID only, two-factor): the password is set, and the page says to sign in', async () => {
    server(false);
    await setPassword(false);
    expect(await screen.findByText(/Your password is set/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(location()).toBe('/reset-password?invite=1&token=tok');
  });
});
