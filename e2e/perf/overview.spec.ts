/**
 * The overview dashboard of the demo fleet, loaded signed in on localhost without throttling:
 * LCP, total blocking time (long tasks over 50 ms from navigation until the widgets settle), CLS and
 * the JavaScript bytes transferred. Written to e2e/perf/results/overview.json; the budgets
 * (LCP ≤ 1200 ms, TBT ≤ 150 ms) are asserted only with PERF_ASSERT=1, as the figures depend on the
 * machine. Median of RUNS cold loads (fresh browser context each: nothing cached); `warm`: the same
 * figures for RUNS loads in one context, as a returning user's browser (HTTP cache and compiled code
 * kept); and cpuReferenceMs: a fixed piece of JavaScript timed in a blank page of the same browser, to
 * compare machines by.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signIn } from '../tests/helpers';

const RUNS = Number(process.env.PERF_RUNS ?? 5);
const out = path.resolve(__dirname, 'results');

interface Run {
  lcpMs: number;
  tbtMs: number;
  cls: number;
  longTasks: number;
  jsBytes: number;
  jsTransferred: number;
  jsFiles: number;
  settledMs: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Records LCP, layout shifts and long tasks in every document `page` loads (call once per page). */
async function instrument(page: Page): Promise<Page> {
  await page.addInitScript(() => {
    const w = window as unknown as { __perf: { lcp: number; cls: number; long: number[] } };
    w.__perf = { lcp: 0, cls: 0, long: [] };
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) w.__perf.lcp = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((l) => {
      for (const e of l.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!e.hadRecentInput) w.__perf.cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) w.__perf.long.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  return page;
}

/** One load of /dashboard/default in an instrumented `page`, measured until the widgets settle. */
async function loadOverview(page: Page): Promise<Run> {
  await page.goto('/dashboard/default');
  // Settled: the status widget is drawn and no widget is loading. Polled with a plain query every
  // 250 ms: Playwright's expect() polling runs its injected selector engine on the page's main
  // thread and would be counted as the page's own blocking time (see README).
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="status-summary"]') !== null &&
      document.querySelectorAll('[data-state="loading"], [role="progressbar"]').length === 0,
    null,
    { polling: 250, timeout: 30_000 },
  );
  const settledMs = await page.evaluate(() => performance.now());
  // LCP is final at the first input; a click on empty space ends it without changing anything.
  await page.mouse.click(2, 2);
  await page.waitForTimeout(500);
  const r = await page.evaluate(() => {
    const w = window as unknown as { __perf: { lcp: number; cls: number; long: number[] } };
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (e) => e.initiatorType === 'script' || e.name.endsWith('.js'),
    );
    return {
      lcpMs: w.__perf.lcp,
      cls: w.__perf.cls,
      tbtMs: w.__perf.long.reduce((s, d) => s + Math.max(0, d - 50), 0),
      longTasks: w.__perf.long.length,
      jsBytes: scripts.reduce((s, e) => s + (e.transferSize || e.encodedBodySize), 0),
      jsTransferred: scripts.reduce((s, e) => s + e.transferSize, 0),
      jsFiles: scripts.length,
    };
  });
  return { ...r, settledMs };
}

test('overview dashboard: LCP, TBT, CLS and JavaScript bytes', async ({ browser }) => {
  test.setTimeout((2 * RUNS + 2) * 60_000);
  // One sign-in; every run reuses the session cookie in a fresh context (cold cache).
  const login = await browser.newContext();
  const lp = await login.newPage();
  await lp.goto('/login');
  await signIn(lp);
  await expect(lp.getByTestId('status-summary')).toBeVisible();
  const state = await login.storageState();
  await login.close();

  // Cold: a fresh context per load (no HTTP cache, no compiled code): a first visit.
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    const ctx = await browser.newContext({ storageState: state });
    runs.push(await loadOverview(await instrument(await ctx.newPage())));
    await ctx.close();
  }

  // Warm: one context, as a returning user's browser. Chromium keeps a script's compiled code only
  // once it has run it twice, so two loads first; then RUNS loads, each from a blank page.
  const warmCtx = await browser.newContext({ storageState: state });
  const warmPage = await instrument(await warmCtx.newPage());
  for (let i = 0; i < 2; i++) await loadOverview(warmPage);
  const warm: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    await warmPage.goto('about:blank');
    warm.push(await loadOverview(warmPage));
  }
  await warmCtx.close();

  // The same fixed JavaScript work (build, serialise, parse and sort 200,000 records) in a blank
  // page of this browser: the figures above scale with it, so loads measured on different machines
  // can be compared through it.
  const ref = await browser.newPage();
  const cpuReference: number[] = [];
  for (let i = 0; i < 5; i++)
    cpuReference.push(
      await ref.evaluate(() => {
        const t = performance.now();
        const rows = Array.from({ length: 200_000 }, (_, n) => ({ id: n, name: `unit ${n}`, v: Math.sin(n) }));
        const back = JSON.parse(JSON.stringify(rows)) as typeof rows;
        back.sort((a, b) => a.v - b.v);
        return performance.now() - t;
      }),
    );
  await ref.close();

  const figures = {
    lcpMs: { median: median(runs.map((r) => r.lcpMs)), target: 1200 },
    tbtMs: { median: median(runs.map((r) => r.tbtMs)), target: 150 },
    cls: { median: median(runs.map((r) => r.cls)) },
    jsBytes: { median: median(runs.map((r) => r.jsBytes)) },
    settledMs: { median: median(runs.map((r) => r.settledMs)) },
    cpuReferenceMs: { median: median(cpuReference) },
    warm: {
      lcpMs: { median: median(warm.map((r) => r.lcpMs)) },
      tbtMs: { median: median(warm.map((r) => r.tbtMs)) },
      cls: { median: median(warm.map((r) => r.cls)) },
      jsTransferred: { median: median(warm.map((r) => r.jsTransferred)) },
    },
  };
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, 'overview.json'),
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        machine: { cpus: os.cpus().length, node: process.version },
        runs,
        warmRuns: warm,
        figures,
      },
      null,
      2,
    ),
  );
  console.log(JSON.stringify(figures));
  expect(runs.every((r) => r.lcpMs > 0)).toBe(true);
  if (process.env.PERF_ASSERT === '1') {
    expect(figures.lcpMs.median).toBeLessThanOrEqual(1200);
    expect(figures.tbtMs.median).toBeLessThanOrEqual(150);
  }
});
