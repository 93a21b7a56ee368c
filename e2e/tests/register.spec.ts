/**
 * Registration as a person lives it (issue 18 §3): "New here? Create an account" on the sign-in
 * page, the form, "We sent a link to <email>", no sign-in before the link, the link from the mail
 * (the e2e server writes its mail as .eml files to MAIL_DIR, see playwright.config.ts), one click
 * on its page: verified and signed in, and — of no organisation yet — the page that says what to
 * do. The link works once. Screenshots in the dark theme and at a phone's width (390 px).
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { emls, mailTo } from './mail';

const SHOTS = process.env.SHOTS_DIR ?? path.join(__dirname, '..', 'test-results', 'register-shots');
const PASSWORD = 'rita-registers-1';

async function fillForm(page: Page, values: Record<string, string>) {
  const form = page.getByTestId('register-form');
  for (const [label, value] of Object.entries(values))
    await form.getByLabel(label, { exact: true }).fill(value);
  return form;
}

test('register from the sign-in page → the mailed link signs in → no organisation yet: what to do', async ({
  page,
  browser,
}) => {
  // A fresh address each run: the e2e database lives as long as the server.
  const stamp = Date.now().toString(36);
  const email = `rita.registrant.${stamp}@example.com`;
  const username = `rita.registrant.${stamp}`;

  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('link', { name: 'New here? Create an account' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: 'Create your Fieldwatch account' })).toBeVisible();

  // The spec's rules, in the form itself.
  const form = await fillForm(page, {
    Name: 'Rita Registrant',
    'E-mail': email,
    Password: 'abc',
    'Confirm password': 'abd',
  });
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('The password must contain at least six characters')).toBeVisible();
  await fillForm(page, { Password: PASSWORD });
  await expect(form.getByText('Passwords does not match')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dark-register-errors.png`, fullPage: true });
  await fillForm(page, { 'Confirm password': PASSWORD });
  await page.screenshot({ path: `${SHOTS}/dark-register-form.png`, fullPage: true });

  // An address that has an account: the spec's text.
  await fillForm(page, { 'E-mail': 'Erik.Johansson@fieldwatch.example' });
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('An account with the given email already exists')).toBeVisible();

  const before = emls();
  await fillForm(page, { 'E-mail': email });
  await form.getByRole('button', { name: 'Create account' }).click();
  const sent = page.getByTestId('register-sent');
  await expect(sent.getByRole('status')).toHaveText(`We sent a link to ${email}. Open it to finish.`);
  await expect(sent.getByText(`Your username is ${username}.`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dark-register-sent.png`, fullPage: true });

  const mail = await mailTo(before, email);
  expect(mail.subject).toBe('Confirm your e-mail address for Fieldwatch');
  expect(mail.text).toContain(`Your username is ${username}.`);
  const link = new URL(mail.link);
  expect(link.pathname).toBe('/verify-email');

  // Before the link, the password does not sign in: it says why, and offers a new link.
  const other = await (await browser.newContext()).newPage();
  await other.goto('/login');
  await other.getByLabel('Username', { exact: true }).fill(username);
  await other.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await other.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(other.getByRole('alert')).toHaveText(
    'Confirm your e-mail address first: open the link we sent you when you registered.',
  );
  await expect(other.getByRole('button', { name: 'Send a new link' })).toBeVisible();
  await other.screenshot({ path: `${SHOTS}/dark-sign-in-unverified.png` });
  await other.context().close();

  // The link's page changes nothing until the click; then signed in, and of no organisation yet.
  await page.goto(mail.link);
  const verify = page.getByTestId('verify-email');
  await expect(verify.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dark-verify-page.png` });
  await verify.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page).toHaveURL(/\/no-organisation$/);
  const none = page.getByTestId('no-organisation');
  await expect(none.getByRole('heading', { name: 'You are not part of an organisation yet' })).toBeVisible();
  await expect(
    none.getByText('Activate a device from its NFC tag, or ask your administrator for an invitation.'),
  ).toBeVisible();
  await expect(none.getByText(`Signed in as Rita Registrant (${username})`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dark-no-organisation.png` });

  // Every page of the product leads there; the profile stays open.
  await page.goto('/devicemanagement');
  await expect(page).toHaveURL(/\/no-organisation$/);
  await none.getByRole('link', { name: 'Your profile' }).click();
  await expect(page).toHaveURL(/\/profile/);
  await expect(page.getByRole('banner')).toBeVisible();

  // At a phone's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/no-organisation');
  await expect(none).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dark-no-organisation-390.png`, fullPage: true });

  // The link worked once.
  const again = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await again.goto(mail.link);
  await again.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(again.getByTestId('verify-email').getByRole('alert')).toHaveText('The link has expired');
  await expect(again.getByRole('button', { name: 'Send a new link' })).toBeVisible();
  await again.screenshot({ path: `${SHOTS}/dark-verify-expired-390.png`, fullPage: true });
  await again.goto('/register');
  await expect(again.getByTestId('register-form')).toBeVisible();
  await again.screenshot({ path: `${SHOTS}/dark-register-form-390.png`, fullPage: true });
  await again.context().close();

  // And the password signs in from now on (straight to the same page).
  await none.getByTestId('no-organisation-sign-out').click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/no-organisation$/);
});
