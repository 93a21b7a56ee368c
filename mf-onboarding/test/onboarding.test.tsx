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

  test('a signed-in user sees “continue as <name>” instead of sign in and register', async () => {
    renderRemote(<Root />, { path: `/onboarding?tag=${TAG}`, handler: known(), user: demoUser });
    const panel = await screen.findByTestId('account-signed-in');
    const button = within(panel).getByRole('button', { name: 'Continue as Astrid Lindqvist' }) as HTMLButtonElement;
    // The next steps are not built: the button says so instead of pretending.
    expect(button.disabled).toBe(true);
    expect(within(panel).getByRole('note').textContent).toContain('not available online yet');
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

  test('registration shows the shared schema’s messages inline, and does not pretend to submit', async () => {
    renderRemote(<Root />, { path: `/onboarding?tag=${TAG}`, handler: known() });
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
    // Untouched fields show nothing yet; the optional phone never needs a value.
    expect(within(form).queryByText('Username should not be blank')).toBeNull();

    fireEvent.change(field('Name'), { target: { value: 'Mads Jensen' } });
    fireEvent.change(field('Email'), { target: { value: 'mads@example.dk' } });
    fireEvent.change(field('Password'), { target: { value: 'secret1' } });
    fireEvent.change(field('Confirm password'), { target: { value: 'secret1' } });
    expect(within(form).queryByText('Name should not be blank')).toBeNull();
    expect(within(form).queryByText('Enter valid Email')).toBeNull();
    expect(within(form).queryByText('Passwords does not match')).toBeNull();
    expect(field('Name').getAttribute('aria-invalid')).toBeNull();

    const submit = within(form).getByRole('button', { name: 'Create account' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(within(form).getByTestId('register-unavailable').textContent).toContain('not sent or stored');
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
