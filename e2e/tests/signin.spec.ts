/**
 * The sign-in page's own promises (issue 18 §3): a plain visit makes no request that answers 401
 * (nothing red in the console) while a signed-in visitor still goes on to the dashboard; a wrong
 * password is said once, in the form; and a forgotten password end to end over SMTP — the link
 * arrives at a real SMTP sink, it sets the new password, the user signs in with it (not with the
 * old one), and the used link, opened again, says "The link has expired".
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectOverview, signIn } from './helpers';
import { mailText, startSignInServers, type SignInServers } from './signin-servers';

const SHOTS = process.env.SHOTS_DIR ?? path.join(__dirname, '..', 'test-results', 'signin-shots');

test('a plain visit to the login page: no 401, no error in the console; signed in, /login goes to the dashboard', async ({ page }) => {
  const failed: string[] = [];
  const errors: string[] = [];
  page.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto('/login');
  await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(failed).toEqual([]);
  expect(errors).toEqual([]);

  await signIn(page);
  await expectOverview(page);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard\//);
});

test('a wrong password is said once, in the form (not as a toast too)', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'demo.user', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Username or password is incorrect');
  await expect(page.getByText('Username or password is incorrect')).toHaveCount(1);
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/dark-wrong-password.png` });
});

test.describe('forgotten password over SMTP', () => {
  let servers: SignInServers;
  test.beforeAll(async () => {
    servers = await startSignInServers({ bankid: false });
  });
  test.afterAll(async () => {
    await servers?.close();
  });

  /** The link of the n-th mail to `to` (waits for it at the sink). */
  async function linkOfMail(to: string, n: number): Promise<string> {
    await expect.poll(() => servers.mails.filter((m) => m.to.includes(to)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(n);
    const text = mailText(servers.mails.filter((m) => m.to.includes(to))[n - 1]!.raw);
    const link = /https?:\/\/\S+token=[A-Za-z0-9_-]+/.exec(text)?.[0];
    expect(link, text).toBeTruthy();
    return link!;
  }

  test('request a link, set a new password with it, sign in with it; the used (old) link has expired', async ({ page }) => {
    const newPassword = 'signin-journey-new-1';
    const to = 'erik.johansson@fieldwatch.example';
    await page.goto(`${servers.base}/login`);
    await page.getByRole('button', { name: 'Forgotten password?' }).click();
    const form = page.getByTestId('forgot-password');
    await form.getByLabel('Username or e-mail').fill('demo.user');
    await form.getByRole('button', { name: 'Send link' }).click();
    await expect(form.getByRole('status')).toContainText('If an account matches, a link to set a new password was sent');
    const newest = await linkOfMail(to, 1);
    expect(new URL(newest).origin).toBe(servers.base);

    await page.goto(newest);
    const reset = page.getByTestId('reset-password');
    await expect(reset.getByText('For the account demo.user')).toBeVisible();
    await reset.getByLabel('New password', { exact: true }).fill(newPassword);
    await reset.getByLabel('Confirm password').fill(newPassword);
    await reset.getByRole('button', { name: 'Set new password' }).click();
    // The browser that set the password is signed in with it and goes into the product.
    await expect(page).toHaveURL(/\/dashboard\//);
    await expect(page.getByTestId('status-summary')).toBeVisible();
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login/);
    // The old password no longer works; the new one does.
    await signIn(page, 'demo.user', DEMO_PASSWORD);
    await expect(page.getByRole('alert')).toHaveText('Username or password is incorrect');
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\//);
    await expect(page.getByTestId('status-summary')).toBeVisible();

    // The link works once: opened again (an old link) it has expired, and offers a new one.
    await page.goto(newest);
    await expect(page.getByTestId('reset-password').getByRole('alert')).toHaveText('The link has expired');
    await expect(page.getByTestId('forgot-password')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/dark-reset-link-expired.png` });
  });
});
