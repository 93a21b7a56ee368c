/**
 * The flow embedded on a partner page (issue 19 §2) with a fake server behind the real API client:
 * signing in on the page for an embed token (sent as Authorization, no cookie), the events the
 * partner's page hears, the session kept in the tab across a reload of the page, signing out, and
 * a sign-in that ended on its own.
 */
import axios, { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EMBED_EVENTS, type EmbedSession } from '@fieldwatch/shared';
import { demoUser } from '@fieldwatch/shared/testing';
import { mount } from '../src/embed';
import { flowAt, TAG } from './flow-fixtures';

const ORIGIN = 'https://fieldwatch.example';
const TOKEN = `fwe_${'a'.repeat(43)}`;
const session: EmbedSession = {
  token: TOKEN,
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  user: { ...demoUser, id: 7, name: 'Paula Partner' },
};

type Call = { method: string; url: string; auth: string | undefined; credentials: boolean | undefined };
let calls: Call[] = [];
let flowStatus = 200;
const original = axios.defaults.adapter;

beforeEach(() => {
  calls = [];
  flowStatus = 200;
  window.sessionStorage.clear();
  axios.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const auth = config.headers?.Authorization as string | undefined;
    calls.push({ method, url, auth, credentials: config.withCredentials });
    const answer = (status: number, body: unknown): AxiosResponse => {
      const res = { data: body, status, statusText: String(status), headers: {}, config };
      if (status >= 400)
        throw new AxiosError(`status ${status}`, AxiosError.ERR_BAD_REQUEST, config, {}, res);
      return res;
    };
    const flow = flowAt('organisation');
    if (method === 'GET' && url === `/api/v3/onboarding/tag/${TAG}`) return answer(200, { data: flow.tag });
    if (method === 'POST' && url === '/api/v3/onboarding/embed/session') {
      const body = JSON.parse(String(config.data)) as { password: string };
      return body.password === 'right-pw'
        ? answer(200, { data: session })
        : answer(417, { message: 'Invalid credentials', code: 'invalid_credentials' });
    }
    if (method === 'GET' && url === `/api/v3/onboarding/flow/${TAG}`)
      return flowStatus === 200
        ? answer(200, { data: flow })
        : answer(flowStatus, { message: 'ended', code: 'unauthorized' });
    if (method === 'DELETE' && url === '/api/v3/onboarding/embed/session') return answer(200, { data: true });
    return answer(404, { message: 'Not found' });
  };
});
afterAll(() => {
  axios.defaults.adapter = original;
});

function host() {
  const el = document.createElement('fieldwatch-onboarding');
  document.body.appendChild(el);
  const events: Array<{ type: string; detail: unknown }> = [];
  for (const type of Object.values(EMBED_EVENTS))
    document.addEventListener(type, (e) => events.push({ type, detail: (e as CustomEvent).detail }));
  return { el, events, view: () => within(el.shadowRoot as unknown as HTMLElement) };
}

test('signs in on the partner page, tells the page, and carries on with the token', async () => {
  const { el, events, view } = host();
  let unmount = () => undefined as void;
  await act(async () => {
    unmount = mount(el, { apiBase: ORIGIN, tag: TAG, language: 'en' });
  });
  expect(events[0]).toEqual({ type: EMBED_EVENTS.ready, detail: { tag: TAG } });
  fireEvent.click(await view().findByTestId('choice-sign-in'));
  const form = view().getByTestId('embed-sign-in');
  fireEvent.change(within(form).getByLabelText('Username'), { target: { value: 'paula' } });
  fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'wrong' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Sign in' }));
  expect(await within(form).findByText('Wrong username or password. Check them and try again.')).toBeTruthy();
  // Both fields say the sign-in was refused and point at the words (issue 23).
  for (const label of ['Username', 'Password']) {
    const input = within(form).getByLabelText(label);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(el.shadowRoot!.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Wrong username or password. Check them and try again.',
    );
  }

  fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'right-pw' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Sign in' }));
  expect(await view().findByTestId('step-organisation-panel')).toBeTruthy();
  expect(view().getByText('Signed in as Paula Partner')).toBeTruthy();

  // No cookie goes anywhere; the flow's calls carry the embed's token.
  expect(calls.every((c) => c.credentials === false)).toBe(true);
  expect(calls.find((c) => c.url === `/api/v3/onboarding/flow/${TAG}`)?.auth).toBe(`Bearer ${TOKEN}`);
  expect(events.map((e) => e.type)).toContain(EMBED_EVENTS.signedIn);
  const steps = events
    .filter((e) => e.type === EMBED_EVENTS.step)
    .map((e) => (e.detail as { step: string }).step);
  expect(steps.slice(-1)).toEqual(['organisation']);
  expect(new Set(steps).size).toBe(steps.length); // each step told once
  await act(async () => unmount());

  // A reload of the partner's page: the tab still has the session, the flow resumes where it was.
  const again = host();
  await act(async () => {
    unmount = mount(again.el, { apiBase: ORIGIN, tag: TAG, language: 'en' });
  });
  expect(await again.view().findByTestId('step-organisation-panel')).toBeTruthy();

  // Signing out ends it on the server and here.
  fireEvent.click(again.view().getByTestId('embed-sign-out'));
  expect(await again.view().findByTestId('account-choice')).toBeTruthy();
  await waitFor(() =>
    expect(calls.some((c) => c.method === 'DELETE' && c.auth === `Bearer ${TOKEN}`)).toBe(true),
  );
  expect(window.sessionStorage.length).toBe(0);
  await act(async () => unmount());
  el.remove();
  again.el.remove();
});

test('a sign-in that ended on its own sends the visitor back to the account step, which says so', async () => {
  window.sessionStorage.setItem(`fieldwatch-onboarding:${ORIGIN}`, JSON.stringify(session));
  flowStatus = 401;
  const { el, view } = host();
  let unmount = () => undefined as void;
  await act(async () => {
    unmount = mount(el, { apiBase: ORIGIN, tag: TAG, language: 'en' });
  });
  expect(await view().findByTestId('embed-expired')).toBeTruthy();
  expect(screen.queryByTestId('step-organisation-panel')).toBeNull();
  expect(window.sessionStorage.length).toBe(0);
  await act(async () => unmount());
  el.remove();
});
