/**
 * Activating a device from its NFC tag, the whole way at phone width inside Fieldwatch (issue 19
 * §1): the tag's page → sign in and come back → choose the organisation → place the device (a tap
 * on the map, the address search, a new location in a new group) → read the general terms to the
 * end and accept them → the unit's page with its trial end, and the unit in the organisation's
 * fleet; the admin sees the trial's end. Every step survives a reload.
 *
 * The second journey is a new user's: register on the tag's page, confirm from the mail, create
 * the organisation, place, accept — and the unit in his fleet with its trial.
 *
 * Uses the demo tag only this journey activates (server/src/seed/fleet.ts DEMO_TAGS.journey, a unit
 * of Nordic Utilities in stock); the unit stays in Nordic Utilities, in a location and group of its
 * own named "E2E …" (which other specs leave alone), so the demo data stays usable for them.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiSession, DEMO_PASSWORD } from './helpers';
import { emls, mailTo } from './mail';

const TAG = '5e2d0c4b-7a19-4f6e-b3d8-9c0a1e2f3b47';
const stamp = Date.now().toString(36);
const UNIT = `E2E pump ${stamp}`;
const LOCATION = `E2E onboarding site ${stamp}`;
const GROUP = `E2E onboarding region ${stamp}`;

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const area = (page: Page) => page.locator('#fw-area-onboarding');
const stepState = (page: Page, step: string) => area(page).getByTestId(`step-${step}`);

test('activate a device from its tag at phone width: organisation, placement, terms, and the unit with its trial', async ({
  page,
  request,
  baseURL,
}) => {
  // 1. The tag's page, before signing in: the device and the account step.
  await page.goto(`/onboarding?tag=${TAG}`);
  const card = area(page).getByTestId('device-card');
  await expect(card.getByTestId('device-status')).toHaveText('Ready to activate');
  await area(page).getByTestId('choice-sign-in').click();

  // 2. Sign in, and come back to the same tag.
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByLabel('Username', { exact: true }).fill('demo.user');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/onboarding\\?tag=${TAG}$`));

  // 3. The organisation: his one organisation; the choice survives a reload.
  const org = area(page).getByTestId('step-organisation-panel');
  await expect(org).toBeVisible();
  await expect(stepState(page, 'account')).toHaveAttribute('data-state', 'done');
  await expect(stepState(page, 'organisation')).toHaveAttribute('data-state', 'current');
  await page.reload();
  await expect(org).toBeVisible();
  await org.getByLabel('Nordic Utilities').check();
  await org.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/step=placement/);

  // 4. The placement; first what is missing, said per field.
  const place = area(page).getByTestId('step-placement-panel');
  await expect(place).toBeVisible();
  await page.reload();
  await expect(place).toBeVisible();
  await place.getByRole('button', { name: 'Continue to the terms' }).click();
  await expect(place.getByText('Give the device a position: tap the map, search, use your position or type the coordinates.')).toBeVisible();
  await expect(place.getByText('Choose a location or name a new one.')).toBeVisible();
  // A tap on the map puts the pin (with or without street tiles: the outlines are the map offline).
  const map = place.getByTestId('placement-map');
  await expect(map.locator('.leaflet-container')).toBeVisible();
  await map.tap({ position: { x: 200, y: 150 } });
  await expect(map.getByTestId('map-pin')).toBeVisible();
  await expect(place.getByLabel('Latitude')).not.toHaveValue('');
  // The address search (offline: the organisation's own addresses and towns) moves it and fills the address.
  await place.getByLabel('Search for an address or town').fill('Valhallav');
  await place.getByRole('button', { name: 'Search', exact: true }).click();
  const results = place.getByRole('list', { name: 'Places found' });
  await expect(results.getByRole('button').first()).toBeVisible();
  const address = (await results.getByRole('button').first().locator('span').first().textContent()) ?? '';
  await results.getByRole('button').first().click();
  await expect(place.getByLabel('Address (optional)')).toHaveValue(address);
  await place.getByLabel('Name of the device').fill(UNIT);
  await place.getByRole('combobox', { name: 'Location' }).selectOption({ label: 'New location…' });
  await place.getByLabel('Name of the new location').fill(LOCATION);
  await place.getByRole('combobox', { name: 'Group (optional)' }).selectOption({ label: 'New group…' });
  await place.getByLabel('Name of the new group').fill(GROUP);
  await place.getByRole('button', { name: 'Continue to the terms' }).click();
  await expect(page).toHaveURL(/step=terms/);

  // 5. The terms: accepted only once read to the end; the step survives a reload.
  const terms = area(page).getByTestId('step-terms-panel');
  await expect(terms).toBeVisible();
  await page.reload();
  await expect(terms).toBeVisible();
  await expect(terms.getByTestId('summary-unit')).toHaveText(UNIT);
  await expect(terms.getByTestId('summary-place')).toContainText(`${LOCATION} · ${GROUP}`);
  const accept = terms.getByRole('button', { name: 'Accept and activate' });
  await expect(accept).toBeDisabled();
  await expect(terms.getByTestId('terms-read-state')).toHaveText('Scroll to the end of the terms to accept them.');
  const box = terms.getByTestId('terms-box');
  await expect(box).toContainText('12 months');
  await expect(box).toContainText('30 days net');
  await box.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(terms.getByTestId('terms-read-state')).toHaveText('You have read the terms to the end.');
  await expect(accept).toBeEnabled();
  await accept.click();

  // 6. The unit's page, with its trial end; the unit is in the organisation's fleet.
  await expect(page).toHaveURL(/\/devicemanagement\/\d+$/);
  const unitId = Number(new URL(page.url()).pathname.split('/')[2]);
  const header = page.getByTestId('unit-header');
  await expect(header).toContainText(UNIT);
  await expect(header.getByTestId('unit-trial')).toContainText(/^Trial until \d{1,2} \w{3} \d{4}/);

  const api = await apiSession(request, baseURL!, 'demo.user');
  const fleet = await api.get<Array<{ UnitID: number; UnitName: string; CustomerID: number }>>('/api/v2/device/devices?use_context=true');
  expect(fleet.find((u) => u.UnitID === unitId)).toMatchObject({ UnitName: UNIT });
  const containers = await api.get<Array<{ name: string; kind: string; content: Array<{ target?: string }> }>>(
    '/api/v3/containers?use_context=true',
  );
  const site = containers.find((c) => c.name === LOCATION);
  expect(site?.content.map((r) => r.target)).toEqual([String(unitId)]);
  expect(containers.find((c) => c.name === GROUP)?.kind).toBe('group');

  // The admin sees when the trial ends (Accounts → Trials).
  const admin = await apiSession(request, baseURL!, 'demo.super');
  const trials = await admin.get<Array<{ unitId: number; status: string; endsAt: string; activatedBy: string }>>('/api/v3/admin/trials');
  const trial = trials.find((x) => x.unitId === unitId);
  expect(trial).toMatchObject({ status: 'active', activatedBy: 'demo.user' });
  expect(Date.parse(trial!.endsAt) - Date.now()).toBeGreaterThan(27 * 86_400_000);

  // Back on the tag's page: it says the device is activated, with its trial.
  await page.goto(`/onboarding?tag=${TAG}`);
  const done = area(page).getByTestId('activation-done');
  await expect(done).toContainText(`${UNIT} is activated`);
  await expect(done).toContainText('Its free trial runs until');
});

test('a new user registers from the tag’s page, confirms his address from the mail, and activates into his new organisation', async ({
  page,
  request,
  baseURL,
}) => {
  const tag = '3a9d5e7c-2b4f-4c1a-8d6e-5f0b9c7a2e14'; // DEMO_TAGS.newUser: only this test activates it
  const email = `olle.owner.${stamp}@example.com`;
  const password = 'olle-activates-1';
  const unit = `E2E new user's pump ${stamp}`;

  // The account step: register right there.
  await page.goto(`/onboarding?tag=${tag}`);
  await area(page).getByTestId('choice-register').click();
  const form = area(page).getByTestId('register-form');
  await form.getByLabel('Name', { exact: true }).fill('Olle Owner');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm password', { exact: true }).fill(password);
  const before = emls();
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(area(page).getByTestId('register-sent').getByRole('status')).toHaveText(`We sent a link to ${email}. Open it to finish.`);

  // The mailed link: one click confirms, signs in and comes back to the same tag.
  const mail = await mailTo(before, email);
  await page.goto(mail.link);
  await page.getByTestId('verify-email').getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/onboarding\\?tag=${tag}`));

  // No organisation yet: he creates his company's.
  const org = area(page).getByTestId('step-organisation-panel');
  await expect(org).toBeVisible();
  await expect(org.getByText('You do not belong to an organisation yet. Create one for your company below.')).toBeVisible();
  const company = org.getByRole('group', { name: 'Company' });
  await company.getByLabel('Company name').fill(`Olle Pumps ${stamp}`);
  await company.getByLabel('Address').fill('Hamngatan 2');
  await company.getByLabel('Zip code').fill('41106');
  await company.getByLabel('City').fill('Göteborg');
  const contact = org.getByRole('group', { name: 'Contact person' });
  await contact.getByLabel('Name').fill('Olle Owner');
  await contact.getByLabel('Email').fill(email);
  await org.getByRole('button', { name: 'Continue' }).click();

  // The placement: typed coordinates, a name, a new location.
  const place = area(page).getByTestId('step-placement-panel');
  await expect(place).toBeVisible();
  await place.getByLabel('Latitude').fill('57.7089');
  await place.getByLabel('Longitude').fill('11.9746');
  await place.getByLabel('Name of the device').fill(unit);
  await place.getByLabel('Name of the new location').fill('Harbour');
  await place.getByRole('button', { name: 'Continue to the terms' }).click();

  // The terms, read to the end and accepted: the unit's page with its trial.
  const terms = area(page).getByTestId('step-terms-panel');
  await expect(terms).toBeVisible();
  await terms.getByTestId('terms-box').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await terms.getByRole('button', { name: 'Accept and activate' }).click();
  await expect(page).toHaveURL(/\/devicemanagement\/\d+$/);
  const unitId = Number(new URL(page.url()).pathname.split('/')[2]);
  await expect(page.getByTestId('unit-header')).toContainText(unit);
  await expect(page.getByTestId('unit-header').getByTestId('unit-trial')).toContainText(/^Trial until /);

  // In his new organisation's fleet; he administers it (its first member).
  const username = mail.text.match(/Your username is ([^\s.]+(?:\.[^\s.]+)*)\./)?.[1] ?? '';
  expect(username).not.toBe('');
  const api = await apiSession(request, baseURL!, username, password);
  const fleet = await api.get<Array<{ UnitID: number; UnitName: string }>>('/api/v2/device/devices?use_context=true');
  expect(fleet.map((u) => u.UnitName)).toEqual([unit]);
  expect(fleet[0]!.UnitID).toBe(unitId);
  const trials = await api.get<Array<{ unitId: number; status: string }>>('/api/v3/admin/trials');
  expect(trials).toEqual([expect.objectContaining({ unitId, status: 'active' })]);
});
