/**
 * A team ships its remote alone (issue 21 §2, §5): the tasks remote is published as version 1.0.0
 * into the server's release store and made live with `npm run release`; version 2.0.0 is served
 * from a second origin (a CDN on another port) and made live with the same command, the shell
 * unchanged and no restart. A tab opened before the release keeps working on 1.0.0 (its files are
 * all still there), a new page gets 2.0.0 from the other origin, a tab that had not opened the area
 * yet gets 2.0.0 on its next navigation, and a roll back returns everybody's next page to 1.0.0.
 *
 * Its own server (the production build, an in-memory demo database), so that switching the tasks
 * remote never touches the journeys that run on the shared one.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';
import { demoServerEnv, freePort, startFieldwatch } from './signin-servers';

const root = path.resolve(__dirname, '..', '..');
const KEY = 'e2e-release-key-0123456789abcdef';
const run = promisify(execFile);

interface Servers {
  base: string;
  cdn: string;
  env: NodeJS.ProcessEnv;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.css': 'text/css',
  '.txt': 'text/plain',
};

/** A static host on another origin, as a CDN would serve a remote: CORS on everything, files immutable. */
function startCdn(dir: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '');
    const file = path.resolve(dir, rel);
    res.setHeader('access-control-allow-origin', '*');
    if (!file.startsWith(dir + path.sep) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.setHeader('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream');
    res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

async function startServers(): Promise<Servers> {
  const work = mkdtempSync(path.join(tmpdir(), 'fw-release-e2e-'));
  const [port, cdnPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  const cdn = `http://127.0.0.1:${cdnPort}`;
  // Version 2.0.0 on the CDN: the tasks remote's build, as a team's CI would upload it.
  cpSync(path.join(root, 'mf-tasks', 'dist'), path.join(work, 'cdn', 'tasks', '2.0.0'), { recursive: true });
  // And the dashboards' build: its map clusters in a Web Worker, whose script is then on the CDN too.
  cpSync(path.join(root, 'mf-dashboard', 'dist'), path.join(work, 'cdn', 'dashboard', '2.0.0'), {
    recursive: true,
  });
  const cdnServer = await startCdn(path.join(work, 'cdn'), cdnPort);
  const env = demoServerEnv(port, {
    MAIL_DIR: path.join(work, 'mail'),
    RELEASE_KEY: KEY,
    RELEASES_DIR: path.join(work, 'releases'),
    REMOTE_ORIGINS: cdn,
    FIELDWATCH_URL: base,
  });
  const server = await startFieldwatch(base, env);
  return {
    base,
    cdn,
    env,
    close: async () => {
      await server.stop();
      cdnServer.closeAllConnections();
      await new Promise((resolve) => cdnServer.close(resolve));
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** `npm run release -- …` against the journey's server; what it printed (warnings after the output). */
async function release(s: Servers, ...args: string[]): Promise<string> {
  const { stdout, stderr } = await run(process.execPath, [path.join(root, 'tools', 'release.mjs'), ...args], {
    env: s.env,
    cwd: root,
  });
  return stdout + stderr;
}

/** Every URL of the tasks remote's files a page asks for, with its status. */
function tasksFiles(page: Page): Array<{ url: string; status: number }> {
  const seen: Array<{ url: string; status: number }> = [];
  page.on('response', (r) => {
    const url = r.url();
    if (url.includes('/tasks/') && /\.(js|json)$/.test(new URL(url).pathname))
      seen.push({ url, status: r.status() });
  });
  page.on('requestfailed', (r) => {
    if (r.url().includes('/tasks/')) seen.push({ url: r.url(), status: 0 });
  });
  return seen;
}

async function expectTaskBoard(page: Page) {
  await expect(page.getByTestId('task-board')).toBeVisible();
  await expect(page.getByTestId('task-row').first()).toBeVisible();
}

test.describe('releasing a remote alone', () => {
  let s: Servers;
  test.beforeAll(async () => {
    s = await startServers();
  });
  test.afterAll(async () => {
    await s?.close();
  });

  test('a new version from a second origin goes live, an old tab keeps working, and it rolls back', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const v1 = `${s.base}/remotes/tasks/1.0.0/`;
    const v2 = `${s.cdn}/tasks/2.0.0/`;

    expect(await release(s, 'tasks', '1.0.0')).toContain(
      'tasks: 1.0.0 (/remotes/tasks/1.0.0/mf-manifest.json)',
    );

    // The old tab: the tasks area opened on 1.0.0. Another tab has not opened it yet.
    const context = await browser.newContext({ baseURL: s.base });
    const old = await context.newPage();
    const oldFiles = tasksFiles(old);
    await old.goto('/login');
    await signIn(old);
    await old.goto('/taskmanagement');
    await expectTaskBoard(old);
    expect(oldFiles.length).toBeGreaterThan(0);
    expect(oldFiles.every((f) => f.url.startsWith(v1) && f.status === 200)).toBe(true);
    const shellScripts = await old.evaluate(() =>
      [...document.scripts].map((x) => x.src).filter((src) => !src.includes('/remotes/')),
    );
    const later = await context.newPage();
    const laterFiles = tasksFiles(later);
    await later.goto('/devicemanagement');
    await expect(later.getByRole('navigation').getByRole('link', { name: 'Tasks' })).toBeVisible();

    // 2.0.0 lives on the CDN: published by its URL and made live, no restart.
    const started = Date.now();
    const out = await release(s, 'tasks', '2.0.0', '--url', `${v2}mf-manifest.json`);
    const switchMs = Date.now() - started;
    expect(out).toContain(`tasks: 2.0.0 (${v2}mf-manifest.json); roll back to 1.0.0`);
    expect((await (await fetch(`${s.base}/remotes.json`)).json()).tasks).toBe(`${v2}mf-manifest.json`);

    // The old tab keeps working on 1.0.0: other screens of the area, a task, back — every file from 1.0.0.
    const before = oldFiles.length;
    await old
      .getByRole('navigation')
      .getByRole('link', { name: /^Notifications/ })
      .first()
      .click();
    await expect(old).toHaveURL(/\/notifications/);
    await old.getByRole('navigation').getByRole('link', { name: 'Tasks' }).click();
    await expectTaskBoard(old);
    await old.getByTestId('task-row').first().click();
    await expect(old).toHaveURL(/task=/);
    expect(oldFiles.slice(before).every((f) => f.url.startsWith(v1) && f.status === 200)).toBe(true);
    // And every file of 1.0.0 is still served after the switch (what a lazy chunk needs).
    const manifest = (await (await fetch(`${v1}mf-manifest.json`)).json()) as {
      exposes: Array<{ assets: { js: { async: string[]; sync: string[] } } }>;
    };
    for (const file of manifest.exposes.flatMap((e) => [...e.assets.js.sync, ...e.assets.js.async]))
      expect((await fetch(`${v1}${file}`)).status, file).toBe(200);

    // The tab that had not opened the area: its next navigation there loads 2.0.0 from the CDN.
    await later.waitForTimeout(5_500); // REMOTES_FRESH_MS: the map it read at its load has aged
    await later.getByRole('navigation').getByRole('link', { name: 'Tasks' }).click();
    await expectTaskBoard(later);
    expect(laterFiles.length).toBeGreaterThan(0);
    expect(laterFiles.filter((f) => !(f.url.startsWith(v2) && f.status === 200))).toEqual([]);

    // A new page: 2.0.0 from the CDN, the same shell.
    const fresh = await context.newPage();
    const freshFiles = tasksFiles(fresh);
    await fresh.goto('/taskmanagement');
    await expectTaskBoard(fresh);
    expect(freshFiles.length).toBeGreaterThan(0);
    expect(freshFiles.every((f) => f.url.startsWith(v2) && f.status === 200)).toBe(true);
    expect(
      await fresh.evaluate(() =>
        [...document.scripts].map((x) => x.src).filter((src) => !src.includes('/remotes/')),
      ),
    ).toEqual(shellScripts);

    // Roll back: the next page is on 1.0.0 again.
    expect(await release(s, 'tasks', '--rollback')).toContain(
      'tasks: 1.0.0 (/remotes/tasks/1.0.0/mf-manifest.json); roll back to 2.0.0',
    );
    const back = await context.newPage();
    const backFiles = tasksFiles(back);
    await back.goto('/taskmanagement');
    await expectTaskBoard(back);
    expect(backFiles.length).toBeGreaterThan(0);
    expect(backFiles.every((f) => f.url.startsWith(v1) && f.status === 200)).toBe(true);

    test
      .info()
      .annotations.push({
        type: 'release switch',
        description: `${switchMs} ms (publish + switch through the command)`,
      });
    await context.close();
  });

  test('a version built for a newer platform is never given to this one’s pages: they keep the one before', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    // Tasks 3.0.0: the tasks build as a team would have built it against a future @fieldwatch/shared 9.
    const dir = mkdtempSync(path.join(tmpdir(), 'fw-tasks-3-'));
    cpSync(path.join(root, 'mf-tasks', 'dist'), dir, { recursive: true });
    const manifestFile = path.join(dir, 'mf-manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
      shared: Array<{ name: string; requiredVersion: string }>;
    };
    manifest.shared.find((x) => x.name === '@fieldwatch/shared')!.requiredVersion = '^9.0.0';
    writeFileSync(manifestFile, JSON.stringify(manifest));
    // What is live now: a version, or "dist" (the dist build).
    const before = /^tasks: (\S+)/m.exec(await release(s, '--status'))![1]!;

    const out = await release(s, 'tasks', '3.0.0', '--from', dir);
    expect(out).toContain('tasks: 3.0.0');
    expect(out).toMatch(/warning: tasks 3\.0\.0 needs platform \^9\.0\.0; this server offers \d+\.\d+\.\d+/);
    expect(await release(s, '--status')).toMatch(/3\.0\.0 .* platform \^9\.0\.0 \(needs a newer platform/);

    // A new page gets the version live before 3.0.0, and the area works (no "needs a newer Fieldwatch").
    const context = await browser.newContext({ baseURL: s.base });
    const page = await context.newPage();
    const files = tasksFiles(page);
    await page.goto('/login');
    await signIn(page);
    await page.goto('/taskmanagement');
    await expectTaskBoard(page);
    await expect(page.getByTestId('area-incompatible-tasks')).toHaveCount(0);
    const expected = before === 'dist' ? `${s.base}/remotes/tasks/` : `${s.base}/remotes/tasks/${before}/`;
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((f) => !f.url.startsWith(expected) || f.url.includes('/3.0.0/'))).toEqual([]);
    await release(s, 'tasks', '--rollback');
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a remote on another origin keeps its Web Workers (the map clusters off the main thread)', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const v2 = `${s.cdn}/dashboard/2.0.0/`;
    await release(s, 'dashboard', '2.0.0', '--url', `${v2}mf-manifest.json`);
    const context = await browser.newContext({ baseURL: s.base });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    const dashboardFiles: string[] = [];
    page.on('response', (r) => {
      if (/\/dashboard\/.*\.(js|json)$/.test(new URL(r.url()).pathname) && !r.url().includes('/api/'))
        dashboardFiles.push(r.url());
    });
    await page.goto('/login');
    await signIn(page);
    await page.goto('/');
    // The overview's map: its clustering runs in the worker the dashboard's build brought along.
    const canvas = page.getByTestId('map-canvas').first();
    await expect(canvas).toHaveAttribute('data-clustering', 'worker', { timeout: 30_000 });
    expect(dashboardFiles.length).toBeGreaterThan(0);
    expect(dashboardFiles.filter((url) => !url.startsWith(v2))).toEqual([]);
    // Started through the same-origin bootstrap (a blob: of this page), which imported the CDN's script.
    expect(workers, JSON.stringify(workers)).toContainEqual(expect.stringMatching(/^blob:/));
    expect(errors.filter((e) => /worker|SecurityError|importScripts/i.test(e))).toEqual([]);
    await release(s, 'dashboard', '--dist');
    await context.close();
  });
});
