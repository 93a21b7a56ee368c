import { expect, test } from '@playwright/test';
import { expectOverview, signIn } from './helpers';

test('sign in and land on the overview dashboard', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fdefault/);
  await expect(page.getByRole('heading', { name: 'Sign in to Fieldwatch' })).toBeVisible();
  const calls: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/')) calls.push(pathname);
  });
  await signIn(page);
  await expectOverview(page);
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  // The sign-in loading sequence: access and profile, then dashboards, then the alarm listener (its badge count),
  // events, containers and devices.
  const at = (path: string) => calls.indexOf(path);
  expect(at('/api/v2/auth/login')).toBe(0);
  expect(at('/api/v3/user/session')).toBeGreaterThan(at('/api/v2/auth/login'));
  expect(at('/api/v3/user/dashboard')).toBeGreaterThan(at('/api/v3/user/session'));
  for (const path of ['/api/v3/notifications/counts', '/api/v3/events/events', '/api/v3/containers', '/api/v2/device/devices']) {
    expect({ path, after: at(path) > at('/api/v3/user/dashboard') }).toEqual({ path, after: true });
  }
});

test('a reload while signed in runs the same sequence, each call once, while the code loads', async ({ page }) => {
  await signIn(page);
  await expectOverview(page);
  const calls: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/')) calls.push(pathname);
  });
  await page.reload();
  await expectOverview(page);
  // The page's first check is the session probe (200 either way: no 401 in the console when signed out).
  const sequence = [
    '/api/v3/user/session/probe',
    '/api/v3/user/dashboard',
    '/api/v3/events/events',
    '/api/v3/containers',
    '/api/v2/device/devices',
  ];
  for (const path of sequence) expect({ path, times: calls.filter((c) => c === path).length }).toEqual({ path, times: 1 });
  const at = (path: string) => calls.indexOf(path);
  expect(at('/api/v3/user/session/probe')).toBe(0);
  for (const path of sequence.slice(2)) {
    expect({ path, after: at(path) > at('/api/v3/user/dashboard') }).toEqual({ path, after: true });
  }
});

test('a deep link opened while signed out comes back after login', async ({ page }) => {
  await page.goto('/devicemanagement?q=Pump');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdevicemanagement%3Fq%3DPump/);
  await signIn(page);
  await expect(page).toHaveURL(/\/devicemanagement\?q=Pump/);
  await expect(page.locator('#fw-area-devices table tbody tr').first()).toBeVisible();
});

test('a bad password shows "Username or password is incorrect" (417)', async ({ page }) => {
  await page.goto('/login');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/v2/auth/login'));
  await signIn(page, 'demo.super', 'wrong-password');
  expect((await answer).status()).toBe(417);
  await expect(page.getByRole('alert').filter({ hasText: 'Username or password is incorrect' })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('empty fields are named, nothing is sent', async ({ page }) => {
  await page.goto('/login');
  let sent = false;
  page.on('request', (r) => {
    if (r.url().includes('/auth/login')) sent = true;
  });
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Username should not be blank')).toBeVisible();
  await expect(page.getByText('Password should not be blank')).toBeVisible();
  expect(sent).toBe(false);
});

test('each area mounts on its routes', async ({ page }) => {
  await page.goto('/login');
  await signIn(page);
  await expectOverview(page);
  const areas: Array<[string, string]> = [
    ['/devicemanagement', 'devices'],
    ['/groupmanagement', 'devices'],
    ['/locationmanagement', 'devices'],
    ['/taskmanagement', 'tasks'],
    ['/notifications', 'tasks'],
    ['/admin', 'admin'],
    ['/profile', 'admin'],
    ['/onboarding', 'onboarding'],
    ['/dashboard/default', 'dashboard'],
  ];
  for (const [path, area] of areas) {
    await page.goto(path);
    const root = page.locator(`#fw-area-${area}`);
    await expect(root.locator('h1').first()).toBeVisible();
    await expect(page.getByTestId(`area-unavailable-${area}`)).toHaveCount(0);
  }
});

test('navigation between areas works from the menu', async ({ page }) => {
  await page.goto('/login');
  await signIn(page);
  await expectOverview(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Devices' }).click();
  await expect(page).toHaveURL(/\/devicemanagement$/);
  await expect(page.locator('#fw-area-devices h1')).toBeVisible();
  await nav.getByRole('link', { name: 'Tasks' }).click();
  await expect(page.locator('#fw-area-tasks h1')).toBeVisible();
  await nav.getByRole('link', { name: 'Alarms' }).click();
  await expect(page.locator('#fw-area-dashboard h1')).toHaveText('Alarms');
});

test('a blocked remote leaves the shell usable, and retry brings it back', async ({ page }) => {
  await page.route('**/remotes/tasks/mf-manifest.json', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.route('**/remotes/admin/**', (route) => route.abort('failed'));
  await page.goto('/login');
  await signIn(page);
  await expectOverview(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });

  // Manifest 404: the area says so, translated, with a retry.
  await nav.getByRole('link', { name: 'Tasks' }).click();
  const panel = page.getByTestId('area-unavailable-tasks');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('This area is unavailable');
  // Aborted requests: the same.
  await nav.getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByTestId('area-unavailable-admin')).toBeVisible();

  // The shell and the other areas keep working.
  await nav.getByRole('link', { name: 'Devices' }).click();
  await expect(page.locator('#fw-area-devices table')).toBeVisible();
  await nav.getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByTestId('status-summary')).toBeVisible();

  // The remote comes back: retry loads it without reloading the page.
  await page.unroute('**/remotes/tasks/mf-manifest.json');
  await nav.getByRole('link', { name: 'Tasks' }).click();
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('#fw-area-tasks h1')).toBeVisible();
  await expect(panel).toHaveCount(0);
});

test('a remote whose files fail once is asked again before any panel shows', async ({ page }) => {
  let manifests = 0;
  let entries = 0;
  await page.route('**/remotes/tasks/mf-manifest.json', (route) =>
    ++manifests === 1 ? route.fulfill({ status: 503, body: 'busy' }) : route.continue(),
  );
  await page.route('**/remotes/tasks/remoteEntry.js', (route) => (++entries === 1 ? route.abort('failed') : route.continue()));
  await page.goto('/login');
  await signIn(page);
  await expectOverview(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Tasks' }).click();
  await expect(page.locator('#fw-area-tasks h1')).toBeVisible();
  await expect(page.getByTestId('area-unavailable-tasks')).toHaveCount(0);
  expect({ manifests, entries }).toEqual({ manifests: 2, entries: 2 });
});

test('a remote host that never answers holds up no other area', async ({ page }) => {
  // The tasks remote's files: the connection is taken and nothing ever comes back.
  await page.route('**/remotes/tasks/**', () => undefined);
  await page.goto('/login');
  await signIn(page);
  await expectOverview(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Tasks' }).click();
  await expect(page).toHaveURL(/\/taskmanagement$/);
  // Straight on to another area: it opens at once, not after the hanging area's deadline.
  const started = Date.now();
  await nav.getByRole('link', { name: 'Devices' }).click();
  await expect(page.locator('#fw-area-devices table')).toBeVisible({ timeout: 8_000 });
  await nav.getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByTestId('status-summary')).toBeVisible({ timeout: 8_000 });
  console.log(`hanging remote: two other areas opened ${Date.now() - started} ms after leaving it`);
  await expect(page.getByTestId('area-unavailable-tasks')).toHaveCount(0);
});

test('a remote that throws at mount shows the unavailable panel; the shell keeps working', async ({ page }) => {
  // A stand-in federation container for the tasks remote whose ./app mounts with an error.
  await page.route('**/remotes/tasks/remoteEntry.js', (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      body: `window.tasks = { init: function () { return Promise.resolve(); }, get: function () {
        return Promise.resolve(function () { return {
          bootstrap: function () { return Promise.resolve(); },
          mount: function () { return Promise.reject(new Error('boom at mount')); },
          unmount: function () { return Promise.resolve(); } }; }); } };`,
    }),
  );
  await page.goto('/login');
  await signIn(page);
  await expectOverview(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Tasks' }).click();
  await expect(page.getByTestId('area-unavailable-tasks')).toContainText('This area is unavailable');
  await nav.getByRole('link', { name: 'Devices' }).click();
  await expect(page.locator('#fw-area-devices table')).toBeVisible();
});

test('theme and language persist across reload', async ({ page }) => {
  await page.goto('/login');
  await signIn(page);
  await expectOverview(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByTestId('theme-toggle').first().click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'bright');
  await page.getByTestId('language-picker').first().selectOption('de');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Einheitenverwaltung' })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'bright');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Einheitenverwaltung' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Übersicht', level: 1 })).toBeVisible();
  // The choice is stored in the profile too: restore English for the other journeys.
  await page.getByTestId('language-picker').first().selectOption('en');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Devices' })).toBeVisible();
});

test('after logout, the back button shows no data', async ({ page }) => {
  await page.goto('/login');
  await signIn(page);
  await expectOverview(page);
  await page.goto('/devicemanagement');
  await expect(page.locator('#fw-area-devices table tbody tr').first()).toBeVisible();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
  await page.goBack();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.locator('table')).toHaveCount(0);
  await expect(page.getByTestId('status-summary')).toHaveCount(0);
  const session = await page.request.get('/api/v3/user/session');
  expect(session.status()).toBe(401);
});

test('an expired session goes to login once with "You have been logged out"', async ({ page, context }) => {
  await page.goto('/login');
  await signIn(page);
  await expectOverview(page);
  // Let the overview's widgets finish loading, so that the nav click below is what meets the
  // expired session. On a slow machine a late widget request can still meet it first: the
  // shell then goes to login by itself and the link is gone, which is the same journey.
  await expect(page.locator('[data-state="loading"]')).toHaveCount(0, { timeout: 30_000 });
  await context.clearCookies();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Devices' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await expect(page.getByTestId('toast').filter({ hasText: 'You have been logged out' })).toHaveCount(1);
});

const PACKAGES = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'react-router-dom', 'i18next', 'react-i18next', '@fieldwatch/shared', '@tanstack/react-query'];

test('React is loaded once for the shell and every remote', async ({ page }) => {
  await page.goto('/login');
  await signIn(page);
  await expectOverview(page);
  for (const path of ['/devicemanagement', '/taskmanagement', '/admin', '/onboarding']) {
    await page.goto(path);
    await expect(page.locator('#fw-area-' + { '/devicemanagement': 'devices', '/taskmanagement': 'tasks', '/admin': 'admin', '/onboarding': 'onboarding' }[path] + ' h1').first()).toBeVisible();
  }
  const report = await page.evaluate((PACKAGES) => {
    type Shared = { loaded?: boolean; lib?: unknown; from?: string };
    const fed = (window as unknown as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, Shared>>>> } }).__FEDERATION__;
    const loaded: Record<string, string[]> = {};
    for (const instance of Object.values(fed?.__SHARE__ ?? {})) {
      for (const scope of Object.values(instance)) {
        for (const pkg of PACKAGES) {
          for (const [version, info] of Object.entries(scope[pkg] ?? {})) {
            if (info.loaded || info.lib) (loaded[pkg] ??= []).push(`${version}@${info.from ?? '?'}`);
          }
        }
      }
    }
    return { hasFederation: !!fed, loaded };
  }, PACKAGES);
  expect(report.hasFederation).toBe(true);
  for (const pkg of PACKAGES) {
    expect({ pkg, copies: new Set(report.loaded[pkg]).size }).toEqual({ pkg, copies: 1 });
  }
});

test('selecting customers scopes the units shown', async ({ page }) => {
  await page.goto('/login');
  await signIn(page);
  await expectOverview(page);
  const count = page.getByTestId('unit-count');
  const all = Number(await count.textContent());
  await page.getByTestId('customer-picker').click();
  const dialog = page.getByRole('dialog', { name: 'Customers' });
  await dialog.getByLabel('Baltic Water').uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('customer-picker')).toContainText('1 of 2 customers');
  // The dialog closes once the server has the choice (a click before that would toggle it shut).
  await expect(dialog).toBeHidden();
  await expect(count).not.toHaveText(String(all));
  const nordicOnly = Number(await count.textContent());
  expect(nordicOnly).toBeGreaterThan(0);
  expect(nordicOnly).toBeLessThan(all);
  // At least one customer stays selected.
  await page.getByTestId('customer-picker').click();
  await dialog.getByLabel('Nordic Utilities').uncheck();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel('Baltic Water').check();
  await dialog.getByLabel('Nordic Utilities').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(count).toHaveText(String(all));
});

test('a device crossing its alarm limit reaches the open browser within seconds (push)', async ({ page }) => {
  await page.goto('/login');
  const stream = page.waitForResponse((r) => r.url().includes('/api/v3/events/stream'));
  await signIn(page);
  await expectOverview(page);
  expect((await stream).status()).toBe(200);
  const badge = page.getByLabel(/unread notifications$/);
  // One read that never waits (a count() then textContent() waits forever if the badge goes in between).
  const count = async () =>
    badge.evaluateAll((els) => (els[0] ? Number((els[0].textContent ?? '').replace('+', '')) : 0));
  const before = await count();

  // A device of the organisation posts a PT value far above its level-1 limit with an API token.
  const units = (await (await page.request.get('/api/v2/device/devices?use_context=true')).json()) as {
    data: Array<{ UnitID: number; UnitName: string; UnitType: number; CustomerID: number; AlarmEvents: Array<{ AlarmType: number }> }>;
  };
  // One of our own loggers (type below 200): it has channel 3, PT 1 (third-party sensors have only theirs).
  const unit = units.data.find(
    (u) => u.UnitType < 200 && !u.UnitName.includes('Ej installerad') && !u.AlarmEvents.some((a) => Number(a.AlarmType) === 21),
  )!;
  // APIRequestContext sends no Sec-Fetch-Site; Origin is what a same-origin client sends.
  const token = await page.request.post('/api/v3/admin/tokens', {
    headers: { origin: new URL(page.url()).origin },
    data: { name: `push journey ${Date.now()}`, organizationId: unit.CustomerID },
  });
  expect(token.status()).toBe(201);
  const secret = ((await token.json()).data as { token: string }).token;
  const ingest = await page.request.post('/api/v3/ingest', {
    headers: { authorization: `Bearer ${secret}` },
    data: { points: [{ unitId: unit.UnitID, channel: 3, ts: new Date().toISOString(), value: 99 }] },
  });
  expect((await ingest.json()).data).toMatchObject({ accepted: 1 });

  // No reload, no poll (the poll runs every 30 minutes): the badge counts the new notification.
  await expect.poll(count, { timeout: 10_000 }).toBe(before + 1);
});
