import { expect, test } from '@playwright/test';
import path from 'node:path';
import { expectOverview, signIn } from './helpers';

/**
 * Screenshots of every screen in dark and bright, for people to look at (e2e/screenshots/, not
 * committed). Each shot waits for the area's heading so it never captures a loading state.
 */
const out = path.resolve(__dirname, '../screenshots');
const dashboards = ['Overview', 'Units', 'Alarms', 'Map', 'Telemetry', 'Parking'];
const screens: Array<[string, string]> = [
  ['devices', '/devicemanagement'],
  ['groups', '/groupmanagement'],
  ['locations', '/locationmanagement'],
  ['tasks', '/taskmanagement'],
  ['notifications', '/notifications'],
  ['admin', '/admin'],
  ['profile', '/profile'],
  ['onboarding', '/onboarding?tag=8d3f6a2e-5c1b-4e7a-9f0d-2b6c8e4a1f35'],
];

/**
 * Waits until no widget or area has shown a loading state for 600 ms (the push stream never goes
 * idle; a dashboard opened again remounts its widgets just after the old ones were counted, and
 * maps and charts mount a turn after the light widgets).
 */
async function settled(page: import('@playwright/test').Page) {
  const loading = page.locator('[data-state="loading"], [role="progressbar"]');
  await expect(async () => {
    await expect(loading).toHaveCount(0, { timeout: 0 });
    await page.waitForTimeout(600);
    await expect(loading).toHaveCount(0, { timeout: 0 });
  }).toPass({ timeout: 30_000 });
}

for (const theme of ['dark', 'bright'] as const) {
  test(`screenshots in the ${theme} theme`, async ({ page }) => {
    await page.goto('/login');
    await page.evaluate((t) => localStorage.setItem('fw.theme', t), theme);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.screenshot({ path: `${out}/${theme}-login.png` });
    await signIn(page);
    await expectOverview(page);
    // The account's theme wins once signed in (issue 18): switch with the top bar if it differs.
    const html = page.locator('html');
    if ((await html.getAttribute('data-theme')) !== theme) await page.getByTestId('theme-toggle').first().click();
    await expect(html).toHaveAttribute('data-theme', theme);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const name of dashboards) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page.getByTestId('widget-frame').first()).toBeVisible();
      await settled(page);
      await page.screenshot({ path: `${out}/${theme}-dashboard-${name.toLowerCase()}.png`, fullPage: true });
    }
    for (const [name, url] of screens) {
      await page.goto(url);
      await expect(page.locator('main h1').first()).toBeVisible();
      await settled(page);
      await page.screenshot({ path: `${out}/${theme}-${name}.png` });
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard/default');
    await expect(page.getByTestId('status-summary')).toBeVisible();
    await settled(page);
    await page.screenshot({ path: `${out}/${theme}-overview-phone.png`, fullPage: true });
    // Dark, the default, back on the account for the journeys after this one.
    if (theme !== 'dark') {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.getByTestId('theme-toggle').first().click();
      await expect(html).toHaveAttribute('data-theme', 'dark');
    }
  });
}
