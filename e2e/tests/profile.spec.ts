/**
 * The profile as a person lives it (issue 18 §2): edit the name and see it in the side bar at
 * once; choose a picture, place the crop and upload it (the server keeps a re-encoded WebP);
 * switch the language to Deutsch, the time to 12 hours and the theme to bright and see the frame and the dashboard
 * follow without a reload; change the password and sign in with the new one. Screenshots of the
 * personal info, preferences and password pages (dark theme) go to SHOTS_DIR.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiSession, DEMO_PASSWORD, expectOverview, signIn } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? path.join(__dirname, '..', 'test-results', 'profile-shots');
const NEW_PASSWORD = 'profile-journey-2';

/** What this journey changes of GET /api/v3/user/profile. */
interface UserProfile {
  name: string;
  email: string;
  language: string;
  timeConfig: { timeFormat: '24h' | '12h'; timezone: string; dateFormat: string };
  theme?: string | null;
}

test('profile: name, picture, language and time format applied at once; new password signs in', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // Later journeys sign in as demo.user: what this one changes is put back at the end.
  const before = await (await apiSession(request, baseURL!, 'demo.user')).get<UserProfile>('/api/v3/user/profile');

  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));

  await page.goto('/login');
  await signIn(page, 'demo.user');
  await expectOverview(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // Navigations from here on are the app's own: a reload would hide what "at once" means.
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

  // ---- Personal info: the name, shown in the side bar as soon as it is saved.
  const profileLink = page.locator('aside a[href="/profile"]');
  const tab = (name: string) => page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link', { name, exact: true });
  await profileLink.click();
  await tab('Personal info').click();
  const personal = page.getByTestId('profile-personal');
  await expect(personal).toBeVisible();
  await expect(page.getByText(/not available yet/)).toHaveCount(0);
  await personal.getByLabel('Name', { exact: true }).fill('');
  await personal.getByRole('button', { name: 'Save changes' }).click();
  await expect(personal.getByText('Name should not be blank')).toBeVisible();
  await personal.getByLabel('Name', { exact: true }).fill('Journey Tester');
  await personal.getByLabel('Email', { exact: true }).fill('journey@example.com');
  await personal.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Personal info saved.' })).toBeVisible();
  await expect(page.locator('aside').getByText('Journey Tester')).toBeVisible();

  // ---- Picture: a PNG made here, cropped in the dialog, uploaded, stored re-encoded as WebP.
  const png = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 160;
    c.height = 100;
    const g = c.getContext('2d')!;
    g.fillStyle = '#1f6feb';
    g.fillRect(0, 0, 160, 100);
    g.fillStyle = '#f2cc60';
    g.beginPath();
    g.arc(80, 50, 35, 0, Math.PI * 2);
    g.fill();
    return c.toDataURL('image/png').split(',')[1]!;
  });
  await personal.getByTestId('avatar-file').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: Buffer.from(png, 'base64'),
  });
  const crop = page.getByTestId('avatar-crop-dialog');
  await expect(crop).toBeVisible();
  const canvas = crop.getByTestId('avatar-crop');
  await crop.getByRole('slider', { name: 'Zoom' }).fill('1.5');
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await page.screenshot({ path: path.join(SHOTS, 'profile-avatar-crop.png') });
  await crop.getByTestId('avatar-upload').click();
  await expect(crop).toBeHidden();
  await expect(page.getByTestId('toast').filter({ hasText: 'Profile picture saved.' })).toBeVisible();
  const avatar = personal.locator('img').first();
  await expect(avatar).toHaveAttribute('src', /^data:image\/webp;base64,/);
  await page.screenshot({ path: path.join(SHOTS, 'profile-personal.png'), fullPage: true });

  // ---- Password: the spec's messages, then a change that keeps this session.
  await tab('Password').click();
  const pw = page.getByTestId('profile-password');
  await pw.getByLabel('Current password').fill(DEMO_PASSWORD);
  await pw.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await pw.getByLabel('Confirm new password').fill('something-else');
  await pw.getByRole('button', { name: 'Change password' }).click();
  await expect(pw.getByText('Passwords does not match')).toBeVisible();
  await pw.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await pw.getByRole('button', { name: 'Change password' }).click();
  await expect(pw.getByRole('status')).toHaveText(/^Password change successful/);
  await page.screenshot({ path: path.join(SHOTS, 'profile-password.png'), fullPage: true });

  // ---- Preferences: Deutsch and 12 hours, applied to the frame and the dashboard at once.
  await tab('Preferences').click();
  const prefs = page.getByTestId('profile-preferences');
  await expect(prefs).toBeVisible();
  await prefs.getByLabel('Language').selectOption('de');
  await prefs.getByRole('button', { name: /^12-hour/ }).click();
  const zone = prefs.getByRole('combobox', { name: 'Time zone' });
  await expect(zone).toHaveValue('GMT +01:00 Stockholm');
  await zone.click();
  await zone.fill('helsinki');
  await page.getByRole('option', { name: /Helsinki/ }).click();
  await expect(zone).toHaveValue(/^GMT \+0[23]:00 Helsinki$/);
  await page.screenshot({ path: path.join(SHOTS, 'profile-preferences.png'), fullPage: true });
  await prefs.getByRole('button', { name: 'Bright', exact: true }).click();
  await prefs.getByTestId('pref-save').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'bright');
  await expect(page.getByTestId('toast').filter({ hasText: 'Einstellungen gespeichert.' })).toBeVisible();
  // The frame is German now, and so is the page itself, without a reload.
  await expect(page.locator('aside').getByRole('link', { name: 'Übersicht' })).toBeVisible();
  await expect(page.getByTestId('language-picker')).toHaveValue('de');
  await expect(prefs.getByRole('button', { name: /^12 Stunden|^12-Stunden/ })).toHaveAttribute('aria-pressed', 'true');
  await page.locator('aside').getByRole('link', { name: 'Übersicht', exact: true }).click();
  await expect(page.getByTestId('updated-at')).toHaveText(/Aktualisiert \d{1,2}:\d\d:\d\d (AM|PM)/);
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

  // Back to English from the top bar: the stored profile follows (the preferences page shows it).
  await page.getByTestId('language-picker').selectOption('en');
  await profileLink.click();
  await tab('Preferences').click();
  await expect(page.getByTestId('profile-preferences').getByLabel('Language')).toHaveValue('en');

  // ---- Sign out, and in with the new password.
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, 'demo.user', NEW_PASSWORD);
  await expectOverview(page);
  await expect(page.locator('aside').getByText('Journey Tester')).toBeVisible();
  expect(pageErrors).toEqual([]);

  const api = await apiSession(request, baseURL!, 'demo.user', NEW_PASSWORD);
  await api.put('/api/v3/user/password', { oldPassword: NEW_PASSWORD, newPassword: DEMO_PASSWORD });
  await api.delete('/api/v3/user/profile/avatar');
  const after = await api.put<UserProfile>('/api/v3/user/profile', {
    fullname: before.name,
    email: before.email,
    language: before.language,
    time_12h: before.timeConfig.timeFormat === '12h' ? 1 : 0,
    date_format: before.timeConfig.dateFormat,
    timezone: before.timeConfig.timezone,
    theme: 'dark',
  });
  expect(after.name).toBe(before.name);
});
