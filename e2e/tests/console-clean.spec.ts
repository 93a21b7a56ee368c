/**
 * Issue 20 §7: no console errors on a normal visit. The sign-in page of a browser whose session
 * has ended (its hint cookie outlived the session) asks the public session probe, which answers
 * 200 "signed out" instead of a 401; /admin asks nothing the user may not use (a User or Reader is
 * not sent to the SuperUser's user list for its 403); a wrong password says so once.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/** Console errors and failed same-origin answers of the page, from now on. */
function watch(page: Page, origin: string) {
  const problems: string[] = [];
  page.on('console', (m) => {
    // Map tiles of an external host that this machine cannot reach are not the page's doing.
    if (m.type() === 'error' && !/ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED/.test(m.text()))
      problems.push(`console: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400 && r.url().startsWith(origin)) problems.push(`${r.status()} ${r.url()}`);
  });
  return problems;
}

test('the sign-in page with an ended session logs nothing; a wrong password says so once', async ({ page, context, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  // A browser that had a session (the hint cookie is still there; the session is not).
  await context.addCookies([{ name: 'fw_signed_in', value: '1', url: origin }]);
  const problems = watch(page, origin);
  const probe = page.waitForResponse((r) => r.url().endsWith('/api/v3/user/session/probe'));
  await page.goto('/dashboard/default');
  expect((await probe).status()).toBe(200);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
  expect(problems).toEqual([]);
  // The hint is gone: the next visit does not ask at all.
  expect((await context.cookies()).some((c) => c.name === 'fw_signed_in')).toBe(false);

  await page.getByLabel('Username', { exact: true }).fill('demo.user');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Username or password is incorrect' })).toHaveCount(1);
  // Still once a moment later (no toast after the inline message).
  await page.waitForTimeout(1000);
  await expect(page.getByText('Username or password is incorrect')).toHaveCount(1);
});

for (const username of ['demo.user', 'demo.reader']) {
  test(`/admin as ${username}: no-access at once, no 403 in the console`, async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    await signIn(page, username);
    await expect(page).toHaveURL(/\/dashboard\//);
    const problems = watch(page, origin);
    await page.goto('/admin');
    await expect(page.getByTestId('users-no-access')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });
}
