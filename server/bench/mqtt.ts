/**
 * MQTT ingestion benchmark (issue 22 §5): points per second from devices through the broker
 * (MQTT_URL, the local Mosquitto) into the database, end to end.
 *
 * The real app (buildApp, demo data, simulator off) subscribes as in production; `--clients`
 * publishers, one connection each, publish `--messages` QoS 1 messages of `--points` points to
 * <prefix>/<organisation>/<unit>/points of the demo units (fresh timestamps: no duplicates). The
 * clock runs from the first publish to the moment every point is stored (the subscriber's count of
 * accepted points), so it includes the broker, the server's one-message-at-a-time handling and the
 * write path with rollups and alarm evaluation. Results: bench/results/mqtt.json, with the machine's
 * load and a CPU reference measured in the same run.
 *
 *   node bench/build.mjs bench/mqtt.ts && node dist/mqtt.cjs --driver both \
 *     --database-url postgres://postgres@127.0.0.1:5432/postgres
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { channels, units } from '../src/db/schema';
import { mqttIngestionOf } from '../src/modules/ingestion/plugin';
import { benchConfig, cpuReferenceMs, machine, throwawayPostgres } from './common';

const RESULTS_FILE = path.resolve(__dirname, '..', 'bench', 'results', 'mqtt.json');
type Driver = 'pglite' | 'postgres';

const HELP = `MQTT ingestion benchmark (server/bench/mqtt.ts).

Usage: node dist/mqtt.cjs [options]

  --driver <d>          pglite | postgres | both (default: pglite)
  --database-url <url>  PostgreSQL server for --driver postgres (a throw-away database is created)
  --broker <url>        MQTT broker (default mqtt://127.0.0.1:1883)
  --clients <list>      publishers, comma-separated runs (default 4,8)
  --messages <n>        messages per publisher (default 25)
  --points <n>          points per message (default 1000)
  --help`;

function log(line: string): void {
  process.stdout.write(`[mqtt] ${line}\n`);
}

async function openBench(driver: Driver, databaseUrl: string | undefined, broker: string, prefix: string) {
  const base = benchConfig({ demo: true, mqttUrl: broker, mqttTopicPrefix: prefix, mqttClientId: `${prefix}-server` });
  if (driver === 'pglite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fw-bench-mqtt-'));
    const config = { ...base, dataDir };
    return { config, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  if (!databaseUrl) throw new Error('--driver postgres needs --database-url');
  const pg = await throwawayPostgres(databaseUrl);
  return { config: { ...base, databaseUrl: pg.url }, cleanup: pg.drop };
}

async function runDriver(
  driver: Driver,
  opts: { databaseUrl?: string; broker: string; clients: number[]; messages: number; points: number },
) {
  const prefix = `fwbench${randomBytes(4).toString('hex')}`;
  const bench = await openBench(driver, opts.databaseUrl, opts.broker, prefix);
  const handle = await openDatabase(bench.config);
  const app = await buildApp({ config: bench.config, database: handle });
  await app.ready();
  const runs: Record<string, unknown>[] = [];
  try {
    const ingestion = mqttIngestionOf(handle.db)!;
    await ingestion.ready();
    // Units with channel 1, each with its organisation: the publishers take turns over them.
    const targets = await handle.db
      .select({ id: units.id, org: units.organizationId })
      .from(units)
      .innerJoin(channels, eq(channels.unitId, units.id))
      .where(sql`${channels.channelNo} = 1`);
    if (targets.length === 0) throw new Error('no unit with channel 1');
    // Timestamps one second apart going back from now: every point is new.
    let clock = Date.now() - 1000;
    for (const clients of opts.clients) {
      const publishers = await Promise.all(
        Array.from({ length: clients }, (_, i) =>
          mqtt.connectAsync(opts.broker, { clientId: `${prefix}-pub${clients}-${i}` }),
        ),
      );
      const messages = publishers.map((_, c) =>
        Array.from({ length: opts.messages }, (_, m) => {
          const unit = targets[(c * opts.messages + m) % targets.length]!;
          const points = Array.from({ length: opts.points }, () => {
            clock -= 1000;
            return {
              channel: 1,
              ts: new Date(clock).toISOString(),
              value: Math.round(Math.random() * 1000) / 10,
            };
          });
          return { topic: `${prefix}/${unit.org}/${unit.id}/points`, payload: JSON.stringify({ points }) };
        }),
      );
      const total = clients * opts.messages * opts.points;
      const before = ingestion.stats.accepted;
      const load = os.loadavg()[0]!;
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      await Promise.all(
        publishers.map(async (p, c) => {
          for (const { topic, payload } of messages[c]!) await p.publishAsync(topic, payload, { qos: 1 });
        }),
      );
      const published = performance.now() - started;
      while (ingestion.stats.accepted - before < total) {
        if (performance.now() - started > 600_000) throw new Error('points still missing after 10 minutes');
        await new Promise((r) => setTimeout(r, 5));
      }
      const ms = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      await Promise.all(publishers.map((p) => p.endAsync()));
      const run = {
        clients,
        messages: clients * opts.messages,
        pointsPerMessage: opts.points,
        points: total,
        ms: Math.round(ms),
        publishedMs: Math.round(published),
        pointsPerSecond: Math.round((total / ms) * 1000),
        serverCpuPercent: Math.round(((cpu.user + cpu.system) / 1000 / ms) * 100),
        loadAverage1m: Math.round(load * 100) / 100,
      };
      log(`${driver} ${clients} clients: ${run.pointsPerSecond} points/s (${total} points in ${run.ms} ms)`);
      runs.push(run);
    }
    if (
      ingestion.stats.rejected > 0 ||
      ingestion.stats.refusedMessages > 0 ||
      ingestion.stats.failedWrites > 0
    )
      throw new Error(`not every point was stored: ${JSON.stringify(ingestion.stats)}`);
  } finally {
    await app.close();
    await handle.close();
    await bench.cleanup();
  }
  return { driver, runs };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      driver: { type: 'string', default: 'pglite' },
      'database-url': { type: 'string' },
      broker: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
      clients: { type: 'string', default: '4,8' },
      messages: { type: 'string', default: '25' },
      points: { type: 'string', default: '1000' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const drivers: Driver[] = values.driver === 'both' ? ['pglite', 'postgres'] : [values.driver as Driver];
  const clients = values.clients!.split(',').map(Number);
  const messages = Number(values.messages);
  const points = Number(values.points);
  if (
    clients.some((c) => !Number.isInteger(c) || c < 1) ||
    !(messages >= 1) ||
    !(points >= 1 && points <= 5000)
  ) {
    console.error(`bad options\n\n${HELP}`);
    return 2;
  }
  const cpuBefore = cpuReferenceMs();
  const results: Record<string, unknown> = existsSync(RESULTS_FILE)
    ? JSON.parse(readFileSync(RESULTS_FILE, 'utf8'))
    : {};
  for (const driver of drivers) {
    const result = await runDriver(driver, {
      databaseUrl: values['database-url'],
      broker: values.broker!,
      clients,
      messages,
      points,
    });
    results[driver] = {
      ...result,
      at: new Date().toISOString(),
      machine: machine(),
      cpuReferenceMs: cpuBefore,
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
