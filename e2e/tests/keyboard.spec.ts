/**
 * The product without a mouse (issue 23, "Keyboard"): sign in, open a unit from the device table,
 * acknowledge its alarm, and work one of its tasks to done — only the keyboard (Tab, Shift+Tab,
 * Enter, Space, arrows, Escape; page.goto for the first page only). Along the way, the element that
 * has the focus shows it (an outline or a ring, not nothing), and the focus stays where the user
 * works: on the status button just pressed, back in the note field after a note, and back on the
 * task's row when its panel closes.
 *
 * Uses a unit that has an active, unacknowledged alarm and an open task, picked through the API
 * (not 10004, 10005 or 10007, which other journeys look at).
 */
import { expect, test, type Page } from '@playwright/test';
import { apiSession, DEMO_PASSWORD } from './helpers';

const RESERVED = new Set([10004, 10005, 10007]);

interface Focused {
  tag: string;
  role: string | null;
  name: string;
  testid: string | null;
  type: string | null;
  taskId: string | null;
  pressed: string | null;
  selected: string | null;
}

/** What has the focus: its tag, role, accessible name (roughly: aria-label, else its text) and ids. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const e = document.activeElement as HTMLElement | null;
    const labelled = e?.getAttribute('aria-labelledby');
    const byLabel =
      (labelled && document.getElementById(labelled)?.textContent) ||
      (e && 'labels' in e ? ((e as HTMLInputElement).labels?.[0]?.textContent ?? '') : '');
    return {
      tag: e?.tagName.toLowerCase() ?? 'none',
      role: e?.getAttribute('role') ?? null,
      name: (e?.getAttribute('aria-label') || byLabel || e?.textContent || '').replace(/\s+/g, ' ').trim(),
      testid: e?.getAttribute('data-testid') ?? null,
      type: e?.getAttribute('type') ?? null,
      taskId: e?.closest('[data-task-id]')?.getAttribute('data-task-id') ?? null,
      pressed: e?.getAttribute('aria-pressed') ?? null,
      selected: e?.getAttribute('aria-selected') ?? null,
    };
  });
}

/** Tab (or Shift+Tab) until the focused element is the one wanted. */
async function tabTo(page: Page, what: string, match: (f: Focused) => boolean, { back = false, max = 120 } = {}) {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await focused(page);
    if (match(f)) return f;
    seen.push(`${f.tag}${f.role ? `[${f.role}]` : ''} "${f.name.slice(0, 40)}"`);
  }
  throw new Error(`${what}: not reached with ${back ? 'Shift+Tab' : 'Tab'} (went through ${seen.slice(-25).join(' → ')})`);
}

/** The focused element shows it: an outline or a box-shadow ring that is not "none" (WCAG 2.4.7). */
async function expectFocusRing(page: Page, where: string) {
  const ring = await page.evaluate(() => {
    const e = document.activeElement as HTMLElement;
    const cs = getComputedStyle(e);
    const outline = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0;
    const shadow = cs.boxShadow !== 'none' && cs.boxShadow !== '';
    return { outline, shadow, css: `outline: ${cs.outlineStyle} ${cs.outlineWidth} ${cs.outlineColor}; box-shadow: ${cs.boxShadow}` };
  });
  expect(ring.outline || ring.shadow, `a visible focus indicator on ${where} (${ring.css})`).toBe(true);
}

test('sign in, open a unit, acknowledge its alarm and work a task to done, by keyboard only', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A unit with an active, unacknowledged alarm and an open task.
  const api = await apiSession(request, baseURL!);
  const units = await api.get<Array<{ UnitID: number; UnitName: string }>>('/api/v2/device/devices?use_context=true');
  const byId = new Map(units.map((u) => [u.UnitID, u]));
  const alarms = await api.post<Array<{ AlarmID: number; UnitID: number; State: string }>>('/api/v2/device/alarms', {
    devices: units.map((u) => u.UnitID),
    active: true,
  });
  const tasks = await api.get<{ items: Array<{ id: string; status: string; units?: Array<{ id: number }> }> }>(
    '/api/v3/tasks?view=all&pageSize=500',
  );
  const candidates = [...new Set(alarms.filter((a) => a.State === 'activeUnacknowledged').map((a) => a.UnitID))]
    .filter((id) => !RESERVED.has(id))
    .map((id) => byId.get(id)!)
    // Its name typed in the table's search finds it alone among units whose names begin alike.
    .filter((u) => u && !units.some((o) => o !== u && o.UnitName.toLowerCase().includes(u.UnitName.toLowerCase())));
  const pick = candidates
    .map((u) => ({
      unit: u,
      task: tasks.items.find(
        (t) => !['done', 'archived'].includes(t.status) && (t.units ?? []).length === 1 && t.units![0]!.id === u.UnitID,
      ),
    }))
    .find((c) => c.task);
  expect(pick, 'a unit with a new alarm and an open task').toBeTruthy();
  const { unit, task } = pick! as { unit: { UnitID: number; UnitName: string }; task: { id: string } };
  const unacknowledged = () =>
    api
      .post<Array<{ AlarmID: number; State: string; AcknowledgedBy?: string }>>('/api/v2/device/alarms', {
        devices: [unit.UnitID],
        active: true,
      })
      .then((list) => list);
  const before = (await unacknowledged()).filter((a) => a.State === 'activeUnacknowledged').map((a) => a.AlarmID);

  // 1. Sign in: the username field has the focus.
  await page.goto('/login');
  await expect.poll(async () => (await focused(page)).tag).toBe('input');
  await expectFocusRing(page, 'the username field');
  await page.keyboard.type('demo.super');
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  // Asked where to work (a user of several organisations who never chose): all, Continue.
  const choice = page.getByTestId('account-choice');
  const where = await Promise.race([
    choice.waitFor().then(() => 'choose'),
    page.getByTestId('status-summary').waitFor().then(() => 'signed in'),
  ]);
  if (where === 'choose') {
    await tabTo(page, 'Continue', (f) => f.tag === 'button' && f.name === 'Continue');
    await page.keyboard.press('Enter');
  }
  await expect(page.getByTestId('status-summary')).toBeVisible();

  // 2. The skip link comes first; then the navigation to Devices.
  await tabTo(page, 'the skip link', (f) => f.name === 'Skip to content', { max: 3 });
  await expectFocusRing(page, 'the skip link');
  await tabTo(page, 'Devices in the navigation', (f) => f.tag === 'a' && f.name === 'Devices');
  await expectFocusRing(page, 'a navigation link');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/devicemanagement$/);

  // 3. The device table: search for the unit, open its page.
  await tabTo(page, 'the table search', (f) => f.tag === 'input' && f.type === 'search');
  // On a loaded 2-core machine a keystroke typed while the table re-renders can be lost: type the
  // name again (Ctrl+A replaces it) until the field holds it.
  for (let i = 0; i < 3; i++) {
    if (i > 0) await page.keyboard.press('Control+A');
    await page.keyboard.type(unit.UnitName, { delay: 20 });
    await page.waitForTimeout(300);
    if ((await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)) === unit.UnitName) break;
  }
  await expect(page.getByRole('link', { name: unit.UnitName, exact: true })).toBeVisible();
  await tabTo(page, `the link to ${unit.UnitName}`, (f) => f.tag === 'a' && f.name === unit.UnitName);
  await expectFocusRing(page, 'the unit link in the table');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/devicemanagement/${unit.UnitID}$`));
  await expect(page.getByTestId('unit-header')).toContainText(unit.UnitName);

  // 4. Acknowledge one of its alarms from the page's header.
  const ack = await tabTo(page, 'Acknowledge', (f) => f.tag === 'button' && /^Acknowledge .+ on /.test(f.name));
  expect(ack.name).toContain(unit.UnitName);
  await expectFocusRing(page, 'the Acknowledge button');
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await unacknowledged()).filter((a) => before.includes(a.AlarmID) && a.AcknowledgedBy === 'demo.super').length)
    .toBe(1);

  // 5. Tasks, from the navigation (back up the page with Shift+Tab).
  await tabTo(page, 'Tasks in the navigation', (f) => f.tag === 'a' && f.name === 'Tasks', { back: true, max: 200 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('task-board')).toBeVisible();
  // The views are tabs: the arrow keys move between them.
  await tabTo(page, 'the views', (f) => f.role === 'tab' && f.selected === 'true');
  await expectFocusRing(page, 'the selected view tab');
  for (let i = 0; i < 3 && !(await focused(page)).name.startsWith('All'); i++) await page.keyboard.press('ArrowRight');
  expect(await focused(page)).toMatchObject({ role: 'tab', selected: 'true', name: expect.stringMatching(/^All/) });
  await expect(page).toHaveURL(/view=all/);
  await tabTo(page, 'the task search', (f) => f.tag === 'input' && f.type === 'search');
  await page.keyboard.type(unit.UnitName);
  const row = page.locator(`[data-testid="task-row"][data-task-id="${task.id}"]`);
  await expect(row).toBeVisible();
  await tabTo(page, 'the task', (f) => f.tag === 'button' && f.taskId === task.id);
  await expectFocusRing(page, 'the task row');
  await page.keyboard.press('Enter');

  // 6. The task's panel: the focus is in it; work it to done.
  const panel = page.getByTestId('task-panel');
  await expect(panel).toBeVisible();
  await expect.poll(async () => (await focused(page)).name).toBe('Close');
  await tabTo(page, 'In progress', (f) => f.testid === 'set-status-working');
  await expectFocusRing(page, 'a status button');
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('set-status-working')).toHaveAttribute('aria-pressed', 'true');
  // The focus stayed on the button just pressed.
  await expect.poll(async () => (await focused(page)).testid).toBe('set-status-working');

  await tabTo(page, 'the note', (f) => f.testid === 'note-input');
  await expectFocusRing(page, 'the note field');
  const note = `Checked on site, by keyboard (${Date.now().toString(36)})`;
  await page.keyboard.type(note);
  await page.keyboard.press('Tab');
  expect((await focused(page)).testid).toBe('add-note');
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('activity-log')).toContainText(note);
  await expect.poll(async () => (await focused(page)).testid).toBe('note-input');

  await tabTo(page, 'Done', (f) => f.testid === 'set-status-done', { back: true });
  await page.keyboard.press('Space');
  await expect(panel.getByTestId('set-status-done')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await focused(page)).testid).toBe('set-status-done');

  // Escape closes the panel; the focus is back on the task's row.
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect.poll(async () => (await focused(page)).taskId).toBe(task.id);

  // The server agrees: the task is done, with the note.
  const done = await api.get<{ status: string; activities: Array<{ type: string; note?: string }> }>(
    `/api/v3/tasks/${task.id}`,
  );
  expect(done.status).toBe('done');
  expect(JSON.stringify(done.activities)).toContain(note);
});
