/**
 * Device-table benchmark: GET /api/v3/device/table over 100,000 units (a page ≤ 10 ms).
 *
 * A fresh database (PGlite in a temp folder, or a throw-away PostgreSQL database on
 * `--database-url`) gets the real migrations and the bench fleet of bench/seed.ts without history
 * (units, channels, limits, active and old alarms); the real app (buildApp, demo and simulator off)
 * listens on 127.0.0.1 and one client signs in and sends sequential keep-alive requests, one query
 * shape at a time: 20 warm-ups, then `--samples` timed ones (p50/p95 per shape). The shapes that
 * follow a change (an alarm acknowledged, a unit renamed, untimed, before each sample) show what the
 * rebuilt index costs. Results: bench/results/device-table.json, one entry per driver.
 *
 *   node bench/build.mjs bench/device-table.ts && node dist/device-table.cjs --driver pglite
 *   node dist/device-table.cjs --driver postgres --database-url postgres://postgres@127.0.0.1:5432/postgres
 *
 * `inProcess` times the service call itself (deviceTablePage, no HTTP) for the same shapes.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { DEVICE_TYPES } from '@fieldwatch/shared';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import { openDatabase, type DbHandle } from '../src/db/client';
import { deviceTablePage } from '../src/modules/devices/units/table';
import { benchConfig, throwawayPostgres } from './common';
import { measure, stats, type Stats } from './http';
import { HISTORY_STEP_MS, seedBench, signInBenchUser } from './seed';

const RESULTS_FILE = path.resolve(__dirname, '..', 'bench', 'results', 'device-table.json');
const TARGET_MS = 10;
type Driver = 'pglite' | 'postgres';

const HELP = `Device-table benchmark (server/bench/device-table.ts).

Usage: node dist/device-table.cjs [options]

  --driver <d>          pglite | postgres | both (default: pglite)
  --database-url <url>  PostgreSQL server for --driver postgres/both (or BENCH_DATABASE_URL,
                        TEST_DATABASE_URL)
  --units <n>           units to seed (default 100000)
  --samples <n>         timed requests per query shape (default 200)
  --help`;

function log(line: string): void {
  process.stdout.write(`[device-table] ${line}\n`);
}

function baseConfig(): Config {
  return benchConfig({ dbStatementTimeoutMs: 600_000 });
}

async function openBench(driver: Driver, databaseUrl: string | undefined) {
  if (driver === 'pglite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fw-bench-table-'));
    const config = { ...baseConfig(), dataDir };
    return {
      config,
      handle: await openDatabase(config),
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  if (!databaseUrl) throw new Error('--driver postgres needs --database-url');
  const pg = await throwawayPostgres(databaseUrl);
  const config = { ...baseConfig(), databaseUrl: pg.url };
  return { config, handle: await openDatabase(config), cleanup: pg.drop };
}

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

async function runDriver(driver: Driver, opts: { units: number; samples: number; databaseUrl?: string }) {
  const bench = await openBench(driver, opts.databaseUrl);
  const db = bench.handle.db;
  const t0 = performance.now();
  log(`${driver}: seeding ${opts.units} units…`);
  const now = new Date(Math.floor(Date.now() / HISTORY_STEP_MS) * HISTORY_STEP_MS);
  const seed = await seedBench(db, {
    units: opts.units,
    historyUnits: 0,
    historyChannels: 1,
    historyDays: 1,
    now,
    log: (l) => log(`  ${l}`),
  });
  const seedSeconds = Math.round(performance.now() - t0) / 1000;
  log(`${driver}: seeded in ${seedSeconds} s`);
  const counts = rowsOf<{ units: number; active: number }>(
    await db.execute(
      sql`select (select count(*) from units)::int as units, (select count(*) from alarms where active)::int as active`,
    ),
  )[0]!;

  const app = await buildApp({ config: bench.config, database: bench.handle as DbHandle });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  // The floor of any request on this machine right now (same process and client).
  const hello = Fastify({ logger: false });
  hello.get('/', async () => ({ hello: 'world' }));
  const helloBase = await hello.listen({ host: '127.0.0.1', port: 0 });
  const measures: Record<string, Stats & { request: string; targetMs?: number; pass?: boolean }> = {};
  try {
    const cookie = await signInBenchUser(base);
    const headers = { cookie };
    const get = (p: string) => ({ url: `${base}${p}`, headers });
    const pages = Math.ceil(opts.units / 20);
    const type = DEVICE_TYPES[0]!.code;
    const check = (body: unknown) => {
      const d = (body as { data?: { rows?: unknown[]; total?: number } }).data;
      if (!d || !Array.isArray(d.rows) || d.total !== counts.units)
        throw new Error(`unexpected answer ${JSON.stringify(body).slice(0, 200)}`);
    };
    const light = { warmup: 20, samples: opts.samples, check };
    const heavy = { warmup: 3, samples: Math.max(10, Math.round(opts.samples / 8)) };
    const shapes: Array<{ name: string; request: string; url: (i: number) => string; target: boolean }> = [
      {
        name: 'firstPage',
        request: 'GET /api/v3/device/table?use_context=true (status, page 1)',
        url: () => '/api/v3/device/table?use_context=true',
        target: true,
      },
      {
        name: 'anyPageByName',
        request: 'sort=name, pages spread over all 5,000',
        url: (i) =>
          `/api/v3/device/table?use_context=true&sort=name&page=${1 + ((Math.abs(i) * 7919) % pages)}`,
        target: true,
      },
      {
        name: 'lastPageLastContactDesc',
        request: `sort=lastContact&dir=desc&page=${pages}`,
        url: () => `/api/v3/device/table?use_context=true&sort=lastContact&dir=desc&page=${pages}`,
        target: true,
      },
      {
        name: 'statusAlarm',
        request: 'status=alarm',
        url: () => '/api/v3/device/table?use_context=true&status=alarm',
        target: true,
      },
      {
        name: 'textOneWord',
        request: 'q=<town> sort=location',
        url: () => '/api/v3/device/table?use_context=true&q=stockholm&sort=location',
        target: true,
      },
      {
        name: 'textTwoWords',
        request: 'q=<two words>',
        url: () => '/api/v3/device/table?use_context=true&q=stockholm%20tank',
        target: true,
      },
      {
        name: 'combined',
        request: `q + status=alarm,problem + types=${type} + sort=model desc, page 2`,
        url: () =>
          `/api/v3/device/table?use_context=true&q=a&status=alarm,problem&types=${type}&sort=model&dir=desc&page=2`,
        target: true,
      },
      {
        name: 'alarmType',
        request: 'alarmTypes=3,19',
        url: () => '/api/v3/device/table?use_context=true&alarmTypes=3,19',
        target: true,
      },
      {
        name: 'pageSize500',
        request: 'pageSize=500 (select all matching)',
        url: () => '/api/v3/device/table?use_context=true&pageSize=500',
        target: false,
      },
    ];
    const floor = await measure(() => ({ url: `${helloBase}/` }), { warmup: 20, samples: opts.samples });
    measures.helloWorld = { request: 'GET / of a Fastify hello-world (the floor)', ...floor };
    log(`${driver}: helloWorld p50 ${floor.p50Ms} ms, p95 ${floor.p95Ms} ms`);
    // Reference: the plain paged list (id order, no filters) on the same data and machine, as
    // bench/run.ts measures it — compare the table's figures with it when the machine is busy.
    const reference = await measure(
      (i) =>
        get(`/api/v3/device/devices?use_context=true&pageSize=20&page=${1 + ((Math.abs(i) * 7919) % pages)}`),
      {
        warmup: 20,
        samples: opts.samples,
      },
    );
    measures.referenceDevicePage = {
      request: 'GET /api/v3/device/devices?use_context=true&page=P (the plain paged list)',
      ...reference,
    };
    log(`${driver}: referenceDevicePage p50 ${reference.p50Ms} ms, p95 ${reference.p95Ms} ms`);
    for (const shape of shapes) {
      const stats = await measure((i) => get(shape.url(i)), light);
      measures[shape.name] = {
        request: shape.request,
        ...stats,
        ...(shape.target ? { targetMs: TARGET_MS, pass: stats.p95Ms <= TARGET_MS } : {}),
      };
      log(`${driver}: ${shape.name} p50 ${stats.p50Ms} ms, p95 ${stats.p95Ms} ms`);
    }

    // After an alarm changes (untimed, before each sample): the table's alarm part follows.
    // Cleared: an active alarm goes inactive, so its unit's status, the counts and the status
    // order change. Text: an alarm's text changes, which changes no unit's status.
    const active = rowsOf<{ id: number }>(
      await db.execute(sql`select id from alarms where active order by id limit 400`),
    ).map((r) => Number(r.id));
    // Two disjoint halves (the shapes must not clear each other's alarms); a small --units run
    // has fewer than the 400 a full one takes.
    const half = Math.floor(active.length / 2);
    if (half === 0) throw new Error(`${driver}: the seed has no active alarms to clear; use more --units`);
    const afterAlarm = await measure(() => get('/api/v3/device/table?use_context=true'), {
      ...heavy,
      before: async (i) => {
        const id = active[(i + 100) % half]!;
        await db.execute(sql`update alarms set active = false where id = ${id}`);
      },
    });
    measures.firstPageAfterAlarmChange = {
      request: 'page 1 right after an active alarm was cleared (untimed): status, counts and order change',
      ...afterAlarm,
      targetMs: TARGET_MS,
      pass: afterAlarm.p95Ms <= TARGET_MS,
    };
    log(`${driver}: firstPageAfterAlarmChange p50 ${afterAlarm.p50Ms} ms, p95 ${afterAlarm.p95Ms} ms`);
    const afterAlarmFilter = await measure(
      () => get('/api/v3/device/table?use_context=true&status=alarm&alarmTypes=3,19'),
      {
        ...heavy,
        before: async (i) => {
          const id = active[half + ((i + 100) % half)]!;
          await db.execute(sql`update alarms set active = false where id = ${id}`);
        },
      },
    );
    measures.alarmFilterAfterAlarmChange = {
      request: 'status=alarm&alarmTypes=3,19 right after an active alarm was cleared (untimed)',
      ...afterAlarmFilter,
      targetMs: TARGET_MS,
      pass: afterAlarmFilter.p95Ms <= TARGET_MS,
    };
    log(
      `${driver}: alarmFilterAfterAlarmChange p50 ${afterAlarmFilter.p50Ms} ms, p95 ${afterAlarmFilter.p95Ms} ms`,
    );
    const stillActive = rowsOf<{ id: number }>(
      await db.execute(sql`select id from alarms where active order by id desc limit 200`),
    ).map((r) => Number(r.id));
    const afterText = await measure(() => get('/api/v3/device/table?use_context=true'), {
      ...heavy,
      before: async (i) => {
        const id = stillActive[(i + 100) % stillActive.length]!;
        await db.execute(sql`update alarms set text = text || '.' where id = ${id}`);
      },
    });
    measures.firstPageAfterAlarmTextChange = {
      request: "page 1 right after an active alarm's text changed (untimed): no status changes",
      ...afterText,
      targetMs: TARGET_MS,
      pass: afterText.p95Ms <= TARGET_MS,
    };
    log(`${driver}: firstPageAfterAlarmTextChange p50 ${afterText.p50Ms} ms, p95 ${afterText.p95Ms} ms`);

    const afterUnit = await measure(() => get('/api/v3/device/table?use_context=true&sort=name'), {
      ...heavy,
      before: async (i) => {
        await db.execute(sql`update units set name = name where id = ${1 + Math.abs(i)}`);
      },
    });
    measures.byNameAfterUnitChange = {
      request: 'sort=name right after a unit was renamed (untimed): the index is rebuilt (rare)',
      ...afterUnit,
    };
    log(`${driver}: byNameAfterUnitChange p50 ${afterUnit.p50Ms} ms, p95 ${afterUnit.p95Ms} ms`);

    // The service call alone, for the page shapes (what the server spends, without HTTP).
    const inProcess: Record<string, Stats> = {};
    for (const shape of shapes.filter((x) => x.target)) {
      const samples = [];
      for (let i = -20; i < opts.samples; i++) {
        const q = Object.fromEntries(new URL(`http://x${shape.url(i)}`).searchParams) as Record<
          string,
          string
        >;
        const query = { ...q, page: Number(q.page ?? 1), pageSize: Number(q.pageSize ?? 20) } as Parameters<
          typeof deviceTablePage
        >[2];
        const t = performance.now();
        await deviceTablePage(db, [seed.organizationId], query);
        if (i >= 0) samples.push({ ms: performance.now() - t, bytes: 0 });
      }
      inProcess[shape.name] = stats(samples);
      log(
        `${driver}: in process ${shape.name} p50 ${inProcess[shape.name]!.p50Ms} ms, p95 ${inProcess[shape.name]!.p95Ms} ms`,
      );
    }
    Object.assign(
      measures,
      Object.fromEntries(
        Object.entries(inProcess).map(([k, v]) => [
          `inProcess.${k}`,
          { request: 'deviceTablePage() in process', ...v, targetMs: TARGET_MS, pass: v.p95Ms <= TARGET_MS },
        ]),
      ),
    );
    // The same right after an active alarm was cleared (untimed): what following the change costs.
    const toClear = rowsOf<{ id: number }>(
      await db.execute(sql`select id from alarms where active order by id desc limit ${heavy.samples + 3}`),
    ).map((r) => Number(r.id));
    if (toClear.length < heavy.samples + 3)
      throw new Error(`${driver}: too few active alarms left to clear in process; use more --units`);
    const afterClear = [];
    for (let i = -3; i < heavy.samples; i++) {
      await db.execute(sql`update alarms set active = false where id = ${toClear[i + 3]!}`);
      const t = performance.now();
      await deviceTablePage(db, [seed.organizationId], {
        use_context: true,
        page: 1,
        pageSize: 20,
      } as Parameters<typeof deviceTablePage>[2]);
      if (i >= 0) afterClear.push({ ms: performance.now() - t, bytes: 0 });
    }
    const afterClearStats = stats(afterClear);
    measures['inProcess.firstPageAfterAlarmChange'] = {
      request: 'deviceTablePage() in process, right after an active alarm was cleared',
      ...afterClearStats,
      targetMs: TARGET_MS,
      pass: afterClearStats.p95Ms <= TARGET_MS,
    };
    log(
      `${driver}: in process firstPageAfterAlarmChange p50 ${afterClearStats.p50Ms} ms, p95 ${afterClearStats.p95Ms} ms`,
    );

    const csv = await measure(
      () => get('/api/v3/device/table.csv?use_context=true&status=alarm,problem'),
      heavy,
    );
    measures.csvAlarmsAndProblems = { request: 'table.csv?status=alarm,problem', ...csv };
    log(`${driver}: csvAlarmsAndProblems p50 ${csv.p50Ms} ms, p95 ${csv.p95Ms} ms`);
  } finally {
    await hello.close();
    await app.close();
    await bench.handle.close();
    await bench.cleanup();
  }
  return {
    at: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model,
      node: process.version,
      loadAverage1m: os.loadavg()[0],
    },
    dataset: counts,
    seedSeconds,
    measures,
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      driver: { type: 'string' },
      'database-url': { type: 'string' },
      units: { type: 'string' },
      samples: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return;
  }
  const databaseUrl =
    values['database-url'] ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const driver = values.driver ?? 'pglite';
  const drivers: Driver[] = driver === 'both' ? ['pglite', 'postgres'] : [driver as Driver];
  const units = Number(values.units ?? 100_000);
  const samples = Number(values.samples ?? 200);
  const results: Record<string, unknown> = existsSync(RESULTS_FILE)
    ? (JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as Record<string, unknown>)
    : {};
  for (const d of drivers) {
    results[d] = await runDriver(d, { units, samples, databaseUrl });
    mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
    log(`wrote ${RESULTS_FILE}`);
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
