/**
 * Issue 18 §1, user management as an administrator lives it: a SuperUser invites a new colleague
 * from Admin → Users; the invitation e-mail arrives (the e2e server writes its mail as .eml files
 * to MAIL_DIR, see playwright.config.ts); the colleague opens the link and chooses a password,
 * which signs him in. Then the administrator deactivates him: his session ends and he cannot sign in again.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { emls, MAIL_DIR } from './mail';

const SHOTS = process.env.SHOTS_DIR ?? path.join(__dirname, '..', 'test-results', 'admin-users-shots');
const INVITEE = 'nina.newcomer@fieldwatch.example';
const PASSWORD = 'welcome-nina-1';

/** The first new mail to `to`: its subject and the link in it (quoted-printable decoded). */
async function mailTo(before: string[], to: string): Promise<{ subject: string; link: string }> {
  let found = { subject: '', link: '' };
  await expect
    .poll(
      () => {
        for (const f of emls().filter((n) => !before.includes(n))) {
          const raw = readFileSync(path.join(MAIL_DIR, f), 'utf8');
          if (!new RegExp(`^To: ${to.replace(/\./g, '\\.')}$`, 'm').test(raw)) continue;
          const text = raw
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
          const link = /https?:\/\/\S+token=[A-Za-z0-9_-]+/.exec(text)?.[0] ?? '';
          const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
          if (link) found = { subject, link };
          return found.link;
        }
        return '';
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  return found;
}

test.setTimeout(150_000);

test('invite → the invitee sets a password from the mailed link and signs in → deactivated, he cannot sign in', async ({
  page,
  browser,
}) => {
  await signIn(page);
  await page.goto('/admin/users');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const table = page.getByTestId('admin-users');
  await expect(table.getByTestId('user-row').first()).toBeVisible();

  // Invite.
  const before = emls();
  await page.getByTestId('users-invite').click();
  const dialog = page.getByTestId('user-dialog');
  await expect(dialog.getByRole('heading', { name: 'Invite a user' })).toBeVisible();
  await dialog.getByLabel('Name').fill('Nina Newcomer');
  await dialog.getByLabel('E-mail').fill(INVITEE);
  await dialog.getByLabel('User type').selectOption('1');
  await dialog.getByLabel('Nordic Utilities').check();
  await dialog.getByTestId('user-dialog-save').click();
  await expect(dialog).toBeHidden();
  const row = table.getByTestId('user-row').filter({ hasText: 'Nina Newcomer' });
  await expect(row).toHaveAttribute('data-status', 'invited');
  await expect(row.getByText('Invited')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dark-users-page.png` });

  // The invitation e-mail, and the page its link opens (worded as a welcome), in a browser of his own.
  const mail = await mailTo(before, INVITEE);
  expect(mail.subject).toContain('invited');
  const link = new URL(mail.link);
  expect(link.pathname).toBe('/reset-password');
  expect(link.searchParams.get('invite')).toBe('1');
  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(mail.link);
  const welcome = invitee.getByTestId('reset-password');
  await expect(welcome.getByRole('heading', { name: 'Welcome to Fieldwatch' })).toBeVisible();
  await expect(welcome.getByText(`Choose a password for your new account ${INVITEE}`)).toBeVisible();
  await welcome.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await welcome.getByLabel('Confirm password').fill(PASSWORD);
  await welcome.getByRole('button', { name: 'Set password' }).click();
  // Choosing the password signs him in: straight into the product.
  await expect(invitee).toHaveURL(/\/dashboard\//);
  await expect(invitee.getByRole('banner')).toBeVisible();
  await invitee.screenshot({ path: `${SHOTS}/dark-invitation-done.png` });

  // The administrator sees him active, with his session, in the edit dialog.
  await page.reload();
  await expect(row).toHaveAttribute('data-status', 'active');
  await row.getByRole('button', { name: 'Actions for Nina Newcomer' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByTestId('user-dialog');
  await expect(edit.getByRole('heading', { name: 'Edit Nina Newcomer' })).toBeVisible();
  await expect(edit.getByTestId('user-session')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/dark-user-edit-dialog.png` });
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // Deactivate: asked first.
  await row.getByRole('button', { name: 'Actions for Nina Newcomer' }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  const confirm = page.getByTestId('deactivate-user-dialog');
  await expect(confirm.getByText(/is signed out everywhere/)).toBeVisible();
  await confirm.getByTestId('confirm-dialog-confirm').click();
  await expect(row).toHaveAttribute('data-status', 'deactivated');

  // His session is gone, and signing in again is refused.
  await invitee.goto('/login');
  await expect(invitee).toHaveURL(/\/login/);
  const refused = invitee.waitForResponse((r) => r.url().endsWith('/api/v2/auth/login'));
  await signIn(invitee, INVITEE, PASSWORD);
  expect((await refused).status()).toBe(403);
  await expect(invitee).toHaveURL(/\/login/);
  await invitee.screenshot({ path: `${SHOTS}/dark-deactivated-sign-in.png` });

  // The user management section lists him among the deactivated accounts.
  await page.goto('/admin/user-management');
  await expect(page.getByTestId('deactivated-row').filter({ hasText: 'Nina Newcomer' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dark-user-management.png` });
});
