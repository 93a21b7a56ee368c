import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { PUSH_STREAM_PATH } from '@fieldwatch/shared';
import { alarms, units } from '../src/db/schema';
import { processAlarmRows } from '../src/modules/events/pipeline';
import { openPushStreams, pushSettings } from '../src/modules/push/plugin';
import { DRIVERS, login, startServer, type TestServer } from './helpers';

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

    expect(openPushStreams()).toBe(2);
    user.close();
    reader.close();
    await Promise.all([user.closed, reader.closed]);
    const until = Date.now() + 3000;
    while (openPushStreams() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    expect(openPushStreams()).toBe(0);
  });

  it('closing the server ends open streams', async () => {
    const user = await connect(port, userCookie);
    expect(openPushStreams()).toBe(1);
    void user;
  });
});
