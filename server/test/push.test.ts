import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { PUSH_STREAM_PATH } from '@fieldwatch/shared';
import { alarms, organizations, sessions, units } from '../src/db/schema';
import { processAlarmRows } from '../src/modules/events/pipeline';
import { MAX_STREAMS_PER_SESSION, openPushStreams, pushHubOf, pushSettings } from '../src/modules/push/plugin';
import { listenRetry } from '../src/modules/push/hub';
import { DEMO_PASSWORD } from '../src/seed/fleet';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { addUser, DRIVERS, injectAsOwnPages, login, startServer, testConfig, type TestServer } from './helpers';

interface Sse {
  events: Array<{ event: string; data: string }>;
  comments: string[];
  close(): void;
  closed: Promise<void>;
  waitFor(pred: (s: Sse) => boolean, ms?: number): Promise<void>;
}

function connect(port: number, cookie: string): Promise<Sse> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: PUSH_STREAM_PATH, headers: { cookie } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`status ${res.statusCode}`));
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      let buf = '';
      let onEnd: () => void = () => undefined;
      const sse: Sse = {
        events: [],
        comments: [],
        close: () => req.destroy(),
        closed: new Promise((r) => (onEnd = r)),
        waitFor: async (pred, ms = 5000) => {
          const until = Date.now() + ms;
          while (!pred(sse)) {
            if (Date.now() > until)
              throw new Error(`timed out; got ${JSON.stringify(sse.events.map((e) => e.event))}`);
            await new Promise((r) => setTimeout(r, 25));
          }
        },
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buf += chunk;
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const lines = block.split('\n');
          for (const l of lines) if (l.startsWith(':')) sse.comments.push(l.slice(1).trim());
          const ev = lines.find((l) => l.startsWith('event: '));
          const data = lines.find((l) => l.startsWith('data: '));
          if (ev && data) sse.events.push({ event: ev.slice(7), data: data.slice(6) });
        }
      });
      res.on('close', () => onEnd());
      resolve(sse);
    });
    req.on('error', reject);
  });
}

describe.each(DRIVERS)('push on %s', (driver) => {
  let s: TestServer;
  let port: number;
  let userCookie: string;
  let readerCookie: string;
  let nordicUnit: number;
  let balticUnit: number;

  beforeAll(async () => {
    pushSettings.heartbeatMs = 200;
    s = await startServer(driver);
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    port = (s.app.server.address() as AddressInfo).port;
    [userCookie, readerCookie] = await Promise.all([login(s.app, 'demo.user'), login(s.app, 'demo.reader')]);
    const unitOf = async (org: string) =>
      (
        await s.db.db
          .select({ id: units.id })
          .from(units)
          .where(eq(units.organizationId, sql`(select id from organizations where name = ${org})`))
          .limit(1)
      )[0]!.id;
    nordicUnit = await unitOf('Nordic Utilities');
    balticUnit = await unitOf('Baltic Water');
  });
  afterAll(async () => {
    await s?.close();
  });

  const alarmOn = async (unitId: number) => {
    // One active alarm per unit, channel and type: clear a seeded one first.
    await s.db.db
      .update(alarms)
      .set({ active: false })
      .where(sql`${alarms.unitId} = ${unitId} and ${alarms.channelId} = 5 and ${alarms.alarmType} = 28`);
    const [row] = await s.db.db
      .insert(alarms)
      .values({ unitId, channelId: 5, alarmType: 28, text: 'Battery low', eventTime: new Date() })
      .returning({ id: alarms.id });
    return processAlarmRows(s.db.db, [row!.id]);
  };

  it('answers 401 without a session', async () => {
    expect((await s.app.inject({ method: 'GET', url: PUSH_STREAM_PATH })).statusCode).toBe(401);
  });

  it('pushes new events and own notifications of the user’s organisations only, with heartbeats', async () => {
    // Streams of this process another test left open (the count is per process).
    const before = openPushStreams();
    const user = await connect(port, userCookie);
    const reader = await connect(port, readerCookie);
    await user.waitFor((x) => x.comments.includes('heartbeat'), 3000);

    const nordic = await alarmOn(nordicUnit);
    const eventId = nordic.events[0]!.event.id;
    const userId = Number(
      (
        (await s.db.db.execute(sql`select id from users where username = 'demo.user'`)) as unknown as {
          rows: Array<{ id: number }>;
        }
      ).rows[0]!.id,
    );
    const mine = nordic.notifications.find((n) => n.userId === userId)!.notification;
    await user.waitFor((x) => x.events.some((e) => e.event === 'event' && JSON.parse(e.data).id === eventId));
    await user.waitFor((x) =>
      x.events.some((e) => e.event === 'notification' && JSON.parse(e.data).id === mine.id),
    );
    // The alarm task (new, or the open one it joined) follows, with its revision.
    const taskId = nordic.tasks[0]!.task.id;
    await user.waitFor((x) => x.events.some((e) => e.event === 'task' && JSON.parse(e.data).id === taskId));
    const pushedTask = JSON.parse(user.events.find((e) => e.event === 'task')!.data);
    expect(pushedTask).toMatchObject({ id: taskId, signature: `Alarm${nordicUnit}` });
    expect(typeof pushedTask.revision).toBe('number');
    // Only his own notification, never a colleague's.
    const others = nordic.notifications.filter((n) => n.userId !== userId).map((n) => n.notification.id);
    expect(user.events.some((e) => others.includes(JSON.parse(e.data).id))).toBe(false);

    const baltic = await alarmOn(balticUnit);
    await reader.waitFor((x) => x.events.some((e) => JSON.parse(e.data).id === baltic.events[0]!.event.id));
    expect(reader.events.some((e) => JSON.parse(e.data).id === eventId)).toBe(false);
    expect(user.events.some((e) => JSON.parse(e.data).id === baltic.events[0]!.event.id)).toBe(false);
    const balticTask = baltic.tasks[0]!.task.id;
    await reader.waitFor((x) => x.events.some((e) => e.event === 'task' && JSON.parse(e.data).id === balticTask));
    expect(user.events.some((e) => JSON.parse(e.data).id === balticTask)).toBe(false);

    expect(openPushStreams()).toBe(before + 2);
    user.close();
    reader.close();
    await Promise.all([user.closed, reader.closed]);
    const until = Date.now() + 3000;
    while (openPushStreams() > before && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    expect(openPushStreams()).toBe(before);
  });

  it('closing the server ends open streams', async () => {
    const before = openPushStreams();
    const user = await connect(port, userCookie);
    expect(openPushStreams()).toBe(before + 1);
    void user;
  });
});

/** Resolves with the milliseconds until the stream closed; rejects after `ms`. */
async function closedWithin(sse: Sse, ms: number): Promise<number> {
  const t0 = Date.now();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    sse.closed,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`stream still open after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
  return Date.now() - t0;
}

/** True when the stream is still open `ms` from now. */
async function stillOpenAfter(sse: Sse, ms: number): Promise<boolean> {
  return Promise.race([sse.closed.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), ms))]);
}

describe.each(DRIVERS)('push follows the session on %s', (driver) => {
  let s: TestServer;
  let port: number;
  let nordic: number;
  let nordicUnit: number;
  let n = 0;
  /** Writes carry what a same-origin browser sends (the CSRF check lets them through). */
  const sameOrigin = { 'sec-fetch-site': 'same-origin' };
  const closeTimes: Record<string, number> = {};

  beforeAll(async () => {
    pushSettings.heartbeatMs = 200;
    s = await startServer(driver);
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    port = (s.app.server.address() as AddressInfo).port;
    nordic = (await s.db.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, 'Nordic Utilities')))[0]!.id;
    nordicUnit = (await s.db.db.select({ id: units.id }).from(units).where(eq(units.organizationId, nordic)).limit(1))[0]!.id;
  });
  afterAll(async () => {
    console.log(`push on ${driver}: ms from session end to stream closed ${JSON.stringify(closeTimes)}`);
    await s?.close();
  });

  /** A fresh user (so sessions of one test never touch another's) with `count` sessions. */
  const freshUser = async (count: number) => {
    const username = `push.${driver}.${++n}`;
    await addUser(s, { username, userType: 1, orgs: [nordic] });
    const cookies: string[] = [];
    for (let i = 0; i < count; i++) cookies.push(await login(s.app, username));
    return { username, cookies };
  };
  const publicIdOf = async (cookie: string) => {
    const res = await s.app.inject({ method: 'GET', url: '/api/v2/auth/sessions', headers: { cookie } });
    return (res.json() as { data: Array<{ id: string; current: boolean }> }).data.find((x) => x.current)!.id;
  };

  it('logout closes that session’s stream within 2 s, and only that one', async () => {
    const { cookies } = await freshUser(2);
    const [mine, other] = [await connect(port, cookies[0]!), await connect(port, cookies[1]!)];
    const res = await s.app.inject({ method: 'GET', url: '/api/v2/auth/logout', headers: { cookie: cookies[0]!, ...sameOrigin } });
    expect(res.statusCode).toBe(200);
    closeTimes.logout = await closedWithin(mine, 2000);
    expect(await stillOpenAfter(other, 300)).toBe(true);
    other.close();
  });

  it('revoking a session from another one closes the revoked session’s stream', async () => {
    const { cookies } = await freshUser(2);
    const victim = await connect(port, cookies[0]!);
    const id = await publicIdOf(cookies[0]!);
    const res = await s.app.inject({
      method: 'DELETE',
      url: `/api/v2/auth/session/logout/${id}`,
      headers: { cookie: cookies[1]!, ...sameOrigin },
    });
    expect(res.statusCode).toBe(200);
    closeTimes.revoke = await closedWithin(victim, 2000);
  });

  it('a password change closes the other sessions’ streams and keeps its own', async () => {
    const { cookies } = await freshUser(2);
    const other = await connect(port, cookies[0]!);
    const own = await connect(port, cookies[1]!);
    const res = await s.app.inject({
      method: 'PUT',
      url: `/api/v3/user/password?oldPassword=${encodeURIComponent(DEMO_PASSWORD)}&newPassword=${encodeURIComponent('a new password 1')}`,
      headers: { cookie: cookies[1]!, ...sameOrigin },
    });
    expect(res.statusCode).toBe(200);
    closeTimes.passwordChange = await closedWithin(other, 2000);
    expect(await stillOpenAfter(own, 300)).toBe(true);
    own.close();
  });

  it(`the ${MAX_STREAMS_PER_SESSION + 1}th stream of a session closes the oldest`, async () => {
    const { cookies } = await freshUser(1);
    const before = openPushStreams();
    const streams: Sse[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) streams.push(await connect(port, cookies[0]!));
    expect(openPushStreams()).toBe(before + MAX_STREAMS_PER_SESSION);
    streams.push(await connect(port, cookies[0]!));
    await closedWithin(streams[0]!, 2000);
    // The evicted browser is told to come back later, not in 5 s (tabs would evict each other).
    expect(streams[0]!.comments).toContain('superseded by a newer stream of this session');
    expect(openPushStreams()).toBe(before + MAX_STREAMS_PER_SESSION);
    for (const x of streams.slice(1)) expect(await stillOpenAfter(x, 50)).toBe(true);
    // 40 more: still never more than the cap for this session.
    for (let i = 0; i < 40; i++) streams.push(await connect(port, cookies[0]!));
    const until = Date.now() + 2000;
    while (openPushStreams() > before + MAX_STREAMS_PER_SESSION && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    expect(openPushStreams()).toBe(before + MAX_STREAMS_PER_SESSION);
    for (const x of streams) x.close();
  });

  it('the stream ends when its session expires', async () => {
    const { cookies } = await freshUser(1);
    const id = await publicIdOf(cookies[0]!);
    const expiresAt = Date.now() + 1200;
    await s.db.db.update(sessions).set({ expiresAt: new Date(expiresAt) }).where(eq(sessions.publicId, id));
    const sse = await connect(port, cookies[0]!);
    await closedWithin(sse, expiresAt - Date.now() + 2000);
    closeTimes.expiry = Date.now() - expiresAt;
  });

  // Two replicas need two processes on one database: PostgreSQL only (PGlite is one process).
  (driver === 'postgres' ? it : it.skip)('logout on one replica closes the stream held by another (PostgreSQL only)', async () => {
    const { cookies } = await freshUser(1);
    const pool = (s.db.db as unknown as { $client: { options: { connectionString: string } } }).$client;
    const config = testConfig({ databaseUrl: pool.options.connectionString, demo: false });
    const otherDb = await openDatabase(config);
    const other = injectAsOwnPages(await buildApp({ config, database: otherDb }));
    try {
      await other.listen({ port: 0, host: '127.0.0.1' });
      const sse = await connect((other.server.address() as AddressInfo).port, cookies[0]!);
      const res = await s.app.inject({ method: 'GET', url: '/api/v2/auth/logout', headers: { cookie: cookies[0]!, ...sameOrigin } });
      expect(res.statusCode).toBe(200);
      closeTimes.otherReplica = await closedWithin(sse, 2000);
    } finally {
      await other.close();
      await otherDb.close();
    }
  });

  // PGlite runs in this process: there is no separate LISTEN connection to cut.
  (driver === 'postgres' ? it : it.skip)(
    'after the LISTEN connection is killed it reconnects and the next task is pushed (PostgreSQL only)',
    async () => {
      const { cookies } = await freshUser(1);
      const sse = await connect(port, cookies[0]!);
      const hub = pushHubOf(s.db.db)!;
      expect(hub.state).toBe('listening');
      const before = hub.reconnects;
      const killed = (await s.db.db.execute(
        sql`select pg_terminate_backend(pid) as ok from pg_stat_activity
            where datname = current_database() and application_name = 'fieldwatch-push' and pid <> pg_backend_pid()`,
      )) as unknown as { rows: Array<{ ok: boolean }> };
      expect(killed.rows.length).toBe(1);
      const until = Date.now() + 5000 + listenRetry.firstMs;
      while (hub.reconnects === before && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      expect(hub.reconnects).toBe(before + 1);
      expect(hub.state).toBe('listening');

      await s.db.db
        .update(alarms)
        .set({ active: false })
        .where(sql`${alarms.unitId} = ${nordicUnit} and ${alarms.channelId} = 5 and ${alarms.alarmType} = 28`);
      const [row] = await s.db.db
        .insert(alarms)
        .values({ unitId: nordicUnit, channelId: 5, alarmType: 28, text: 'Battery low', eventTime: new Date() })
        .returning({ id: alarms.id });
      const out = await processAlarmRows(s.db.db, [row!.id]);
      const taskId = out.tasks[0]!.task.id;
      await sse.waitFor((x) => x.events.some((e) => e.event === 'task' && JSON.parse(e.data).id === taskId));
      sse.close();
    },
  );
});
