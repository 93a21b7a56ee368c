/**
 * A remote on its own (issue 21 §1): with DEV_STANDALONE=tasks (what `npm run dev -- tasks
 * --standalone` sets) every page is the tasks remote's standalone page — the area with a sign-in of
 * its own against the real server and no shell. A team signs in there, works in its area (a task's
 * panel opens, the filters live in the address) and signs out.
 *
 * Its own server, so that the journeys on the shared one keep their shell.
 */
import { expect, test } from '@playwright/test';
import { demoServerEnv, freePort, startFieldwatch } from './signin-servers';

test.describe('a remote on its own page', () => {
  let base = '';
  let server: { stop(): Promise<void> } | undefined;
  test.beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = await startFieldwatch(base, demoServerEnv(port, { DEV_STANDALONE: 'tasks' }));
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('signs in against the server and works in the area without the shell', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto('/taskmanagement');
    await expect(page.getByText('Tasks on its own')).toBeVisible();
    // No shell: no navigation of the product, no top bar.
    await expect(page.getByRole('navigation', { name: /main/i })).toHaveCount(0);

    // A wrong password says so and keeps the form.
    await page.getByLabel('Username').fill('demo.super');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Username or password is incorrect.')).toBeVisible();

    await page.getByLabel('Password').fill('fieldwatch-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(/Signed in as /)).toBeVisible();
    await expect(page.getByTestId('task-board')).toBeVisible();
    await expect(page.getByTestId('task-row').first()).toBeVisible();

    // The area works as in the shell: a task opens in its panel, with its address.
    await page.getByTestId('task-row').first().click();
    await expect(page).toHaveURL(/task=/);

    // A reload keeps the session (the server's cookie): the area comes back without a sign-in.
    await page.reload();
    await expect(page.getByTestId('task-board')).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveCount(0);

    // The task's panel (opened again from the address) closes with Escape, as in the shell.
    await page.keyboard.press('Escape');
    await expect(page).not.toHaveURL(/task=/);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByLabel('Password')).toBeVisible();
    // The failed sign-in answered 417 (the browser logs that); nothing else went wrong.
    expect(errors.filter((e) => !/status of 417/.test(e))).toEqual([]);
    await context.close();
  });
});
