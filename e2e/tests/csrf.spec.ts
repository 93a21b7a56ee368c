/**
 * Cross-site writes and the content policy in a real browser: a page on another origin (a second port: same site for
 * cookies, so the SameSite=Lax session cookie goes along) tries the writes that worked before —
 * an auto-submitted form, an <img> GET to an older-API write, a no-cors fetch with credentials,
 * a top-level navigation — and nothing changes; the app itself still does the same write. And the
 * product runs under its Content-Security-Policy without a single violation.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { expectOverview, signIn } from './helpers';

interface Attacker {
  url: string;
  close(): Promise<void>;
}

/** A tiny site on 127.0.0.1:<free port> serving the given pages (path → HTML). */
async function attackerSite(pages: Record<string, string>): Promise<Attacker> {
  const server = http.createServer((req, res) => {
    const html = pages[(req.url ?? '/').split('?')[0]!];
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The older API as our own page calls it (the browser adds Sec-Fetch-Site: same-origin). */
async function xrequest(page: Page, method: string, params: Record<string, string | number>) {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return page.evaluate(async (url) => {
    const res = await fetch(url, { credentials: 'include' });
    return { status: res.status, body: await res.json() };
  }, `/api/v1/xrequest/${method}?${query}`);
}

test('a page on another origin cannot change data; the app itself still can', async ({ page, baseURL }) => {
  await page.goto('/login');
  await signIn(page, 'demo.user');
  await expectOverview(page);

  // A unit of the user's organisations and its first channel, read through the app.
  const units = await page.evaluate(
    async () => (await (await fetch('/api/v2/device/devices?use_context=true')).json()).data,
  );
  const unitId = (units as Array<{ UnitID: number }>)[0]!.UnitID;
  const channels = await xrequest(page, 'GetChannel', { UnitID: unitId });
  expect(channels.status).toBe(200);
  const channel = channels.body[0] as { ChannelID: number; ChannelName: string };
  const actionsBefore = await page.evaluate(
    async (id) => (await (await fetch(`/api/v2/device/devices/${id}/actions`)).json()).data.length as number,
    unitId,
  );

  const app = baseURL!;
  const rename = `${app}/api/v1/xrequest/EditChannel?UnitID=${unitId}&ChannelID=${channel.ChannelID}&ChannelName=pwned`;
  const purge = `${app}/api/v1/xrequest/UnitAction?UnitID=${unitId}&Action=purgeData`;
  const attacker = await attackerSite({
    '/': `<!doctype html><title>Win a prize</title>
      <img src="${rename}&via=img" alt="">
      <img src="${purge}" alt="">
      <img src="${app}/api/v2/auth/logout" alt="">
      <iframe name="sink" title="sink"></iframe>
      <form id="post" method="POST" action="${app}/api/v1/xrequest/EditChannel" enctype="text/plain" target="sink">
        <input name='{"UnitID":${unitId},"ChannelID":${channel.ChannelID},"ChannelName":"pwned","x":"' value='"}'>
      </form>
      <form id="get" method="GET" action="${app}/api/v1/xrequest/EditChannel" target="sink">
        <input name="UnitID" value="${unitId}"><input name="ChannelID" value="${channel.ChannelID}">
        <input name="ChannelName" value="pwned-by-form">
      </form>
      <script>
        document.getElementById('post').submit();
        setTimeout(() => document.getElementById('get').submit(), 300);
        fetch(${JSON.stringify(`${rename}&via=fetch`)}, { mode: 'no-cors', credentials: 'include' })
          .then(() => fetch(${JSON.stringify(`${app}/api/v1/xrequest/SetRelay?UnitID=${unitId}&On=1`)}, { mode: 'no-cors', credentials: 'include' }))
          .then(() => fetch(${JSON.stringify(`${app}/api/v3/user/preferences`)}, { method: 'POST', mode: 'no-cors', credentials: 'include', body: '{}' }))
          .finally(() => setTimeout(() => (document.title = 'done'), 800));
      </script>`,
  });
  try {
    // Every attempt reaches the server with the session cookie and is refused there.
    const refused: string[] = [];
    page.on('response', (res) => {
      if (res.url().startsWith(app) && res.status() === 403) refused.push(res.url());
    });
    const evil = await page.context().newPage();
    evil.on('response', (res) => {
      if (res.url().startsWith(app) && res.status() === 403) refused.push(res.url());
    });
    await evil.goto(attacker.url);
    await expect(evil).toHaveTitle('done', { timeout: 15_000 });
    await evil.waitForTimeout(500);
    // A top-level navigation started by the other page (the Lax cookie goes along). Not goto():
    // that is a typed address (Sec-Fetch-Site: none), which is allowed.
    await evil.evaluate((url) => (location.href = url), `${rename}&via=navigation`);
    await expect(evil.locator('body')).toContainText('cross_site');
    await evil.close();
    expect(refused.length).toBeGreaterThanOrEqual(3);

    // Nothing changed: the channel keeps its name, no action was queued, we are still signed in.
    const after = await xrequest(page, 'GetChannel', { UnitID: unitId, ChannelID: channel.ChannelID });
    expect(after.status).toBe(200);
    expect((after.body[0] as { ChannelName: string }).ChannelName).toBe(channel.ChannelName);
    const actionsAfter = await page.evaluate(
      async (id) =>
        (await (await fetch(`/api/v2/device/devices/${id}/actions`)).json()).data.length as number,
      unitId,
    );
    expect(actionsAfter).toBe(actionsBefore);

    // Our own page does the very same GET write of the older API, and it works.
    const newName = `${channel.ChannelName} (renamed)`;
    const own = await xrequest(page, 'EditChannel', {
      UnitID: unitId,
      ChannelID: channel.ChannelID,
      ChannelName: newName,
    });
    expect(own.status).toBe(200);
    const renamed = await xrequest(page, 'GetChannel', { UnitID: unitId, ChannelID: channel.ChannelID });
    expect((renamed.body[0] as { ChannelName: string }).ChannelName).toBe(newName);
    await xrequest(page, 'EditChannel', {
      UnitID: unitId,
      ChannelID: channel.ChannelID,
      ChannelName: channel.ChannelName,
    });
  } finally {
    await attacker.close();
  }
});

test('the product runs under its Content-Security-Policy without a violation', async ({ page }) => {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(
        `CSP violation: ${e.violatedDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`,
      ),
    );
  });
  page.on('console', (msg) => {
    const text = msg.text();
    if (
      /Content Security Policy|CSP violation|Refused to (load|execute|apply|connect|create|frame)/i.test(text)
    )
      violations.push(text);
  });

  const first = await page.goto('/login');
  const csp = first!.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  await signIn(page);
  await expectOverview(page);
  // The overview's map (tiles, Web Workers).
  await expect(page.locator('.leaflet-container').first()).toBeVisible();
  await page.waitForTimeout(1_500);
  for (const [path, area] of [
    ['/devicemanagement', 'devices'],
    ['/taskmanagement', 'tasks'],
    ['/notifications', 'tasks'],
    ['/admin', 'admin'],
    ['/profile', 'admin'],
    ['/onboarding', 'onboarding'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator(`#fw-area-${area} h1`).first()).toBeVisible();
    await expect(page.getByTestId(`area-unavailable-${area}`)).toHaveCount(0);
  }
  // The saved theme is applied before first paint by a script file (no inline script).
  // (The theme is kept on the account too, and the account's wins once signed in: switch with the
  // top bar's button, which saves both, then put it back.)
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v3/user/profile') && r.request().method() === 'PUT');
  await page.getByTestId('theme-toggle').click();
  expect((await saved).ok()).toBe(true);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('fw.theme'))).toBe('bright');
  // The saved theme shows before first paint; the toggle saves to the account only once the page
  // knows who is signed in (the session probe): a click before that changes this browser only.
  const probed = page.waitForResponse((r) => r.url().endsWith('/api/v3/user/session/probe'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'bright');
  await probed;
  await expect(page.locator('#fw-area-onboarding h1').first()).toBeVisible();
  const back = page.waitForResponse((r) => r.url().endsWith('/api/v3/user/profile') && r.request().method() === 'PUT');
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect((await back).ok()).toBe(true);
  expect(violations).toEqual([]);
});
