/**
 * Authenticated throughput (issue 22 §3): requests per second of the device list of one
 * organisation (GET /api/v2/device/devices?use_context=true, a session cookie, demo.user's 144
 * units) next to a Fastify hello-world in the same process and run, both with autocannon (10
 * connections, keep-alive). The figure is the ratio; targets ≥ 0.3 on PostgreSQL, ≥ 0.1 on PGlite.
 * Also the session check itself (GET /api/v3/user/session), to show what a session costs. Results:
 * bench/results/throughput.json with the load and a CPU reference.
 *
 *   node bench/build.mjs bench/throughput.ts && node dist/throughput.cjs --driver both \
 *     --database-url postgres://postgres@127.0.0.1:5432/postgres
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { SESSION_COOKIE_NAME } from '@fieldwatch/shared';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { benchConfig, cpuReferenceMs, throwawayPostgres } from './common';

const RESULTS_FILE = path.resolve(__dirname, '..', 'bench', 'results', 'throughput.json');
type Driver = 'pglite' | 'postgres';

function log(line: string): void {
  process.stdout.write(`[throughput] ${line}\n`);
}

async function rate(url: string, seconds: number, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: 10, duration: seconds, headers });
  if (r.errors || r.timeouts || r.non2xx)
    throw new Error(`${url}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx`);
  return {
    requestsPerSecond: Math.round(r.requests.average),
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
  };
}

async function runDriver(driver: Driver, databaseUrl: string | undefined, seconds: number) {
  if (driver === 'postgres' && !databaseUrl) throw new Error('--driver postgres needs --database-url');
  const db = driver === 'postgres' ? await throwawayPostgres(databaseUrl!) : { url: undefined, drop: async () => undefined };
  const config = benchConfig({ demo: true, ...(db.url ? { databaseUrl: db.url } : {}) });
  const handle = await openDatabase(config);
  const app = await buildApp({ config, database: handle });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const hello = Fastify({ logger: false });
  hello.get('/', async () => ({ hello: 'world' }));
  const helloBase = await hello.listen({ host: '127.0.0.1', port: 0 });
  try {
    const login = await fetch(`${base}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ username: 'demo.user', password: 'fieldwatch-demo' }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith(`${SESSION_COOKIE_NAME}=`));
    if (!cookie) throw new Error(`login answered ${login.status} without a session cookie`);
    const headers = { cookie, 'accept-encoding': 'gzip, br' };
    const list = await fetch(`${base}/api/v2/device/devices?use_context=true`, { headers: { cookie } });
    const units = ((await list.json()) as { data: unknown[] }).data.length;
    const load = os.loadavg()[0]!;
    // Warm-ups, then the figures: hello-world, the device list, the session check.
    await rate(`${helloBase}/`, 2);
    await rate(`${base}/api/v2/device/devices?use_context=true`, 2, headers);
    const helloWorld = await rate(`${helloBase}/`, seconds);
    const deviceList = await rate(`${base}/api/v2/device/devices?use_context=true`, seconds, headers);
    const session = await rate(`${base}/api/v3/user/session`, seconds, headers);
    const ratio = (x: { requestsPerSecond: number }) =>
      Math.round((x.requestsPerSecond / helloWorld.requestsPerSecond) * 1000) / 1000;
    const result = {
      driver,
      units,
      seconds,
      connections: 10,
      helloWorld,
      deviceList: { ...deviceList, ratio: ratio(deviceList), target: driver === 'postgres' ? 0.3 : 0.1 },
      session: { ...session, ratio: ratio(session) },
      loadAverage1m: Math.round(load * 100) / 100,
    };
    log(
      `${driver}: hello ${helloWorld.requestsPerSecond} req/s; device list (${units} units) ${deviceList.requestsPerSecond} req/s = ${result.deviceList.ratio}×; session ${session.requestsPerSecond} req/s = ${result.session.ratio}×`,
    );
    return result;
  } finally {
    await hello.close();
    await app.close();
    await handle.close();
    await db.drop();
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      driver: { type: 'string', default: 'pglite' },
      'database-url': { type: 'string' },
      seconds: { type: 'string', default: '10' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(
      'Usage: node dist/throughput.cjs [--driver pglite|postgres|both] [--database-url <url>] [--seconds 10]',
    );
    return 0;
  }
  const drivers: Driver[] = values.driver === 'both' ? ['pglite', 'postgres'] : [values.driver as Driver];
  const cpu = cpuReferenceMs();
  const results: Record<string, unknown> = existsSync(RESULTS_FILE)
    ? JSON.parse(readFileSync(RESULTS_FILE, 'utf8'))
    : {};
  for (const driver of drivers) {
    const r = await runDriver(driver, values['database-url'], Number(values.seconds));
    results[driver] = {
      ...r,
      at: new Date().toISOString(),
      cpus: os.cpus().length,
      cpuReferenceMs: cpu,
      node: process.version,
    };
  }
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  log(`wrote ${path.relative(process.cwd(), RESULTS_FILE)}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
