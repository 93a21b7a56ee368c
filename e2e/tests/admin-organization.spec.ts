/**
 * Organisation administration as a SuperUser lives it (issue 18 §1): rename the organisation,
 * upload its logo and choose its accent colour, and see both in the shell's header at once (dark
 * and light theme); give it an account URL and open it signed out — the sign-in page wears the
 * organisation's logo — then change it and find the old address still leading there; set a
 * password policy, and a user of the organisation whose new password is too short is refused
 * with the policy's words. Screenshots of the four sections and the branded header go to SHOTS_DIR.
 */
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { apiSession, DEMO_PASSWORD, expectOverview, signIn } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? path.join(__dirname, '..', 'test-results', 'organization-shots');
const ACCENT = '#e4572e';
const NEW_NAME = 'Nordic Utilities Group';

/** A wide PNG logo (160×48, an orange bar on transparency), made here so the test needs no file. */
function logoPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, sum]);
  };
  const [w, h] = [160, 48];
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 6; // RGBA
  const rows = Buffer.alloc(h * (1 + w * 4));
  for (let y = 0; y < h; y++) {
    const o = y * (1 + w * 4);
    for (let x = 0; x < w; x++) {
      const inBar = y >= 8 && y < 40 && (x < 40 || (x >= 52 && x < 150 && y >= 18 && y < 30));
      if (inBar) rows.set([228, 87, 46, 255], o + 1 + x * 4);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function openSection(page: Page, section: string, org: string) {
  await page.goto(`/admin/${section}`);
  const picker = page.getByTestId('org-picker');
  await expect(picker).toBeVisible();
  await picker.selectOption({ label: org });
}

// The journeys share one server: put Nordic Utilities back as the demo has it (name, no logo or
// accent, the default security settings), so that later journeys find it by its name.
test.afterAll(async ({ request, baseURL }) => {
  const admin = await apiSession(request, baseURL!);
  const orgs = await admin.get<Array<{ id: number; name: string }>>('/api/v3/admin/organizations');
  const nordic = orgs.find((o) => o.name === NEW_NAME || o.name === 'Nordic Utilities');
  if (!nordic) return;
  const url = `/api/v3/admin/organizations/${nordic.id}`;
  const { defaultLanguage, defaultTimezone } = await admin.get<{ defaultLanguage: string; defaultTimezone: string }>(url);
  await admin.put(`${url}/general`, { name: 'Nordic Utilities', defaultLanguage, defaultTimezone });
  await admin.put(`${url}/customization`, { accent: null, logo: null });
  await admin.put(`${url}/security`, {
    passwordPolicy: { minLength: 6, requireDigit: false, requireMixedCase: false, requireSymbol: false },
    sessionLifetimeHours: 672,
    signInMethods: ['password', 'bankid'],
  });
});

test('organisation: name, logo and accent in the header; account URL; password policy enforced', async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  await signIn(page);
  await expectOverview(page);

  // ---- General: rename Nordic Utilities.
  await openSection(page, 'general', 'Nordic Utilities');
  const general = page.getByTestId('org-general-form');
  await general.getByLabel('Name', { exact: true }).fill('');
  await general.getByLabel('Email').fill('billing@');
  await page.getByTestId('org-general-save').click();
  await expect(general.getByText('Name should not be blank')).toBeVisible();
  await expect(general.getByText('Enter valid Email')).toBeVisible();
  await general.getByLabel('Name', { exact: true }).fill(NEW_NAME);
  await general.getByLabel('Email').fill('billing@nordic.example');
  await general.getByLabel('City', { exact: true }).fill('Stockholm');
  await general.getByLabel('Organisation number (optional)').fill('556000-0000');
  await page.getByTestId('org-general-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'The organisation’s details are saved.' })).toBeVisible();
  await page.evaluate(() => document.querySelector('#fw-main')?.scrollTo(0, 0));
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, 'admin-general.png') });

  // ---- Customization: a pale colour is refused; the accent and the logo are saved and shown.
  await openSection(page, 'customization', NEW_NAME);
  await page.getByTestId('org-accent-input').fill('#f4f4f4');
  await expect(page.getByTestId('org-accent-contrast')).toContainText('too low');
  await page.getByTestId('org-accent-save').click();
  await expect(page.getByTestId('org-accent').getByRole('alert')).toContainText('too little contrast');
  await page.getByTestId('org-accent-input').fill(ACCENT);
  await page.getByTestId('org-accent-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'The accent colour is saved.' })).toBeVisible();
  await page.getByTestId('org-logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
  await expect(page.getByTestId('toast').filter({ hasText: 'The logo is saved.' })).toBeVisible();

  // The header wears it at once: the logo (named after the organisation) and the accent colour.
  const brand = page.locator('aside').getByTestId('brand-logo');
  await expect(brand.getByRole('img', { name: NEW_NAME })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--fw-accent').trim()))
    .toBe(ACCENT);

  // The account URL.
  await page.getByTestId('org-url-input').fill('nordic');
  await page.getByTestId('org-url').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'The account URL is saved.' })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'admin-customization.png'), fullPage: true });
  await page.screenshot({ path: path.join(SHOTS, 'branded-header-dark.png'), clip: { x: 0, y: 0, width: 1440, height: 260 } });
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'bright');
  await page.screenshot({ path: path.join(SHOTS, 'branded-header-light.png'), clip: { x: 0, y: 0, width: 1440, height: 260 } });
  await page.getByTestId('theme-toggle').click();

  // Signed out, the account URL opens the organisation's own sign-in page.
  const visitor = await browser.newContext({ baseURL });
  const guest = await visitor.newPage();
  await guest.goto('/a/nordic');
  await expect(guest).toHaveURL(/\/login/);
  await expect(guest.getByTestId('brand-logo').getByRole('img', { name: NEW_NAME })).toBeVisible();
  await guest.screenshot({ path: path.join(SHOTS, 'branded-login-dark.png') });

  // A new address: the old one still leads there (spec §9: 30 days).
  await page.getByTestId('org-url-input').fill('nordic-group');
  await page.getByTestId('org-url').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('org-url')).toContainText('/a/nordic redirects until');
  await guest.goto('/a/nordic');
  await expect(guest).toHaveURL(/\/login/);
  await expect(guest.getByTestId('brand-logo').getByRole('img', { name: NEW_NAME })).toBeVisible();
  const moved = await guest.request.get('/api/v3/branding/nordic');
  expect((await moved.json()).data.movedTo).toBe('/a/nordic-group');
  await visitor.close();

  // ---- Accounts.
  await page.goto('/admin/accounts');
  await expect(page.getByTestId('account-row').filter({ hasText: NEW_NAME })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'admin-accounts.png'), fullPage: true });

  // ---- Security: a password policy for the organisation.
  await openSection(page, 'security', NEW_NAME);
  await page.getByTestId('policy-min-length').fill('12');
  await page.getByTestId('policy-requireDigit').check();
  await page.getByTestId('org-security-save').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'The security settings are saved.' })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'admin-security.png'), fullPage: true });

  // ---- demo.user (of Nordic only) sees the branding, and his too-short password is refused.
  const other = await browser.newContext({ baseURL });
  const user = await other.newPage();
  await signIn(user, 'demo.user');
  await expectOverview(user);
  await expect(user.locator('aside').getByTestId('brand-logo').getByRole('img', { name: NEW_NAME })).toBeVisible();
  await user.goto('/profile/password');
  const pw = user.getByTestId('profile-password');
  await pw.getByLabel('Current password').fill(DEMO_PASSWORD);
  await pw.getByLabel('New password', { exact: true }).fill('short-pass1');
  await pw.getByLabel('Confirm new password').fill('short-pass1');
  await pw.getByRole('button', { name: 'Change password' }).click();
  await expect(
    pw.getByText('Your organisation’s password policy requires at least 12 characters. Choose another password.'),
  ).toBeVisible();
  await other.close();
});
