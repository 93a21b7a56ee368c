import { expect, test } from '@playwright/test';
import path from 'node:path';
import { expectOverview, signIn } from './helpers';

/**
 * Screenshots of every screen in dark and bright, for people to look at (e2e/screenshots/, not
 * committed). Each shot waits for the area's heading so it never captures a loading state.
 */
const out = path.resolve(__dirname, '../screenshots');
const screens: Array<[string, string]> = [
  ['overview', '/dashboard/default'],
  ['devices', '/devicemanagement'],
  ['groups', '/groupmanagement'],
  ['locations', '/locationmanagement'],
  ['tasks', '/taskmanagement'],
  ['notifications', '/notifications'],
  ['admin', '/admin'],
  ['profile', '/profile'],
  ['onboarding', '/onboarding?tag=8d3f6a2e-5c1b-4e7a-9f0d-2b6c8e4a1f35'],
];

for (const theme of ['dark', 'bright'] as const) {
  test(`screenshots in the ${theme} theme`, async ({ page }) => {
    await page.goto('/login');
    await page.evaluate((t) => localStorage.setItem('fw.theme', t), theme);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.screenshot({ path: `${out}/${theme}-login.png` });
    await signIn(page);
    await expectOverview(page);
    for (const [name, url] of screens) {
      await page.goto(url);
      await expect(page.locator('main h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${out}/${theme}-${name}.png` });
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard/default');
    await expect(page.getByTestId('status-summary')).toBeVisible();
    await page.screenshot({ path: `${out}/${theme}-overview-phone.png`, fullPage: true });
  });
}
