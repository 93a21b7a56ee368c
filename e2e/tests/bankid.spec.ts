/**
 * BankID through OpenID Connect, as a person lives it (issue 18 §3), in Chromium: the login page's
 * BankID tab sends the browser to a REAL OpenID provider running in this process (oidc-provider;
 * its development login and consent pages stand in for the BankID app), which sends it back signed
 * in. A user of several organisations then chooses where to work, once: the next sign-in opens on
 * that choice. A BankID nobody is linked to comes back with the message saying so. Without
 * configuration (the shared e2e server), the tab says an administrator can enable it.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startSignInServers, type SignInServers } from './signin-servers';

const SHOTS = process.env.SHOTS_DIR ?? path.join(__dirname, '..', 'test-results', 'bankid-shots');

/** The provider's accounts: the ids typed into its login page, and the claims it vouches for. */
const ACCOUNTS = {
  // demo.super (Signe, of two organisations) by her e-mail address, verified by the provider.
  signe: { personal_number: '19800101-0000', email: 'signe.lindqvist@fieldwatch.example', email_verified: true },
  // A person no Fieldwatch account is linked to.
  stranger: { personal_number: '19700303-3333', email: 'someone@elsewhere.example', email_verified: true },
};

let servers: SignInServers;
test.beforeAll(async () => {
  servers = await startSignInServers({ bankid: true, accounts: ACCOUNTS });
});
test.afterAll(async () => {
  await servers?.close();
});

/** From the BankID button through the provider's pages, back to Fieldwatch. */
async function signInWithBankId(page: Page, account: string) {
  await page.getByRole('radio', { name: 'BankID' }).click();
  await page.getByRole('link', { name: 'Sign in with BankID' }).click();
  await page.waitForURL((u) => u.origin === servers.provider.issuer);
  // The provider's login page (any account id and password), then its consent page.
  await page.locator('input[name="login"]').fill(account);
  await page.locator('input[name="password"]').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((u) => u.origin === servers.base);
}

test('not configured: the BankID tab says an administrator can enable it (no broken button)', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('radio', { name: 'BankID' }).click();
  await expect(page.getByTestId('bankid-not-configured')).toContainText('ask your administrator to enable BankID');
  await expect(page.getByRole('link', { name: 'Sign in with BankID' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/dark-bankid-not-configured.png` });
});

test('BankID sign-in through the OpenID provider; the account selection is asked once and remembered', async ({ browser }) => {
  // Two whole sign-ins through the provider's pages, each loading the workspace.
  test.setTimeout(180_000);
  const first = await browser.newContext({ baseURL: servers.base });
  const page = await first.newPage();
  await page.goto(`${servers.base}/login?redirect=%2Fdevicemanagement`);
  await page.getByRole('radio', { name: 'BankID' }).click();
  await expect(page.getByRole('link', { name: 'Sign in with BankID' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dark-bankid-configured.png` });
  await signInWithBankId(page, 'signe');

  // Signed in as demo.super, of two organisations, who never chose: she chooses now.
  const choice = page.getByTestId('account-choice');
  await expect(choice).toBeVisible();
  await expect(choice.getByRole('checkbox', { name: 'Nordic Utilities' })).toBeChecked();
  await expect(choice.getByRole('checkbox', { name: 'Baltic Water' })).toBeChecked();
  await page.screenshot({ path: `${SHOTS}/dark-account-selection.png` });
  await choice.getByRole('checkbox', { name: 'Baltic Water' }).uncheck();
  await choice.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/devicemanagement/);
  await expect(page.getByTestId('customer-picker')).toContainText('1 of 2 customers');
  await first.close();

  // Another browser, another BankID sign-in: no question, the remembered choice.
  const second = await browser.newContext({ baseURL: servers.base });
  const again = await second.newPage();
  await again.goto(`${servers.base}/login`);
  await signInWithBankId(again, 'signe');
  await expect(again).toHaveURL(/\/dashboard\//);
  await expect(again.getByTestId('customer-picker')).toContainText('1 of 2 customers');
  // Changeable from the header, and kept for the next sign-in.
  await again.getByTestId('customer-picker').click();
  const dialog = again.getByRole('dialog', { name: 'Customers' });
  await expect(dialog.getByText('Kept for your next sign-in.')).toBeVisible();
  await dialog.getByLabel('Baltic Water').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(again.getByTestId('customer-picker')).toContainText('2 of 2 customers');
  await second.close();
});

test('a BankID no account is linked to: back on the login page, told so, not signed in', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: servers.base });
  const page = await context.newPage();
  await page.goto(`${servers.base}/login`);
  await signInWithBankId(page, 'stranger');
  await expect(page).toHaveURL(/\/login\?bankid=no_account/);
  await expect(page.getByRole('alert')).toHaveText('No Fieldwatch account is linked to this BankID. Ask your administrator.');
  await expect(page.getByRole('radio', { name: 'BankID' })).toHaveAttribute('aria-checked', 'true');
  await page.screenshot({ path: `${SHOTS}/dark-bankid-no-account.png` });
  const session = await page.request.get(`${servers.base}/api/v3/user/session`);
  expect(session.status()).toBe(401);
  await context.close();
});
