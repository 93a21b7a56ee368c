import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'fieldwatch-demo';

/** Signs in through the login form the way a person does. */
export async function signIn(page: Page, username = 'demo.super', password = DEMO_PASSWORD) {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function expectOverview(page: Page) {
  await expect(page).toHaveURL(/\/dashboard\/[A-Za-z0-9+/=]+$/);
  await expect(page.getByTestId('status-summary')).toBeVisible();
  await expect(page.getByTestId('unit-count')).not.toHaveText('0');
}
