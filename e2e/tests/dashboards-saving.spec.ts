/**
 * Saving a dashboard (issue 20 §1): a rename never loses an edit, a burst of changes made just
 * before the tab closes is still saved, and what the user only looks at (a selected unit, the alarm
 * list's History tab) is kept for the browser session, not saved into the dashboard.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { addWidgets, area, createDashboard, deleteDashboard, frame, frames, openMenu } from './dashboard-helpers';
import { expectOverview, signIn } from './helpers';

const isSave = (r: Request) =>
  r.method() === 'PUT' && /\/api\/v3\/user\/dashboard\/\d+$/.test(new URL(r.url()).pathname);
const savedState = (page: Page) =>
  expect(area(page).getByTestId('save-state')).toHaveAttribute('data-status', 'saved', { timeout: 15_000 });

async function rename(page: Page, name: string) {
  await openMenu(page, 'Rename…');
  const dialog = page.getByRole('dialog', { name: 'Rename dashboard' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(area(page).getByRole('heading', { level: 1, name })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await page.goto('/login');
  await signIn(page);
  await expectOverview(page);
});

test('an edit after a rename, and one just before it, are both kept', async ({ page }) => {
  await createDashboard(page, `Rename ${Date.now()}`);
  await addWidgets(page, ['Status']);
  await savedState(page);

  // Renamed, then changed: the change is saved, not refused as "changed elsewhere".
  await rename(page, `Renamed ${Date.now()}`);
  await addWidgets(page, ['Battery']);
  await savedState(page);
  await expect(page.getByTestId('toast').filter({ hasText: 'changed elsewhere' })).toHaveCount(0);

  // Changed, and renamed before the change went out (within the 2 s of the debounce).
  await addWidgets(page, ['Temperature']);
  await rename(page, `Again ${Date.now()}`);
  await savedState(page);
  await expect(page.getByTestId('toast').filter({ hasText: 'changed elsewhere' })).toHaveCount(0);

  await page.reload();
  await expect(frames(page)).toHaveCount(3);
  for (const w of ['status', 'battery', 'temp']) await expect(frame(page, w)).toBeVisible();
  await deleteDashboard(page);
});

test('14 widgets added fast and the tab closed at once: all 14 are there when it opens again', async ({
  page,
  context,
}) => {
  await createDashboard(page, `Burst ${Date.now()}`);
  const url = page.url();
  const names = [
    'Multichart', 'Group alarm', 'Alarm list', 'Alarms', 'Battery', 'Charts', 'Status',
    'Indoor climate', 'Alarm monitor', 'Unit list', 'Water level', 'Weather', 'Relay', 'Temperature',
  ];
  // The save of the first seven reaches the server, but its answer is slow to come back: the tab
  // is closed while it is on its way (the last seven then go out based on the version before it).
  let committed!: () => void;
  const firstSaved = new Promise<void>((r) => (committed = r));
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let first = true;
  await context.route(/\/api\/v3\/user\/dashboard\/\d+$/, async (route) => {
    if (route.request().method() !== 'PUT' || !first) return route.fallback();
    first = false;
    const response = await route.fetch();
    committed();
    await held;
    await route.fulfill({ response }).catch(() => undefined);
  });
  await addWidgets(page, names.slice(0, 7));
  await firstSaved;
  await addWidgets(page, names.slice(7));
  await expect(frames(page)).toHaveCount(14);
  await page.close({ runBeforeUnload: true });
  release();

  const again = await context.newPage();
  await again.goto(url);
  await expect(frames(again)).toHaveCount(14);
  await expect(area(again).getByTestId('save-state')).toHaveAttribute('data-status', 'saved', { timeout: 15_000 });
  await again.reload();
  await expect(frames(again)).toHaveCount(14);
  await deleteDashboard(again);
});

test('a selected unit and the History tab are not saved into the dashboard', async ({ page }) => {
  await createDashboard(page, `View ${Date.now()}`);
  await addWidgets(page, ['Unit list', 'Alarm list']);
  await savedState(page);
  const bodies: string[] = [];
  page.on('request', (r) => {
    if (isSave(r)) bodies.push(r.postData() ?? '');
  });

  const rows = frame(page, 'unitList').getByTestId('unit-row');
  await rows.first().getByRole('checkbox').check();
  await frame(page, 'alarmList').getByTestId('mode-history').click();
  await expect(frame(page, 'alarmList').getByTestId('mode-history')).toHaveAttribute('aria-pressed', 'true');
  // Something the user arranges, so that a save goes out now.
  await addWidgets(page, ['Battery']);
  await savedState(page);
  expect(bodies.length).toBeGreaterThan(0);
  for (const body of bodies) {
    expect(body).not.toContain('"history"');
    expect(body).not.toMatch(/"units":\{"value":\[\d/);
  }
  // The view stays for this browser session (a reload keeps it).
  await page.reload();
  await expect(frame(page, 'alarmList').getByTestId('mode-history')).toHaveAttribute('aria-pressed', 'true');
  await expect(rows.first().getByRole('checkbox')).toBeChecked();
  await deleteDashboard(page);
});
