/**
 * The login card's second step (TwoFactorStep) for an account with two-factor authentication: the
 * password answers { twoFactorRequired } and the card asks the code (numeric, one-time-code
 * autofill); a wrong code is said once, inline, never as a toast too; "Use a recovery code" swaps
 * the field; a pending sign-in that is over goes back to the password form saying why; the right
 * code signs in and goes on; a recovery code used warns how many are left.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { TWO_FACTOR_ERROR_CODES, TWO_FACTOR_MESSAGES } from '@fieldwatch/shared';
import { createTestI18n, LocationProbe } from '@fieldwatch/shared/testing';
import common from '@fieldwatch/locales/common';
import shell from '@fieldwatch/locales/shell';
import { LoginPage } from '../src/features/login/LoginPage';
import { stopAlarmListener } from '../src/features/session/session';
import { api, bus, queryClient, sessionStore } from '../src/platform';

const SESSION = {
  user: { id: 1, username: 'tina', language: 'en' },
  Customers: [{ CustomerID: 1, CustomerName: 'Nordic Utilities' }],
  selectedCustomers: [1],
};

type Reply = { status: number; body: unknown };
const sent: Array<{ url: string; body: unknown }> = [];
let adapter: AxiosAdapter | undefined;

/** The real client (interceptors and all) over a fake transport: POSTs as `posts` says. */
function serve(posts: Record<string, (body: Record<string, string>) => Reply>) {
  adapter = api.http.defaults.adapter as AxiosAdapter;
  api.http.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const body = typeof config.data === 'string' ? (JSON.parse(config.data) as Record<string, string>) : {};
    let reply: Reply = { status: 404, body: { message: 'Not found' } };
    if (config.method?.toUpperCase() === 'POST' && posts[url]) {
      sent.push({ url, body });
      reply = posts[url]!(body);
    } else if (url.startsWith('/api/v3/user/session')) reply = { status: 200, body: { data: SESSION } };
    else if (url.startsWith('/api/v3/user/dashboard')) reply = { status: 200, body: { data: [] } };
    const response: AxiosResponse = { data: reply.body, status: reply.status, statusText: '', headers: {}, config };
    if (reply.status >= 400) {
      const { AxiosError } = await import('axios');
      throw new AxiosError(`Request failed with status code ${reply.status}`, 'ERR_BAD_REQUEST', config, null, response);
    }
    return response;
  };
}

const PASSWORD_STEP = (): Reply => ({ status: 200, body: { data: { twoFactorRequired: true, expiresIn: 300 } } });
const wrong = (): Reply => ({ status: 400, body: { message: TWO_FACTOR_MESSAGES.wrongCode, code: TWO_FACTOR_ERROR_CODES.wrongCode } });

function renderLogin() {
  const i18n = createTestI18n({ common, shell }, 'en');
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/login?redirect=%2Fdevices%2Flist']}>
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

async function toCodeStep() {
  renderLogin();
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'tina' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-password' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  return screen.findByTestId('two-factor-step');
}

let toasts: Array<{ kind: string; message: string }> = [];
const onToast = (t: { kind: string; message: string }) => toasts.push(t);
beforeEach(() => {
  sessionStore.getState().clear();
  sent.length = 0;
  toasts = [];
  bus.on('toast', onToast);
  (globalThis as { fetch: unknown }).fetch = jest.fn(async () => ({ ok: false, status: 404 }));
});
afterEach(() => {
  bus.off('toast', onToast);
  if (adapter) api.http.defaults.adapter = adapter;
  stopAlarmListener();
  queryClient.clear();
  jest.restoreAllMocks();
});

test('the password opens no session: the card asks the code; a wrong one is said once, inline; the right one signs in', async () => {
  serve({
    '/api/v2/auth/login': PASSWORD_STEP,
    '/api/v2/auth/login/two-factor': (b) =>
      b.code?.replace(/\s/g, '') === '123456' ? { status: 200, body: { data: { userId: 1, username: 'tina', userType: 1 } } } : wrong(),
  });
  const step = await toCodeStep();
  expect(step.textContent).toMatch('Open your authenticator app and enter the 6-digit code it shows for Fieldwatch.');
  expect(sessionStore.getState().status).not.toBe('signedIn');
  const input = screen.getByLabelText('Authentication code');
  expect(input.getAttribute('inputmode')).toBe('numeric');
  expect(input.getAttribute('autocomplete')).toBe('one-time-code');
  expect(document.activeElement).toBe(input);

  // Not the shape of a code: said without asking the server.
  fireEvent.change(input, { target: { value: '12345' } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
  expect(await screen.findByText('Enter the 6-digit code your authenticator app shows.')).toBeTruthy();
  expect(sent.filter((s) => s.url.endsWith('/two-factor'))).toEqual([]);

  fireEvent.change(input, { target: { value: '654321' } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
  expect(
    await screen.findByText('The code is not right. Enter the 6-digit code your authenticator app shows now, or a recovery code.'),
  ).toBeTruthy();
  expect(screen.getAllByText(/The code is not right/)).toHaveLength(1);
  expect(toasts).toEqual([]);
  expect((screen.getByLabelText('Authentication code') as HTMLInputElement).value).toBe('');

  fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123 456' } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
  await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/devices/list'));
  expect(sessionStore.getState().status).toBe('signedIn');
  expect(sent.map((s) => s.body)).toEqual([
    { username: 'tina', password: 'secret-password', remember: true },
    { code: '654321' },
    { code: '123 456' },
  ]);
});

test('a recovery code instead: the field changes; signed in, a warning says how many are left', async () => {
  serve({
    '/api/v2/auth/login': PASSWORD_STEP,
    '/api/v2/auth/login/two-factor': (b) =>
      b.code === 'k7d2m-q9xhp'
        ? { status: 200, body: { data: { userId: 1, username: 'tina', userType: 1, recoveryCodesLeft: 3 } } }
        : wrong(),
  });
  await toCodeStep();
  fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
  const input = screen.getByLabelText('Recovery code');
  expect(input.getAttribute('inputmode')).toBe('text');
  expect(input.getAttribute('autocomplete')).toBe('off');
  // The app's code in the recovery field: the shape is said.
  fireEvent.change(input, { target: { value: '123456' } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
  expect(await screen.findByText('A recovery code has ten letters and digits, like k7d2m-q9xhp.')).toBeTruthy();
  fireEvent.change(input, { target: { value: 'k7d2m-q9xhp' } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
  await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/devices/list'));
  expect(toasts).toEqual([
    {
      kind: 'warning',
      message: 'You signed in with a recovery code. 3 are left: make new ones under Profile → Two-factor authentication.',
      raw: true,
    },
  ]);
});

test('a pending sign-in that is over, and "Back to sign-in", go back to the password form', async () => {
  let answer: Reply = { status: 401, body: { message: TWO_FACTOR_MESSAGES.expired, code: TWO_FACTOR_ERROR_CODES.expired } };
  serve({ '/api/v2/auth/login': PASSWORD_STEP, '/api/v2/auth/login/two-factor': () => answer });
  await toCodeStep();
  fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123456' } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
  expect((await screen.findByRole('alert')).textContent).toBe(
    'Your sign-in has expired. Sign in again with your username and password.',
  );
  expect(screen.getByLabelText('Password')).toBeTruthy();
  expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('tina');
  expect(toasts).toEqual([]);

  answer = { status: 401, body: { message: TWO_FACTOR_MESSAGES.tooManyCodes, code: TWO_FACTOR_ERROR_CODES.tooManyCodes } };
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-password' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  fireEvent.change(await screen.findByLabelText('Authentication code'), { target: { value: '123456' } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Too many wrong codes. Sign in again with your username and password.');

  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-password' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByTestId('two-factor-step');
  fireEvent.click(screen.getByRole('button', { name: 'Back to sign-in' }));
  expect(screen.getByLabelText('Password')).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
});
