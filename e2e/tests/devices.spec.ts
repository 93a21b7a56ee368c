/**
 * The devices area as an operations engineer uses it: open a unit from the device table, act on it
 * (a unit action followed to its acknowledgement, the relay switched after a confirmation), change
 * an alarm limit and see the alarm follow, and build a group → location → units tree that is still
 * there after a reload. Runs on the demo fleet with the simulator answering commands.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { dragAndDrop, expectOverview, signIn } from './helpers';

type Unit = { UnitID: number; UnitName: string; UnitType: number; AlarmEvents: unknown[] };

async function units(request: APIRequestContext): Promise<Unit[]> {
  const res = await request.get('/api/v2/device/devices?use_context=true');
  return ((await res.json()) as { data: Unit[] }).data;
}

/** The first installed unit without alarms whose options match. */
/** The first unit of our own (type below 200: every channel kind), in service and without alarms, that `want`s. */
async function findUnit(request: APIRequestContext, want: (o: { relay: boolean; actions: string[] }) => boolean): Promise<Unit> {
  for (const u of await units(request)) {
    if (u.UnitType >= 200 || u.AlarmEvents.length > 0 || /ej installerad/i.test(u.UnitName)) continue;
    const o = ((await (await request.get(`/api/v2/device/devices/${u.UnitID}/options`)).json()) as { data: { relay: boolean; actions: string[] } }).data;
    if (want(o)) return u;
  }
  throw new Error('no such unit in the demo fleet');
}

async function openUnit(page: Page, unit: Unit, tab = '') {
  await page.goto(`/devicemanagement/${unit.UnitID}${tab ? `/${tab}` : ''}`);
  await expect(page.getByTestId('unit-header')).toContainText(unit.UnitName);
}

test('open a unit from the device table, run a unit action and watch it reach acknowledged', async ({ page }) => {
  await signIn(page);
  await expectOverview(page);
  await page.goto('/devicemanagement');
  const row = page.getByTestId('device-row').first();
  await expect(row).toBeVisible();
  const link = row.getByTestId('unit-link');
  const name = (await link.textContent())!.trim();
  await link.click();
  await expect(page).toHaveURL(/\/devicemanagement\/\d+$/);
  await expect(page.getByTestId('unit-header')).toContainText(name);

  const unit = await findUnit(page.request, (o) => o.actions.includes('test'));
  await openUnit(page, unit);
  await page.getByTestId('unit-actions').getByRole('button', { name: 'Test', exact: true }).click();
  const command = page.getByTestId('command').first();
  // queued → sent → acknowledged, pushed by the simulator within a few seconds.
  await expect(command).toHaveAttribute('data-status', /queued|sent|acknowledged/);
  await expect(command).toHaveAttribute('data-status', 'acknowledged', { timeout: 20_000 });
  // The unit's message log shows the same command.
  await page.getByRole('tab', { name: 'Log scan' }).click();
  await expect(page.getByTestId('log-line').filter({ hasText: 'Test' }).first()).toBeVisible();
});

test('switch a relay: a confirmation first, then pending until the unit answers', async ({ page }) => {
  await signIn(page);
  await expectOverview(page);
  const unit = await findUnit(page.request, (o) => o.relay);
  await openUnit(page, unit);
  const relay = page.getByTestId('unit-relay');
  const on = relay.getByRole('button', { name: 'Switch on' });
  await on.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(unit.UnitName);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(relay.getByTestId('relay-state')).not.toHaveAttribute('data-state', 'pending');

  await on.click();
  await page.getByRole('dialog').getByTestId('confirm-dialog-confirm').click();
  const state = relay.getByTestId('relay-state');
  await expect(state).toHaveAttribute('data-state', /pending|on/);
  await expect(state).toHaveAttribute('data-state', /^(on|error)$/, { timeout: 20_000 });
});

test('lowering an alarm limit below the current reading raises the alarm at once', async ({ page }) => {
  await signIn(page);
  await expectOverview(page);
  const unit = await findUnit(page.request, () => true);
  // Channel 1 of the demo's own models is an analogue input (the limit tab lists it first).
  await openUnit(page, unit, 'alarm');
  const card = page.getByTestId('limits-1');
  await expect(card).toBeVisible();
  const level4 = card.getByTestId('level-1-4');
  await level4.getByRole('textbox', { name: /high/i }).fill('-100000');
  await level4.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Alarm limit level updated successfully').first()).toBeVisible();
  await expect(card.getByTestId('alarm-state-1')).not.toContainText('No active alarm', { timeout: 10_000 });
  // The page header counts it too.
  await expect(page.getByTestId('unit-alarms')).toBeVisible();
});

test('build a group → location → units tree, move three units in bulk, and find it all after a reload', async ({ page }) => {
  await signIn(page);
  await expectOverview(page);
  const stamp = Date.now().toString(36);
  const group = `E2E region ${stamp}`;
  const location = `E2E site ${stamp}`;

  await page.goto('/groupmanagement');
  await page.getByTestId('new-group').click();
  await page.getByTestId('container-name').fill(group);
  await page.getByTestId('name-save').click();
  await expect(page.getByTestId('group-row').filter({ hasText: group })).toBeVisible();

  await page.goto('/locationmanagement');
  await page.getByTestId('new-location').click();
  await page.getByTestId('container-name').fill(location);
  await page.getByTestId('name-save').click();
  const card = page.getByTestId('location-card').filter({ hasText: location });
  await expect(card).toBeVisible();

  // Three units of a site of the same organisation (Nordic Utilities, where the new location was
  // made: the first selected customer) into the new location, in bulk.
  const first = page.getByTestId('location-card').filter({ hasText: 'Aarhus' });
  await first.getByRole('button', { name: /^Show the content of/ }).click();
  const picks = first.getByTestId('unit-row');
  const names: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    const r = picks.nth(i);
    names.push((await r.textContent())!.trim());
    await r.getByRole('checkbox').check();
  }
  await page.getByTestId('bulk-move').click();
  await page.getByTestId('move-target').selectOption({ label: location });
  await page.getByTestId('move-confirm').click();
  await card.getByRole('button', { name: /^Show the content of/ }).click();
  await expect(card.getByTestId('unit-row')).toHaveCount(3);

  // The location into the group, by drag and drop.
  await page.goto('/groupmanagement');
  const loose = page.getByTestId('location-row').filter({ hasText: location });
  await expect(loose).toBeVisible();
  await dragAndDrop(page, loose, page.getByTestId('group-row').filter({ hasText: group }));
  await expect(page.getByTestId('container-notice')).toContainText(`${location} moved to ${group}`);
  await page.getByTestId('group-row').filter({ hasText: group }).click();
  await expect(page.getByTestId('group-panel')).toContainText(group);
  await expect(page.getByTestId('group-panel')).toContainText('3');

  await page.reload();
  await expect(page.getByTestId('group-row').filter({ hasText: group })).toBeVisible();
  const containers = (await (await page.request.get('/api/v3/containers?use_context=true')).json()) as {
    data: Array<{ id: string; name: string; kind: string; content: Array<{ target?: string }> }>;
  };
  const g = containers.data.find((c) => c.name === group)!;
  const l = containers.data.find((c) => c.name === location)!;
  expect(g.content.map((r) => r.target)).toContain(l.id);
  expect(l.content).toHaveLength(3);
});
