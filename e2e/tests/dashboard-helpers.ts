/** What the dashboard journeys (dashboards.spec.ts, dashboards-saving.spec.ts) do through the dashboard's own menus. */
import { expect, type Page } from '@playwright/test';
import { expectOverview } from './helpers';

export const area = (page: Page) => page.locator('#fw-area-dashboard');
export const frames = (page: Page) => area(page).getByTestId('widget-frame');
export const frame = (page: Page, component: string) =>
  area(page).locator(`[data-testid="widget-frame"][data-widget="${component}"]`);

export async function openMenu(page: Page, item: string) {
  await area(page).getByRole('button', { name: 'Dashboard options' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

export async function createDashboard(page: Page, name: string) {
  await openMenu(page, 'New dashboard…');
  const dialog = page.getByTestId('create-dashboard-dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(area(page).getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(area(page).getByTestId('dashboard-empty')).toBeVisible();
  // The shell's menu lists it.
  await expect(page.getByRole('navigation').getByRole('link', { name, exact: true })).toBeVisible();
}

export async function addWidgets(page: Page, names: string[]) {
  await area(page).getByRole('button', { name: 'Add widget' }).first().click();
  const store = page.getByTestId('widget-store-dialog');
  await expect(store).toBeVisible();
  for (const name of names) await store.getByRole('button', { name: `Add ${name}`, exact: true }).click();
  await store.getByRole('button', { name: 'Done' }).click();
  await expect(store).toHaveCount(0);
}

export async function deleteDashboard(page: Page) {
  await openMenu(page, 'Delete dashboard');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete dashboard' }).click();
  await expectOverview(page);
}
