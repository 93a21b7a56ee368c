/**
 * Accessibility (issue 23): axe-core (WCAG 2.0–2.2 A and AA rules, the rule set browsers' own
 * audits use) over every screen — sign-in, each built-in dashboard, a custom dashboard holding every
 * widget, the device table and each tab of a unit's page, groups, locations, tasks and a task,
 * notifications, every admin and profile section and each onboarding step — in the dark and the
 * bright theme, on a desktop and at phone width (390×844): no serious or critical violation.
 *
 * One browser context per theme and width: the signed-out screens first, then one sign-in through
 * the form, and the rest reached inside the app (history.pushState, as the shell's own links do), so
 * the four passes stay within a few minutes on two cores. The table of every page, theme and width
 * (rules, nodes, and for each failing element its colours and contrast) goes to
 * test-results/accessibility.json and the log.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { apiSession, expectOverview, signIn } from './helpers';
// The unit page's tabs, from the one list the page uses (no imports: safe to load here).
import { UNIT_TAB_NAMES } from '../../shared/src/domain/unit-tabs';

/** server/src/seed/fleet.ts DEMO_TAGS: notActivated (no journey activates it) and activated. */
const TAG = '8d3f6a2e-5c1b-4e7a-9f0d-2b6c8e4a1f35';
const TAG_ACTIVATED = '1b7e4c9a-3d2f-4a6b-8e5c-7f0a9d2b4c61';
/** A unit of our own hardware with channels: every tab of its page has content. */
const UNIT = 10005;
const ADMIN_SECTIONS = [
  'general',
  'customization',
  'users',
  'accounts',
  'user-management',
  'permissions',
  'dashboard-ownership',
  'workspace-ownership',
  'security',
  'api',
  'usage-statistics',
  'audit-log',
];
const PROFILE_SECTIONS = [
  '',
  'personal',
  'password',
  'two-factor',
  'preferences',
  'notifications',
  'sessions',
];
const KINDS = ['overview', 'units', 'alarms', 'map', 'telemetry', 'parking'];

interface Config {
  name: string;
  theme: 'dark' | 'bright';
  width: 'desktop' | 'phone';
}
const CONFIGS: Config[] = [
  { name: 'dark desktop', theme: 'dark', width: 'desktop' },
  { name: 'bright desktop', theme: 'bright', width: 'desktop' },
  { name: 'dark phone', theme: 'dark', width: 'phone' },
  { name: 'bright phone', theme: 'bright', width: 'phone' },
];

interface Row {
  page: string;
  theme: string;
  width: string;
  rules: number;
  nodes: number;
  ids: string[];
  /** The failing elements: rule, selector and, for contrast, the colours and the ratio. */
  details: string[];
}
const rows: Row[] = [];

/** What axe-core answers of a violation (the part read here). */
interface AxeViolation {
  id: string;
  impact?: string | null;
  nodes: Array<{ target: unknown[]; html: string; any: Array<{ data?: unknown }> }>;
}

/** axe-core itself, put into the page once per document (the moves inside the app keep it there). */
const AXE_SOURCE = readFileSync(
  createRequire(__filename).resolve('axe-core/axe.min.js', {
    paths: [path.dirname(createRequire(__filename).resolve('@axe-core/playwright'))],
  }),
  'utf8',
);
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core over the page (and any frame in it), the same rules @axe-core/playwright's AxeBuilder
 * runs with these tags. Run directly: AxeBuilder injects the 500 kB library again for every page,
 * which made a pass of 60 screens take minutes instead of seconds.
 */
async function audit(page: Page, name: string, config: Config): Promise<Row> {
  const violations: AxeViolation[] = [];
  for (const frame of page.frames()) {
    if (frame.isDetached()) continue;
    const loaded = await frame.evaluate(() => 'axe' in window).catch(() => null);
    if (loaded === null) continue;
    if (!loaded) await frame.evaluate(AXE_SOURCE);
    violations.push(
      ...(await frame.evaluate(
        (tags) =>
          (
            window as unknown as {
              axe: { run: (c: Document, o: object) => Promise<{ violations: AxeViolation[] }> };
            }
          ).axe
            .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
            .then((r) => r.violations),
        TAGS,
      )),
    );
  }
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const row: Row = {
    page: name,
    theme: config.theme,
    width: config.width,
    rules: bad.length,
    nodes: bad.reduce((n, v) => n + v.nodes.length, 0),
    ids: bad.map((v) => `${v.id} ×${v.nodes.length}`),
    details: bad.flatMap((v) =>
      v.nodes.map((n) => {
        const d = (n.any[0]?.data ?? {}) as {
          fgColor?: string;
          bgColor?: string;
          contrastRatio?: number;
          expectedContrastRatio?: string;
        };
        const colours = d.fgColor
          ? ` ${d.fgColor} on ${d.bgColor} = ${d.contrastRatio} (needs ${d.expectedContrastRatio})`
          : '';
        return `${v.id} ${n.target.join(' ')}${colours} «${n.html.slice(0, 90)}»`;
      }),
    ),
  };
  rows.push(row);
  return row;
}

/**
 * Waits until the screen has what it loads: no request on its way for a moment (the push stream
 * and map tiles aside) and nothing marked busy.
 */
function settler(page: Page, base: string) {
  const open = new Set<unknown>();
  let last = Date.now();
  // Only the app's own requests (map tiles come from elsewhere and, offline, never), not the push stream.
  const ignored = (url: string) => !url.startsWith(base) || url.includes('/events/stream');
  page.on('request', (r) => {
    if (ignored(r.url())) return;
    open.add(r);
    last = Date.now();
  });
  const done = (r: unknown) => {
    if (open.delete(r)) last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async () => {
    await page.waitForTimeout(100);
    const until = Date.now() + 5_000;
    const t0 = Date.now();
    while (Date.now() < until && (open.size > 0 || Date.now() - last < 250)) await page.waitForTimeout(100);
    if (process.env.A11Y_DEBUG)
      console.log(
        `settle ${Date.now() - t0} ms, open: ${[...open].map((r) => (r as { url(): string }).url()).join(' ')}`,
      );
    await page
      .waitForFunction(() => !document.querySelector('[aria-busy="true"], [data-state="loading"]'), null, {
        timeout: 6_000,
      })
      .catch(() => undefined);
    // Transitions (menus, fades) end before the colours are read.
    await page.waitForTimeout(150);
  };
}

/** A move inside the app, as the shell's links make it (single-spa and the areas' routers follow). */
async function go(page: Page, url: string) {
  await page.evaluate((u) => window.history.pushState(null, '', u), url);
}

type Api = Awaited<ReturnType<typeof apiSession>>;
const CUSTOM_NAME = 'Accessibility: every widget';

/** The dashboard with every widget of the catalogue (one map: the others are on the built-ins). */
async function customDashboard(api: Api): Promise<number> {
  const catalogue =
    await api.get<Array<{ id: string; announced: boolean; map: boolean; defaultH: number }>>(
      '/api/v3/user/widget',
    );
  const widgets = catalogue.filter((w) => !w.announced && (!w.map || w.id === 'unitMap'));
  customWidgets = widgets.length;
  const existing = (
    await api.get<Array<{ id: number; name: string }>>('/api/v3/user/dashboard?excludeContent=true')
  ).find((d) => d.name === CUSTOM_NAME);
  if (existing) return existing.id;
  const ids = widgets.map((w, n) => `${w.id}-${n + 1}`);
  const stack = (cols: number) => {
    let y = 0;
    return widgets.map((w, n) => {
      const item = { i: ids[n]!, x: 0, y, w: cols, h: w.defaultH, mW: Math.min(2, cols), mH: 3 };
      y += w.defaultH;
      return item;
    });
  };
  const { id, updatedAt } = await api.post<{ id: number; updatedAt: string }>('/api/v3/user/dashboard', {
    name: CUSTOM_NAME,
  });
  await api.put(`/api/v3/user/dashboard/${id}`, {
    updatedAt,
    content: {
      unitGroups: [],
      linkGroups: [{ id: 'default', name: 'default', color: 'group-one' }],
      bindings: {},
      layouts: { md: stack(12), sm: stack(6), xs: stack(2) },
      widgets: widgets.map((w, n) => ({
        id: ids[n]!,
        component: w.id,
        name: w.id,
        group: 'default',
        props: {},
        settings: {},
      })),
    },
  });
  return id;
}

/** The onboarding flow of demo.super brought to its last step (organisation and placement saved, not activated). */
async function onboardingFlow(api: Api) {
  const flowUrl = `/api/v3/onboarding/flow/${TAG}`;
  const flow = await api.get<{ next: string; organizations: Array<{ id: number; name: string }> }>(flowUrl);
  if (flow.next === 'terms') return;
  const org = flow.organizations.find((o) => o.name === 'Nordic Utilities') ?? flow.organizations[0]!;
  await api.put(`${flowUrl}/organization`, { organizationId: org.id });
  await api.put(`${flowUrl}/placement`, {
    name: 'Heat exchanger 2',
    lat: 57.7089,
    lon: 11.9746,
    locationName: 'Accessibility check site',
  });
}

let customId = 0;
let customWidgets = 0;
let taskId = '';
let dashboards: Array<{ id: number; static: string | null }> = [];

// Before any browser signs in, so that the shell's session lists the new dashboard.
test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL: baseURL! });
  const api = await apiSession(request, baseURL!);
  customId = await customDashboard(api);
  dashboards = await api.get<Array<{ id: number; static: string | null }>>(
    '/api/v3/user/dashboard?excludeContent=true',
  );
  await onboardingFlow(api);
  const tasks = await api.get<{ items: Array<{ id: string }> }>('/api/v3/tasks?view=all&pageSize=1');
  taskId = tasks.items[0]?.id ?? '';
  await request.dispose();
});

const encodeDashboardId = (id: number) => Buffer.from(String(id + 1000)).toString('base64');

for (const config of CONFIGS) {
  test(`axe-core: no serious or critical violation on any screen, ${config.name}`, async ({
    browser,
    baseURL,
  }) => {
    // About 1.5 minutes a pass on two free cores (55 screens); generous for a machine shared with builds.
    test.setTimeout(600_000);
    const phone = config.width === 'phone';
    const context = await browser.newContext({
      baseURL,
      viewport: phone ? { width: 390, height: 844 } : { width: 1440, height: 900 },
      ...(phone ? { isMobile: true, hasTouch: true } : {}),
    });
    await context.addInitScript((theme) => {
      try {
        localStorage.setItem('fw.theme', theme);
      } catch {
        /* opaque origin */
      }
    }, config.theme);
    const page = await context.newPage();
    const settle = settler(page, baseURL!);
    const first = rows.length;
    try {
      const check = async (name: string) => {
        const t0 = Date.now();
        await settle();
        const t1 = Date.now();
        await audit(page, name, config);
        if (process.env.A11Y_DEBUG)
          console.log(`${config.name} ${name}: settle ${t1 - t0} ms, audit ${Date.now() - t1} ms`);
      };
      // A screen that does not show what it should is a row of its own, and the pass goes on.
      const visit = async (name: string, url: string, ready?: () => Promise<unknown>) => {
        await go(page, url);
        const missing = ready ? await ready().then(() => null, (e: Error) => e.message.split('\n')[0]!) : null;
        if (missing && process.env.A11Y_DEBUG)
          await page.screenshot({ path: `/tmp/a11y-missing-${name.replace(/\W+/g, '-')}.png` });
        await check(name);
        if (missing) rows.at(-1)!.details.push(`the screen did not show: ${missing}`);
      };

      // Signed out: sign-in and the onboarding's first steps.
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('data-theme', config.theme);
      await check('login');
      await page.goto('/onboarding');
      await check('onboarding: tag entry');
      await visit('onboarding: unknown tag', '/onboarding?tag=no-such-tag-0000');
      await visit('onboarding: activated tag', `/onboarding?tag=${TAG_ACTIVATED}`);
      await visit('onboarding: device and account', `/onboarding?tag=${TAG}`, () =>
        page.getByTestId('device-card').waitFor({ timeout: 15_000 }),
      );
      await page.getByTestId('choice-register').first().click();
      await expect(page.getByTestId('register-form')).toBeVisible();
      await check('onboarding: register');
      await page.getByTestId('register-form').locator('button[type="submit"]').click();
      await check('onboarding: register, errors');

      await page.goto('/login');
      await signIn(page);
      await expectOverview(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', config.theme);

      for (const kind of KINDS) {
        const d = dashboards.find((x) => x.static === kind);
        expect(d, `built-in dashboard ${kind}`).toBeDefined();
        await visit(`dashboard: ${kind}`, `/dashboard/${encodeDashboardId(d!.id)}`);
      }
      await visit('dashboard: every widget', `/dashboard/${encodeDashboardId(customId)}`, () =>
        page
          .waitForFunction(
            (n) => document.querySelectorAll('[data-testid="widget-frame"]').length >= n,
            customWidgets,
            { timeout: 30_000 },
          )
          // The widgets' latest readings come a few seconds later (the water level's gauges last).
          .then(() => page.getByTestId('level-gauge').first().waitFor({ timeout: 20_000 }))
          .then(() => undefined),
      );

      await visit('device table', '/devicemanagement');
      for (const tab of UNIT_TAB_NAMES) await visit(`unit: ${tab}`, `/devicemanagement/${UNIT}/${tab}`);
      await visit('groups', '/groupmanagement');
      await visit('locations', '/locationmanagement');
      await visit('tasks', '/taskmanagement', () =>
        page.getByTestId('task-board').waitFor({ timeout: 15_000 }),
      );
      expect(taskId).not.toBe('');
      await visit('a task', `/taskmanagement?view=all&task=${taskId}`, () =>
        page.getByTestId('task-panel').waitFor({ timeout: 15_000 }),
      );
      await visit('notifications', '/notifications');
      for (const s of ADMIN_SECTIONS) await visit(`admin: ${s}`, `/admin/${s}`);
      for (const s of PROFILE_SECTIONS)
        await visit(`profile: ${s || 'overview'}`, `/profile${s ? `/${s}` : ''}`);

      for (const step of ['organisation', 'placement', 'terms'])
        await visit(`onboarding: ${step}`, `/onboarding?tag=${TAG}&step=${step}`, () =>
          page.getByTestId(`step-${step}-panel`).waitFor({ timeout: 15_000 }),
        );
    } finally {
      writeTable(config, rows.slice(first));
      await context.close();
    }
    const mine = rows.slice(first);
    for (const r of mine)
      console.log(
        `${`${r.theme} ${r.width}`.padEnd(14)} ${r.page.padEnd(30)} ${String(r.rules).padStart(2)} rules ${String(r.nodes).padStart(4)} nodes  ${r.ids.join(', ')}`,
      );
    expect(mine.flatMap((r) => r.details.map((d) => `${r.theme} ${r.width} ${r.page}: ${d}`))).toEqual([]);
  });
}

/**
 * The table of this pass replaces its theme and width in test-results/accessibility.json (the
 * passes may run in different workers, and a failed pass still writes what it found).
 */
function writeTable(config: Config, mine: Row[]) {
  // A11Y_TABLE: another file (a run beside another one in the same checkout).
  const file = process.env.A11Y_TABLE ?? path.join(__dirname, '..', 'test-results', 'accessibility.json');
  mkdirSync(path.dirname(file), { recursive: true });
  let all: Row[] = [];
  try {
    if (existsSync(file)) all = JSON.parse(readFileSync(file, 'utf8')) as Row[];
  } catch {
    all = [];
  }
  const others = all.filter((r) => !(r.theme === config.theme && r.width === config.width));
  const order = (r: Row) => CONFIGS.findIndex((c) => c.theme === r.theme && c.width === r.width);
  const table = [...others, ...mine].sort((a, b) => order(a) - order(b));
  writeFileSync(file, `${JSON.stringify(table, null, 2)}\n`);
}
