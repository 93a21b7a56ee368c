/**
 * Login-flood benchmark (issue 14 §3): does a flood of wrong sign-ins starve other requests?
 *
 * The real app (buildApp, demo and simulator off, TRUST_PROXY on) listens on 127.0.0.1:0 with one
 * user and a small shell (index.html in a temp folder). While `--concurrency` clients send wrong
 * logins back to back for `--seconds`, one client measures sequential cheap requests in turn: the
 * home page `GET /` (a file read: libuv's thread pool, where argon2 also runs), `GET /api/health`
 * and an authenticated `GET /api/v3/user/session` (a database read). Every flood request has its own X-Forwarded-For
 * address and unknown username, so the sign-in throttle does not simply refuse it: each one costs
 * a full argon2 verification, as a botnet's would. The same measures without a flood come first,
 * as the baseline. Results: bench/results/login-flood.json, one entry per `--label` (the file keeps
 * the other labels, so an "old code" and a "new code" run sit side by side).
 *
 *   node bench/build.mjs bench/login-flood.ts && node dist/login-flood.cjs --label new
 *   (or: pnpm --filter @fieldwatch/server bench:login-flood -- --label new)
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SESSION_COOKIE_NAME, USER_TYPES } from '@fieldwatch/shared';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import { openDatabase } from '../src/db/client';
import { users } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/passwords';
import { stats, timedRequest, type Sample, type Stats } from './http';

const RESULTS_FILE = path.resolve(__dirname, '..', 'bench', 'results', 'login-flood.json');
const USER = 'flood.bench';
// Sign-ins are writes: the cross-site guard wants the browser's same-origin marker.
const PASSWORD = 'flood-bench-password-1';
const TARGET_MS = 200;

const HELP = `Login-flood benchmark (server/bench/login-flood.ts, issue 14 §3).

Usage: node dist/login-flood.cjs [options]

  --label <name>        key of this run in results/login-flood.json (default: "latest")
  --concurrency <n>     wrong logins in flight at once (default 64)
  --seconds <n>         how long the flood lasts (default 15)
  --database-url <url>  PostgreSQL database to use (default: in-memory PGlite)
  --help                this text
`;

const log = (line: string) => process.stdout.write(`${line}\n`);

/** A shell look-alike: the home page is a real file, served as in production. */
function shellRoot(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'fw-bench-flood-'));
  mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  const body = `<!doctype html><title>Fieldwatch</title>${'<!-- padding -->'.repeat(100)}`;
  writeFileSync(path.join(root, 'shell', 'dist', 'index.html'), body);
  return root;
}

function config(staticRoot: string, databaseUrl?: string): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    ...(databaseUrl ? { databaseUrl } : {}),
    demo: false,
    simulator: false,
    staticRoot,
    remoteUrls: {},
    cookieSecure: 'never',
    // Each flood request names its own client address, as requests through a proxy do.
    trustProxy: true,
    logLevel: 'warn',
  };
}

/** A distinct address per request: 10.x.y.z from a counter (only a header, never a target). */
const fakeAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

interface PageStats {
  home: Stats;
  health: Stats;
  session: Stats;
  all: Stats;
}

/** Alternating cheap requests until `until()` says stop (at least `min` of each). */
async function measurePages(
  base: string,
  cookie: string,
  until: () => boolean,
  min: number,
): Promise<PageStats> {
  const home: Sample[] = [];
  const health: Sample[] = [];
  const session: Sample[] = [];
  while (health.length < min || !until()) {
    const p = await timedRequest({ url: `${base}/` });
    home.push({ ms: p.ms, bytes: p.body.length });
    const h = await timedRequest({ url: `${base}/api/health` });
    health.push({ ms: h.ms, bytes: h.body.length });
    const s = await timedRequest({ url: `${base}/api/v3/user/session`, headers: { cookie } });
    session.push({ ms: s.ms, bytes: s.body.length });
    if (health.length >= 100_000) break;
  }
  return {
    home: stats(home),
    health: stats(health),
    session: stats(session),
    all: stats([...home, ...health, ...session]),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      label: { type: 'string' },
      concurrency: { type: 'string' },
      seconds: { type: 'string' },
      'database-url': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    log(HELP);
    return;
  }
  const label = values.label ?? 'latest';
  const concurrency = Number(values.concurrency ?? 64);
  const floodSeconds = Number(values.seconds ?? 15);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 1000)
    throw new Error('--concurrency must be 1-1000');
  if (!(floodSeconds >= 1 && floodSeconds <= 300)) throw new Error('--seconds must be 1-300');

  const staticRoot = shellRoot();
  const cfg = config(staticRoot, values['database-url']);
  const handle = await openDatabase(cfg);
  await handle.db
    .insert(users)
    .values({ username: USER, userType: USER_TYPES.User, passwordHash: await hashPassword(PASSWORD) });
  const app = await buildApp({ config: cfg, database: handle });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const login = await timedRequest({
      method: 'POST',
      url: `${base}/api/v2/auth/login`,
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ username: USER, password: PASSWORD }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith(`${SESSION_COOKIE_NAME}=`));
    if (!cookie) throw new Error('login set no session cookie');

    // Warm-up, then the baseline: 3 s of the same page loads without a flood.
    await measurePages(base, cookie, () => true, 20);
    const baseEnd = performance.now() + 3000;
    log('baseline (no flood)...');
    const baseline = await measurePages(base, cookie, () => performance.now() > baseEnd, 50);

    // The flood: `concurrency` loops of wrong logins, each request from a new address and name.
    log(`flood: ${concurrency} concurrent wrong logins for ${floodSeconds} s...`);
    let stop = false;
    let n = 0;
    const statuses: Record<string, number> = {};
    const loginMs: Sample[] = [];
    const salt = randomBytes(3).toString('hex');
    const worker = async () => {
      while (!stop) {
        const i = n++;
        const t0 = performance.now();
        const res = await fetch(`${base}/api/v2/auth/login`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'sec-fetch-site': 'same-origin',
            'x-forwarded-for': fakeAddress(i),
          },
          body: JSON.stringify({ username: `nobody-${salt}-${i}`, password: 'wrong password' }),
        });
        await res.arrayBuffer();
        loginMs.push({ ms: performance.now() - t0, bytes: 0 });
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    };
    const floodStart = performance.now();
    const workers = Array.from({ length: concurrency }, worker);
    // Let the flood fill the pipeline before measuring.
    await new Promise((r) => setTimeout(r, 500));
    const floodEnd = floodStart + floodSeconds * 1000;
    const during = await measurePages(base, cookie, () => performance.now() > floodEnd, 20);
    stop = true;
    await Promise.all(workers);
    const floodMs = performance.now() - floodStart;

    const result = {
      generatedAt: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        availableParallelism: os.availableParallelism(),
        loadAverage1m: Math.round(os.loadavg()[0]! * 100) / 100,
        node: process.version,
      },
      driver: cfg.databaseUrl ? 'postgres' : 'pglite',
      options: { concurrency, floodSeconds },
      targetMs: TARGET_MS,
      baseline,
      duringFlood: during,
      pass: during.all.p95Ms <= TARGET_MS,
      flood: {
        requests: loginMs.length,
        perSecond: Math.round((loginMs.length / floodMs) * 10000) / 10,
        statuses,
        latency: stats(loginMs),
      },
    };
    const previous = existsSync(RESULTS_FILE)
      ? (JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as { runs?: Record<string, unknown> })
      : {};
    mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    writeFileSync(
      RESULTS_FILE,
      `${JSON.stringify({ runs: { ...(previous.runs ?? {}), [label]: result } }, null, 2)}\n`,
    );
    const line = (s: Stats) => `p50 ${s.p50Ms} ms, p95 ${s.p95Ms} ms, max ${s.maxMs} ms (${s.samples})`;
    log(`baseline page loads: ${line(baseline.all)}`);
    log(`during the flood:    ${line(during.all)}`);
    log(`  GET /               ${line(during.home)}`);
    log(`  /api/health         ${line(during.health)}`);
    log(`  /api/v3/user/session ${line(during.session)}`);
    log(`flood: ${result.flood.requests} logins, ${result.flood.perSecond}/s, ${JSON.stringify(statuses)}`);
    log(`written to ${RESULTS_FILE} as "${label}"`);
  } finally {
    await app.close();
    await handle.close();
    rmSync(staticRoot, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
