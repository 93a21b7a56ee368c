/**
 * Database faults (issue 14 §6): a hung or unreachable database answers 503 in time, health is
 * split into liveness and readiness, start-up against a bad database prints one line and exits,
 * one process per PGlite DATA_DIR, and concurrent writes that lose a race answer 404/409, not 500.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { DataDirLockedError, lockFileOf } from '../src/db/lock';
import { PUSH_STREAM_PATH } from '@fieldwatch/shared';
import { alarms, channels, markers, sessions, units } from '../src/db/schema';
import { processAlarmRows } from '../src/modules/events/pipeline';
import { listenPing } from '../src/modules/push/hub';
import { pushHubOf } from '../src/modules/push/plugin';
import { classifyDbError, DB_MESSAGES, installErrorHandler } from '../src/http/errors';
import { healthSettings } from '../src/modules/health/plugin';
import { DRIVERS, injectAsOwnPages, login, startServer, testConfig, type TestServer } from './helpers';

const SERVER_DIR = path.join(__dirname, '..');
const PG_URL = process.env.TEST_DATABASE_URL;
/** Timings go to the test output (not asserted beyond the bounds). */
const timings: Record<string, number> = {};
afterAll(() => {
  console.log(`db faults: ms ${JSON.stringify(timings)}`);
});

/** Writes carry what a same-origin browser sends (the CSRF check lets them through). */
const sameOrigin = { 'sec-fetch-site': 'same-origin' };

describe('database errors in the error handler', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('pglite', { demo: false });
    // A parent row and a child table referencing it: inserting either again violates a constraint.
    await s.db.db.execute(sql`create table race_parent (id int primary key)`);
    await s.db.db.execute(
      sql`create table race_child (id int primary key, parent int not null references race_parent(id))`,
    );
    await s.db.db.execute(sql`insert into race_parent values (1)`);
  });
  afterAll(async () => {
    await s?.close();
  });

  /** A real driver error from the real database, as Drizzle throws it. */
  const failure = async (q: ReturnType<typeof sql>) => {
    try {
      await s.db.db.execute(q);
    } catch (err) {
      return err;
    }
    throw new Error('expected the statement to fail');
  };

  it('classifies unique and foreign-key violations as conflicts, connection failures as unavailable', async () => {
    expect(classifyDbError(await failure(sql`insert into race_parent values (1)`))).toBe('conflict'); // 23505
    expect(classifyDbError(await failure(sql`insert into race_child values (1, 2)`))).toBe('conflict'); // 23503
    expect(classifyDbError(await failure(sql`select * from no_such_table`))).toBeNull(); // a bug stays a 500
    expect(
      classifyDbError(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      ),
    ).toBe('unavailable');
    expect(classifyDbError(new Error('Connection terminated unexpectedly'))).toBe('unavailable');
    expect(classifyDbError(new Error('timeout exceeded when trying to connect'))).toBe('unavailable');
    expect(
      classifyDbError(
        Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      ),
    ).toBe('unavailable');
    expect(classifyDbError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBeNull();
  });

  it('answers 409 and 503 with a message and code, and keeps 500 for bugs', async () => {
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    app.get('/dup', () => s.db.db.execute(sql`insert into race_parent values (1)`));
    app.get('/down', () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    app.get('/bug', () => s.db.db.execute(sql`select * from no_such_table`));
    const dup = await app.inject('/dup');
    expect([dup.statusCode, dup.json()]).toEqual([409, { message: DB_MESSAGES.conflict, code: 'conflict' }]);
    const down = await app.inject('/down');
    expect([down.statusCode, down.json()]).toEqual([
      503,
      { message: DB_MESSAGES.unavailable, code: 'db_unavailable' },
    ]);
    expect(down.body).not.toContain('5432');
    expect((await app.inject('/bug')).statusCode).toBe(500);
    await app.close();
  });
});

describe.each(DRIVERS)('health and races on %s', (driver) => {
  let s: TestServer;
  let cookie: string;
  beforeAll(async () => {
    s = await startServer(driver);
    cookie = await login(s.app, 'demo.user');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('/api/health and /api/health/live answer without the database; /api/health/ready checks it', async () => {
    for (const url of ['/api/health', '/api/health/live']) {
      const res = await s.app.inject({ method: 'GET', url });
      expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);
    }
    const ready = await s.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ ok: true, database: 'up' });
  });

  it('40 concurrent edit/delete pairs of chart markers: no 5xx, only 200/404/409, and every marker gone', async () => {
    const [unit] = await s.db.db
      .select({ id: units.id, channel: channels.channelNo })
      .from(units)
      .innerJoin(channels, eq(channels.unitId, units.id))
      .where(sql`${units.organizationId} = (select id from organizations where name = 'Nordic Utilities')`)
      .limit(1);
    const base = `/api/v2/device/legacy/devices/${unit!.id}/channel/${unit!.channel}/markers`;
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await s.app.inject({
        method: 'POST',
        url: base,
        headers: { cookie, ...sameOrigin },
        payload: { name: `race ${i}`, position: new Date(Date.now() - i * 60_000).toISOString() },
      });
      expect(res.statusCode).toBe(201);
      ids.push((res.json() as { data: { id: number } }).data.id);
    }
    // A few milliseconds of jitter, so that both orders and the interleavings between read and write happen.
    const jitter = <T>(f: () => Promise<T>) =>
      new Promise<T>((r) => setTimeout(() => r(f()), Math.floor(Math.random() * 8)));
    const statuses = await Promise.all(
      ids.flatMap((id, i) => {
        const edit = jitter(() =>
          s.app.inject({
            method: 'PUT',
            url: `${base}/${id}`,
            headers: { cookie, ...sameOrigin },
            payload: { name: `edited ${i}` },
          }),
        );
        const del = jitter(() =>
          s.app.inject({ method: 'DELETE', url: `${base}/${id}`, headers: { cookie, ...sameOrigin } }),
        );
        // Half the pairs start with the delete, so both orders race.
        const pair: Array<[string, typeof edit]> =
          i % 2
            ? [
                ['DELETE', del],
                ['PUT', edit],
              ]
            : [
                ['PUT', edit],
                ['DELETE', del],
              ];
        return pair.map(async ([method, p]) => `${method} ${(await p).statusCode}`);
      }),
    );
    const counts: Record<string, number> = {};
    for (const st of statuses) counts[st] = (counts[st] ?? 0) + 1;
    console.log(`marker races on ${driver}: ${JSON.stringify(counts)}`);
    expect(statuses.filter((x) => / 5\d\d$/.test(x))).toEqual([]);
    expect(statuses.every((x) => /^(PUT|DELETE) (200|404|409)$/.test(x))).toBe(true);
    expect(counts['DELETE 200']).toBe(40);
    const left = await s.db.db
      .select({ id: markers.id })
      .from(markers)
      .where(and(eq(markers.unitId, unit!.id), inArray(markers.id, ids)));
    expect(left).toEqual([]);
  });

  it('a marker locked after it was read is neither edited nor deleted (409)', async () => {
    const [unit] = await s.db.db
      .select({ id: units.id, channel: channels.channelNo })
      .from(units)
      .innerJoin(channels, eq(channels.unitId, units.id))
      .limit(1);
    const { updateMarker, deleteMarker } = await import('../src/modules/devices/markers/service');
    const [row] = await s.db.db
      .insert(markers)
      .values({ unitId: unit!.id, channelNo: unit!.channel, name: 'lock race', position: new Date() })
      .returning();
    await s.db.db.update(markers).set({ locked: true }).where(eq(markers.id, row!.id));
    await expect(updateMarker(s.db.db, row!, { name: 'x' })).rejects.toMatchObject({ statusCode: 409 });
    await expect(deleteMarker(s.db.db, row!)).rejects.toMatchObject({ statusCode: 409 });
    await s.db.db.delete(markers).where(eq(markers.id, row!.id));
    await expect(updateMarker(s.db.db, row!, { name: 'x' })).rejects.toMatchObject({ statusCode: 404 });
    await expect(deleteMarker(s.db.db, row!)).rejects.toMatchObject({ statusCode: 404 });
  });
});

/**
 * A TCP relay to PostgreSQL that can be frozen: while frozen it forwards nothing in either
 * direction and accepts new connections without answering — a database that hangs.
 */
async function freezableRelay(target: URL) {
  let frozen = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(upstream);
    const pipe = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        if (!frozen) to.write(chunk);
      });
    pipe(client, upstream);
    pipe(upstream, client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    freeze: (on: boolean) => {
      frozen = on;
    },
    close: async () => {
      for (const x of sockets) x.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

(PG_URL ? describe : describe.skip)(
  'a hung PostgreSQL (PGlite runs in-process and cannot hang apart from the server)',
  () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startServer('postgres');
    });
    afterAll(async () => {
      await s?.close();
    });

    it('a table held by ACCESS EXCLUSIVE LOCK: the request answers 503 db_unavailable within 10 s (default timeouts)', async () => {
      const cookie = await login(s.app, 'demo.user');
      const { Client } = await import('pg');
      const locker = new Client({ connectionString: dbUrlOf(s) });
      await locker.connect();
      try {
        await locker.query('BEGIN');
        // Every signed-in request reads its session first.
        await locker.query('LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE');
        const t0 = Date.now();
        const res = await s.app.inject({ method: 'GET', url: '/api/v2/auth/sessions', headers: { cookie } });
        timings.lockedTable503 = Date.now() - t0;
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ message: DB_MESSAGES.unavailable, code: 'db_unavailable' });
        expect(timings.lockedTable503).toBeLessThan(10_000);
      } finally {
        await locker.query('ROLLBACK').catch(() => undefined);
        await locker.end();
      }
      // And it recovers as soon as the lock is gone.
      expect(
        (await s.app.inject({ method: 'GET', url: '/api/v2/auth/sessions', headers: { cookie } })).statusCode,
      ).toBe(200);
    });

    it('DB_STATEMENT_TIMEOUT_MS limits requests, not migrations', async () => {
      const folder = mkdtempSync(path.join(tmpdir(), 'fw-migrations-'));
      mkdirSync(path.join(folder, 'meta'));
      writeFileSync(path.join(folder, '9999_slow.sql'), 'SELECT pg_sleep(0.6);');
      const when = Date.now() + 10 * 365 * 86_400_000; // after every real migration
      writeFileSync(
        path.join(folder, 'meta/_journal.json'),
        JSON.stringify({
          version: '7',
          dialect: 'postgresql',
          entries: [{ idx: 0, version: '7', when, tag: '9999_slow', breakpoints: true }],
        }),
      );
      const handle = await openDatabase({
        dataDir: 'memory://',
        databaseUrl: dbUrlOf(s),
        migrationsFolder: folder,
        dbStatementTimeoutMs: 200,
      });
      try {
        const err = await handle.db.execute(sql`select pg_sleep(0.6)`).then(
          () => null,
          (e: unknown) => e,
        );
        expect(classifyDbError(err)).toBe('unavailable');
        expect(JSON.stringify((err as { cause?: { code?: string } }).cause?.code)).toBe('"57014"');
      } finally {
        await handle.close();
      }
    });

    it('a database that stops answering: 503 within 10 s, readiness 503 naming the database, and recovery', async () => {
      const relay = await freezableRelay(new URL(dbUrlOf(s)));
      const url = new URL(dbUrlOf(s));
      url.hostname = '127.0.0.1';
      url.port = String(relay.port);
      const config = testConfig({ databaseUrl: url.toString(), demo: false });
      const db = await openDatabase(config);
      const app = injectAsOwnPages(await buildApp({ config, database: db }));
      await app.ready();
      try {
        const cookie = await login(app, 'demo.user');
        expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
        relay.freeze(true);

        let t0 = Date.now();
        const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
        timings.hungReady503 = Date.now() - t0;
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toMatchObject({ ok: false, database: 'down', code: 'not_ready' });
        expect(ready.json().message).toMatch(/database did not answer/);
        expect(timings.hungReady503).toBeLessThan(healthSettings.readyDbTimeoutMs + 1000);

        // Live stays up: the process is fine, only its database is not.
        expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);

        t0 = Date.now();
        const res = await app.inject({ method: 'GET', url: '/api/v2/auth/sessions', headers: { cookie } });
        timings.hungRequest503 = Date.now() - t0;
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ message: DB_MESSAGES.unavailable, code: 'db_unavailable' });
        expect(timings.hungRequest503).toBeLessThan(10_000);

        relay.freeze(false);
        const until = Date.now() + 15_000;
        let status = 0;
        while (
          Date.now() < until &&
          (status = (await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode) !== 200
        )
          await new Promise((r) => setTimeout(r, 200));
        expect(status).toBe(200);
      } finally {
        relay.freeze(false);
        await relay.close();
        await app.close();
        await db.close().catch(() => undefined);
      }
    }, 60_000);
  },
);

(PG_URL ? describe : describe.skip)(
  'the push listener behind a link that dies silently (PostgreSQL only)',
  () => {
    it('the ping notices the dead LISTEN connection, readiness says so, and push resumes after reconnecting', async () => {
      const s = await startServer('postgres');
      const relay = await freezableRelay(new URL(dbUrlOf(s)));
      const url = new URL(dbUrlOf(s));
      url.hostname = '127.0.0.1';
      url.port = String(relay.port);
      const config = testConfig({ databaseUrl: url.toString(), demo: false, dbConnectTimeoutMs: 1000 });
      const db = await openDatabase(config);
      const app = injectAsOwnPages(await buildApp({ config, database: db }));
      const saved = { ...listenPing };
      Object.assign(listenPing, { everyMs: 300, timeoutMs: 500 });
      try {
        await app.listen({ port: 0, host: '127.0.0.1' });
        const port = (app.server.address() as net.AddressInfo).port;
        const cookie = await login(app, 'demo.user');
        const stream = await openStream(port, cookie);
        const otherCookie = await login(app, 'demo.user');
        const other = await openStream(port, otherCookie);
        const otherId = (
          (
            await app.inject({
              method: 'GET',
              url: '/api/v2/auth/sessions',
              headers: { cookie: otherCookie },
            })
          ).json() as {
            data: Array<{ id: string; current: boolean }>;
          }
        ).data.find((x) => x.current)!.id;
        const hub = pushHubOf(db.db)!;
        expect(hub.state).toBe('listening');

        // No FIN, no RST: the connection just stops carrying anything.
        relay.freeze(true);
        const t0 = Date.now();
        await waitUntil(() => hub.state === 'reconnecting', 5000);
        timings.deadListenNoticed = Date.now() - t0;
        const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toMatchObject({ push: 'reconnecting', code: 'not_ready' });

        // A session revoked while nobody listened: its announcement is lost, the reconnect finds it.
        await s.db.db.delete(sessions).where(eq(sessions.publicId, otherId));

        relay.freeze(false);
        await waitUntil(() => hub.state === 'listening', 20_000);
        expect(hub.reconnects).toBeGreaterThanOrEqual(1);
        await waitUntil(() => other.closed(), 2000);
        expect(stream.closed()).toBe(false);

        // The next task reaches the open stream (written through the test's direct connection).
        const [unit] = await s.db.db
          .select({ id: units.id })
          .from(units)
          .where(
            sql`${units.organizationId} = (select id from organizations where name = 'Nordic Utilities')`,
          )
          .limit(1);
        await s.db.db
          .update(alarms)
          .set({ active: false })
          .where(
            sql`${alarms.unitId} = ${unit!.id} and ${alarms.channelId} = 5 and ${alarms.alarmType} = 28`,
          );
        const [row] = await s.db.db
          .insert(alarms)
          .values({
            unitId: unit!.id,
            channelId: 5,
            alarmType: 28,
            text: 'Battery low',
            eventTime: new Date(),
          })
          .returning({ id: alarms.id });
        const out = await processAlarmRows(s.db.db, [row!.id]);
        const taskId = out.tasks[0]!.task.id;
        await waitUntil(() => stream.text().includes(taskId), 5000);
        stream.close();
      } finally {
        Object.assign(listenPing, saved);
        relay.freeze(false);
        await app.close();
        await relay.close();
        await db.close().catch(() => undefined);
        await s.close();
      }
    }, 60_000);
  },
);

async function waitUntil(pred: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > until) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** An open event stream; text() is everything received so far. */
function openStream(
  port: number,
  cookie: string,
): Promise<{ text(): string; closed(): boolean; close(): void }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: PUSH_STREAM_PATH, headers: { cookie } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`status ${res.statusCode}`));
      let buf = '';
      let ended = false;
      res.setEncoding('utf8');
      res.on('data', (c: string) => (buf += c));
      res.on('close', () => (ended = true));
      resolve({ text: () => buf, closed: () => ended, close: () => req.destroy() });
    });
    req.on('error', reject);
  });
}

/** The connection string of a test server's own PostgreSQL database. */
function dbUrlOf(s: TestServer): string {
  const pool = (s.db.db as unknown as { $client: { options: { connectionString: string } } }).$client;
  return pool.options.connectionString;
}

// ─── start-up of the built server ───

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function runServer(env: Record<string, string>, timeoutMs = 20_000): Promise<Run> {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(process.execPath, [path.join(SERVER_DIR, 'dist/main.cjs')], {
      env: {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        HOST: '127.0.0.1',
        DEMO: '0',
        LOG_LEVEL: 'warn',
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr, ms: Date.now() - t0 });
    });
  });
}

/** Starts the built server and resolves once it prints its banner; stop() ends it with SIGTERM. */
function startBuilt(env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(SERVER_DIR, 'dist/main.cjs')], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', DEMO: '0', LOG_LEVEL: 'warn', ...env },
  });
  let out = '';
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const running = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Fieldwatch is running')) resolve();
    });
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    void exited.then((code) => reject(new Error(`exited ${code}: ${out}`)));
  });
  return {
    pid: child.pid!,
    running,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** One non-empty line on stderr, nothing that looks like a stack. */
function oneLine(r: Run): string {
  const lines = r.stderr.split('\n').filter((l) => l.trim() !== '');
  expect(lines).toHaveLength(1);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  return lines[0]!;
}

describe('start-up with a database it cannot use', () => {
  const silent: net.Socket[] = [];
  let silentServer: net.Server;
  let silentPort: number;

  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(SERVER_DIR, 'build.mjs')], { stdio: 'pipe' });
    // Accepts connections and never says a word.
    silentServer = net.createServer((sock) => silent.push(sock));
    await new Promise<void>((r) => silentServer.listen(0, '127.0.0.1', r));
    silentPort = (silentServer.address() as net.AddressInfo).port;
  }, 120_000);
  afterAll(async () => {
    for (const x of silent) x.destroy();
    await new Promise((r) => silentServer.close(r));
  });

  it('connection refused: one line, exit 1, no hang', async () => {
    const r = await runServer({ DATABASE_URL: 'postgres://fw:secret-pw@127.0.0.1:1/fw' });
    timings.startRefused = r.ms;
    expect(r.code).toBe(1);
    const line = oneLine(r);
    expect(line).toMatch(
      /^Fieldwatch server failed to start: cannot open the database \(PostgreSQL postgres:\/\/fw:\*\*\*@127\.0\.0\.1:1\/fw\): connection refused/,
    );
    expect(line).not.toContain('secret-pw');
  });

  it('a port that accepts but never answers: one line naming the timeout, within the connect timeout', async () => {
    const r = await runServer({ DATABASE_URL: `postgres://fw@127.0.0.1:${silentPort}/fw` });
    timings.startSilentPort = r.ms;
    expect(r.code).toBe(1);
    expect(oneLine(r)).toMatch(/: timed out after 5000 ms without an answer/);
    expect(r.ms).toBeLessThan(10_000);
  });

  it('a DATABASE_URL that is no URL: one configuration line, exit 2', async () => {
    const r = await runServer({ DATABASE_URL: 'postgres://[oops:secret-pw' });
    expect(r.code).toBe(2);
    const line = oneLine(r);
    expect(line).toMatch(/^Configuration error: DATABASE_URL must be a postgres:\/\//);
    expect(line).not.toContain('secret-pw');
  });

  (PG_URL ? it : it.skip)(
    'unknown database and unknown role on the local PostgreSQL: one line each',
    async () => {
      const base = new URL(PG_URL!);
      const noDb = new URL(base.toString());
      noDb.pathname = '/fw_no_such_database';
      const r1 = await runServer({ DATABASE_URL: noDb.toString() });
      expect(r1.code).toBe(1);
      expect(oneLine(r1)).toMatch(/: unknown database \(database "fw_no_such_database" does not exist/);
      const noRole = new URL(base.toString());
      noRole.username = 'fw_no_such_role';
      const r2 = await runServer({ DATABASE_URL: noRole.toString() });
      expect(r2.code).toBe(1);
      expect(oneLine(r2)).toMatch(/: unknown role or access refused \(.*fw_no_such_role/);
      timings.startUnknownDb = r1.ms;
      timings.startUnknownRole = r2.ms;
    },
  );

  it('one process per PGlite DATA_DIR: the second refuses naming the pid; the lock goes with the owner; a stale lock is taken over', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'fw-lock-')), 'pglite');
    const first = startBuilt({ DATA_DIR: dataDir });
    await first.running;
    expect(readFileSync(lockFileOf(dataDir), 'utf8').trim()).toBe(String(first.pid));

    const second = await runServer({ DATA_DIR: dataDir });
    expect(second.code).toBe(1);
    expect(oneLine(second)).toBe(
      `Fieldwatch server failed to start: DATA_DIR ${dataDir} is in use by another Fieldwatch process (pid ${first.pid}); stop that process or set another DATA_DIR`,
    );

    expect(await first.stop()).toBe(0);
    expect(existsSync(lockFileOf(dataDir))).toBe(false);

    // A lock left by a process that died (kill -9): its pid is no longer alive.
    const dead = spawn(process.execPath, ['-e', '']);
    const deadPid = dead.pid!;
    await new Promise((r) => dead.on('exit', r));
    writeFileSync(lockFileOf(dataDir), `${deadPid}\n`);
    const third = startBuilt({ DATA_DIR: dataDir });
    await third.running;
    expect(readFileSync(lockFileOf(dataDir), 'utf8').trim()).toBe(String(third.pid));
    expect(await third.stop()).toBe(0);
  }, 90_000);

  it('in one process too: a second openDatabase on the same DATA_DIR is refused until the first closes', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'fw-lock-')), 'pglite');
    const a = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirLockedError);
    await expect(openDatabase({ dataDir })).rejects.toThrow(`(pid ${process.pid})`);
    await a.close();
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
    const b = await openDatabase({ dataDir });
    await b.close();
  }, 60_000);
});
