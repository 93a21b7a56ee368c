/**
 * Notifications that lead somewhere (issue 17 §3, §5), for a writer (demo.user, Nordic Utilities)
 * with two browsers open: a device's reading crosses a limit, so a critical alarm is raised and
 * browser A shows a desktop notification (permission granted, `new Notification(...)` recorded);
 * on /notifications A filters critical, follows the row's unit link and task link, acknowledges
 * the alarm from the notification, and marks all seen: the badge goes to 0 in A, and in B without
 * reloading.
 *
 * The reading: unit 10005 "District heating well 2", channel 1 (4–20 mA), a level-4 high limit of
 * 100 mA set a moment before and a reading of 150 mA, stamped ahead of the clock (as
 * alarm-loop.spec.ts does, and further ahead than it) so the demo simulator's once-a-minute
 * readings, which are older, never clear the alarm mid-journey.
 */
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { apiSession, expectOverview, signIn } from './helpers';

const UNIT = 10005;
const UNIT_NAME = 'District heating well 2';
const CHANNEL = 1;
const LIMITS = `/api/v3/device/devices/${UNIT}/channels/${CHANNEL}/limits`;
/** Analogue high level 4: a critical alarm type. */
const CRITICAL_TYPE = 17;
const AHEAD_MS = 15 * 60_000;

type Api = Awaited<ReturnType<typeof apiSession>>;
interface AlarmRecord {
  AlarmID: number;
  AlarmType: number;
  State?: string;
}

/** Records `new Notification(title, options)` in window.__fwDesktop (the real one still runs). */
function recordDesktopNotifications() {
  const calls: Array<{ title: string; body?: string; tag?: string }> = [];
  (window as unknown as { __fwDesktop: typeof calls }).__fwDesktop = calls;
  const Native = window.Notification;
  if (typeof Native !== 'function') return;
  const Recording = new Proxy(Native, {
    construct(target, args: [string, NotificationOptions?]) {
      const [title, options] = args;
      calls.push({ title: String(title), body: options?.body, tag: options?.tag });
      try {
        return Reflect.construct(target, args) as object;
      } catch {
        return Object.create(target.prototype) as object;
      }
    },
    get(target, prop) {
      const v = Reflect.get(target, prop) as unknown;
      return typeof v === 'function' && prop !== 'prototype' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
  Object.defineProperty(window, 'Notification', { value: Recording, configurable: true, writable: true });
}

interface Browsing {
  context: BrowserContext;
  page: Page;
  navigations: string[];
}

async function open(browser: Browser, baseURL: string): Promise<Browsing> {
  const context = await browser.newContext({ baseURL });
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await context.addInitScript(recordDesktopNotifications);
  const page = await context.newPage();
  await page.goto('/login');
  const stream = page.waitForResponse((r) => r.url().includes('/api/v3/events/stream'));
  await signIn(page, 'demo.user');
  await expectOverview(page);
  expect((await stream).status()).toBe(200);
  const navigations: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigations.push(f.url());
  });
  return { context, page, navigations };
}

/** The shell's unseen badge: its number, 0 when it is not shown. */
async function badge(page: Page): Promise<number> {
  // One read that never waits: a count() and then getAttribute() waited forever (the poll's
  // "Timeout … waiting on the predicate") when the badge went away between the two.
  const label = await page
    .getByTestId('unseen-badge')
    .evaluateAll((els) => (els[0] ? (els[0].getAttribute('aria-label') ?? els[0].textContent ?? '') : null));
  return label === null ? 0 : Number(/(\d+)/.exec(label)?.[1] ?? 0);
}

test.describe.configure({ mode: 'serial' });

const s = {} as {
  request: APIRequestContext;
  admin: Api;
  user: Api;
  token: { id: number; token: string };
  a: Browsing;
  b: Browsing;
  readingAt: Date;
  alarmId: number;
};

async function ingest(value: number, ts: Date) {
  const res = await s.request.post('/api/v3/ingest', {
    headers: { authorization: `Bearer ${s.token.token}` },
    data: { points: [{ unitId: UNIT, channel: CHANNEL, ts: ts.toISOString(), value }] },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test.beforeAll(async ({ browser, playwright, baseURL }) => {
  test.setTimeout(90_000);
  s.request = await playwright.request.newContext({ baseURL });
  s.admin = await apiSession(s.request, baseURL!);
  s.token = await s.admin.post('/api/v3/admin/tokens', { name: `e2e notifications ${Date.now()}`, organizationId: 1 });
  await s.admin.put(LIMITS, { levels: [{ level: 4, high: 100, enabled: true }] });
  s.a = await open(browser, baseURL!);
  s.b = await open(browser, baseURL!);
  s.readingAt = new Date(Date.now() + AHEAD_MS);
  await ingest(150, s.readingAt);
  const raised = (await s.admin.post<AlarmRecord[]>('/api/v2/device/alarms', { devices: [UNIT], active: true })).find(
    (x) => x.AlarmType === CRITICAL_TYPE,
  );
  expect(raised, 'the reading raised the level-4 alarm').toBeTruthy();
  s.alarmId = raised!.AlarmID;
});

test.afterAll(async () => {
  if (s.token) {
    await ingest(10, new Date(s.readingAt.getTime() + 1000)).catch(() => undefined);
    await s.admin.delete(`/api/v3/admin/tokens/${s.token.id}`).catch(() => undefined);
  }
  await s.admin?.put(LIMITS, { levels: [{ level: 4, high: null, enabled: true }] }).catch(() => undefined);
  await s.a?.context.close();
  await s.b?.context.close();
  await s.request?.dispose();
});

test('a desktop notification names the unit of the new critical alarm', async () => {
  await expect
    .poll(
      async () =>
        (await s.a.page.evaluate(() => (window as unknown as { __fwDesktop?: Array<{ title: string; body?: string }> }).__fwDesktop ?? []))
          .map((c) => `${c.title} | ${c.body ?? ''}`)
          .join('\n'),
      { timeout: 5_000 },
    )
    .toContain(`Critical alarm: ${UNIT_NAME}`);
  expect(await badge(s.b.page)).toBeGreaterThan(0);
});

test('/notifications: filter critical, follow the unit link and the task link', async () => {
  const { page } = s.a;
  await page.getByRole('link', { name: /^Notifications/ }).first().click();
  await expect(page).toHaveURL(/\/notifications$/);
  const list = page.getByTestId('notification-list');
  await expect(list).toBeVisible();
  await page.getByRole('group', { name: 'Priority' }).getByRole('button', { name: 'Critical' }).click();
  await expect(page).toHaveURL(/\/notifications\?priority=critical$/);
  const rows = page.getByTestId('notification');
  await expect(rows.first()).toBeVisible();
  await expect.poll(() => rows.evaluateAll((els) => els.every((e) => e.getAttribute('data-priority') === 'critical'))).toBe(true);
  const row = rows.filter({ has: page.getByTestId('notification-unit').filter({ hasText: UNIT_NAME }) }).first();
  await expect(row).toContainText('Analogue high level 4');
  await expect(row.getByTestId('notification-alarm-state')).toHaveText('New');

  await row.getByTestId('notification-unit').click();
  await expect(page).toHaveURL(new RegExp(`/devicemanagement/${UNIT}$`));
  await expect(page.locator('#fw-area-devices')).toContainText(UNIT_NAME);
  await page.goBack();
  await expect(page).toHaveURL(/\/notifications\?priority=critical$/);

  const taskHref = await row.getByTestId('notification-task').getAttribute('href');
  expect(taskHref).toMatch(/^\/taskmanagement\?task=/);
  await row.getByTestId('notification-task').click();
  await expect(page).toHaveURL(/\/taskmanagement\?task=/);
  await page.goBack();
  await expect(page).toHaveURL(/\/notifications\?priority=critical$/);
});

test('acknowledges the alarm from its notification', async () => {
  const { page } = s.a;
  const row = page
    .getByTestId('notification')
    .filter({ has: page.getByTestId('notification-unit').filter({ hasText: UNIT_NAME }) })
    .first();
  await row.getByTestId('notification-acknowledge').click();
  await expect(row.getByTestId('notification-alarm-state')).toContainText('Acknowledged by demo.user');
  await expect(row.getByTestId('notification-acknowledge')).toHaveCount(0);
  const now = (await s.admin.post<AlarmRecord[]>('/api/v2/device/alarms', { devices: [UNIT], active: true })).find(
    (x) => x.AlarmID === s.alarmId,
  );
  expect(now?.State).toBe('activeAcknowledged');
});

/**
 * What the badge of `page` should say after "Mark all as seen" at `markedAt`: every notification
 * created before the mark is seen, and the badge counts exactly the server's unseen ones — 0,
 * unless the live demo raised a new notification since (then the badge counts that one, as it
 * should). Answers a line that names what differs, '' when all agrees.
 */
async function afterMarkAll(page: Page, markedAt: string): Promise<string> {
  const server = await page.evaluate(async () => {
    const counts = (await (await fetch('/api/v3/notifications/counts')).json()) as { data: { unseen: number } };
    const list = (await (await fetch('/api/v3/notifications?seen=unseen&limit=50&sort=newest')).json()) as {
      data: { items: Array<{ id: string; created: string; message?: string }> };
    };
    return { unseen: counts.data.unseen, items: list.data.items };
  });
  const old = server.items.filter((n) => n.created <= markedAt);
  const shown = await badge(page);
  if (old.length === 0 && shown === server.unseen) return '';
  return `badge ${shown}, server unseen ${server.unseen}, unseen from before the mark: ${JSON.stringify(old.slice(0, 5))}`;
}

test('mark all seen: the badge goes to 0 here and in the other browser without reloading', async () => {
  const { page } = s.a;
  await page.getByRole('group', { name: 'Priority' }).getByRole('button', { name: 'Critical' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  expect(await badge(s.b.page)).toBeGreaterThan(0);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/v3/notifications/seen') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Mark all as seen' }).click();
  const marks = (await (await answered).json()) as { data: { ids: string[]; seen: string } };
  expect(marks.data.ids.length, 'the unseen notifications were marked').toBeGreaterThan(0);
  const markedAt = marks.data.seen;
  await expect.poll(() => afterMarkAll(page, markedAt), { timeout: 10_000 }).toBe('');
  // The list shows no more unseen rows than are unseen (0 unless one arrived after the mark).
  expect(await page.locator('[data-testid="notification"][data-unseen]').count()).toBeLessThanOrEqual(await badge(page));
  const marked = Date.now();
  await expect.poll(() => afterMarkAll(s.b.page, markedAt), { timeout: 10_000 }).toBe('');
  console.log(`notifications: the other browser's badge agreed ${Date.now() - marked} ms after the marks (badge ${await badge(s.b.page)})`);
  expect(s.b.navigations, 'no reload').toEqual([]);
});
