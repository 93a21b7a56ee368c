/**
 * API tokens as a SuperUser lives it (issue 18 §1 API): create a token in Admin → API (ingest and
 * read), copy it from the dialog that shows it once, send a measurement with it over HTTP, read the
 * unit back with it, see a write refused, revoke it in the UI and see it refused from then on.
 * Screenshots of the API and Permissions pages (dark) go to SHOTS_DIR.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? path.join(__dirname, '..', 'test-results', 'admin-api-shots');

test('a SuperUser creates a token in the UI, copies it, ingests and reads with it, then revokes it', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page);
  await page.goto('/admin/api');
  await expect(page.getByTestId('admin-api')).toBeVisible();
  await page.getByTestId('token-create').click();
  const dialog = page.getByTestId('token-create-dialog');
  await dialog.getByTestId('token-name').fill('E2E gateway');
  await dialog.getByTestId('token-org').selectOption({ label: 'Nordic Utilities' });
  await expect(dialog.getByTestId('token-scope-ingest')).toBeChecked();
  await dialog.getByTestId('token-scope-read').check();
  await dialog.getByRole('button', { name: 'Create token' }).click();

  const shown = page.getByTestId('token-created-dialog');
  await expect(shown).toContainText('It is shown only this once');
  await shown.getByTestId('token-copy').click();
  await expect(shown.getByTestId('token-copy')).toHaveText('Copied');
  const token = await page.evaluate(() => navigator.clipboard.readText());
  expect(token).toMatch(/^fwt_[0-9A-Za-z]{38}$/);
  await expect(shown.getByTestId('token-value')).toHaveValue(token);
  await page.screenshot({ path: path.join(SHOTS, 'api-token-created.png') });
  await shown.getByTestId('token-done').click();
  const row = page.getByTestId('token-row').filter({ hasText: 'E2E gateway' });
  await expect(row).toContainText('Nordic Utilities');
  await expect(row).toContainText(token.slice(0, 12));
  await expect(row).not.toContainText(token);
  await expect(row).toContainText('Active');

  // Over HTTP, as a gateway and an integration would: no session, only the token.
  const authorization = `Bearer ${token}`;
  const units = await request.get('/api/v2/device/devices', { headers: { authorization } });
  expect(units.status()).toBe(200);
  const list = ((await units.json()) as { data: Array<{ UnitID: number; UnitType: number; OrganizationID?: number }> }).data;
  expect(list.length).toBeGreaterThan(0);
  // One of our own loggers (type below 200): it has channel 1 (third-party sensors have only their own).
  const unitId = list.find((u) => u.UnitType < 200)!.UnitID;
  const ts = new Date(Date.now() - 60_000).toISOString();
  const ingest = await request.post('/api/v3/ingest', {
    headers: { authorization },
    data: { points: [{ unitId, channel: 1, ts, value: 42.4242 }] },
  });
  expect(ingest.status()).toBe(200);
  expect(((await ingest.json()) as { data: { accepted: number } }).data.accepted).toBe(1);
  const data = await request.get(`/api/v3/device/devices/${unitId}/data?start=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}&channel=1`, {
    headers: { authorization },
  });
  expect(data.status()).toBe(200);
  expect(await data.text()).toContain('42.4242');
  const details = await request.get(`/api/v1/device/${unitId}/details`, { headers: { authorization } });
  expect(details.status()).toBe(200);
  // A write with the token is refused.
  const write = await request.put(`/api/v3/device/devices/${unitId}`, { headers: { authorization }, data: { name: 'x' } });
  expect(write.status()).toBe(403);

  // Last used shows, after a reload.
  await page.reload();
  await expect(page.getByTestId('token-row').filter({ hasText: 'E2E gateway' }).getByTestId('token-last-used')).not.toHaveText('Never');
  await page.screenshot({ path: path.join(SHOTS, 'api-tokens.png'), fullPage: true });

  // Revoke, after confirming; the token is refused from then on.
  await page.getByRole('button', { name: 'Revoke E2E gateway' }).click();
  const confirm = page.getByTestId('token-revoke-dialog');
  await expect(confirm).toContainText('stops working at once');
  await confirm.getByTestId('confirm-dialog-confirm').click();
  await expect(page.getByTestId('token-row').filter({ hasText: 'E2E gateway' })).toHaveAttribute('data-status', 'revoked');
  const after = await request.post('/api/v3/ingest', { headers: { authorization }, data: { points: [{ unitId, channel: 1, ts, value: 1 }] } });
  expect(after.status()).toBe(401);
  expect((await request.get('/api/v2/device/devices', { headers: { authorization } })).status()).toBe(401);

  await page.goto('/admin/permissions');
  await expect(page.getByTestId('permission-row')).toHaveCount(6);
  await expect(page.getByTestId('permissions-view-all')).toContainText('sees all units');
  await page.screenshot({ path: path.join(SHOTS, 'permissions.png'), fullPage: true });
});
