/**
 * Fieldwatch server benchmark (issue §10). For each driver (PGlite, PostgreSQL) it creates a fresh
 * database, runs the real migrations, seeds a 100,000-unit fleet with a year of 5-minute history
 * for 100 units (bench/seed.ts), starts the real app (buildApp, demo and simulator off) on
 * 127.0.0.1, signs in through the login endpoint and measures over HTTP, next to a Fastify
 * hello-world measured with the same client in the same run. Results: bench/results/<driver>.json
 * and bench/results/latest.json. See bench/README.md.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { DAY_MS, INGEST_MAX_BATCH } from '@fieldwatch/shared';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import { openDatabase, type Db, type DbHandle } from '../src/db/client';
import { measurementRollups, measurements } from '../src/db/schema';
import { rollupRows } from '../src/modules/ingestion/service';
import { benchConfig, machine, throwawayPostgres } from './common';
import { signalValue } from '../src/modules/simulator/signal';
import { DEMO_SEED } from '../src/seed/fleet';
import { measure, stats, timedRequest, type Sample, type Stats } from './http';
import { HISTORY_STEP_MS, rowCounts, seedBench, signInBenchUser, type SeedResult } from './seed';

type Driver = 'pglite' | 'postgres';

const RESULTS_DIR = path.resolve(__dirname, '..', 'bench', 'results');

const HELP = `Fieldwatch server benchmark (server/bench, issue §10).

Usage: pnpm --filter @fieldwatch/server bench [options]

  --driver <d>           pglite | postgres | both (default: both when a PostgreSQL URL is
                         known, else pglite)
  --database-url <url>   PostgreSQL server to create the throw-away database fw_bench_<random> on
                         (default: $BENCH_DATABASE_URL, else $TEST_DATABASE_URL); dropped afterwards
  --units <n>            units to seed (default 100000)
  --history-units <n>    units with measurement history (default 100)
  --history-channels <n> channels with history per such unit (default 1: "Analogue 1")
  --history-days <n>     days of 5-minute history (default 365)
  --samples <n>          recorded requests per light measure (default 200; heavy ones take
                         fewer, see README)
  --ingest-seconds <n>   how long ingestion is sustained (default 20)
  --ingest-batch <n>     points per ingestion request (default ${INGEST_MAX_BATCH}, at most ${INGEST_MAX_BATCH})
  --out <dir>            results folder (default server/bench/results)
  --keep                 keep the database (prints where it is)
  --help                 this text
`;

interface Options {
  drivers: Driver[];
  databaseUrl?: string;
  units: number;
  historyUnits: number;
  historyChannels: number;
  historyDays: number;
  samples: number;
  ingestSeconds: number;
  ingestBatch: number;
  out: string;
  keep: boolean;
}

function parseOptions(argv: string[]): Options | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      driver: { type: 'string' },
      'database-url': { type: 'string' },
      units: { type: 'string' },
      'history-units': { type: 'string' },
      'history-channels': { type: 'string' },
      'history-days': { type: 'string' },
      samples: { type: 'string' },
      'ingest-seconds': { type: 'string' },
      'ingest-batch': { type: 'string' },
      out: { type: 'string' },
      keep: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return null;
  const int = (name: string, raw: string | undefined, def: number, min: number, max: number) => {
    if (raw === undefined) return def;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new Error(`--${name} must be an integer ${min}-${max}`);
    return n;
  };
  const databaseUrl =
    values['database-url'] ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const driver = values.driver ?? (databaseUrl ? 'both' : 'pglite');
  if (!['pglite', 'postgres', 'both'].includes(driver))
    throw new Error('--driver must be pglite, postgres or both');
  const drivers: Driver[] = driver === 'both' ? ['pglite', 'postgres'] : [driver as Driver];
  if (drivers.includes('postgres') && !databaseUrl)
    throw new Error('PostgreSQL needs --database-url (or BENCH_DATABASE_URL / TEST_DATABASE_URL)');
  return {
    drivers,
    databaseUrl,
    units: int('units', values.units, 100_000, 100, 1_000_000),
    historyUnits: int('history-units', values['history-units'], 100, 1, 1000),
    historyChannels: int('history-channels', values['history-channels'], 1, 1, 8),
    historyDays: int('history-days', values['history-days'], 365, 3, 400),
    samples: int('samples', values.samples, 200, 10, 10_000),
    ingestSeconds: int('ingest-seconds', values['ingest-seconds'], 20, 1, 600),
    ingestBatch: int('ingest-batch', values['ingest-batch'], INGEST_MAX_BATCH, 1, INGEST_MAX_BATCH),
    out: path.resolve(values.out ?? RESULTS_DIR),
    keep: values.keep ?? false,
  };
}

const log = (line: string) => process.stdout.write(`${line}\n`);
const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
const seconds = (t0: number) => Math.round(performance.now() - t0) / 1000;

// ───────────────────────── databases ─────────────────────────

interface BenchDatabase {
  handle: DbHandle;
  config: Config;
  describe: string;
  cleanup(): Promise<void>;
}

function baseConfig(): Config {
  // Seeding 100,000 units and a year of data runs single statements far longer than a
  // request's DB_STATEMENT_TIMEOUT_MS default; the bench measures requests, not that limit.
  return benchConfig({ dbStatementTimeoutMs: 600_000 });
}

async function openBenchDatabase(driver: Driver, opts: Options): Promise<BenchDatabase> {
  if (driver === 'pglite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fw-bench-pglite-'));
    const config = { ...baseConfig(), dataDir };
    const handle = await openDatabase(config);
    return {
      handle,
      config,
      describe: `PGlite in ${dataDir}`,
      cleanup: async () => {
        if (!opts.keep) rmSync(dataDir, { recursive: true, force: true });
        else log(`kept PGlite data in ${dataDir}`);
      },
    };
  }
  const pg = await throwawayPostgres(opts.databaseUrl as string);
  const config = { ...baseConfig(), databaseUrl: pg.url };
  const handle = await openDatabase(config);
  return {
    handle,
    config,
    describe: `PostgreSQL database ${pg.name}`,
    cleanup: async () => {
      if (opts.keep) log(`kept PostgreSQL database ${pg.name}`);
      else await pg.drop();
    },
  };
}

// ───────────────────────── checks ─────────────────────────

/**
 * The SQL-aggregated rollups equal what the ingestion path (rollupRows) makes of the same raw
 * points: one full day of one history unit, hour and day rows.
 */
async function verifyRollups(db: Db, seed: SeedResult, now: Date): Promise<string> {
  const unitId = seed.historyUnitIds[0]!;
  const channel = seed.historyChannelNos[0]!;
  const dayStart = new Date(Math.floor((now.getTime() - 2 * DAY_MS) / DAY_MS) * DAY_MS);
  const dayEnd = new Date(dayStart.getTime() + DAY_MS);
  const raw = await db
    .select()
    .from(measurements)
    .where(
      and(
        eq(measurements.unitId, unitId),
        eq(measurements.channelNo, channel),
        gte(measurements.ts, dayStart),
        lt(measurements.ts, dayEnd),
      ),
    );
  const expected = rollupRows(
    raw.map((r) => ({ unitId: r.unitId, channel: r.channelNo, ts: r.ts, value: r.value })),
  );
  const stored = await db
    .select()
    .from(measurementRollups)
    .where(
      and(
        eq(measurementRollups.unitId, unitId),
        eq(measurementRollups.channelNo, channel),
        gte(measurementRollups.bucket, dayStart),
        lt(measurementRollups.bucket, dayEnd),
      ),
    );
  const key = (g: string, b: Date) => `${g}:${b.getTime()}`;
  const byKey = new Map(stored.map((s) => [key(s.granularity, s.bucket), s]));
  const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  if (expected.length !== stored.length || expected.length !== 25)
    throw new Error(`rollup check: ${stored.length} stored rows for ${expected.length} expected (25)`);
  for (const e of expected) {
    const s = byKey.get(key(e.granularity, e.bucket));
    const ok =
      s &&
      close(s.min, e.agg.min) &&
      close(s.max, e.agg.max) &&
      close(s.sum, e.agg.sum) &&
      s.count === e.agg.count &&
      close(s.last, e.agg.last) &&
      s.lastTs.getTime() === e.agg.lastTs;
    if (!ok)
      throw new Error(
        `rollup check: ${e.granularity} ${e.bucket.toISOString()} differs: ${JSON.stringify({ s, e })}`,
      );
  }
  return `unit ${unitId} channel ${channel}, ${dayStart.toISOString().slice(0, 10)}: 24 hour rows + 1 day row equal rollupRows()`;
}

// ───────────────────────── one driver ─────────────────────────

interface Measure extends Partial<Stats> {
  request: string;
  /** The machine's 1-minute load average when the measure started (other work shares the CPUs). */
  loadAverage1m?: number;
  targetMs?: number;
  /** p95 within the target. */
  pass?: boolean;
  /** p50 within the target. */
  passP50?: boolean;
  note?: string;
}

function withTarget(request: string, s: Stats, targetMs?: number, note?: string): Measure {
  return {
    request,
    ...s,
    ...(targetMs !== undefined ? { targetMs, pass: s.p95Ms <= targetMs, passP50: s.p50Ms <= targetMs } : {}),
    ...(note ? { note } : {}),
  };
}

async function runDriver(driver: Driver, opts: Options): Promise<Record<string, unknown>> {
  log(`\n=== ${driver} ===`);
  const startedAt = new Date();
  const bench = await openBenchDatabase(driver, opts);
  const db = bench.handle.db;
  try {
    const version = rowsOf<{ v: string }>(await db.execute(sql`select version() as v`))[0]?.v ?? '';
    log(`${bench.describe} — ${version.split(',')[0]}`);

    const now = new Date(Math.floor(Date.now() / HISTORY_STEP_MS) * HISTORY_STEP_MS);
    log('seeding:');
    const t0 = performance.now();
    const seed = await seedBench(db, {
      units: opts.units,
      historyUnits: opts.historyUnits,
      historyChannels: opts.historyChannels,
      historyDays: opts.historyDays,
      now,
      log,
    });
    const seedSeconds = seconds(t0);
    log(`seeded in ${seedSeconds} s`);
    const counts = await rowCounts(db);
    log(`rows: ${JSON.stringify(counts)}`);
    const rollupCheck = await verifyRollups(db, seed, now);
    log(`rollups: ${rollupCheck}`);

    // The real app, and the hello-world reference, on loopback.
    const app = await buildApp({ config: bench.config, database: bench.handle });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const hello = Fastify({ logger: false });
    hello.get('/', async () => ({ hello: 'world' }));
    const helloBase = await hello.listen({ host: '127.0.0.1', port: 0 });
    const measures: Record<string, Measure> = {};
    let ingestion: Record<string, unknown> = {};
    try {
      const cookie = await signInBenchUser(base);
      const headers = { cookie, 'sec-fetch-site': 'same-origin' };
      const get = (p: string) => ({ url: `${base}${p}`, headers });
      const light = { warmup: 20, samples: opts.samples };
      const heavy = { warmup: 3, samples: Math.max(10, Math.round(opts.samples / 8)) };

      const run = async (
        name: string,
        request: string,
        fn: () => Promise<Stats>,
        targetMs?: number,
        note?: string,
      ) => {
        const load = os.loadavg()[0]!;
        const s = await fn();
        measures[name] = {
          ...withTarget(request, s, targetMs, note),
          loadAverage1m: Math.round(load * 100) / 100,
        };
        const m = measures[name]!;
        log(
          `  ${name.padEnd(16)} p50 ${String(s.p50Ms).padStart(8)} ms  p95 ${String(s.p95Ms).padStart(8)} ms  ` +
            `${(s.bytes / 1024).toFixed(1).padStart(9)} KiB` +
            (targetMs !== undefined ? `  target ${targetMs} ms: ${m.pass ? 'pass' : 'MISS'}` : ''),
        );
      };
      log('measuring:');

      await run('helloWorld', 'GET / (separate Fastify instance, {hello:"world"})', () =>
        measure(() => ({ url: `${helloBase}/` }), light),
      );

      const units = counts.units!;
      const pages = Math.ceil(units / 20);
      const pageCheck = (b: unknown) => {
        const body = b as { data: unknown[]; total: number };
        if (body.data.length !== 20 || body.total !== units)
          throw new Error(`device page: ${body.data.length} of ${body.total}`);
      };
      await run(
        'devicePage',
        'GET /api/v3/device/devices?use_context=true&page=P&pageSize=20 (P spread over all pages)',
        () =>
          measure(
            (i) =>
              get(
                `/api/v3/device/devices?use_context=true&pageSize=20&page=${i < 0 ? 1 : 1 + ((i * 7919) % pages)}`,
              ),
            {
              ...light,
              check: pageCheck,
            },
          ),
        10,
      );
      await run(
        'devicePageFirst',
        'GET /api/v3/device/devices?use_context=true&page=1&pageSize=20',
        () =>
          measure(() => get('/api/v3/device/devices?use_context=true&pageSize=20&page=1'), {
            ...light,
            check: pageCheck,
          }),
        10,
      );
      // A unit renamed before each request: the cached id order of the fleet is rebuilt (cold).
      const renameUnit = async () => {
        await db.execute(sql`update units set name = name || '.' where id = ${seed.historyUnitIds[0]!}`);
      };
      await run(
        'devicePageAfterUnitChange',
        'the same page, each time right after a unit was renamed (cache rebuilt)',
        () =>
          measure(
            (i) =>
              get(
                `/api/v3/device/devices?use_context=true&pageSize=20&page=${i < 0 ? 1 : 1 + ((i * 7919) % pages)}`,
              ),
            {
              ...heavy,
              before: renameUnit,
              check: pageCheck,
            },
          ),
        undefined,
        'no target: the worst case, once after units are added, removed, moved or edited (rare)',
      );
      // Active alarms to acknowledge through the API, one before each "after an alarm change" request.
      const newest = Math.min(500, counts.alarms!);
      const toAcknowledge = rowsOf<{ id: number }>(
        await db.execute(sql`select id from alarms where active order by id`),
      ).map((r) => Number(r.id));
      const needed = 3 * (heavy.warmup + heavy.samples);
      if (toAcknowledge.length < needed)
        throw new Error(
          `${toAcknowledge.length} active alarms; the bench acknowledges ${needed}: seed more --units`,
        );
      const acknowledge = async () => {
        const id = toAcknowledge.pop();
        if (id === undefined) throw new Error('no active alarm left to acknowledge');
        await timedRequest({
          method: 'POST',
          url: `${base}/api/v3/alarms/${id}/actions`,
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ action: 'acknowledge' }),
        });
      };
      await run(
        'alarms500',
        'GET /api/v1/xrequest/GetAlarms (defaults: newest 500 since 2010)',
        () =>
          measure(() => get('/api/v1/xrequest/GetAlarms'), {
            ...light,
            check: (b) => {
              if ((b as unknown[]).length !== newest)
                throw new Error(`GetAlarms: ${(b as unknown[]).length} rows`);
            },
          }),
        10,
      );
      await run(
        'alarms500AfterAlarmChange',
        'the same, each time right after an alarm was acknowledged (POST /api/v3/alarms/{id}/actions, untimed)',
        () =>
          measure(() => get('/api/v1/xrequest/GetAlarms'), {
            ...heavy,
            before: acknowledge,
            check: (b) => {
              if ((b as unknown[]).length !== newest)
                throw new Error(`GetAlarms: ${(b as unknown[]).length} rows`);
            },
          }),
        10,
      );
      const kpiCheck = (b: unknown) => {
        const k = (b as Array<{ Total: number }>)[0]!;
        if (k.Total !== units) throw new Error(`GetKPIAlarms: Total ${k.Total}`);
      };
      await run(
        'statusKpis',
        'GET /api/v1/xrequest/GetKPIAlarms (status counts over all units)',
        () => measure(() => get('/api/v1/xrequest/GetKPIAlarms'), { ...light, check: kpiCheck }),
        undefined,
        'no target in the issue',
      );
      await run(
        'statusKpisAfterAlarmChange',
        'the same, each time right after an alarm was acknowledged (POST /api/v3/alarms/{id}/actions, untimed)',
        () =>
          measure(() => get('/api/v1/xrequest/GetKPIAlarms'), {
            ...heavy,
            before: acknowledge,
            check: kpiCheck,
          }),
        undefined,
        'no target in the issue',
      );
      let gisUnits = 0;
      const gisCheck = (b: unknown) => {
        gisUnits = (b as unknown[]).length;
        if (gisUnits !== units) throw new Error(`GetGISData: ${gisUnits} units`);
      };
      await run(
        'fleetMap',
        'GET /api/v1/xrequest/GetGISData (every unit with position, status and alarm types)',
        () => measure(() => get('/api/v1/xrequest/GetGISData'), { ...heavy, check: gisCheck }),
        500,
      );
      await run(
        'fleetMapAfterAlarmChange',
        'the same, each time right after an alarm was acknowledged (untimed): the map is rebuilt',
        () =>
          measure(() => get('/api/v1/xrequest/GetGISData'), {
            ...heavy,
            before: acknowledge,
            check: gisCheck,
          }),
        500,
      );
      await run(
        'fleetMapAfterUnitChange',
        'the same, each time right after a unit was renamed (untimed): every record is rebuilt',
        () =>
          measure(() => get('/api/v1/xrequest/GetGISData'), {
            ...heavy,
            before: renameUnit,
            check: gisCheck,
          }),
        500,
        'the worst case: units are rarely added, removed, moved or edited',
      );
      const start = new Date(now.getTime() - 365 * DAY_MS).toISOString();
      const end = now.toISOString();
      const ch = seed.historyChannelNos[0]!;
      await run(
        'chartYear',
        `GET /api/v3/device/devices/{id}/data?start=<now-365d>&end=<now>&channel=${ch} (the history units in turn)`,
        () =>
          measure(
            (i) =>
              get(
                `/api/v3/device/devices/${seed.historyUnitIds[Math.abs(i) % seed.historyUnitIds.length]}/data?start=${start}&end=${end}&channel=${ch}`,
              ),
            {
              ...light,
              check: (b) => {
                const d = (b as { data: { granularity: string; channels: Array<{ points: unknown[] }> } })
                  .data;
                const n = d.channels[0]?.points.length ?? 0;
                if (d.granularity !== 'day' || n < Math.min(300, opts.historyDays - 2))
                  throw new Error(`chart: ${d.granularity}, ${n} points`);
              },
            },
          ),
        100,
      );
      await run(
        'deviceListAll',
        'GET /api/v2/device/devices?use_context=true (every unit: what the browser loads today)',
        () => measure(() => get('/api/v2/device/devices?use_context=true'), heavy),
        undefined,
        'no target in the issue; the device page loads this list and pages in the browser',
      );

      ingestion = await measureIngestion(db, base, headers, seed, now, opts);
    } finally {
      await hello.close();
      await app.close();
    }

    const afterCounts = await rowCounts(db);
    return {
      driver,
      startedAt: startedAt.toISOString(),
      database: { describe: bench.describe.replace(/ in .*/, ''), version },
      dataset: {
        ...counts,
        historyUnits: seed.historyUnitIds.length,
        historyChannels: seed.historyChannelNos.length,
        historyDays: opts.historyDays,
        historyStepMinutes: HISTORY_STEP_MS / 60_000,
        rollupCheck,
      },
      seed: { seconds: seedSeconds, phases: seed.timings },
      measures,
      ingestion,
      afterIngestion: {
        alarms: afterCounts.alarms,
        activeAlarms: afterCounts.activeAlarms,
        events: afterCounts.events,
        tasks: afterCounts.tasks,
      },
      totalSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
    };
  } finally {
    await bench.handle.close();
    await bench.cleanup();
  }
}

/**
 * Ingestion: an API token made through the admin endpoint, then POST /api/v3/ingest batches of
 * `ingestBatch` points, back to back for `ingestSeconds`. Each batch is the next slice of the
 * installed fleet's channels (every channel of ~batch/8 units) at one time step, with the demo
 * signal model's values (so limit crossings raise alarms through the pipeline, as in production).
 * Building a body is not timed; points/s = accepted points / time spent in requests.
 */
async function measureIngestion(
  db: Db,
  base: string,
  headers: Record<string, string>,
  seed: SeedResult,
  now: Date,
  opts: Options,
): Promise<Record<string, unknown>> {
  const token = JSON.parse(
    (
      await timedRequest(
        {
          method: 'POST',
          url: `${base}/api/v3/admin/tokens`,
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'bench', organizationId: seed.organizationId }),
        },
        201,
      )
    ).body.toString('utf8'),
  ).data.token as string;
  const chans = rowsOf<{ unitId: number; channelNo: number; name: string; unitType: number }>(
    await db.execute(sql`
      select c.unit_id as "unitId", c.channel_no as "channelNo", c.name, u.type as "unitType"
      from channels c join units u on u.id = c.unit_id
      where u.last_contact_at is not null
      order by c.unit_id, c.channel_no`),
  ).map((c) => ({
    ...c,
    unitId: Number(c.unitId),
    channelNo: Number(c.channelNo),
    unitType: Number(c.unitType),
  }));

  const ingestHeaders = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  let cursor = 0;
  const body = () => {
    const points = [];
    for (let i = 0; i < opts.ingestBatch; i++, cursor++) {
      const c = chans[cursor % chans.length]!;
      // One minute later each time round the fleet: never a duplicate.
      const ts = now.getTime() + Math.floor(cursor / chans.length) * 60_000;
      points.push({
        unitId: c.unitId,
        channel: c.channelNo,
        ts: new Date(ts).toISOString(),
        value: signalValue(DEMO_SEED, { ...c }, ts),
      });
    }
    return JSON.stringify({ points });
  };
  const post = (b: string) =>
    timedRequest({ method: 'POST', url: `${base}/api/v3/ingest`, headers: ingestHeaders, body: b });
  for (let i = 0; i < 3; i++) await post(body()); // warm-up

  const samples: Sample[] = [];
  let accepted = 0;
  let rejected = 0;
  let duplicate = 0;
  let busyMs = 0;
  const wall0 = performance.now();
  while (busyMs < opts.ingestSeconds * 1000) {
    const b = body();
    const r = await post(b);
    const res = JSON.parse(r.body.toString('utf8')).data as {
      accepted: number;
      rejected: number;
      duplicate: number;
    };
    accepted += res.accepted;
    rejected += res.rejected;
    duplicate += res.duplicate;
    busyMs += r.ms;
    samples.push({ ms: r.ms, bytes: b.length });
  }
  const wallSeconds = (performance.now() - wall0) / 1000;
  const s = stats(samples);
  const pointsPerSecond = Math.round(accepted / (busyMs / 1000));
  const out = {
    request: `POST /api/v3/ingest (Bearer API token), ${opts.ingestBatch} points a request, sequential`,
    batches: samples.length,
    batchPoints: opts.ingestBatch,
    accepted,
    rejected,
    duplicate,
    requestSeconds: Math.round(busyMs) / 1000,
    wallSeconds: Math.round(wallSeconds * 1000) / 1000,
    pointsPerSecond,
    batchP50Ms: s.p50Ms,
    batchP95Ms: s.p95Ms,
    batchBytes: s.bytes,
    targetPointsPerSecond: 10_000,
    pass: pointsPerSecond >= 10_000,
  };
  log(
    `  ${'ingestion'.padEnd(16)} ${pointsPerSecond} points/s (${samples.length} × ${opts.ingestBatch}, batch p50 ${s.p50Ms} ms, p95 ${s.p95Ms} ms)  target 10000: ${out.pass ? 'pass' : 'MISS'}`,
  );
  if (rejected > 0 || duplicate > 0)
    throw new Error(`ingestion: ${rejected} rejected, ${duplicate} duplicate`);
  return out;
}

// ───────────────────────── main ─────────────────────────


async function main(argv: string[]): Promise<number> {
  let opts: Options | null;
  try {
    opts = parseOptions(argv);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${HELP}`);
    return 2;
  }
  if (!opts) {
    process.stdout.write(HELP);
    return 0;
  }
  mkdirSync(opts.out, { recursive: true });
  // The package's exports hide package.json: read it next to its entry point (dist/…).
  const pgliteDir = path.resolve(path.dirname(require.resolve('@electric-sql/pglite')), '..');
  const pglite = JSON.parse(readFileSync(path.join(pgliteDir, 'package.json'), 'utf8')).version as string;
  for (const driver of opts.drivers) {
    const result = {
      machine: machine(),
      pglite,
      options: { ...opts, databaseUrl: undefined, out: undefined, drivers: undefined },
      ...(await runDriver(driver, opts)),
    };
    writeFileSync(path.join(opts.out, `${driver}.json`), `${JSON.stringify(result, null, 2)}\n`);
    log(`wrote ${path.relative(process.cwd(), path.join(opts.out, `${driver}.json`))}`);
  }
  // latest.json: the newest result of each driver, side by side.
  const latest: Record<string, unknown> = { generatedAt: new Date().toISOString(), runs: {} };
  for (const d of ['pglite', 'postgres'] as const) {
    const file = path.join(opts.out, `${d}.json`);
    if (existsSync(file))
      (latest.runs as Record<string, unknown>)[d] = JSON.parse(readFileSync(file, 'utf8'));
  }
  writeFileSync(path.join(opts.out, 'latest.json'), `${JSON.stringify(latest, null, 2)}\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
