/**
 * The alarm pipeline's figure (issue 17 §5, §6): a measurement in → the notification on screen,
 * p50 / p95 / max over ALARMS (default 100) new alarms, in a signed-in browser.
 *
 * - Unit 10005 "District heating well 2", channel 1 "Analogue 1" (4–20 mA) gets a level-4 high
 *   limit of 100 mA (critical alarm type 17; its level-1 limit is switched off meanwhile, so one
 *   reading raises one alarm). Round i posts a reading of 200 + i mA through the real ingestion
 *   API (POST /api/v3/ingest, an API token of the organisation), then, once the notification is on
 *   screen, a reading of 10 mA that clears the alarm — so every round's alarm is a new one (an
 *   alarm already active raises nothing, alarms/evaluate.ts).
 * - The browser (demo.super, on the overview dashboard it lands on) posts the readings itself with
 *   fetch — the token is the authorisation, the request is same-origin — so every time is one
 *   clock: the page's performance.now().
 * - t0: just before the reading's POST. Measured from t0:
 *   - `ingestMs`: the POST answered (the reading stored, limits evaluated, the alarm's event,
 *     notifications and task written: the pipeline runs inside the request);
 *   - `pushMs`: the notification arrived on the push stream (an EventSource listener installed
 *     before the shell's own);
 *   - `toastMs` — **the figure**: the critical-alarm toast naming this round's reading is in the
 *     page (`[data-testid="toast"]` containing "<value> mA"; a MutationObserver). That is the element
 *     the pushed notification puts on screen at once. The toast is closed again after each round:
 *     the shell shows one critical toast at a time;
 *   - `badgeMs`: the unseen badge of the Notifications link changed after the push (the shell asks
 *     for the notification list again first). Rounds where another notification arrived within
 *     1.5 s before t0 or before the badge changed (the demo simulator raises alarms once a minute)
 *     are left out of the badge figure;
 *   - `desktopMs`: a desktop notification (`new Notification(…)`, recorded) naming this round's
 *     reading, when the shell shows them;
 *   - `allBrowsersMs`, with PERF_BROWSERS=n (default 1): n − 1 more browsers of the organisation
 *     (demo.user, demo.super, … each its own session, on the overview) — the toast naming the
 *     reading is in every one of them (issue 17 §5: every open browser within 2 s). Times between
 *     pages compare performance.timeOrigin + now() (the same system clock).
 * Written to e2e/perf/results/alarm-pipeline.json, one line appended to
 * e2e/perf/results/alarm-pipeline.md, and printed. With PERF_ASSERT=1 the issue's promise — on
 * screen within 2 s — is asserted on the p95.
 */
import { expect, test, type Page } from '@playwright/test';
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiSession, signIn } from '../tests/helpers';

const ALARMS = Number(process.env.PERF_ALARMS ?? 100);
/** Signed-in browsers of the organisation (demo.super first, then demo.user and demo.super in turn). */
const BROWSERS = Math.max(1, Number(process.env.PERF_BROWSERS ?? 1));
const UNIT = 10005;
const CHANNEL = 1;
const LIMIT_HIGH = 100;
const NORMAL = 10;
const BUDGET_MS = 2000;
/** A round that shows nothing on screen by then is a miss. */
const ROUND_TIMEOUT_MS = 10_000;
const out = path.resolve(__dirname, 'results');

test.use({ trace: 'off' });

interface Round {
  i: number;
  value: number;
  /** Date.now() at t0 (to line rounds up with the server log). */
  at: number;
  ingestMs: number;
  pushMs: number | null;
  toastMs: number | null;
  badgeMs: number | null;
  /** Another notification arrived near this round: its badge time is not counted. */
  badgeDisturbed: boolean;
  desktopMs: number | null;
  /** With PERF_BROWSERS > 1: the toast in the last of the browsers (this one included). */
  allBrowsersMs: number | null;
}

/** Installed before the page's own scripts: records pushes, badge changes and desktop notifications. */
function instrument() {
  interface Bench {
    push: Array<{ type: string; data: string; at: number }>;
    badge: Array<{ label: string; at: number }>;
    desktop: Array<{ text: string; at: number }>;
    /** Toasts as they appear: text, and the time as epoch ms (comparable between pages). */
    toasts: Array<{ text: string; epoch: number }>;
  }
  const w = window as unknown as { __fwBench: Bench };
  const bench: Bench = (w.__fwBench = { push: [], badge: [], desktop: [], toasts: [] });
  const shown = new WeakSet<Element>();

  // Push: a listener of our own on every stream, registered before the shell's.
  const NativeES = window.EventSource;
  window.EventSource = class extends NativeES {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init);
      for (const type of ['notification', 'event', 'alarm'])
        this.addEventListener(type, (e) => {
          bench.push.push({ type, data: String((e as MessageEvent).data), at: performance.now() });
          window.dispatchEvent(new Event('fw-bench-push'));
        });
    }
  };

  // Desktop notifications, recorded; the real constructor still runs.
  const NativeN = window.Notification;
  if (typeof NativeN === 'function') {
    const Recording = new Proxy(NativeN, {
      construct(target, args: [string, NotificationOptions?]) {
        bench.desktop.push({ text: `${args[0]} ${args[1]?.body ?? ''}`, at: performance.now() });
        try {
          return Reflect.construct(target, args) as object;
        } catch {
          return Object.create(target.prototype) as object;
        }
      },
      get(target, prop) {
        const v = Reflect.get(target, prop) as unknown;
        return typeof v === 'function' && prop !== 'prototype'
          ? (v as (...a: unknown[]) => unknown).bind(target)
          : v;
      },
    });
    Object.defineProperty(window, 'Notification', { value: Recording, configurable: true, writable: true });
  }

  // The badge: its label ("N unread notifications") whenever it changes.
  let last = '';
  const readBadge = () => {
    const label = document.querySelector('[data-testid="unseen-badge"]')?.getAttribute('aria-label') ?? '';
    if (label !== last) {
      last = label;
      bench.badge.push({ label, at: performance.now() });
    }
  };
  const readToasts = () => {
    for (const el of document.querySelectorAll('[data-testid="toast"]')) {
      if (shown.has(el)) continue;
      shown.add(el);
      bench.toasts.push({ text: el.textContent ?? '', epoch: performance.timeOrigin + performance.now() });
    }
  };
  const start = () =>
    new MutationObserver(() => {
      readBadge();
      readToasts();
    }).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['aria-label'],
    });
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
}

/** One round in the page: post the reading, wait for the toast naming it, close the toasts. */
function round(page: Page, token: string, i: number, value: number, ts: string) {
  return page
    .evaluate(
      async ({ token, unit, channel, value, ts, timeoutMs, limit }) => {
        const w = window as unknown as {
          __fwBench: {
            push: Array<{ type: string; data: string; at: number }>;
            badge: Array<{ label: string; at: number }>;
            desktop: Array<{ text: string; at: number }>;
          };
        };
        const bench = w.__fwBench;
        const marker = `${value} mA`;
        const ownText = `above high limit ${limit} mA`;
        const closeToasts = () => {
          for (const el of document.querySelectorAll('[data-testid="toast"] button'))
            (el as HTMLButtonElement).click();
        };
        closeToasts();
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        const pushFrom = bench.push.length;
        const badgeFrom = bench.badge.length;
        const desktopFrom = bench.desktop.length;

        let toastAt: number | null = null;
        const findToast = () => {
          if (toastAt !== null) return;
          for (const el of document.querySelectorAll('[data-testid="toast"]'))
            if ((el.textContent ?? '').includes(marker)) {
              toastAt = performance.now();
              return;
            }
        };
        let done: () => void = () => undefined;
        const seen = new Promise<void>((resolve) => (done = resolve));
        const observer = new MutationObserver(() => {
          findToast();
          if (toastAt !== null) done();
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        const timer = setTimeout(done, timeoutMs);

        const t0 = performance.now();
        const t0Epoch = performance.timeOrigin + t0;
        const at = Date.now();
        const res = await fetch('/api/v3/ingest', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ points: [{ unitId: unit, channel, ts, value }] }),
        });
        const ingestAt = performance.now();
        const answer = (await res.json()) as { data?: { accepted?: number } };
        if (res.status !== 200 || answer.data?.accepted !== 1)
          throw new Error(`ingest: ${res.status} ${JSON.stringify(answer)}`);
        await seen;
        clearTimeout(timer);
        observer.disconnect();
        // Give the badge (it asks the server first) the same time the toast had, and at least 2 s.
        const waitBadge = async () => {
          const until = performance.now() + Math.max(2000, timeoutMs / 2);
          while (performance.now() < until) {
            const push = bench.push
              .slice(pushFrom)
              .find((p) => p.type === 'notification' && p.data.includes(marker));
            if (push && bench.badge.slice(badgeFrom).some((b) => b.at >= push.at)) return;
            await new Promise((r) => setTimeout(r, 25));
          }
        };
        await waitBadge();
        const mine = bench.push
          .slice(pushFrom)
          .find((p) => p.type === 'notification' && p.data.includes(marker));
        const badge = mine ? bench.badge.slice(badgeFrom).find((b) => b.at >= mine.at) : undefined;
        // Notifications not of these rounds (the simulator's), shortly before or during this one.
        const others = bench.push.filter(
          (p) =>
            p.type === 'notification' &&
            !p.data.includes(ownText) &&
            p.at >= t0 - 1500 &&
            p.at <= (badge?.at ?? Infinity),
        );
        const desktop = bench.desktop.slice(desktopFrom).find((d) => d.text.includes(marker));
        closeToasts();
        return {
          at,
          t0Epoch,
          ingestMs: ingestAt - t0,
          pushMs: mine ? mine.at - t0 : null,
          toastMs: toastAt === null ? null : (toastAt as number) - t0,
          badgeMs: badge ? badge.at - t0 : null,
          badgeDisturbed: others.length > 0,
          desktopMs: desktop ? desktop.at - t0 : null,
        };
      },
      { token, unit: UNIT, channel: CHANNEL, value, ts, timeoutMs: ROUND_TIMEOUT_MS, limit: LIMIT_HIGH },
    )
    .then((r) => ({ i, value, ...r }));
}

/**
 * When another browser showed the round's toast (epoch ms), waiting up to the round's timeout;
 * then closes its toasts for the next round. Null when it never did.
 */
function toastIn(page: Page, value: number, sinceEpoch: number) {
  return page.evaluate(
    async ({ marker, sinceEpoch, timeoutMs }) => {
      const bench = (window as unknown as { __fwBench: { toasts: Array<{ text: string; epoch: number }> } })
        .__fwBench;
      const until = Date.now() + timeoutMs;
      let hit: { epoch: number } | undefined;
      while (
        !(hit = bench.toasts.find((x) => x.epoch >= sinceEpoch && x.text.includes(marker))) &&
        Date.now() < until
      )
        await new Promise((r) => setTimeout(r, 20));
      for (const el of document.querySelectorAll('[data-testid="toast"] button'))
        (el as HTMLButtonElement).click();
      return hit ? hit.epoch : null;
    },
    { marker: `${value} mA`, sinceEpoch, timeoutMs: ROUND_TIMEOUT_MS },
  );
}

/** The reading that clears the round's alarm (from the page too, one request at a time). */
function clear(page: Page, token: string, ts: string) {
  return page.evaluate(
    async ({ token, unit, channel, value, ts }) => {
      const res = await fetch('/api/v3/ingest', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ points: [{ unitId: unit, channel, ts, value }] }),
      });
      if (res.status !== 200) throw new Error(`ingest: ${res.status} ${await res.text()}`);
    },
    { token, unit: UNIT, channel: CHANNEL, value: NORMAL, ts },
  );
}

function stats(xs: Array<number | null>) {
  const v = xs.filter((x): x is number => x !== null).sort((a, b) => a - b);
  if (v.length === 0) return { n: 0, p50: null, p95: null, max: null, min: null, mean: null };
  // Nearest rank.
  const pct = (p: number) => v[Math.min(v.length - 1, Math.max(0, Math.ceil((p / 100) * v.length) - 1))]!;
  const r = (x: number) => Math.round(x);
  return {
    n: v.length,
    p50: r(pct(50)),
    p95: r(pct(95)),
    max: r(v[v.length - 1]!),
    min: r(v[0]!),
    mean: r(v.reduce((s, x) => s + x, 0) / v.length),
  };
}

test('alarm pipeline: a measurement in → the notification on screen, p50/p95 over 100 alarms', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000 + ALARMS * 15_000);
  const api = await apiSession(request, baseURL!);
  const token = await api.post<{ id: number; token: string }>('/api/v3/admin/tokens', {
    name: `perf alarm pipeline ${Date.now()}`,
    organizationId: 1,
  });
  const limits = `/api/v3/device/devices/${UNIT}/channels/${CHANNEL}/limits`;
  const context = await browser.newContext({ baseURL });
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  const contexts = [context];
  const others: Page[] = [];
  try {
    await api.put(limits, {
      levels: [
        { level: 1, enabled: false },
        { level: 4, high: LIMIT_HIGH, enabled: true },
      ],
    });
    await page.goto('/login');
    const stream = page.waitForResponse((r) => r.url().includes('/api/v3/events/stream'));
    await signIn(page);
    await expect(page.getByTestId('status-summary')).toBeVisible({ timeout: 60_000 });
    expect((await stream).status()).toBe(200);
    // The other browsers of the organisation: each its own context and session, on the overview.
    for (let n = 1; n < BROWSERS; n++) {
      const ctx = await browser.newContext({ baseURL });
      contexts.push(ctx);
      await ctx.addInitScript(instrument);
      const other = await ctx.newPage();
      await other.goto('/login');
      const otherStream = other.waitForResponse((r) => r.url().includes('/api/v3/events/stream'));
      await signIn(other, n % 2 === 1 ? 'demo.user' : 'demo.super');
      await expect(other.getByTestId('status-summary')).toBeVisible({ timeout: 60_000 });
      expect((await otherStream).status()).toBe(200);
      others.push(other);
    }
    await page.waitForTimeout(2000); // the first load's requests settle

    const rounds: Round[] = [];
    let ts = Date.now();
    const nextTs = () => new Date((ts = Math.max(ts + 1, Date.now()))).toISOString();
    for (let i = 1; i <= ALARMS; i++) {
      const { t0Epoch, ...r } = await round(page, token.token, i, 200 + i, nextTs());
      let last = r.toastMs;
      for (const other of others) {
        const epoch = await toastIn(other, r.value, t0Epoch);
        last = epoch === null || last === null ? null : Math.max(last, epoch - t0Epoch);
      }
      rounds.push({ ...r, allBrowsersMs: BROWSERS > 1 ? last : null });
      await clear(page, token.token, nextTs());
      await page.waitForTimeout(150); // the clear's push settles before the next round
    }

    const figures = {
      toastMs: stats(rounds.map((r) => r.toastMs)),
      pushMs: stats(rounds.map((r) => r.pushMs)),
      ingestMs: stats(rounds.map((r) => r.ingestMs)),
      badgeMs: stats(rounds.map((r) => (r.badgeDisturbed ? null : r.badgeMs))),
      desktopMs: stats(rounds.map((r) => r.desktopMs)),
      allBrowsersMs: stats(rounds.map((r) => r.allBrowsersMs)),
    };
    const result = {
      measuredAt: new Date().toISOString(),
      what: 'measurement in (POST /api/v3/ingest) → notification on screen; the figure: toastMs (the critical-alarm toast naming the reading)',
      onScreenElement: '[data-testid="toast"] containing "<value> mA" (the shell\'s critical-alarm toast)',
      alarms: ALARMS,
      browsers: BROWSERS,
      missed: {
        toast: rounds.filter((r) => r.toastMs === null).length,
        push: rounds.filter((r) => r.pushMs === null).length,
      },
      badgeRoundsLeftOut: rounds.filter((r) => r.badgeDisturbed).length,
      budgetMs: BUDGET_MS,
      passP95:
        figures.toastMs.p95 !== null && figures.toastMs.p95 <= BUDGET_MS && figures.toastMs.n === ALARMS,
      machine: {
        cpus: os.cpus().length,
        model: os.cpus()[0]?.model,
        node: process.version,
        loadAverage1m: os.loadavg()[0] ?? 0,
      },
      figures,
      rounds: rounds.map((r) => ({
        ...r,
        ingestMs: Math.round(r.ingestMs),
        pushMs: r.pushMs === null ? null : Math.round(r.pushMs),
        toastMs: r.toastMs === null ? null : Math.round(r.toastMs),
        badgeMs: r.badgeMs === null ? null : Math.round(r.badgeMs),
        desktopMs: r.desktopMs === null ? null : Math.round(r.desktopMs),
        allBrowsersMs: r.allBrowsersMs === null ? null : Math.round(r.allBrowsersMs),
      })),
    };
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, 'alarm-pipeline.json'), JSON.stringify(result, null, 2));
    const md = path.join(out, 'alarm-pipeline.md');
    if (!existsSync(md))
      writeFileSync(
        md,
        '| measured at | alarms | browsers | on screen (toast) p50 / p95 / max ms | in every browser p50 / p95 / max | push p50 / p95 | ingest p50 / p95 | badge p50 / p95 (n) | desktop p50 / p95 (n) | missed | load 1m |\n|---|---|---|---|---|---|---|---|---|---|---|\n',
      );
    const f = figures;
    appendFileSync(
      md,
      `| ${result.measuredAt} | ${ALARMS} | ${BROWSERS} | ${f.toastMs.p50} / ${f.toastMs.p95} / ${f.toastMs.max} (n ${f.toastMs.n}) | ${BROWSERS > 1 ? `${f.allBrowsersMs.p50} / ${f.allBrowsersMs.p95} / ${f.allBrowsersMs.max} (n ${f.allBrowsersMs.n})` : '–'} | ${f.pushMs.p50} / ${f.pushMs.p95} | ${f.ingestMs.p50} / ${f.ingestMs.p95} | ${f.badgeMs.p50} / ${f.badgeMs.p95} (${f.badgeMs.n}) | ${f.desktopMs.p50} / ${f.desktopMs.p95} (${f.desktopMs.n}) | ${result.missed.toast} | ${result.machine.loadAverage1m.toFixed(1)} |\n`,
    );
    console.log(
      `alarm pipeline, measurement in → notification on screen (critical-alarm toast), n=${f.toastMs.n} of ${ALARMS}: ` +
        `p50 ${f.toastMs.p50} ms, p95 ${f.toastMs.p95} ms, max ${f.toastMs.max} ms` +
        (BROWSERS > 1
          ? `; in all ${BROWSERS} browsers (n=${f.allBrowsersMs.n}): p50 ${f.allBrowsersMs.p50} ms, p95 ${f.allBrowsersMs.p95} ms, max ${f.allBrowsersMs.max} ms`
          : ''),
    );
    console.log(JSON.stringify(figures));
    expect(figures.pushMs.n, "every round's notification was pushed").toBe(ALARMS);
    if (process.env.PERF_ASSERT === '1') {
      expect(result.missed.toast).toBe(0);
      expect(figures.toastMs.p95!).toBeLessThanOrEqual(BUDGET_MS);
      if (BROWSERS > 1) {
        expect(figures.allBrowsersMs.n).toBe(ALARMS);
        expect(figures.allBrowsersMs.p95!).toBeLessThanOrEqual(BUDGET_MS);
      }
    }
  } finally {
    await api
      .put(limits, {
        levels: [
          { level: 1, enabled: true },
          { level: 4, high: null, enabled: true },
        ],
      })
      .catch(() => undefined);
    await api.delete(`/api/v3/admin/tokens/${token.id}`).catch(() => undefined);
    for (const c of contexts) await c.close();
  }
});
