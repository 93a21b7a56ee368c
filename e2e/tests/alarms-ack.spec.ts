/**
 * Acknowledging an alarm, seen by two people of one organisation at once (issue 17 §1, §5): user
 * A acknowledges an alarm of unit 10004 "Pump station 2" in the alarm list; user B, in another
 * browser, sees it acknowledged — by A, still active — without reloading, within two seconds.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiSession, expectOverview, signIn } from './helpers';

const UNIT = 10004;

interface AlarmRecord {
  AlarmID: number;
  AlarmType: number;
  State?: string;
}

/** A signed-in browser of its own (cookies, storage), on the built-in Alarms dashboard. */
async function personOnAlarms(browser: Browser, baseURL: string, username: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  // The push stream opens at sign-in; what B sees later arrives on it.
  const stream = page.waitForResponse((r) => r.url().includes('/api/v3/events/stream'));
  await signIn(page, username);
  await expectOverview(page);
  expect((await stream).status()).toBe(200);
  await page.getByRole('navigation').getByRole('link', { name: 'Alarms', exact: true }).first().click();
  await expect(page.getByTestId('alarm-list')).toBeVisible();
  // Only the unit's alarms (the list pages 20 at a time).
  await page.getByTestId('alarm-list').getByRole('searchbox').fill('Pump station 2');
  return page;
}

test('A acknowledges an alarm of unit 10004; B sees it acknowledged without reloading', async ({ browser, request, baseURL }) => {
  // A new alarm of the unit: the demo's own, or one raised now by a limit its readings cross.
  const api = await apiSession(request, baseURL!);
  const newOnes = async () =>
    (await api.post<AlarmRecord[]>('/api/v2/device/alarms', { devices: [UNIT], active: true })).filter(
      (a) => a.State === 'activeUnacknowledged',
    );
  let [alarm] = await newOnes();
  if (!alarm) {
    await api.put(`/api/v3/device/devices/${UNIT}/channels/1/limits`, { levels: [{ level: 4, high: -100000, enabled: true }] });
    [alarm] = await newOnes();
  }
  expect(alarm, 'unit 10004 has a new alarm').toBeTruthy();
  const id = alarm!.AlarmID;

  const a = await personOnAlarms(browser, baseURL!, 'demo.super');
  const b = await personOnAlarms(browser, baseURL!, 'demo.user');
  const rowA = a.locator(`[data-testid="alarm-row"][data-alarm-id="${id}"]`);
  const rowB = b.locator(`[data-testid="alarm-row"][data-alarm-id="${id}"]`);
  await expect(rowA).toHaveAttribute('data-state', 'activeUnacknowledged');
  await expect(rowB).toHaveAttribute('data-state', 'activeUnacknowledged');
  await expect(rowB.getByTestId('alarm-acknowledged')).toHaveCount(0);
  const reloadsOfB: string[] = [];
  b.on('framenavigated', (f) => {
    if (f === b.mainFrame()) reloadsOfB.push(f.url());
  });

  await rowA.getByRole('button', { name: /^Acknowledge / }).click();
  const clicked = Date.now();
  await expect(rowA.getByTestId('alarm-acknowledged')).toHaveAttribute('aria-label', /^Acknowledged by demo.super, /);
  await expect(rowA).toHaveAttribute('data-state', 'activeAcknowledged');

  // B: the same row changes in place — acknowledged by A, still active (still in the active list).
  await expect(rowB).toHaveAttribute('data-state', 'activeAcknowledged', { timeout: 5_000 });
  const seenAfterMs = Date.now() - clicked;
  await expect(rowB.getByTestId('alarm-acknowledged')).toHaveAttribute('aria-label', /^Acknowledged by demo.super, /);
  await expect(rowB.getByRole('button', { name: /^Acknowledge / })).toHaveCount(0);
  await expect(rowB.getByRole('button', { name: /^Reset / })).toBeVisible();
  expect(reloadsOfB).toEqual([]);
  console.log(`alarms-ack: B saw the acknowledgement ${seenAfterMs} ms after A clicked`);
  expect(seenAfterMs).toBeLessThan(2_000);

  // The server agrees: acknowledged by A, still active, and its history says so.
  const [now] = (await api.post<AlarmRecord[]>('/api/v2/device/alarms', { devices: [UNIT] })).filter((x) => x.AlarmID === id);
  expect(now).toMatchObject({ State: 'activeAcknowledged', AcknowledgedBy: 'demo.super', Active: true });
  const history = await api.get<{ entries: Array<{ kind: string; by: string }> }>(`/api/v3/alarms/${id}/history`);
  expect(history.entries.map((e) => [e.kind, e.by])).toContainEqual(['acknowledged', 'demo.super']);

  // Leave the saved search as it was for the journeys that follow.
  await a.getByTestId('alarm-list').getByRole('searchbox').fill('');
  await b.getByTestId('alarm-list').getByRole('searchbox').fill('');
  await a.waitForTimeout(2_500); // the dashboard saves 2 s after the last change
  await a.context().close();
  await b.context().close();
});
