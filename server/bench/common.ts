/**
 * What the benches share: the app's configuration without a front end, a throw-away PostgreSQL
 * database, the machine's description and a CPU reference, so that figures of two runs (or two
 * machines) can be read side by side.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../src/config';

/** An empty folder as the static root: the benches serve no front end. */
export function emptyStaticRoot(): string {
  const dir = path.join(os.tmpdir(), 'fw-bench-no-front-end');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The app on loopback, in memory, no demo data, no simulator, quiet logs; `extra` on top. */
export function benchConfig(extra: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    demo: false,
    simulator: false,
    staticRoot: emptyStaticRoot(),
    remoteUrls: {},
    cookieSecure: 'never',
    trustProxy: false,
    logLevel: 'warn',
    ...extra,
  };
}

/** A new database on the PostgreSQL server of `adminUrl`: its URL, its name, and how to drop it. */
export async function throwawayPostgres(
  adminUrl: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const { Client } = await import('pg');
  const name = `fw_bench_${randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const c = new Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Milliseconds a fixed piece of CPU work takes here and now: figures from a busy machine show it. */
export function cpuReferenceMs(): number {
  const start = process.hrtime.bigint();
  let x = 0;
  for (let i = 0; i < 20_000_000; i++) x = (x + Math.sqrt(i)) % 1_000_003;
  if (x < 0) throw new Error('unreachable');
  return Math.round(Number(process.hrtime.bigint() - start) / 1e6);
}

/** The machine a figure was measured on. */
export function machine(): Record<string, unknown> {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim(),
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    loadAverage1m: Math.round(os.loadavg()[0]! * 100) / 100,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}
