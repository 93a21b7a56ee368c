/**
 * A forgotten password as a person lives it: "Forgot password?" on the sign-in page, the link from the
 * mail (the e2e server has no SMTP: it writes .eml files to MAIL_DIR, see playwright.config.ts),
 * a new password on the page the link opens, which signs in with it at once. A used link is refused.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, expectOverview, signIn } from './helpers';
import { emls, MAIL_DIR } from './mail';

const SHOTS = process.env.SHOTS_DIR ?? path.join(__dirname, '..', 'test-results', 'password-reset-shots');
const NEW_PASSWORD = 'journey-new-pass-1';

/** The link in the first .eml not in `before` addressed to `to` (quoted-printable decoded). */
async function mailedLink(before: string[], to: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        for (const f of emls().filter((n) => !before.includes(n))) {
          const raw = readFileSync(path.join(MAIL_DIR, f), 'utf8');
          if (!new RegExp(`^To: ${to.replace(/\./g, '\\.')}$`, 'm').test(raw)) continue;
          const text = raw
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
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

async function askForLink(page: Page, login: string) {
  await page.getByRole('button', { name: 'Forgotten password?' }).click();
  const form = page.getByTestId('forgot-password');
  await expect(form).toBeVisible();
  await form.getByLabel('Username or e-mail').fill(login);
  return form;
}

test('forgotten password: the mailed link sets a new password once and signs in with it', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const before = emls();
  const form = await askForLink(page, 'demo.user');
  await page.screenshot({ path: `${SHOTS}/dark-forgot-form.png` });
  await form.getByRole('button', { name: 'Send link' }).click();
  await expect(form.getByRole('status')).toHaveText(
    /If an account matches, a link to set a new password was sent/,
  );
  await page.screenshot({ path: `${SHOTS}/dark-forgot-sent.png` });

  const link = await mailedLink(before, 'erik.johansson@fieldwatch.example');
  expect(new URL(link).pathname).toBe('/reset-password');
  await page.goto(link);
  const reset = page.getByTestId('reset-password');
  await expect(reset.getByText('For the account demo.user')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dark-reset-page.png` });

  // The password rules of the spec, in the form itself.
  await reset.getByLabel('New password', { exact: true }).fill('abc');
  await reset.getByRole('button', { name: 'Set new password' }).click();
  await expect(reset.getByText('The password must contain at least six characters')).toBeVisible();
  await reset.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await reset.getByLabel('Confirm password').fill(`${NEW_PASSWORD}x`);
  await reset.getByRole('button', { name: 'Set new password' }).click();
  await expect(reset.getByText('Passwords does not match')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dark-reset-errors.png` });
  await reset.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await reset.getByRole('button', { name: 'Set new password' }).click();
  // The browser that set the password is signed in with it, and goes into the product.
  await expectOverview(page);
  await page.screenshot({ path: `${SHOTS}/dark-reset-done.png` });

  // The link worked once.
  const second = await page.context().newPage();
  await second.goto(link);
  await expect(second.getByTestId('reset-password').getByRole('alert')).toHaveText('The link has expired');
  await expect(second.getByTestId('forgot-password')).toBeVisible();
  await second.screenshot({ path: `${SHOTS}/dark-reset-expired.png` });
  await second.close();

  // Put the demo password back for the other journeys, as a person would: on the profile page.
  await changeOnProfile(page, NEW_PASSWORD, DEMO_PASSWORD);
  await expect(
    page.getByText('Password change successful. Your other sessions were signed out.'),
  ).toBeVisible();
});

/** Profile → Password, signed in: the current password, the new one twice. */
async function changeOnProfile(page: Page, current: string, next: string) {
  await page.goto('/profile/password');
  const form = page.getByTestId('profile-password');
  await form.getByLabel('Current password', { exact: true }).fill(current);
  await form.getByLabel('New password', { exact: true }).fill(next);
  await form.getByLabel('Confirm new password', { exact: true }).fill(next);
  await form.getByRole('button', { name: 'Change password' }).click();
}

test('profile: a wrong current password is refused; the right one changes it and ends the other sessions', async ({
  page,
  browser,
}) => {
  const elsewhere = await (await browser.newContext()).newPage();
  await signIn(elsewhere, 'demo.reader');
  await expectOverview(elsewhere);
  await signIn(page, 'demo.reader');
  await expectOverview(page);

  await changeOnProfile(page, 'not-my-password', NEW_PASSWORD);
  const form = page.getByTestId('profile-password');
  await expect(form.getByText(/The current password is not right/)).toBeVisible();
  await changeOnProfile(page, DEMO_PASSWORD, NEW_PASSWORD);
  await expect(
    form.getByText('Password change successful. Your other sessions were signed out.'),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dark-profile-password.png` });

  // The other browser's session ended; the new password signs it in again.
  await elsewhere.reload();
  await expect(elsewhere).toHaveURL(/\/login/);
  await signIn(elsewhere, 'demo.reader', NEW_PASSWORD);
  await expectOverview(elsewhere);
  await elsewhere.context().close();

  // This session stayed signed in: put the demo password back from here.
  await changeOnProfile(page, NEW_PASSWORD, DEMO_PASSWORD);
  await expect(
    form.getByText('Password change successful. Your other sessions were signed out.'),
  ).toBeVisible();
});

test('an unknown account gets the same answer, and no mail', async ({ page }) => {
  await page.goto('/login');
  const before = emls();
  const form = await askForLink(page, 'nobody.at.all');
  await form.getByRole('button', { name: 'Send link' }).click();
  await expect(form.getByRole('status')).toHaveText(
    /If an account matches, a link to set a new password was sent/,
  );
  await page.waitForTimeout(500);
  expect(emls().filter((n) => !before.includes(n))).toEqual([]);
});
