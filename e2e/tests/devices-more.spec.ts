/**
 * More of the devices area, each journey on its own (it makes the groups, locations and units it
 * needs, with names of its own, and takes no units another spec file counts on):
 * a group → location → units tree built by drag and drop and counted by the dashboard's group alarm
 * widget; "Add new device" by serial number and by NFC tag; what a Reader sees (everything) and may
 * do (nothing); a bulk move from the device table and its failure; and a stale settings write that
 * keeps what the user typed.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiSession, dragAndDrop, expectOverview, signIn } from './helpers';

type Status = 'alarm' | 'problem' | 'inactive' | 'ok';
type Container = {
  id: string;
  name: string;
  kind: 'group' | 'location';
  organizationId: number;
  parentId: string | null;
  revision: number;
  content: Array<{ type: 'unit' | 'location'; name?: string; target?: string }>;
};
type Row = { UnitID: number; UnitName: string; CustomerID: number; Status: Status };
type TablePage = { rows: Row[]; matched: number };
type Settings = { revision: number; settings: Record<string, Record<string, unknown>> };
type Api = Awaited<ReturnType<typeof apiSession>>;

const ORGS = { nordic: { id: 1, name: 'Nordic Utilities' }, baltic: { id: 2, name: 'Baltic Water' } } as const;
/** Locations another spec file takes units from: left alone here. */
const TAKEN = ['Aarhus'];
const READ_ONLY = 'You are missing authority for this device';
/** The fixed demo tag (server/src/seed): the onboarding journeys and screenshots use it. */
const DEMO_TAG = '8d3f6a2e-5c1b-4e7a-9f0d-2b6c8e4a1f35';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

async function tableRows(api: Api, query: Record<string, string | number>): Promise<Row[]> {
  const qs = new URLSearchParams(Object.entries({ use_context: 'true', pageSize: 100, ...query }).map(([k, v]) => [k, String(v)]));
  return (await api.get<TablePage>(`/api/v3/device/table?${qs}`)).rows;
}

/** A location of the organisation, with units, none another spec file counts on; the fullest first. */
async function sourceLocation(api: Api, org: number, want: (rows: Row[]) => boolean): Promise<{ location: Container; rows: Row[] }> {
  const all = await api.get<Container[]>('/api/v3/containers?use_context=true');
  const candidates = all
    .filter((c) => c.kind === 'location' && c.organizationId === org && !TAKEN.includes(c.name) && !c.name.startsWith('E2E'))
    .sort((a, b) => b.content.length - a.content.length);
  for (const location of candidates) {
    const rows = await tableRows(api, { location: location.id });
    if (want(rows)) return { location, rows };
  }
  throw new Error(`no location of organisation ${org} fits`);
}

async function createContainer(api: Api, kind: 'group' | 'location', name: string, organization: number) {
  return api.post<Container>('/api/v3/containers', { kind, name, organization });
}

/** The location into the group (its content references the location). */
async function putInGroup(api: Api, group: Container, location: Container) {
  return api.put<Container>(`/api/v3/containers/${group.id}`, {
    revision: group.revision,
    content: [...group.content, { type: 'location', name: location.name, target: location.id }],
  });
}

const dashboardArea = (page: Page) => page.locator('#fw-area-dashboard');

async function createDashboard(page: Page, name: string) {
  await dashboardArea(page).getByRole('button', { name: 'Dashboard options' }).click();
  await page.getByRole('menuitem', { name: 'New dashboard…' }).click();
  const dialog = page.getByTestId('create-dashboard-dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dashboardArea(page).getByRole('heading', { level: 1, name })).toBeVisible();
}

async function addWidget(page: Page, name: string) {
  await dashboardArea(page).getByRole('button', { name: 'Add widget' }).first().click();
  const store = page.getByTestId('widget-store-dialog');
  await store.getByRole('button', { name: `Add ${name}`, exact: true }).click();
  await store.getByRole('button', { name: 'Done' }).click();
  await expect(store).toHaveCount(0);
}

async function deleteDashboard(page: Page) {
  await dashboardArea(page).getByRole('button', { name: 'Dashboard options' }).click();
  await page.getByRole('menuitem', { name: 'Delete dashboard' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete dashboard' }).click();
  await expectOverview(page);
}

/** The counts a group alarm line shows, by status (a narrow widget shows only alarm and problem). */
async function lineCounts(line: Locator): Promise<Partial<Record<Status, number>>> {
  const counts: Partial<Record<Status, number>> = {};
  for (const s of ['alarm', 'problem', 'inactive', 'ok'] as const) {
    const span = line.locator(`[data-status="${s}"][title]`);
    if ((await span.count()) > 0) counts[s] = Number((await span.getAttribute('title'))!.split(':').pop()!.trim());
  }
  return counts;
}

function countStatuses(rows: Row[]): Record<Status, number> {
  const counts: Record<Status, number> = { alarm: 0, problem: 0, inactive: 0, ok: 0 };
  for (const r of rows) counts[r.Status] += 1;
  return counts;
}

/** Picks an option of a select in the new-container dialog, by the organisation's name. */
async function nameContainer(page: Page, name: string, org: string) {
  const dialog = page.getByTestId('container-name-dialog');
  await dialog.getByTestId('container-name').fill(name);
  await dialog.getByLabel('Organisation').selectOption({ label: org });
  await dialog.getByTestId('name-save').click();
  await expect(dialog).toHaveCount(0);
}

test('build a group holding a location of units by drag and drop; the group alarm widget counts it', async ({ page, request, baseURL }) => {
  const api = await apiSession(request, baseURL!);
  const id = stamp();
  const group = `E2E dnd region ${id}`;
  const location = `E2E dnd site ${id}`;
  // Three units of one site: one in alarm (the state the widget must show), two others.
  const { location: source, rows } = await sourceLocation(api, ORGS.nordic.id, (r) =>
    r.some((u) => u.Status === 'alarm') && r.filter((u) => u.Status !== 'alarm').length >= 2,
  );
  const alarmUnit = rows.find((u) => u.Status === 'alarm')!;
  const others = rows.filter((u) => u.Status !== 'alarm').slice(0, 2);
  const moved = [alarmUnit, ...others];

  await signIn(page);
  await expectOverview(page);

  // The group and the location, each from its own screen.
  await page.goto('/groupmanagement');
  await page.getByTestId('new-group').click();
  await nameContainer(page, group, ORGS.nordic.name);
  await expect(page.getByTestId('group-row').filter({ hasText: group })).toBeVisible();

  await page.goto('/locationmanagement');
  await page.getByTestId('new-location').click();
  await nameContainer(page, location, ORGS.nordic.name);
  const target = page.getByTestId('location-card').filter({ hasText: location });
  await expect(target).toBeVisible();

  // Units onto the location: one dragged alone, then two selected ones dragged together.
  const from = page.getByTestId('location-card').filter({ has: page.getByRole('button', { name: source.name, exact: true }) });
  await from.getByRole('button', { name: `Show the content of ${source.name}` }).click();
  const unitRow = (name: string) =>
    from.getByTestId('unit-row').filter({ has: page.getByRole('checkbox', { name: `Select ${name}`, exact: true }) });
  await dragAndDrop(page, unitRow(alarmUnit.UnitName), target);
  await expect(page.getByTestId('container-notice')).toHaveText(`Units moved to ${location}: 1`);
  for (const u of others) await unitRow(u.UnitName).getByRole('checkbox').check();
  await dragAndDrop(page, unitRow(others[0]!.UnitName), target);
  await expect(page.getByTestId('container-notice')).toHaveText(`Units moved to ${location}: 2`);
  await target.getByRole('button', { name: `Show the content of ${location}` }).click();
  await expect(target.getByTestId('unit-row')).toHaveCount(3);
  for (const u of moved) await expect(target.getByTestId('unit-row').filter({ hasText: u.UnitName }).first()).toBeVisible();

  // The location onto the group.
  await page.goto('/groupmanagement');
  const groupRow = page.getByTestId('group-row').filter({ hasText: group });
  await dragAndDrop(page, page.getByTestId('location-row').filter({ hasText: location }), groupRow);
  await expect(page.getByTestId('container-notice')).toHaveText(`${location} moved to ${group}`);
  await expect(groupRow).toContainText('3');

  // The dashboard, reached through the menu (no reload): a board with the group alarm widget.
  await page.getByRole('navigation').getByRole('link', { name: 'Overview', exact: true }).first().click();
  await expectOverview(page);
  const board = `E2E groups ${id}`;
  await createDashboard(page, board);
  await addWidget(page, 'Group alarm');
  const widget = dashboardArea(page).getByTestId('group-alarm');
  await expect(widget.getByRole('button', { name: 'Groups', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const line = widget.getByTestId('group-line').filter({ hasText: group });
  await expect(line).toContainText('Units: 3');
  // Its counts are its units' states, as the server has them (the simulator may change one meanwhile).
  await expect(async () => {
    const now = countStatuses(await tableRows(api, { group: (await containerNamed(api, group)).id }));
    expect(now.alarm).toBeGreaterThan(0);
    const shown = await lineCounts(line);
    expect(shown.alarm).toBe(now.alarm);
    for (const [s, n] of Object.entries(shown)) expect(n, s).toBe(now[s as Status]);
    await expect(line).toHaveAttribute('data-worst', 'alarm', { timeout: 1 });
  }).toPass({ timeout: 15_000 });
  // A click selects the group's units for the board's link group; the location is a line of its own.
  await line.click();
  await expect(line).toHaveAttribute('aria-pressed', 'true');
  await widget.getByRole('button', { name: 'Locations', exact: true }).click();
  await expect(widget.getByTestId('group-line').filter({ hasText: location })).toContainText('Units: 3');

  await deleteDashboard(page);
});

async function containerNamed(api: Api, name: string): Promise<Container> {
  const found = (await api.get<Container[]>('/api/v3/containers?use_context=true')).find((c) => c.name === name);
  expect(found, `container ${name}`).toBeTruthy();
  return found!;
}

/** A tag of a unit still in stock (not activated), not the fixed demo tag the onboarding journeys use. */
async function stockTag(request: APIRequestContext, api: Api): Promise<string> {
  const units = (await api.get<Array<{ UnitID: number }>>('/api/v2/device/devices?use_context=true')).map((u) => u.UnitID);
  units.sort((a, b) => b - a);
  for (let i = 0; i < units.length; i += 12) {
    const tags = await Promise.all(
      units.slice(i, i + 12).map(async (id) => ((await (await request.get(`/api/v1/nfc/tag?unit=${id}`)).json()) as { tag_uuid?: string }).tag_uuid ?? ''),
    );
    for (const tag of tags.filter((t) => t && t !== DEMO_TAG)) {
      const info = (await (await request.get(`/api/v3/onboarding/tag/${tag}`)).json()) as { data?: { activated: boolean } };
      if (info.data && !info.data.activated) return tag;
    }
  }
  throw new Error('no NFC tag in stock');
}

/** Fills "Add new device" up to where the unit goes: the organisation, then the group, then the location. */
async function chooseWhere(dialog: Locator, org: string, group: string, location: string) {
  await dialog.getByLabel('Organisation').selectOption({ label: org });
  await dialog.getByLabel('Group', { exact: true }).selectOption({ label: group });
  await dialog.getByLabel('Location').selectOption({ label: location });
}

/** The unit is in the table (found by its name) and opens its page from there. */
async function openFromTable(page: Page, name: string) {
  await page.goto('/devicemanagement');
  await page.getByRole('searchbox').fill(name);
  const row = page.getByTestId('device-row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(row).toHaveCount(1);
  await row.getByTestId('unit-link').click();
  await expect(page).toHaveURL(/\/devicemanagement\/\d+$/);
  await expect(page.getByTestId('unit-header')).toContainText(name);
  return Number(new URL(page.url()).pathname.split('/')[2]);
}

test('add new devices from the device table, by serial number and type and by NFC tag, into a chosen organisation, group and location', async ({ page, request, baseURL }) => {
  const api = await apiSession(request, baseURL!);
  const id = stamp();
  const region = await createContainer(api, 'group', `E2E add region ${id}`, ORGS.baltic.id);
  const site = await createContainer(api, 'location', `E2E add site ${id}`, ORGS.baltic.id);
  await putInGroup(api, region, site);
  const tag = await stockTag(request, api);
  const bySerial = `E2E serial unit ${id}`;
  const byTag = `E2E tagged unit ${id}`;

  await signIn(page);
  await expectOverview(page);
  await page.goto('/devicemanagement');
  await page.getByTestId('add-device').click();
  const dialog = page.getByTestId('add-device-dialog');
  await dialog.getByLabel('Name').fill(bySerial);
  await dialog.getByLabel('Serial number').fill('bad serial!');
  const type = dialog.getByLabel('Unit type');
  await type.selectOption({ index: 1 });
  const model = (await type.locator('option:checked').textContent())!.replace(/\s*\(\d+\)$/, '');
  await chooseWhere(dialog, ORGS.baltic.name, region.name, site.name);
  await dialog.getByTestId('add-device-submit').click();
  // A bad serial: said at the field, nothing sent, nothing typed lost.
  await expect(dialog.getByLabel('Serial number')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Serial number')).toHaveAccessibleDescription(
    'A serial number has up to 64 letters, digits, dots, colons, dashes or underscores.',
  );
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name')).toHaveValue(bySerial);
  await expect(dialog.getByLabel('Location')).toHaveValue(site.id);
  await dialog.getByLabel('Serial number').fill(`E2E-${id}`);
  await dialog.getByTestId('add-device-submit').click();
  await expect(dialog).toHaveCount(0);

  const serialUnit = await openFromTable(page, bySerial);
  await expect(page.getByTestId('unit-model')).toContainText(model);

  // The same serial number again: the server's refusal, said in the dialog, the form kept.
  await page.goto('/devicemanagement');
  await page.getByTestId('add-device').click();
  await dialog.getByLabel('Name').fill(`${bySerial} again`);
  await dialog.getByLabel('Serial number').fill(`E2E-${id}`);
  await dialog.getByLabel('Unit type').selectOption({ index: 1 });
  await dialog.getByTestId('add-device-submit').click();
  await expect(dialog.getByTestId('add-error')).toHaveText(`The unit was not added: A device with serial number E2E-${id} already exists`);
  await expect(dialog.getByLabel('Serial number')).toHaveValue(`E2E-${id}`);

  // By the NFC tag of a unit in stock, typed in.
  await dialog.getByText('NFC tag', { exact: true }).click();
  await dialog.getByLabel('Name').fill(byTag);
  await dialog.getByLabel('NFC tag id').fill(tag);
  await chooseWhere(dialog, ORGS.baltic.name, region.name, site.name);
  await dialog.getByTestId('add-device-submit').click();
  await expect(dialog).toHaveCount(0);
  const tagUnit = await openFromTable(page, byTag);

  // Both are in the location, and so in its group: the table's group filter finds them.
  await page.goto(`/devicemanagement?group=${region.id}`);
  await expect(page.getByTestId('filter-group')).toHaveValue(region.id);
  for (const name of [bySerial, byTag]) await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  const held = (await containerNamed(api, site.name)).content.map((r) => Number(r.target));
  expect(held.sort()).toEqual([serialUnit, tagUnit].sort());
  const rows = await tableRows(api, { group: region.id });
  expect(rows.map((r) => [r.UnitName, r.CustomerID]).sort()).toEqual([
    [bySerial, ORGS.baltic.id],
    [byTag, ORGS.baltic.id],
  ]);
});

test('a Reader sees the device table, a unit and the groups, finds no write control, and a scripted write is refused', async ({ page, baseURL }) => {
  await signIn(page, 'demo.reader');
  await expectOverview(page);

  await page.goto('/devicemanagement');
  const rows = page.getByTestId('device-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('unit-total')).not.toHaveText('0');
  await expect(page.getByTestId('add-device')).toHaveCount(0);
  // Nothing to select for: no checkboxes, no bulk moves or actions (the CSV export is reading).
  await expect(page.getByTestId('device-table').getByRole('checkbox')).toHaveCount(0);
  for (const bulk of ['bulk-location', 'bulk-group', 'bulk-action']) await expect(page.getByTestId(bulk)).toHaveCount(0);
  await expect(page.getByTestId('export-csv')).toBeVisible();

  // A unit from the table: its page and tabs show values, nothing to change or switch.
  const link = rows.first().getByTestId('unit-link');
  const name = (await link.textContent())!.trim();
  await link.click();
  await expect(page.getByTestId('unit-header')).toContainText(name);
  const unitId = Number(new URL(page.url()).pathname.split('/')[2]);
  await expect(page.getByTestId('unit-actions')).toBeVisible();
  await expect(page.getByTestId('unit-actions').getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Switch (on|off)/ })).toHaveCount(0);
  const panel = page.getByTestId('unit-tabpanel');
  const writeButton = /^(save|add|delete|remove|edit|apply|schedule|switch|send|lock|reset)\b/i;
  for (const tab of ['Schedule', 'GPRS', 'Network', 'Port settings', 'Firmware', 'Alarm', 'NFC', 'Custom brand', 'Location']) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(panel.locator('[aria-busy="true"], [data-state="loading"]')).toHaveCount(0);
    await expect(panel.getByRole('button', { name: writeButton }), `write buttons on ${tab}`).toHaveCount(0);
    await expect(panel.getByTestId('settings-save'), `save on ${tab}`).toHaveCount(0);
    // Switches and choices would write on a change: disabled. A text field writes only through a
    // button, and there is none (a preview of a channel's scaling stays usable: it writes nothing).
    await expect(panel.locator('input:is([type=checkbox], [type=radio], [type=color], [type=range]):enabled, select:enabled'), `switches and choices on ${tab}`).toHaveCount(0);
  }

  // Groups and locations: the tree and the units, without creating, moving or dragging.
  await page.goto('/groupmanagement');
  const groupRows = page.getByTestId('group-row');
  await expect(groupRows.first()).toBeVisible();
  await expect(page.getByTestId('new-group')).toHaveCount(0);
  await expect(page.getByTestId('group-menu')).toHaveCount(0);
  await expect(page.getByTestId('drop-top-level')).toHaveCount(0);
  await expect(page.locator('[draggable="true"]')).toHaveCount(0);
  await groupRows.first().getByRole('button', { pressed: false }).last().click();
  await expect(page.getByTestId('group-panel')).toBeVisible();
  await page.goto('/locationmanagement');
  await expect(page.getByTestId('location-card').first()).toBeVisible();
  await expect(page.getByTestId('new-location')).toHaveCount(0);
  await expect(page.getByTestId('bulk-move')).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.locator('[draggable="true"]')).toHaveCount(0);

  // What the screens do not offer, the server refuses too (the Reader's own session, scripted).
  const headers = { origin: baseURL! };
  const settings = ((await (await page.request.get(`/api/v2/device/legacy/devices/${unitId}/settings`)).json()) as { data: Settings }).data;
  const writes = [
    page.request.put(`/api/v2/device/legacy/devices/${unitId}/settings`, {
      headers,
      data: { revision: settings.revision, settings: { ...settings.settings, general: { ...settings.settings.general, sendIntervalMin: 30 } } },
    }),
    page.request.post('/api/v3/device/devices', { headers, data: { name: 'Not mine to add', serial: `E2E-R-${stamp()}`, type: 1 } }),
    page.request.post(`/api/v2/device/devices/${unitId}/relay`, { headers, data: { on: true } }),
  ];
  for (const res of await Promise.all(writes)) {
    expect(res.status(), res.url()).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(READ_ONLY);
  }
  // And nothing changed.
  const after = ((await (await page.request.get(`/api/v2/device/legacy/devices/${unitId}/settings`)).json()) as { data: Settings }).data;
  expect(after.revision).toBe(settings.revision);
});

test('move three units from the device table to a location in bulk; a move to a location deleted meanwhile fails and keeps the selection', async ({ page, request, baseURL }) => {
  const api = await apiSession(request, baseURL!);
  const id = stamp();
  const { location: source, rows: sourceRows } = await sourceLocation(api, ORGS.baltic.id, (r) => r.length >= 6);
  const target = await createContainer(api, 'location', `E2E bulk site ${id}`, ORGS.baltic.id);
  const doomed = await createContainer(api, 'location', `E2E bulk doomed ${id}`, ORGS.baltic.id);

  await signIn(page);
  await expectOverview(page);
  await page.goto('/devicemanagement');
  await page.getByTestId('filter-location').selectOption({ label: source.name });
  const rows = page.getByTestId('device-row');
  await expect(page.getByTestId('device-summary')).toContainText(`Matching units: ${sourceRows.length} of`);
  await expect(rows).toHaveCount(Math.min(20, sourceRows.length));
  const names: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    const name = (await rows.nth(i).getByTestId('unit-link').textContent())!.trim();
    names.push(name);
    await rows.nth(i).getByRole('checkbox', { name: `Select ${name}`, exact: true }).check();
  }
  const bar = page.getByTestId('bulk-bar');
  await expect(bar.getByTestId('selected-count')).toHaveText('3 selected');

  // The failure first: the location goes (another session) while this page still offers it.
  await api.delete(`/api/v3/containers/${doomed.id}?revision=${doomed.revision}`);
  await bar.getByTestId('bulk-location').selectOption({ label: doomed.name });
  await expect(bar.getByTestId('bulk-note')).toContainText('Failed to move devices');
  await expect(bar.getByTestId('bulk-note')).toHaveAttribute('role', 'alert');
  await expect(bar.getByTestId('selected-count')).toHaveText('3 selected');
  for (const name of names) await expect(page.getByRole('checkbox', { name: `Select ${name}`, exact: true })).toBeChecked();
  // The list follows: the deleted location is no longer offered.
  await expect(bar.getByTestId('bulk-location').locator('option', { hasText: doomed.name })).toHaveCount(0);

  // Then the move that works.
  await bar.getByTestId('bulk-location').selectOption({ label: target.name });
  await expect(bar.getByTestId('bulk-note')).toHaveText('3 units moved.');

  await page.reload();
  await page.getByTestId('filter-location').selectOption({ label: target.name });
  await expect(page).toHaveURL(new RegExp(`location=${target.id}`));
  await expect(page.getByTestId('device-summary')).toContainText('Matching units: 3 of');
  await expect(rows).toHaveCount(3);
  for (const name of names) await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  const held = await containerNamed(api, target.name);
  expect(held.content.filter((r) => r.type === 'unit')).toHaveLength(3);
});

test('a stale settings write: the unit was changed elsewhere, the user keeps what he typed and saves it', async ({ page, request, baseURL }) => {
  // Someone else (demo.user, Nordic Utilities) changes the same unit's schedule meanwhile.
  const other = await apiSession(request, baseURL!, 'demo.user');
  const rows = await tableRows(other, { sort: 'name', dir: 'desc' });
  const unit = rows.find((r) => r.CustomerID === ORGS.nordic.id && !/ej installerad/i.test(r.UnitName))!;
  const url = `/api/v2/device/legacy/devices/${unit.UnitID}/settings`;
  const before = await other.get<Settings>(url);
  const general = before.settings.general ?? {};
  const typed = String(((Number(general.measureIntervalMin) || 15) % 50) + 7);
  const elsewhere = { measure: Number(typed) + 1, send: ((Number(general.sendIntervalMin) || 60) % 600) + 45 };

  await signIn(page);
  await expectOverview(page);
  await page.goto(`/devicemanagement/${unit.UnitID}/schedule`);
  await expect(page.getByTestId('unit-header')).toContainText(unit.UnitName);
  const tab = page.getByTestId('schedule-tab');
  const measure = tab.getByLabel('Measure interval');
  await expect(measure).toBeEditable();
  await measure.fill(typed);

  const latest = await other.get<Settings>(url);
  await other.put<Settings>(url, {
    revision: latest.revision,
    settings: { ...latest.settings, general: { ...latest.settings.general, measureIntervalMin: elsewhere.measure, sendIntervalMin: elsewhere.send } },
  });

  await tab.getByTestId('settings-save').click();
  const conflict = tab.getByTestId('settings-conflict');
  await expect(conflict).toContainText('These settings were changed elsewhere');
  await expect(conflict).toContainText(`Send interval: ${String(general.sendIntervalMin ?? 60)} → ${elsewhere.send}`);
  await expect(conflict.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expect(measure).toHaveValue(typed);
  // Reload the current settings and re-apply the input: the typed value stays, the rest is theirs.
  await conflict.getByRole('button', { name: 'Keep editing' }).click();
  await expect(conflict).toHaveCount(0);
  await expect(tab.getByTestId('settings-changed-elsewhere')).toContainText(`Measure interval: ${String(general.measureIntervalMin ?? 15)} → ${elsewhere.measure}`);
  await expect(measure).toHaveValue(typed);
  await expect(tab.getByLabel('Send interval')).toHaveValue(String(elsewhere.send));
  await tab.getByTestId('settings-save').click();
  await expect(tab.getByText('Settings saved.')).toBeVisible();

  const saved = await other.get<Settings>(url);
  expect(saved.settings.general).toMatchObject({ measureIntervalMin: Number(typed), sendIntervalMin: elsewhere.send });
  await page.reload();
  await expect(page.getByTestId('schedule-tab').getByLabel('Measure interval')).toHaveValue(typed);
  await expect(page.getByTestId('schedule-tab').getByLabel('Send interval')).toHaveValue(String(elsewhere.send));
});
