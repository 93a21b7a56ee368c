/**
 * The audit log as a SuperUser reads it (issue 18 §1): a failed sign-in (the name tried, never the
 * password), his sign-in and a token he creates are listed, with who, when and from where; the
 * action filter narrows the list; the CSV export downloads the filtered entries.
 * A screenshot of the page (dark) goes to SHOTS_DIR.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiSession, signIn } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? path.join(__dirname, '..', 'test-results', 'admin-api-shots');

test('the audit log lists the sign-in and the token creation, filters, and exports CSV', async ({ page, request, baseURL }) => {
  // A wrong password first: recorded with the name, without the password.
  await page.goto('/login');
  await page.getByLabel('Username', { exact: true }).fill('demo.super');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password-e2e');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await signIn(page);
  const api = await apiSession(request, baseURL!);
  const orgs = await api.get<Array<{ id: number; name: string }>>('/api/v3/admin/organizations');
  await api.post('/api/v3/admin/tokens', { name: 'Audit e2e token', organizationId: orgs[0]!.id, scopes: ['read'] });

  await page.goto('/admin/audit-log');
  const rows = page.getByTestId('audit-row');
  await expect(rows.filter({ hasText: 'API token created' }).filter({ hasText: 'Audit e2e token' })).toHaveCount(1);
  // The browser's sign-in (the API session's is there too, with its own user agent).
  const signin = rows.filter({ hasText: 'Signed in' }).filter({ hasText: 'Chrome' }).first();
  await expect(signin).toContainText('demo.super');
  await expect(signin).toContainText('127.0.0.1');
  const failed = rows.filter({ hasText: 'Sign-in failed' }).first();
  await expect(failed).toContainText('demo.super');
  await expect(page.getByTestId('admin-audit-log')).not.toContainText('wrong-password-e2e');
  await page.screenshot({ path: path.join(SHOTS, 'audit-log.png'), fullPage: true });

  await page.getByTestId('audit-action').selectOption('token.create');
  await page.getByTestId('audit-apply').click();
  await expect(rows.first()).toHaveAttribute('data-action', 'token.create');
  await expect(rows.filter({ hasNotText: 'API token created' })).toHaveCount(0);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-csv').click()]);
  expect(download.suggestedFilename()).toBe('audit-log.csv');
  const csv = readFileSync((await download.path())!, 'utf8');
  const lines = csv.trim().split(/\r\n/);
  expect(lines[0]).toBe('time,actor,organisation,action,target type,target,ip,user agent,details');
  expect(lines.some((l) => l.includes('token.create') && l.includes('Audit e2e token'))).toBe(true);
  expect(lines.slice(1).every((l) => l.includes('token.create'))).toBe(true);
});
