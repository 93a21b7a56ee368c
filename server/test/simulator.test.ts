/**
 * The live demo: seeded alarm limits, simulator ticks that raise limit and battery alarms through
 * the one pipeline, units that drop out and the communication watchdog that notices, last contact,
 * and one active alarm per unit, channel and type even under concurrent evaluation.
 */
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { COMMUNICATION_ERROR_ALARM, INACTIVE_UNIT_MARKER, isParkingType } from '@fieldwatch/shared';
import {
  alarmLimits,
  alarms,
  channels,
  events,
  measurementRollups,
  measurements,
  tasks,
  units,
} from '../src/db/schema';
import { evaluateMeasurements } from '../src/modules/alarms/evaluate';
import { raiseCommunicationErrors } from '../src/modules/alarms/watchdog';
import { ingestMeasurements } from '../src/modules/ingestion/service';
import { DEMO_LIMITS, NO_SIGNAL_DBM, SIGNAL_CHANNEL, signalValue } from '../src/modules/simulator/signal';
import { simulatorTick, startSimulator } from '../src/modules/simulator/simulator';
import { standingFaults } from '../src/modules/simulator/standing-faults';
import { DEMO_SEED } from '../src/seed/fleet';
import { appContext } from '../src/app';
import { DRIVERS, startServer, type TestServer } from './helpers';

const HOUR = 3_600_000;

describe.each(DRIVERS)('live demo on %s', (driver) => {
  let s: TestServer;
  type Ch = { unitId: number; channelNo: number; name: string; unitType: number };
  let installed: Ch[];

  beforeAll(async () => {
    s = await startServer(driver);
    installed = await s.db.db
      .select({
        unitId: channels.unitId,
        channelNo: channels.channelNo,
        name: channels.name,
        unitType: units.type,
      })
      .from(channels)
      .innerJoin(units, eq(units.id, channels.unitId))
      .where(sql`${units.name} not ilike ${`%${INACTIVE_UNIT_MARKER}%`}`);
  });
  afterAll(async () => {
    await s?.close();
  });

  const silentAt = (unitId: number, ts: number) =>
    installed.some(
      (c) =>
        c.unitId === unitId && c.name === SIGNAL_CHANNEL && signalValue(DEMO_SEED, c, ts) <= NO_SIGNAL_DBM,
    );

  /** The first 6-hour window after `from` where `pred` holds for some installed channel. */
  const findExcursion = (pred: (c: Ch, ts: number) => boolean, from: number): { c: Ch; ts: number } => {
    for (let ts = from; ts < from + 400 * 24 * HOUR; ts += 6 * HOUR)
      for (const c of installed) if (pred(c, ts)) return { c, ts };
    throw new Error('no excursion found');
  };

  // First: the ticks of the tests below clear seeded alarms whose condition their readings end.
  it('alarms active when the simulator starts are standing faults, kept until a person resets one', async () => {
    const db = s.db.db;
    const startedAt = new Date();
    const open = await db
      .select()
      .from(alarms)
      .where(and(eq(alarms.active, true), lt(alarms.eventTime, startedAt)));
    const comm = open.find((a) => a.alarmType === COMMUNICATION_ERROR_ALARM)!;
    const silent = new Set(
      open.filter((a) => a.alarmType === COMMUNICATION_ERROR_ALARM).map((a) => a.unitId),
    );
    const battery = open.find((a) => a.alarmType === 28 && !silent.has(a.unitId))!;
    expect(comm).toBeDefined();
    expect(battery).toBeDefined();

    const at = new Date(Math.floor(startedAt.getTime() / 1000) * 1000 + 60_000);
    await simulatorTick(db, at, { startedAt });
    const stillActive = await db.select({ id: alarms.id, active: alarms.active }).from(alarms);
    const activeIds = new Set(stillActive.filter((a) => a.active).map((a) => a.id));
    for (const a of open) expect(activeIds.has(a.id)).toBe(true);
    // The unit without contact sent nothing; the sagging battery reads below its 3.3 V limit.
    const lastOf = async (unitId: number, channelNo?: number) =>
      (
        await db
          .select({ ts: measurements.ts, value: measurements.value })
          .from(measurements)
          .where(
            channelNo === undefined
              ? eq(measurements.unitId, unitId)
              : and(eq(measurements.unitId, unitId), eq(measurements.channelNo, channelNo)),
          )
          .orderBy(desc(measurements.ts))
          .limit(1)
      )[0];
    expect((await lastOf(comm.unitId))?.ts.getTime() ?? 0).toBeLessThan(at.getTime());
    const reading = (await lastOf(battery.unitId, battery.channelId))!;
    expect(reading.ts.getTime()).toBe(at.getTime());
    expect(reading.value).toBeLessThan(3.3);

    // A person resets the battery alarm (the state door itself: alarm-states.test.ts): the channel
    // follows its signal model again, while the unit without contact stays silent.
    await db
      .update(alarms)
      .set({ active: false, clearedAt: at, clearedBy: 'demo.super' })
      .where(eq(alarms.id, battery.id));
    const faults = await standingFaults(db, startedAt);
    expect(faults.heldChannels.has(`${battery.unitId}:${battery.channelId}`)).toBe(false);
    expect(faults.silentUnits.has(comm.unitId)).toBe(true);
  });

  it('seeds the level-1 demo limits on the channels of installed units', async () => {
    const rows = await s.db.db
      .select({ name: channels.name, low: alarmLimits.low, high: alarmLimits.high, level: alarmLimits.level })
      .from(alarmLimits)
      .innerJoin(
        channels,
        and(eq(channels.unitId, alarmLimits.unitId), eq(channels.channelNo, alarmLimits.channelNo)),
      );
    const limited = installed.filter((c) => DEMO_LIMITS[c.name]);
    expect(rows.length).toBe(limited.length);
    const battery = rows.find((r) => r.name === 'Battery voltage')!;
    expect(battery).toMatchObject({ level: 1, low: 3.3, high: null });
  });

  it('a tick raises a battery alarm with its event and task when a battery sags', async () => {
    const { c, ts } = findExcursion(
      (ch, t) =>
        ch.name === 'Battery voltage' && signalValue(DEMO_SEED, ch, t) < 3.3 && !silentAt(ch.unitId, t),
      Date.parse('2025-01-01T00:00:00Z'),
    );
    await s.db.db
      .update(alarms)
      .set({ active: false })
      .where(and(eq(alarms.unitId, c.unitId), eq(alarms.alarmType, 28)));
    await simulatorTick(s.db.db, new Date(ts), { hooks: appContext(s.app).measurements });
    const raised = await s.db.db
      .select()
      .from(alarms)
      .where(and(eq(alarms.unitId, c.unitId), eq(alarms.alarmType, 28), eq(alarms.active, true)));
    expect(raised).toHaveLength(1);
    expect(raised[0]!.channelId).toBe(c.channelNo);
    expect(raised[0]!.text).toMatch(/below low limit 3\.3 V/);
    const [task] = await s.db.db
      .select({ doc: tasks.doc })
      .from(tasks)
      .where(
        sql`${tasks.doc}->>'signature' = ${`Alarm${c.unitId}`} and ${tasks.doc}->>'status' <> 'completed'`,
      )
      .limit(1);
    expect(task).toBeDefined();
    // The next tick, still below the limit, raises nothing more while the alarm is active.
    await simulatorTick(s.db.db, new Date(ts + 60_000), { hooks: appContext(s.app).measurements });
    const again = await s.db.db
      .select({ n: sql<number>`count(*)::int` })
      .from(alarms)
      .where(and(eq(alarms.unitId, c.unitId), eq(alarms.alarmType, 28), eq(alarms.active, true)));
    expect(Number(again[0]!.n)).toBe(1);
  });

  it('a unit whose signal drops out sends nothing, and keeps its last contact', async () => {
    const { c, ts } = findExcursion(
      (ch, t) => ch.name === SIGNAL_CHANNEL && silentAt(ch.unitId, t),
      Date.parse('2025-03-01T00:00:00Z'),
    );
    const before = await s.db.db
      .select({ last: units.lastContactAt })
      .from(units)
      .where(eq(units.id, c.unitId));
    const result = await simulatorTick(s.db.db, new Date(ts));
    expect(result.accepted).toBeGreaterThan(100);
    const stored = await s.db.db
      .select({ n: sql<number>`count(*)::int` })
      .from(measurements)
      .where(and(eq(measurements.unitId, c.unitId), eq(measurements.ts, new Date(ts))));
    expect(Number(stored[0]!.n)).toBe(0);
    const after = await s.db.db
      .select({ last: units.lastContactAt })
      .from(units)
      .where(eq(units.id, c.unitId));
    expect(after[0]!.last?.getTime()).toBe(before[0]!.last?.getTime());
  });

  it('ingestion moves last contact forward only', async () => {
    const c = installed[0]!;
    const future = new Date(Date.now() + 60_000);
    await ingestMeasurements(s.db.db, [{ unitId: c.unitId, channel: c.channelNo, ts: future, value: 1 }], {});
    await ingestMeasurements(
      s.db.db,
      [{ unitId: c.unitId, channel: c.channelNo, ts: new Date('2024-01-01T00:00:00Z'), value: 1 }],
      {},
    );
    const [u] = await s.db.db.select({ last: units.lastContactAt }).from(units).where(eq(units.id, c.unitId));
    expect(u!.last?.getTime()).toBe(future.getTime());
  });

  it('the watchdog raises one communication error for a silent unit, through the pipeline', async () => {
    const now = new Date();
    const unitId = installed.find((c) => c.unitId !== installed[0]!.unitId)!.unitId;
    await s.db.db
      .update(alarms)
      .set({ active: false })
      .where(and(eq(alarms.alarmType, COMMUNICATION_ERROR_ALARM), eq(alarms.active, true)));
    // Everybody reported within the hour; one unit last reported four hours ago.
    await s.db.db
      .update(units)
      .set({ lastContactAt: new Date(now.getTime() - HOUR) })
      .where(sql`${units.lastContactAt} is not null`);
    await s.db.db
      .update(units)
      .set({ lastContactAt: new Date(now.getTime() - 4 * HOUR) })
      .where(eq(units.id, unitId));

    const first = await raiseCommunicationErrors(s.db.db, now, 3 * HOUR);
    expect(first.alarmIds).toHaveLength(1);
    const [a] = await s.db.db.select().from(alarms).where(eq(alarms.id, first.alarmIds[0]!));
    expect(a).toMatchObject({ unitId, channelId: 0, alarmType: COMMUNICATION_ERROR_ALARM, active: true });
    expect(a!.text).toMatch(/^No contact since \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
    expect(first.pipeline.events).toHaveLength(1);
    const [ev] = await s.db.db.select().from(events).where(eq(events.id, first.pipeline.events[0]!.event.id));
    expect(ev!.doc).toMatchObject({
      unitId,
      type: 'alarm',
      alarm: { type: COMMUNICATION_ERROR_ALARM, channelId: 0 },
    });

    // Checked again (or by a second replica): nothing new while the alarm is active.
    const again = await Promise.all([
      raiseCommunicationErrors(s.db.db, now, 3 * HOUR),
      raiseCommunicationErrors(s.db.db, now, 3 * HOUR),
    ]);
    expect(again.flatMap((r) => r.alarmIds)).toEqual([]);
  });

  it('concurrent evaluations of the same crossing store one active alarm', async () => {
    const c = installed.find((x) => x.name === 'PT 1')!;
    await s.db.db
      .update(alarms)
      .set({ active: false })
      .where(and(eq(alarms.unitId, c.unitId), eq(alarms.channelId, c.channelNo)));
    const point = { unitId: c.unitId, channel: c.channelNo, ts: new Date(), value: 99 };
    const results = await Promise.all(
      Array.from({ length: 4 }, () => evaluateMeasurements(s.db.db, [point])),
    );
    expect(results.flatMap((r) => r.alarmIds)).toHaveLength(1);
    const active = await s.db.db
      .select({ n: sql<number>`count(*)::int` })
      .from(alarms)
      .where(and(eq(alarms.unitId, c.unitId), eq(alarms.channelId, c.channelNo), eq(alarms.active, true)));
    expect(Number(active[0]!.n)).toBe(1);
  });

  it('backfills history in the background, parking sensors first, and stops when asked', async () => {
    const parking = installed.find((c) => isParkingType(c.unitType))!;
    const yearOld = async () =>
      (
        await s.db.db
          .select({ n: sql<number>`count(*)::int` })
          .from(measurementRollups)
          .where(
            and(
              eq(measurementRollups.unitId, parking.unitId),
              eq(measurementRollups.granularity, 'day'),
              sql`${measurementRollups.bucket} < now() - interval '300 days'`,
            ),
          )
      )[0]!.n;
    // The ticks of the tests above wrote old rollups, which read as "done": start clean.
    await s.db.db.delete(measurementRollups).where(eq(measurementRollups.unitId, parking.unitId));
    expect(Number(await yearOld())).toBe(0);
    const sim = startSimulator(s.db.db, { intervalSec: 3600, backfillPauseMs: 0 });
    const until = Date.now() + 30_000;
    while (Number(await yearOld()) < 30 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    await sim.stop();
    expect(Number(await yearOld())).toBeGreaterThanOrEqual(30);
  });
});
