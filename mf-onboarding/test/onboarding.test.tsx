import { act, fireEvent, screen, within } from '@testing-library/react';
import type { OnboardingTagInfo } from '@fieldwatch/shared';
import { Root } from '../src/Root';
import { currentLocation, demoUser, renderRemote } from './harness';

const TAG = '8d3f6a2e-5c1b-4e7a-9f0d-2b6c8e4a1f35';
const info = (over: Partial<OnboardingTagInfo> = {}): OnboardingTagInfo => ({
  tagUuid: TAG,
  unitId: 10013,
  unitName: 'Pump station Hisingen',
  model: 'X2',
  activated: false,
  supported: true,
  trialWeeks: 4,
  termsVersion: '2023_1',
  ...over,
});
const known = (over?: Partial<OnboardingTagInfo>) => (method: string, url: string) =>
  method === 'GET' && url === `/api/v3/onboarding/tag/${TAG}`
    ? { status: 200, body: { data: info(over) } }
    : { status: 404, body: { message: 'Not found' } };

const stepState = (step: string) => screen.getByTestId(`step-${step}`).getAttribute('data-state');

describe('onboarding, first step', () => {
  test('a known tag shows the device, the trial and terms, and the two account choices', async () => {
    const { calls } = renderRemote(<Root />, { path: `/onboarding?tag=${TAG}`, handler: known() });
    expect(screen.getByText('Identifying your device…')).toBeTruthy();

    const card = await screen.findByTestId('device-card');
    expect(calls).toEqual([{ method: 'GET', url: `/api/v3/onboarding/tag/${TAG}` }]);
    expect(within(card).getByTestId('device-name').textContent).toBe('Pump station Hisingen');
    expect(within(card).getByTestId('device-model').textContent).toBe('X2');
    expect(within(card).getByTestId('device-status').textContent).toBe('Ready to activate');
    expect(within(card).getByTestId('trial').textContent).toContain('4-week free trial');
    expect(within(card).getByTestId('terms').textContent).toContain('General terms, version 2023_1');

    // Every step of the flow is visible; the device is identified, the account is next.
    for (const step of ['Device', 'Account', 'Organisation', 'Placement', 'Terms']) {
      expect(within(screen.getByRole('navigation', { name: 'Activation steps' })).getByText(step)).toBeTruthy();
    }
    expect(stepState('device')).toBe('done');
    expect(stepState('account')).toBe('current');
    expect(stepState('terms')).toBe('upcoming');

    const signIn = screen.getByTestId('choice-sign-in');
    expect(signIn.textContent).toContain('I have an account — sign in');
    expect(signIn.getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent(`/onboarding?tag=${TAG}`)}`);
    expect(screen.getByTestId('choice-register').textContent).toContain('Create an account');
  });

  test('sign in goes through the shell’s navigate', async () => {
    const { props } = renderRemote(<Root />, { path: `/onboarding?tag=${TAG}`, handler: known() });
    fireEvent.click(await screen.findByTestId('choice-sign-in'));
    expect(props.navigate).toHaveBeenCalledWith(`/login?redirect=${encodeURIComponent(`/onboarding?tag=${TAG}`)}`);
  });

  test('an activated device says so and links to sign in, with no registration', async () => {
    renderRemote(<Root />, { path: `/onboarding?tag=${TAG}`, handler: known({ activated: true }) });
    const panel = await screen.findByTestId('already-activated');
    expect(within(panel).getByText('This device is already activated')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toMatch(/^\/login\?redirect=/);
    expect(screen.getByTestId('device-status').textContent).toBe('Activated');
    expect(screen.queryByTestId('choice-register')).toBeNull();
  });

  test('a signed-in user goes on to the organisation step instead of sign in and register', async () => {
    const flow = {
      tag: info(),
      organizations: [{ id: 1, name: 'Nordic Utilities' }],
      canActivate: true,
      canCreateOrganization: true,
      organization: null,
      locations: [],
      groups: [],
      placement: null,
      next: 'organisation',
      termsVersion: '2023_1',
      activation: null,
    };
    const handler = (method: string, url: string) =>
      method === 'GET' && url === `/api/v3/onboarding/flow/${TAG}` ? { status: 200, body: { data: flow } } : known()(method, url);
    renderRemote(<Root />, { path: `/onboarding?tag=${TAG}`, handler, user: demoUser });
    const panel = await screen.findByTestId('step-organisation-panel');
    expect(within(panel).getByLabelText('Nordic Utilities')).toBeTruthy();
    expect(stepState('account')).toBe('done');
    expect(stepState('organisation')).toBe('current');
    expect(screen.getByTestId('flow-device').textContent).toContain('Signed in as Astrid Lindqvist');
    expect(screen.queryByText(/not available online yet/)).toBeNull();
    expect(screen.queryByTestId('choice-sign-in')).toBeNull();
    expect(screen.queryByTestId('choice-register')).toBeNull();
  });

  test('an unknown tag (404) explains what to do and lets the visitor enter the code again', async () => {
    renderRemote(<Root />, { path: '/onboarding?tag=0000-dead', handler: () => ({ status: 404, body: { message: 'Not found' } }) });
    const panel = await screen.findByTestId('unknown-tag');
    expect(within(panel).getByRole('alert').textContent).toContain('We don’t recognise this tag');
    expect(within(panel).getByText('No Fieldwatch device has the tag code 0000-dead.')).toBeTruthy();
    expect(within(panel).getByText(/Contact the supplier/)).toBeTruthy();
    expect((within(panel).getByLabelText('Tag code') as HTMLInputElement).value).toBe('0000-dead');
    expect(screen.queryByTestId('device-card')).toBeNull();
  });

  test('a failure (not 404) shows an error with Retry', async () => {
    let fail = true;
    renderRemote(<Root />, { path: `/onboarding?tag=${TAG}`, handler: (m, u) => (fail ? { status: 500 } : known()(m, u)) });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The device could not be looked up')).toBeTruthy();
    fail = false;
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByTestId('device-card')).toBeTruthy();
  });

  test('without a tag, the code form validates and navigates to ?tag=', async () => {
    const { calls } = renderRemote(<Root />, { path: '/onboarding', handler: known() });
    expect(screen.getByTestId('no-tag')).toBeTruthy();
    expect(stepState('device')).toBe('current');
    expect(calls).toEqual([]);

    const input = screen.getByLabelText('Tag code');
    const submit = screen.getByRole('button', { name: 'Find device' });
    fireEvent.click(submit);
    expect(screen.getByText('Enter the code printed on the device.')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'not a tag!' } });
    fireEvent.click(submit);
    expect(screen.getByText(/letters, digits and dashes only/)).toBeTruthy();
    expect(currentLocation()).toBe('/onboarding');

    fireEvent.change(input, { target: { value: `  ${TAG.toUpperCase()} ` } });
    fireEvent.click(submit);
    expect(currentLocation()).toBe(`/onboarding?tag=${TAG}`);
    expect(await screen.findByTestId('device-card')).toBeTruthy();
  });

  test('registration shows the shared rules’ messages inline, as the spec words them', async () => {
    const { calls } = renderRemote(<Root />, { path: `/onboarding?tag=${TAG}`, handler: known() });
    fireEvent.click(await screen.findByTestId('choice-register'));
    const form = screen.getByTestId('register-form');
    const field = (label: string) => within(form).getByLabelText(label) as HTMLInputElement;

    fireEvent.blur(field('Name'));
    expect(within(form).getByText('Name should not be blank')).toBeTruthy();
    fireEvent.change(field('Email'), { target: { value: 'not-an-email' } });
    fireEvent.blur(field('Email'));
    expect(within(form).getByText('Enter valid Email')).toBeTruthy();
    fireEvent.change(field('Password'), { target: { value: 'abc' } });
    fireEvent.blur(field('Password'));
    expect(within(form).getByText('The password must contain at least six characters')).toBeTruthy();
    fireEvent.change(field('Confirm password'), { target: { value: 'abcd' } });
    fireEvent.blur(field('Confirm password'));
    expect(within(form).getByText('Passwords does not match')).toBeTruthy();
    // The username is optional (made from the address when left empty), as is the phone.
    fireEvent.blur(field('Username (optional)'));
    expect(within(form).queryByText('Username should not be blank')).toBeNull();
    expect(within(form).getByText(/Leave it empty and we make one from your e-mail address/)).toBeTruthy();

    // Nothing is sent while a rule is broken.
    fireEvent.click(within(form).getByRole('button', { name: 'Create account' }));
    expect(calls.filter((c) => c.url === '/api/v3/register')).toEqual([]);
    expect(within(form).queryByText(/not sent or stored/)).toBeNull();
  });

  test('registration is sent for real, comes back to this step, and says where the link went', async () => {
    const handler = (method: string, url: string, body?: unknown) => {
      if (method === 'POST' && url === '/api/v3/register') {
        const b = body as { email: string };
        return b.email === 'taken@example.dk'
          ? { status: 409, body: { message: 'An account with the given email already exists', code: 'email_taken' } }
          : { status: 201, body: { data: { email: b.email, username: 'mads' } } };
      }
      if (method === 'POST' && url === '/api/v3/register/resend') return { status: 200, body: { data: { message: 'ok' } } };
      return known()(method, url);
    };
    const { calls } = renderRemote(<Root />, { path: `/onboarding?tag=${TAG}`, handler });
    fireEvent.click(await screen.findByTestId('choice-register'));
    const form = screen.getByTestId('register-form');
    const field = (label: string) => within(form).getByLabelText(label) as HTMLInputElement;
    fireEvent.change(field('Name'), { target: { value: ' Mads Jensen ' } });
    fireEvent.change(field('Email'), { target: { value: 'taken@example.dk' } });
    fireEvent.change(field('Password'), { target: { value: 'secret1' } });
    fireEvent.change(field('Confirm password'), { target: { value: 'secret1' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Create account' }));
    });
    // The spec's text at the address, and what to do.
    expect(await within(form).findByText('An account with the given email already exists')).toBeTruthy();
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(field('Email'), { target: { value: 'mads@example.dk' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Create account' }));
    });
    const sent = await screen.findByTestId('register-sent');
    expect(within(sent).getByRole('status').textContent).toBe('We sent a link to mads@example.dk. Open it to finish.');
    expect(sent.textContent).toContain('Your username is mads.');
    const posted = calls.filter((c) => c.url === '/api/v3/register').map((c) => c.body);
    expect(posted[1]).toEqual({
      name: 'Mads Jensen',
      email: 'mads@example.dk',
      password: 'secret1',
      confirmPassword: 'secret1',
      language: 'en',
      redirect: `/onboarding?tag=${TAG}`,
    });

    await act(async () => {
      fireEvent.click(within(sent).getByRole('button', { name: 'Send a new link' }));
    });
    expect(await within(sent).findByText(/we sent it a new link/)).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/v3/register/resend')?.body).toEqual({
      login: 'mads@example.dk',
      redirect: `/onboarding?tag=${TAG}`,
    });
  });

  test('messages follow the language', async () => {
    const { props } = renderRemote(<Root />, { path: `/onboarding?tag=${TAG}`, handler: known() });
    await act(async () => {
      await props.i18n.changeLanguage('de');
    });
    fireEvent.click(await screen.findByTestId('choice-register'));
    const form = screen.getByTestId('register-form');
    fireEvent.blur(within(form).getByLabelText('E-Mail'));
    expect(within(form).getByText('E-Mail darf nicht leer sein')).toBeTruthy();
  });
});
