/**
 * Two-factor authentication (issue 18, Security; Profile "two-factor enrollment") as a person
 * lives it: a user turns it on in his profile (password, the key shown as text — read here and
 * fed to an authenticator, otpauth, as an app would — a code, the recovery codes once), signs out,
 * signs in with password and the app's code, then with a recovery code, and turns it off again.
 *
 * The user is made for this journey (invited by demo.super through the admin API, his password set
 * from the mailed link) and deleted at the end, so no other journey's user or data is touched.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, request as requests, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { apiSession } from './helpers';

const port = Number(process.env.E2E_PORT ?? 3137);
const MAIL_DIR = path.join(__dirname, '..', 'test-results', `mail-${port}`);
const SHOTS = process.env.SHOTS_DIR ?? path.join(__dirname, '..', 'test-results', 'two-factor-shots');
const USERNAME = `tove.totp.${Date.now().toString(36)}`;
const EMAIL = `${USERNAME}@fieldwatch.example`;
const PASSWORD = 'two-factor-journey-1';

const emls = () => {
  try {
    return readdirSync(MAIL_DIR).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
};

/** The link of the first new mail to `to` (quoted-printable decoded). */
async function mailedLink(before: string[], to: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        for (const f of emls().filter((n) => !before.includes(n))) {
          const raw = readFileSync(path.join(MAIL_DIR, f), 'utf8');
          if (!raw.includes(`To: ${to}`)) continue;
          const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
          link = /https?:\/\/\S+token=[A-Za-z0-9_-]+/.exec(text)?.[0] ?? '';
          if (link) return link;
        }
        return '';
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  return link;
}

/** The authenticator app: codes of the key the profile showed, never one of a step used before. */
function authenticator(secretText: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secretText.replace(/\s/g, '')), digits: 6, period: 30, algorithm: 'SHA1' });
  let lastStep = -1;
  return {
    /** The code of the newest step the server still takes (the step after the current one at most). */
    async code(): Promise<string> {
      for (;;) {
        const now = Date.now();
        const step = Math.max(Math.floor(now / 30_000), lastStep + 1);
        if (step <= Math.floor(now / 30_000) + 1) {
          lastStep = step;
          return totp.generate({ timestamp: step * 30_000 });
        }
        await new Promise((r) => setTimeout(r, 1000));
      }
    },
  };
}

async function passwordStep(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Username', { exact: true }).fill(USERNAME);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const step = page.getByTestId('two-factor-step');
  await expect(step).toBeVisible();
  return step;
}

test.setTimeout(150_000);

test('turn on in the profile → sign in with the app’s code → with a recovery code → turn off', async ({ page, request, baseURL }) => {
  const admin = await apiSession(request, baseURL!);
  const orgs = await admin.get<Array<{ id: number; name: string }>>('/api/v3/admin/organizations');
  const nordic = orgs.find((o) => o.name === 'Nordic Utilities')!.id;
  const before = emls();
  const user = await admin.post<{ id: number }>('/api/v3/admin/users', {
    username: USERNAME,
    name: 'Tove Totp',
    email: EMAIL,
    userType: 1,
    organizationIds: [nordic],
    baseUrl: `${baseURL}/reset-password`,
  });
  let deleted = false;
  try {
    // His password, from the mailed link, in a context of its own (it signs him in there).
    const token = new URL(await mailedLink(before, EMAIL)).searchParams.get('token')!;
    const his = await requests.newContext({ baseURL: baseURL! });
    const set = await his.post('/api/v3/user/changePassword', { headers: { origin: baseURL! }, data: { token, newPassword: PASSWORD } });
    expect(set.ok(), await set.text()).toBe(true);
    await his.dispose();

    // ---- Signed in with the password alone, he turns it on in his profile.
    await page.goto('/login');
    await page.getByLabel('Username', { exact: true }).fill(USERNAME);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\//);
    await page.goto('/profile/two-factor');
    const area = page.getByTestId('profile-two-factor');
    await expect(area.getByText('Off', { exact: true })).toBeVisible();
    await area.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    await area.getByLabel('Current password').fill(PASSWORD);
    await area.getByRole('button', { name: 'Continue' }).click();
    await expect(area.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await area.getByTestId('two-factor-secret').textContent())!;
    expect(secret).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    const app = authenticator(secret);
    await page.screenshot({ path: `${SHOTS}/dark-profile-two-factor-scan.png`, fullPage: true });
    await area.getByLabel('Code from the app').fill(await app.code());
    await area.getByRole('button', { name: 'Turn on' }).click();

    const list = area.getByRole('list', { name: 'Recovery codes' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    const codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await expect(area.getByText('Save your recovery codes now')).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), area.getByRole('button', { name: 'Download (.txt)' }).click()]);
    expect(download.suggestedFilename()).toBe(`fieldwatch-recovery-codes-${USERNAME}.txt`);
    const file = readFileSync((await download.path())!, 'utf8');
    for (const c of codes) expect(file).toContain(c);
    await page.screenshot({ path: `${SHOTS}/dark-profile-two-factor-codes.png`, fullPage: true });
    await area.getByRole('button', { name: 'I have saved them' }).click();
    await expect(area.locator('[data-field="twoFactor"]')).toHaveText('On');
    await expect(area.locator('[data-field="recoveryCodesLeft"]')).toHaveText('10 unused');
    await page.screenshot({ path: `${SHOTS}/dark-profile-two-factor-on.png`, fullPage: true });

    // ---- Signed out, the password alone no longer signs in: the card asks the code.
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login/);
    let step = await passwordStep(page);
    await expect(page.getByTestId('logout')).toHaveCount(0);
    const field = step.getByLabel('Authentication code');
    await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(field).toHaveAttribute('inputmode', 'numeric');
    await field.fill('000000');
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(step.getByText(/The code is not right/)).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}/dark-login-code-step.png` });
    await field.fill(await app.code());
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard\//);

    // ---- Again, with a recovery code: it works once, and a warning says how many are left.
    await page.getByTestId('logout').click();
    step = await passwordStep(page);
    await step.getByRole('button', { name: 'Use a recovery code' }).click();
    await step.getByLabel('Recovery code').fill(codes[0]!);
    await page.screenshot({ path: `${SHOTS}/dark-login-recovery-step.png` });
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard\//);
    await expect(page.getByText(/You signed in with a recovery code. 9 are left/)).toBeVisible();
    await page.getByTestId('logout').click();
    step = await passwordStep(page);
    await step.getByRole('button', { name: 'Use a recovery code' }).click();
    await step.getByLabel('Recovery code').fill(codes[0]!);
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(step.getByText(/The code is not right/)).toBeVisible();
    await step.getByLabel('Recovery code').fill(codes[1]!);
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard\//);

    // ---- He turns it off (password and a recovery code); the password alone signs in again.
    await page.goto('/profile/two-factor');
    await expect(area.locator('[data-field="recoveryCodesLeft"]')).toHaveText('8 unused');
    await area.getByRole('button', { name: 'Turn off' }).click();
    await area.getByLabel('Current password').fill(PASSWORD);
    await area.getByLabel('Code from the app, or a recovery code').fill(codes[2]!);
    await area.getByRole('button', { name: 'Turn off' }).click();
    await expect(page.getByText('Two-factor authentication is off.')).toBeVisible();
    await expect(area.locator('[data-field="twoFactor"]')).toHaveText('Off');
    await page.getByTestId('logout').click();
    await page.goto('/login');
    await page.getByLabel('Username', { exact: true }).fill(USERNAME);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\//);
    await admin.delete(`/api/v3/admin/users/${user.id}?tasks=unassign`);
    deleted = true;
  } finally {
    // Gone again, whatever happened above (a failure here must not hide the journey's own).
    if (!deleted) await request.delete(`/api/v3/admin/users/${user.id}?tasks=unassign`, { headers: { origin: baseURL! } }).catch(() => undefined);
  }
});
