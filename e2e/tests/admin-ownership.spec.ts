/**
 * Ownership and usage statistics (issue 18 §1), as a SuperUser does them in the admin area:
 * - a user's custom dashboard is transferred to another user, who then has it in his menu (and
 *   the first user no longer has it);
 * - a dashboard shared read-only with Baltic Water appears in a Reader's menu there, opens labelled
 *   "view only", and the server refuses a change to it;
 * - the usage statistics of Nordic Utilities show their charts and the calls of an API token, and
 *   a chart downloads as CSV.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiSession, signIn } from './helpers';

const admin = (page: Page) => page.getByTestId('admin-dashboard-ownership');
const row = (page: Page, name: string) => admin(page).locator(`[data-testid="owned-dashboard"][data-name="${name}"]`);

test('a SuperUser transfers a dashboard of a user to another user, who then has it', async ({ page, request, baseURL }) => {
  const erik = await apiSession(request, baseURL!, 'demo.user');
  const board = await erik.post<{ id: number }>('/api/v3/user/dashboard', { name: 'Handover board', templateId: 'overview' });

  await signIn(page, 'demo.super');
  await page.goto('/admin/dashboard-ownership');
  await admin(page).getByTestId('ownership-org').selectOption({ label: 'Nordic Utilities' });
  await admin(page).getByTestId('ownership-user').selectOption({ label: 'Erik Johansson (demo.user)' });
  await expect(row(page, 'Handover board')).toContainText('Erik Johansson');
  await row(page, 'Handover board').getByTestId('transfer-one').click();

  const dialog = page.getByTestId('transfer-dialog');
  await expect(dialog).toContainText('Built-in dashboards stay with Erik Johansson');
  await dialog.getByTestId('transfer-to').selectOption({ label: 'Signe Lindqvist (demo.super)' });
  await dialog.getByTestId('transfer-confirm').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('1 dashboard moved to Signe Lindqvist.')).toBeVisible();
  // Shown among Signe's dashboards now.
  await admin(page).getByTestId('ownership-user').selectOption({ label: 'Signe Lindqvist (demo.super)' });
  await expect(row(page, 'Handover board')).toContainText('Signe Lindqvist');

  // The receiver has it in his menu and opens it; the one who gave it does not have it any more.
  await page.goto('/');
  const link = page.getByRole('navigation').getByRole('link', { name: 'Handover board', exact: true });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page.locator('#fw-area-dashboard').getByRole('heading', { level: 1, name: 'Handover board' })).toBeVisible();
  const left = await erik.get<Array<{ id: number }>>('/api/v3/user/dashboard?excludeContent=true');
  expect(left.some((d) => d.id === board.id)).toBe(false);
});

test('a dashboard shared with the organisation is read-only for its Reader', async ({ page, browser, request, baseURL }) => {
  const signe = await apiSession(request, baseURL!, 'demo.super');
  const board = await signe.post<{ id: number; content: unknown }>('/api/v3/user/dashboard', { name: 'Baltic board', templateId: 'map' });

  await signIn(page, 'demo.super');
  await page.goto('/admin/dashboard-ownership');
  await admin(page).getByTestId('ownership-org').selectOption({ label: 'Baltic Water' });
  await row(page, 'Baltic board').getByTestId('share-toggle').click();
  await expect(row(page, 'Baltic board')).toContainText('Read-only for Baltic Water');
  await expect(row(page, 'Baltic board').getByTestId('share-toggle')).toHaveText('Stop sharing');

  // Freja (Reader of Baltic Water) has it in her menu, and it opens labelled as shared, view only.
  const context = await browser.newContext({ baseURL });
  const reader = await context.newPage();
  await reader.goto('/login');
  await signIn(reader, 'demo.reader');
  const link = reader.getByRole('navigation').getByRole('link', { name: 'Baltic board', exact: true });
  await expect(link).toBeVisible();
  await link.click();
  const area = reader.locator('#fw-area-dashboard');
  await expect(area.getByRole('heading', { level: 1, name: 'Baltic board' })).toBeVisible();
  await expect(area.getByTestId('view-only')).toHaveText('Shared by Signe Lindqvist · view only');
  await expect(area.getByTestId('dashboard-menu')).toHaveCount(0);
  // A change sent anyway is refused, with a message that says why.
  const res = await reader.request.put(`/api/v3/user/dashboard/${board.id}`, {
    headers: { origin: baseURL! },
    data: { content: board.content },
  });
  expect(res.status()).toBe(403);
  expect(((await res.json()) as { message: string }).message).toContain('shared with you read-only');
  await context.close();
});

test('usage statistics show charts and the calls per API token, and download as CSV', async ({ page, request, baseURL }) => {
  const signe = await apiSession(request, baseURL!, 'demo.super');
  const orgs = await signe.get<{ Customers: Array<{ CustomerID: number; CustomerName: string }> }>(
    '/api/v3/user/session',
  );
  const nordic = orgs.Customers.find((c) => c.CustomerName === 'Nordic Utilities')!.CustomerID;
  const created = await signe.post<{ token: string }>('/api/v3/admin/tokens', { name: 'Usage gateway', organizationId: nordic });
  for (let i = 0; i < 3; i++)
    await request.post('/api/v3/ingest', { headers: { authorization: `Bearer ${created.token}` }, data: { points: [] } });

  await signIn(page, 'demo.super');
  await page.goto('/admin/usage-statistics');
  const usage = page.getByTestId('admin-usage-statistics');
  await usage.getByTestId('usage-org').selectOption({ label: 'Nordic Utilities' });
  await usage.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(usage.getByTestId('usage-range')).toContainText('(UTC)');
  // Highcharts arrives with the first chart (its own chunk) and draws all four.
  for (const id of ['people', 'api', 'units', 'work'])
    await expect(usage.locator(`[data-testid="usage-chart-${id}"] svg.highcharts-root`)).toBeVisible();
  await expect(usage.getByTestId('usage-chart-api')).toContainText('Usage gateway');
  const token = usage.getByTestId('usage-token').filter({ hasText: 'Usage gateway' });
  await expect(token).toContainText('3');

  const download = page.waitForEvent('download');
  await usage.getByTestId('usage-csv-api').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Nordic Utilities API calls by token .+\.csv$/);
  const text = readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = text.trim().split(/\r\n/);
  expect(lines[0]).toContain('Day,');
  expect(lines[0]).toContain('Usage gateway');
  expect(lines).toHaveLength(8);
  const col = lines[0]!.split(',').indexOf('Usage gateway');
  expect(lines.slice(1).reduce((sum, l) => sum + Number(l.split(',')[col]), 0)).toBe(3);
});
