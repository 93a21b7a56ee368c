/**
 * The onboarding flow on a partner's page (issue 19 §2), as a new user on a phone: a page of
 * another site (http://localhost:<port+1>, listed in PARTNER_ORIGINS by playwright.config.ts)
 * includes the one script tag; the visitor registers in it, confirms his address from the mail
 * (Fieldwatch opens in another tab), comes back and signs in there, creates his organisation,
 * places the device, reads and accepts the terms — and the partner's page hears
 * `fieldwatch:activated` with the unit. The partner's own CSS stays out of the flow and the flow's
 * out of the page. A page of a site not listed gets nothing: the browser refuses it the answers.
 *
 * Uses the demo tag only this journey activates (server/src/seed/fleet.ts DEMO_TAGS.partner); the
 * unit moves into the new user's new organisation, which no other journey looks at.
 * Screenshots of each step at phone width, dark and bright (the element's theme attribute), go to SHOTS.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiSession } from './helpers';
import { emls, mailTo } from './mail';

const port = Number(process.env.E2E_PORT ?? 3137);
const FIELDWATCH = `http://127.0.0.1:${port}`;
const TAG = '0c6f2b9e-41d7-4a85-9e3b-6d2a7f1c8e59';
const OTHER_TAG = '8d3f6a2e-5c1b-4e7a-9f0d-2b6c8e4a1f35';
const SHOTS = process.env.SHOTS_DIR ?? path.join(__dirname, '..', 'test-results', 'embed-shots');
const stamp = Date.now().toString(36);
const EMAIL = `petra.partner.${stamp}@example.com`;
const PASSWORD = 'petra-activates-1';
const UNIT = `Partner pump ${stamp}`;

/** A partner's page: its own loud styles, the one script tag, and a log of what it hears. */
function partnerPage(query: URLSearchParams): string {
  const tag = query.get('tag') ?? TAG;
  const theme = query.get('theme');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Acme Pumps — activate your pump</title>
<style>
  body { margin: 0; padding: 12px; font-family: Georgia, serif; background: #fff8e7; color: #3b2f2f; }
  h1 { font-size: 22px; color: #b3261e; } button { background: hotpink; } .fw-onb-page { display: none; }
</style></head>
<body>
  <h1>Acme Pumps — activate your new pump</h1>
  <script src="${FIELDWATCH}/onboarding/embed.js" data-tag="${tag}" data-lang="en"${theme ? ` data-theme="${theme}"` : ''} async></script>
  <ol id="heard"></ol>
  <script>
    window.heard = [];
    for (const name of ['fieldwatch:ready', 'fieldwatch:step', 'fieldwatch:signedin', 'fieldwatch:activated', 'fieldwatch:error'])
      document.addEventListener(name, (e) => {
        window.heard.push({ name, detail: e.detail });
        const li = document.createElement('li');
        li.textContent = name + ' ' + JSON.stringify(e.detail);
        document.getElementById('heard').appendChild(li);
      });
  </script>
</body></html>`;
}

function serve(listenPort: number): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://partner');
    if (url.pathname !== '/') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(partnerPage(url.searchParams));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, 'localhost', () => resolve(server));
  });
}

let partner: Server;
let stranger: Server;

test.beforeAll(async () => {
  partner = await serve(port + 1);
  stranger = await serve(0); // a site not in PARTNER_ORIGINS
});
test.afterAll(async () => {
  await new Promise((r) => partner?.close(r));
  await new Promise((r) => stranger?.close(r));
});

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const flow = (page: Page) => page.locator('fieldwatch-onboarding');
const heard = (page: Page, name: string) =>
  page.evaluate(
    (n) =>
      (window as unknown as { heard: Array<{ name: string; detail: unknown }> }).heard
        .filter((e) => e.name === n)
        .map((e) => e.detail),
    name,
  );
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** The theme a partner page may choose: set on the element, the flow mounts again (at the same step, from the server). */
async function setTheme(page: Page, theme: 'dark' | 'bright') {
  await page.evaluate(
    (t) => document.querySelector('fieldwatch-onboarding')!.setAttribute('theme', t),
    theme,
  );
  await expect(flow(page).locator(`.fw-embed[data-theme="${theme}"]`)).toHaveCount(1);
}

/** Screenshots of the step as it is, dark and bright; `ready` waits for the step again after the remount. */
async function shotBoth(page: Page, name: string, ready: () => Promise<void>) {
  await shot(page, `dark-${name}`);
  await setTheme(page, 'bright');
  await ready();
  await shot(page, `bright-${name}`);
  await setTheme(page, 'dark');
  await ready();
}

test('a new user activates a device on a partner page with one script tag, and the page hears it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await page.goto(`http://localhost:${port + 1}/`);
  const embed = flow(page);
  await expect(embed.getByTestId('device-card')).toContainText('Ready to activate');
  // Each side keeps its own styles: the partner's hotpink buttons stay out of the flow, the flow's CSS out of the page.
  const choice = embed.getByTestId('choice-register');
  expect(await choice.evaluate((b) => getComputedStyle(b).backgroundColor)).not.toBe('rgb(255, 105, 180)');
  expect(await page.locator('body > h1').evaluate((h) => getComputedStyle(h).color)).toBe('rgb(179, 38, 30)');
  expect(await embed.locator('h1').evaluate((h) => getComputedStyle(h).color)).not.toBe('rgb(179, 38, 30)');
  await expect.poll(() => heard(page, 'fieldwatch:ready')).toEqual([{ tag: TAG }]);
  await shotBoth(page, '1-device', () => expect(embed.getByTestId('choice-register')).toBeVisible());

  // 2. Register, in the page.
  await choice.click();
  const form = embed.getByTestId('register-form');
  await form.getByLabel('Name', { exact: true }).fill('Petra Partner');
  await form.getByLabel('Email', { exact: true }).fill(EMAIL);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  const before = emls();
  await form.getByRole('button', { name: 'Create account' }).click();
  const sent = embed.getByTestId('register-sent');
  await expect(sent.getByRole('status')).toHaveText(`We sent a link to ${EMAIL}. Open it to finish.`);
  await shot(page, 'dark-2-registered');

  // The link in the mail opens Fieldwatch (another tab); one click confirms the address.
  const mail = await mailTo(before, EMAIL);
  expect(new URL(mail.link).origin).toBe(FIELDWATCH);
  const tab = await (await browser.newContext()).newPage();
  await tab.goto(mail.link);
  await tab.getByTestId('verify-email').getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(tab).toHaveURL(/\/onboarding\?tag=/);
  await tab.context().close();

  // Back on the partner's page: sign in right there (the username is filled in).
  const signIn = embed.getByTestId('embed-sign-in');
  await expect(signIn.getByLabel('Username')).not.toHaveValue('');
  const username = await signIn.getByLabel('Username').inputValue();
  await signIn.getByLabel('Password').fill(PASSWORD);
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();

  // 3. The organisation: he has none, so he creates his company's.
  const org = embed.getByTestId('step-organisation-panel');
  await expect(org).toBeVisible();
  await expect.poll(async () => (await heard(page, 'fieldwatch:signedin')).length).toBe(1);
  await shotBoth(page, '3-organisation', () => expect(org).toBeVisible());
  const company = org.getByRole('group', { name: 'Company' });
  await company.getByLabel('Company name').fill(`Petra Pumps ${stamp}`);
  await company.getByLabel('Address').fill('Storgatan 1');
  await company.getByLabel('Zip code').fill('11122');
  await company.getByLabel('City').fill('Stockholm');
  const contact = org.getByRole('group', { name: 'Contact person' });
  await contact.getByLabel('Name').fill('Petra Partner');
  await contact.getByLabel('Email').fill(EMAIL);
  await shot(page, 'dark-3-organisation-filled');
  await org.getByRole('button', { name: 'Continue' }).click();

  // 4. The placement: a tap on the map, a name, a new location.
  const place = embed.getByTestId('step-placement-panel');
  await expect(place).toBeVisible();
  const map = place.getByTestId('placement-map');
  await expect(map.locator('.leaflet-container')).toBeVisible();
  await shotBoth(page, '4-placement', () =>
    expect(place.getByTestId('placement-map').locator('.leaflet-container')).toBeVisible(),
  );
  // Leaflet's own CSS reached the shadow root: its panes are positioned, so the pin lands where tapped.
  await map.tap({ position: { x: 180, y: 120 } });
  await expect(map.getByTestId('map-pin')).toBeVisible();
  await place.getByLabel('Name of the device').fill(UNIT);
  // A new organisation has no locations yet: the new one's name is asked at once.
  await expect(place.getByRole('combobox', { name: 'Location' })).toHaveCount(0);
  await place.getByLabel('Name of the new location').fill('Pump house');
  await shot(page, 'dark-4-placement-filled');
  await place.getByRole('button', { name: 'Continue to the terms' }).click();

  // The partner's page is reloaded: the tab keeps the sign-in, the flow comes back at the terms.
  await page.reload();
  const terms = flow(page).getByTestId('step-terms-panel');
  await expect(terms).toBeVisible();
  await expect(terms.getByTestId('summary-unit')).toHaveText(UNIT);
  await shotBoth(page, '5-terms', () => expect(flow(page).getByTestId('step-terms-panel')).toBeVisible());

  // 5. The terms: read to the end, then accepted.
  const accept = terms.getByRole('button', { name: 'Accept and activate' });
  await expect(accept).toBeDisabled();
  await terms.getByTestId('terms-box').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(accept).toBeEnabled();
  await shot(page, 'dark-5-terms-read');
  await accept.click();

  // 6. Activated: the flow says so and the page hears the unit.
  const done = flow(page).getByTestId('activation-done');
  await expect(done).toContainText(`${UNIT} is activated`);
  await expect.poll(async () => (await heard(page, 'fieldwatch:activated')).length).toBe(1);
  const [activated] = (await heard(page, 'fieldwatch:activated')) as Array<{
    unitId: number;
    unitName: string;
    tag: string;
    trialEndsAt: string;
    url: string;
  }>;
  expect(activated).toMatchObject({
    unitName: UNIT,
    tag: TAG,
    url: `${FIELDWATCH}/devicemanagement/${activated!.unitId}`,
  });
  expect(Date.parse(activated!.trialEndsAt) - Date.now()).toBeGreaterThan(27 * 86_400_000);
  const steps = ((await heard(page, 'fieldwatch:step')) as Array<{ step: string }>).map((s) => s.step);
  expect(steps.slice(-2)).toEqual(['terms', 'done']);
  await shotBoth(page, '6-done', () => expect(flow(page).getByTestId('activation-done')).toBeVisible());

  // The unit is in his new organisation's fleet, with its trial, for him on Fieldwatch too.
  const api = await apiSession(request, FIELDWATCH, username, PASSWORD);
  const fleet = await api.get<Array<{ UnitID: number; UnitName: string }>>(
    '/api/v2/device/devices?use_context=true',
  );
  expect(fleet.find((u) => u.UnitID === activated!.unitId)).toMatchObject({ UnitName: UNIT });

  // The bright theme, as a partner may choose it, with another tag: still signed in (this tab), then signed out.
  await page.goto(`http://localhost:${port + 1}/?theme=bright&tag=${OTHER_TAG}`);
  await expect(flow(page).locator('.fw-embed[data-theme="bright"]')).toHaveCount(1);
  await expect(flow(page).getByTestId('step-organisation-panel')).toBeVisible();
  await flow(page).getByTestId('embed-sign-out').click();
  await expect(flow(page).getByTestId('device-card')).toContainText('Ready to activate');
  await expect(flow(page).getByTestId('account-choice')).toBeVisible();
});

test('a site that is not a partner gets nothing: the browser is refused the answers', async ({ page }) => {
  const strangerPort = (stranger.address() as AddressInfo).port;
  await page.goto(`http://localhost:${strangerPort}/`);
  await expect.poll(async () => (await heard(page, 'fieldwatch:error')).length).toBe(1);
  await expect(flow(page).locator('xpath=./*')).toHaveCount(0);
  // Its own calls to the onboarding API are refused by CORS too.
  const outcome = await page.evaluate(async (base) => {
    try {
      await fetch(`${base}/api/v3/onboarding/embed/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo.user', password: 'fieldwatch-demo' }),
      });
      return 'answered';
    } catch {
      return 'refused';
    }
  }, FIELDWATCH);
  expect(outcome).toBe('refused');
});
