/**
 * A demo unit's history, written the first time it is charted (lazily: backfilling the whole
 * fleet's year would slow every start). From the signal model: the last 48 h as raw measurements
 * every 10 minutes through the ingestion service (so rollups are maintained as usual), hour
 * rollups back to 92 days, and day rollups back to a year. Idempotent per channel: a channel that
 * already has a day rollup older than 300 days is left alone; an advisory lock per unit serialises
 * concurrent first views.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import {
  addToAggregate,
  bucketStart,
  DAY_MS,
  HOUR_MAX_RANGE_MS,
  HOUR_MS,
  RAW_MAX_RANGE_MS,
  type RollupAggregate,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { channels, measurementRollups, units } from '../../db/schema';
import { DEMO_SEED } from '../../seed/fleet';
import { ingestMeasurements, upsertRollupRows, type IngestPoint, type RollupRow } from '../ingestion/service';
import { signalValue } from './signal';

const HISTORY_LOCK_KEY = 4_711_0002;
const HISTORY_DAYS = 365;
const DONE_AFTER_MS = 300 * DAY_MS;
const RAW_STEP_MS = 600_000;

/**
 * Backfills the unit's channels (or the one given) that have no history yet, one channel per
 * transaction (a short one), so other requests are never held up for long. Answers whether
 * anything was written.
 */
export async function ensureDemoHistory(
  db: Db,
  unitId: number,
  now = new Date(),
  seed = DEMO_SEED,
  channelNo?: number,
): Promise<boolean> {
  const anchor = Math.floor(now.getTime() / RAW_STEP_MS) * RAW_STEP_MS;
  const [unit] = await db.select().from(units).where(eq(units.id, unitId)).limit(1);
  if (!unit) return false;
  const chList = (await db.select().from(channels).where(eq(channels.unitId, unitId))).filter(
    (c) => channelNo === undefined || c.channelNo === channelNo,
  );
  const done = async (q: Db, ch: number) =>
    (
      await q
        .select({ one: sql<number>`1` })
        .from(measurementRollups)
        .where(
          and(
            eq(measurementRollups.unitId, unitId),
            eq(measurementRollups.channelNo, ch),
            eq(measurementRollups.granularity, 'day'),
            lt(measurementRollups.bucket, new Date(anchor - DONE_AFTER_MS)),
          ),
        )
        .limit(1)
    ).length > 0;

  let wrote = false;
  for (const c of chList) {
    if (await done(db, c.channelNo)) continue;
    const written = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${HISTORY_LOCK_KEY}, ${unitId})`);
      if (await done(tx, c.channelNo)) return false;
      const from = Math.floor((anchor - HISTORY_DAYS * DAY_MS) / DAY_MS) * DAY_MS;
      const rawFrom = anchor - RAW_MAX_RANGE_MS;
      const hourFrom = anchor - HOUR_MAX_RANGE_MS;
      const sig = { unitId, unitType: unit.type, channelNo: c.channelNo, name: c.name };
      // Older than 48 h: straight into hour and day aggregates (no point objects: ~15,000 values
      // a channel), sampled every 10 minutes within the hour range and hourly before it.
      const hours = new Map<number, RollupAggregate>();
      const days = new Map<number, RollupAggregate>();
      for (let t = from; t < rawFrom; t += t >= hourFrom ? RAW_STEP_MS : HOUR_MS) {
        const p = { ts: t, value: signalValue(seed, sig, t) };
        if (t >= hourFrom) {
          const h = bucketStart(t, 'hour');
          hours.set(h, addToAggregate(hours.get(h), p));
        }
        const d = bucketStart(t, 'day');
        days.set(d, addToAggregate(days.get(d), p));
      }
      const rows: RollupRow[] = [];
      for (const [bucket, agg] of hours)
        rows.push({ unitId, channelNo: c.channelNo, granularity: 'hour', bucket: new Date(bucket), agg });
      for (const [bucket, agg] of days)
        rows.push({ unitId, channelNo: c.channelNo, granularity: 'day', bucket: new Date(bucket), agg });
      // The last 48 h as raw measurements, through ingestion (which adds them to the rollups).
      const raw: IngestPoint[] = [];
      for (let t = Math.ceil(rawFrom / RAW_STEP_MS) * RAW_STEP_MS; t < anchor; t += RAW_STEP_MS)
        raw.push({ unitId, channel: c.channelNo, ts: new Date(t), value: signalValue(seed, sig, t) });
      await upsertRollupRows(tx, rows);
      await ingestMeasurements(tx, raw, { now });
      return true;
    });
    wrote ||= written;
  }
  return wrote;
}
