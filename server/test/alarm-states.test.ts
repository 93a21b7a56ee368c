/**
 * The alarm state model (shared domain/alarm-state.ts): active/cleared × unacknowledged/
 * acknowledged, through every door that changes it — acknowledge, reset, bulk, the condition
 * clearing (limit back inside, unit reporting again) — each recorded in the alarm's history and
 * its task's activity log and pushed to the organisation's open browsers; the repeat interval with
 * the test's own clock; Reader 403, other organisations 404, nothing changed.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import {
  PUSH_STREAM_PATH,
  type AlarmActionResult,
  type AlarmChange,
  type AlarmHistory,
  type AlarmRecord,
  type FwNotification,
  type FwTask,
  type Unit,
} from '@fieldwatch/shared';
import { alarmHistory, alarmLimits, alarms, channels, notifications, tasks, units } from '../src/db/schema';
import { evaluateMeasurements } from '../src/modules/alarms/evaluate';
import { repeatDueAlarms } from '../src/modules/alarms/repeat';
import { processAlarmRows } from '../src/modules/events/pipeline';
import { DRIVERS, fingerprintDiff, getJson, startDemo, tableFingerprint, type TestServer } from './helpers';

type Data<T> = { data: T };

describe.each(DRIVERS)('alarm states on %s', (driver) => {
  let s: TestServer;
  let superCookie: string;
  let userCookie: string;
  let readerCookie: string;
  let nordic: number;
  let baltic: number;
  /** Nordic units with an analog channel 1 (none of the demo's alarms on it), and a Baltic one. */
  let nUnits: number[];
  let bUnit: number;

  beforeAll(async () => {
    ({ s, superCookie, userCookie, readerCookie, nordic, baltic } = await startDemo(driver));
    const analogUnits = async (org: number) =>
      (
        await s.db.db
          .select({ id: units.id })
          .from(units)
          .innerJoin(channels, and(eq(channels.unitId, units.id), eq(channels.channelNo, 1), eq(channels.kind, 'analog')))
          .where(
            and(
              eq(units.organizationId, org),
              sql`not exists (select 1 from alarms a where a.unit_id = ${units.id} and a.channel_id = 1 and a.active)`,
            ),
          )
          .orderBy(units.id)
      ).map((r) => r.id);
    nUnits = (await analogUnits(nordic)).slice(0, 8);
    bUnit = (await analogUnits(baltic))[0]!;
    expect(nUnits).toHaveLength(8);
  });
  afterAll(async () => {
    await s?.close();
  });

  const post = (url: string, cookie: string, payload: object) =>
    s.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const act = (id: number, action: string, cookie = userCookie) =>
    post(`/api/v3/alarms/${id}/actions`, cookie, { action });
  const bulk = (ids: number[], action: string, cookie = userCookie) =>
    post('/api/v3/alarms/actions', cookie, { action, ids });
  const row = async (id: number) => (await s.db.db.select().from(alarms).where(eq(alarms.id, id)))[0]!;

  /**
   * A new alarm of `unit` raised the way the product raises them: a level-1 high limit of 16 on
   * channel 1, and a reading of `value` through limit evaluation (event, notifications, task).
   */
  const raise = async (unit: number, value = 20, at = new Date(Date.now() - 10 * 60_000)) => {
    await s.db.db
      .insert(alarmLimits)
      .values({ unitId: unit, channelNo: 1, level: 1, low: null, high: 16, enabled: true, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: [alarmLimits.unitId, alarmLimits.channelNo, alarmLimits.level],
        set: { low: null, high: 16, enabled: true },
      });
    const r = await evaluateMeasurements(s.db.db, [{ unitId: unit, channel: 1, ts: at, value }]);
    expect(r.alarmIds).toHaveLength(1);
    return r.alarmIds[0]!;
  };
  const taskOf = async (alarmId: number): Promise<{ doc: FwTask; revision: number }> => {
    const r = await row(alarmId);
    const [t] = await s.db.db.select({ doc: tasks.doc, revision: tasks.revision }).from(tasks).where(eq(tasks.id, r.taskId!));
    return t!;
  };
  const historyOf = async (alarmId: number) =>
    (await s.db.db.select().from(alarmHistory).where(eq(alarmHistory.alarmId, alarmId)).orderBy(alarmHistory.id)).map(
      (h) => [h.kind, h.by, h.state],
    );

  it('acknowledge: who and when, still active, no longer new; history, task activity, device list', async () => {
    const id = await raise(nUnits[0]!);
    const before = await row(id);
    expect(before.eventId).toBeTruthy(); // the pipeline recorded what it made of the alarm
    expect(before.taskId).toBeTruthy();
    const taskBefore = await taskOf(id);

    const res = await act(id, 'acknowledge');
    expect(res.statusCode).toBe(200);
    const r = (res.json() as Data<AlarmActionResult>).data;
    expect(r.by).toBe('demo.user');
    expect(r.at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(r.alarms).toEqual([
      expect.objectContaining({
        alarmId: id,
        changed: true,
        state: 'activeAcknowledged',
        acknowledgedBy: 'demo.user',
        acknowledgedAt: r.at,
        clearedAt: null,
      }),
    ]);
    const after = await row(id);
    expect(after.active).toBe(true);
    expect(after.acknowledgedBy).toBe('demo.user');
    expect(await historyOf(id)).toEqual([['acknowledged', 'demo.user', 'activeAcknowledged']]);

    const task = await taskOf(id);
    expect(task.revision).toBe(taskBefore.revision + 1);
    expect(task.doc.activities.at(-1)).toMatchObject({
      user: 'demo.user',
      type: 'alarm',
      alarm: { id, kind: 'acknowledged', state: 'activeAcknowledged', unitId: nUnits[0] },
    });

    // The unit still carries it (active), now with who acknowledged it.
    const devices = await getJson<Data<Unit[]>>(s.app, '/api/v2/device/devices?use_context=true', userCookie);
    const unit = devices.body.data.find((u) => u.UnitID === nUnits[0]);
    expect(unit?.AlarmEvents.find((e) => e.AlarmID === id)).toMatchObject({ AcknowledgedBy: 'demo.user', AcknowledgedAt: r.at });
    // The lists say so too.
    const listed = await post('/api/v2/device/alarms', userCookie, { devices: [nUnits[0]] });
    expect((listed.json() as Data<AlarmRecord[]>).data.find((a) => a.AlarmID === id)).toMatchObject({
      Active: true,
      State: 'activeAcknowledged',
      AcknowledgedBy: 'demo.user',
    });

    // Again (someone else was first): nothing changes, not an error.
    const again = await act(id, 'acknowledge', superCookie);
    expect(again.statusCode).toBe(200);
    expect((again.json() as Data<AlarmActionResult>).data.alarms[0]).toMatchObject({
      changed: false,
      acknowledgedBy: 'demo.user',
    });
    expect(await historyOf(id)).toHaveLength(1);
  });

  it('the condition clearing ends an acknowledged alarm (closed) and a new one (cleared, not acknowledged)', async () => {
    const acked = await raise(nUnits[1]!);
    await act(acked, 'acknowledge');
    const fresh = await raise(nUnits[2]!);
    const back = await evaluateMeasurements(s.db.db, [
      { unitId: nUnits[1]!, channel: 1, ts: new Date(), value: 10 },
      { unitId: nUnits[2]!, channel: 1, ts: new Date(), value: 10 },
    ]);
    expect(back.alarmIds).toEqual([]);
    expect(back.cleared.map((c) => [c.alarmId, c.state, c.by, c.kind]).sort()).toEqual(
      [
        [acked, 'clearedAcknowledged', 'system', 'cleared'],
        [fresh, 'clearedUnacknowledged', 'system', 'cleared'],
      ].sort(),
    );
    expect((await row(fresh)).clearedBy).toBeNull();
    expect((await taskOf(fresh)).doc.activities.at(-1)).toMatchObject({
      user: 'system',
      type: 'alarm',
      alarm: { id: fresh, kind: 'cleared', state: 'clearedUnacknowledged' },
    });
    // A cleared alarm nobody acknowledged can still be acknowledged (it is then closed); not reset.
    const reset = (await act(fresh, 'reset')).json() as Data<AlarmActionResult>;
    expect(reset.data.alarms[0]).toMatchObject({ changed: false, state: 'clearedUnacknowledged' });
    const ack = (await act(fresh, 'acknowledge')).json() as Data<AlarmActionResult>;
    expect(ack.data.alarms[0]).toMatchObject({ changed: true, state: 'clearedAcknowledged' });
    expect(await historyOf(fresh)).toEqual([
      ['cleared', 'system', 'clearedUnacknowledged'],
      ['acknowledged', 'demo.user', 'clearedAcknowledged'],
    ]);
    // An older reading never ends an alarm raised after it.
    const late = await raise(nUnits[3]!, 20, new Date());
    const old = await evaluateMeasurements(s.db.db, [
      { unitId: nUnits[3]!, channel: 1, ts: new Date(Date.now() - 3_600_000), value: 10 },
    ]);
    expect(old.cleared).toEqual([]);
    expect((await row(late)).active).toBe(true);
  });

  it('a communication error ends when its unit reports again', async () => {
    const unit = nUnits[4]!;
    const [a] = await s.db.db
      .insert(alarms)
      .values({ unitId: unit, channelId: 0, alarmType: 19, text: 'No contact', eventTime: new Date(Date.now() - 60_000) })
      .returning({ id: alarms.id });
    await processAlarmRows(s.db.db, [a!.id]);
    const r = await evaluateMeasurements(s.db.db, [{ unitId: unit, channel: 7, ts: new Date(), value: -80 }]);
    expect(r.cleared).toEqual([expect.objectContaining({ alarmId: a!.id, state: 'clearedUnacknowledged', kind: 'cleared' })]);
  });

  it('reset: clears by hand and acknowledges an unacknowledged alarm; the limit can raise it again', async () => {
    const id = await raise(nUnits[5]!);
    const res = await act(id, 'reset', superCookie);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Data<AlarmActionResult>).data.alarms[0]).toMatchObject({
      changed: true,
      state: 'clearedAcknowledged',
      acknowledgedBy: 'demo.super',
      clearedBy: 'demo.super',
    });
    const r = await row(id);
    expect([r.active, r.clearedBy, r.acknowledgedBy]).toEqual([false, 'demo.super', 'demo.super']);
    expect(await historyOf(id)).toEqual([['reset', 'demo.super', 'clearedAcknowledged']]);
    expect((await taskOf(id)).doc.activities.at(-1)).toMatchObject({ user: 'demo.super', alarm: { kind: 'reset' } });
    // Re-armed: the condition still there raises a new alarm.
    const again = await evaluateMeasurements(s.db.db, [{ unitId: nUnits[5]!, channel: 1, ts: new Date(), value: 21 }]);
    expect(again.alarmIds).toHaveLength(1);
    // The history endpoint: raised, then reset (Readers read, other organisations' alarms 404).
    const h = await getJson<Data<AlarmHistory>>(s.app, `/api/v3/alarms/${id}/history`, superCookie);
    expect(h.status).toBe(200);
    expect(h.body.data.entries.map((e) => [e.kind, e.by, e.state])).toEqual([
      ['raised', 'system', 'activeUnacknowledged'],
      ['reset', 'demo.super', 'clearedAcknowledged'],
    ]);
    expect(h.body.data.alarm).toMatchObject({ alarmId: id, state: 'clearedAcknowledged' });
    const balticAlarm = await raise(bUnit);
    expect((await getJson(s.app, `/api/v3/alarms/${balticAlarm}/history`, readerCookie)).status).toBe(200);
    expect((await getJson(s.app, `/api/v3/alarms/${balticAlarm}/history`, userCookie)).status).toBe(404);
  });

  it('bulk acknowledge: one transaction for all, per-alarm outcome; a foreign id changes nothing (404)', async () => {
    const ids = [await raise(nUnits[6]!), await raise(nUnits[7]!)];
    await act(ids[1]!, 'acknowledge', superCookie); // someone was first on one of them
    const balticAlarm = (
      await s.db.db
        .select({ id: alarms.id })
        .from(alarms)
        .innerJoin(units, eq(units.id, alarms.unitId))
        .where(and(eq(units.organizationId, baltic), eq(alarms.active, true)))
        .limit(1)
    )[0]!.id;

    const fp = await tableFingerprint(s.db);
    const foreign = await bulk([ids[0]!, balticAlarm], 'acknowledge');
    expect(foreign.statusCode).toBe(404);
    const reader = await bulk(ids, 'acknowledge', readerCookie);
    expect(reader.statusCode).toBe(403);
    expect(reader.json()).toMatchObject({ message: 'You are missing authority for this device' });
    expect((await act(ids[0]!, 'acknowledge', readerCookie)).statusCode).toBe(403);
    expect((await act(balticAlarm, 'reset')).statusCode).toBe(404);
    for (const bad of [{ action: 'acknowledge', ids: [] }, { action: 'mute', ids }, { action: 'acknowledge', ids: ['x'] }])
      expect((await post('/api/v3/alarms/actions', userCookie, bad)).statusCode).toBe(400);
    expect((await bulk(Array.from({ length: 1001 }, (_, i) => i + 1), 'acknowledge')).statusCode).toBe(400);
    expect(fingerprintDiff(fp, await tableFingerprint(s.db))).toEqual([]);

    const res = await bulk([ids[1]!, ids[0]!, ids[0]!], 'acknowledge');
    expect(res.statusCode).toBe(200);
    const r = (res.json() as Data<AlarmActionResult>).data;
    expect(r.alarms.map((a) => [a.alarmId, a.changed, a.acknowledgedBy])).toEqual([
      [ids[1], false, 'demo.super'],
      [ids[0], true, 'demo.user'],
    ]);
  });

  it('two people acknowledging one alarm at the same moment: one does it, the other is told', async () => {
    const id = await raise(nUnits[1]!, 30, new Date()); // its earlier alarm has cleared
    const [a, b] = await Promise.all([act(id, 'acknowledge', userCookie), act(id, 'acknowledge', superCookie)]);
    const changed = [a, b].map((x) => (x.json() as Data<AlarmActionResult>).data.alarms[0]!.changed);
    expect(changed.sort()).toEqual([false, true]);
    expect(await historyOf(id)).toHaveLength(1);
  }, 60_000);

  it('acknowledgements are pushed to every open browser of the organisation within 2 s, not to others', async () => {
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (s.app.server.address() as AddressInfo).port;
    const superStream = await connect(port, superCookie);
    const readerStream = await connect(port, readerCookie);
    try {
      await new Promise((r) => setTimeout(r, 200));
      const id = await raise(nUnits[2]!, 25, new Date());
      const started = Date.now();
      await act(id, 'acknowledge');
      await superStream.waitFor((x) => x.events.some((e) => e.event === 'alarm' && JSON.parse(e.data).alarmId === id), 2000);
      const took = Date.now() - started;
      expect(took).toBeLessThan(2000);
      const change = JSON.parse(superStream.events.find((e) => e.event === 'alarm')!.data) as AlarmChange;
      expect(change).toMatchObject({
        alarmId: id,
        organizationId: nordic,
        state: 'activeAcknowledged',
        kind: 'acknowledged',
        by: 'demo.user',
        acknowledgedBy: 'demo.user',
      });
      // The task's activity is pushed as well.
      await superStream.waitFor((x) => x.events.some((e) => e.event === 'task'), 2000);
      // The Baltic reader sees nothing of Nordic's alarms.
      await new Promise((r) => setTimeout(r, 300));
      expect(readerStream.events.filter((e) => e.event === 'alarm')).toEqual([]);
    } finally {
      superStream.close();
      readerStream.close();
    }
  });

  describe('repeat interval', () => {
    const settingsUrl = (unit: number) => `/api/v2/device/legacy/devices/${unit}/settings`;
    const setAlarmSettings = async (unit: number, alarm: Record<string, unknown>) => {
      const current = (await getJson<Data<{ revision: number; settings: Record<string, Record<string, unknown>> }>>(
        s.app,
        settingsUrl(unit),
        userCookie,
      )).body.data;
      const res = await s.app.inject({
        method: 'PUT',
        url: settingsUrl(unit),
        headers: { cookie: userCookie },
        payload: { revision: current.revision, settings: { ...current.settings, alarm: { ...current.settings.alarm, ...alarm } } },
      });
      expect(res.statusCode).toBe(200);
    };
    const remindersOf = async (alarmId: number) => {
      const r = await row(alarmId);
      return (
        await s.db.db
          .select({ doc: notifications.doc, userId: notifications.userId })
          .from(notifications)
          .where(sql`${notifications.doc}->>'eventId' = ${r.eventId} and ${notifications.doc} ? 'repeat'`)
      ).map((n) => ({ user: n.userId, doc: n.doc as FwNotification }));
    };

    it('repeats a new alarm every repeatMin minutes on the server clock; acknowledged, cleared or switched-off units never', async () => {
      // Fresh alarms on units the other tests did not use for this: five-minute repeats.
      const units5 = nUnits.slice(3, 7);
      for (const u of units5) await setAlarmSettings(u, { repeatMin: 5, enabled: true });
      // Clear whatever the earlier tests left active on channel 1 of these units.
      await s.db.db
        .update(alarms)
        .set({ active: false, clearedAt: new Date() })
        .where(and(sql`${alarms.unitId} in (${sql.join(units5.map((u) => sql`${u}`), sql`, `)})`, eq(alarms.channelId, 1)));
      const ids: number[] = [];
      for (const u of units5) ids.push(await raise(u, 40, new Date()));
      const [newOne, ackedOne, clearedOne, offOne] = ids as [number, number, number, number];
      await act(ackedOne, 'acknowledge');
      await act(clearedOne, 'reset');
      await setAlarmSettings(units5[3]!, { enabled: false });

      const notified = (await row(newOne)).notifiedAt.getTime();
      // 4 minutes later: not yet.
      const early = await repeatDueAlarms(s.db.db, new Date(notified + 4 * 60_000));
      expect(early.repeated.map((r) => r.alarmId)).not.toContain(newOne);
      // 5 minutes: the first reminder, to every member of the organisation (demo.super, demo.user).
      const first = await repeatDueAlarms(s.db.db, new Date(notified + 5 * 60_000));
      const mine = first.repeated.filter((r) => ids.includes(r.alarmId));
      expect(mine).toEqual([{ alarmId: newOne, repeat: 1 }]);
      const reminders = await remindersOf(newOne);
      expect(reminders).toHaveLength(2);
      expect(reminders[0]!.doc).toMatchObject({ repeat: 1, type: 'alarm', eventId: (await row(newOne)).eventId });
      expect(reminders[0]!.doc.message).toMatch(/reminder 1/);
      // The same moment again (another replica): nothing twice.
      const twice = await repeatDueAlarms(s.db.db, new Date(notified + 5 * 60_000));
      expect(twice.repeated.map((r) => r.alarmId)).not.toContain(newOne);
      // 5 minutes after that reminder: the second.
      const second = await repeatDueAlarms(s.db.db, new Date(notified + 10 * 60_000));
      expect(second.repeated.filter((r) => ids.includes(r.alarmId))).toEqual([{ alarmId: newOne, repeat: 2 }]);
      expect(await historyOf(newOne)).toEqual([
        ['repeated', 'system', 'activeUnacknowledged'],
        ['repeated', 'system', 'activeUnacknowledged'],
      ]);
      // Acknowledged: no more reminders.
      await act(newOne, 'acknowledge');
      const after = await repeatDueAlarms(s.db.db, new Date(notified + 60 * 60_000));
      expect(after.repeated.map((r) => r.alarmId).filter((id) => ids.includes(id))).toEqual([]);
      expect(await remindersOf(ackedOne)).toEqual([]);
      expect(await remindersOf(offOne)).toEqual([]);
    });
  });
});

interface Sse {
  events: Array<{ event: string; data: string }>;
  close(): void;
  waitFor(pred: (s: Sse) => boolean, ms?: number): Promise<void>;
}

function connect(port: number, cookie: string): Promise<Sse> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: PUSH_STREAM_PATH, headers: { cookie } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`status ${res.statusCode}`));
      let buf = '';
      const sse: Sse = {
        events: [],
        close: () => req.destroy(),
        waitFor: async (pred, ms = 5000) => {
          const until = Date.now() + ms;
          while (!pred(sse)) {
            if (Date.now() > until) throw new Error(`timed out; got ${JSON.stringify(sse.events.map((e) => e.event))}`);
            await new Promise((r) => setTimeout(r, 20));
          }
        },
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buf += chunk;
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const lines = buf.slice(0, i).split('\n');
          buf = buf.slice(i + 2);
          const ev = lines.find((l) => l.startsWith('event: '));
          const data = lines.find((l) => l.startsWith('data: '));
          if (ev && data) sse.events.push({ event: ev.slice(7), data: data.slice(6) });
        }
      });
      resolve(sse);
    });
    req.on('error', reject);
  });
}
