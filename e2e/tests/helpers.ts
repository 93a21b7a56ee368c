import { expect, type APIRequestContext, type APIResponse, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'fieldwatch-demo';

/** Signs in through the login form the way a person does. */
export async function signIn(page: Page, username = 'demo.super', password = DEMO_PASSWORD) {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // A user of several organisations who never chose is asked once where to work (issue 18 §3),
  // all of them ticked: he goes on with all, as every sign-in did before the question.
  const choice = page.getByTestId('account-choice');
  const settled = (p: Promise<unknown>, what: string) => p.then(() => what, () => 'unknown');
  const outcome = await Promise.race([
    settled(page.waitForURL((u) => !u.pathname.startsWith('/login')), 'left'),
    settled(choice.waitFor(), 'choose'),
    settled(page.getByRole('alert').first().waitFor(), 'refused'),
  ]);
  if (outcome === 'choose') await choice.getByRole('button', { name: 'Continue' }).click();
}

export async function expectOverview(page: Page) {
  await expect(page).toHaveURL(/\/dashboard\/[A-Za-z0-9+/=]+$/);
  await expect(page.getByTestId('status-summary')).toBeVisible();
  await expect(page.getByTestId('unit-count')).not.toHaveText('0');
}

/**
 * A second session beside the browser's (another user, or the same one in another tab), signed in
 * through the API. Its writes carry the Origin header the server asks of scripted writes.
 */
export async function apiSession(
  request: APIRequestContext,
  baseURL: string,
  username = 'demo.super',
  password = DEMO_PASSWORD,
) {
  const headers = { origin: baseURL };
  const res = await request.post('/api/v2/auth/login', { headers, data: { username, password } });
  expect(res.status(), `sign-in of ${username}`).toBe(200);
  const answer = async <T>(r: APIResponse, what: string): Promise<T> => {
    expect(r.ok(), `${what}: ${r.status()} ${await r.text()}`).toBe(true);
    return ((await r.json()) as { data: T }).data;
  };
  return {
    get: async <T>(url: string) => answer<T>(await request.get(url), `GET ${url}`),
    put: async <T>(url: string, data: unknown) => answer<T>(await request.put(url, { headers, data }), `PUT ${url}`),
    post: async <T>(url: string, data: unknown) => answer<T>(await request.post(url, { headers, data }), `POST ${url}`),
    delete: async <T>(url: string) => answer<T>(await request.delete(url, { headers }), `DELETE ${url}`),
  };
}

/**
 * HTML5 drag and drop as the browser fires it (dragstart, dragenter, dragover, drop, dragend), on
 * the elements themselves: a mouse-driven drag across a long, scrolling list lands wherever the
 * rows have moved to by then.
 */
export async function dragAndDrop(page: Page, source: Locator, target: Locator) {
  const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
  // The dragged element itself, held: after the drop the page may re-render the row somewhere else
  // (a locator would then wait for it where it was), and the browser fires dragend on that node.
  const dragged = await source.elementHandle();
  if (!dragged) throw new Error('dragAndDrop: the source is not on the page');
  await dragged.dispatchEvent('dragstart', { dataTransfer });
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
  await dragged.dispatchEvent('dragend', { dataTransfer });
  await dragged.dispose();
}
