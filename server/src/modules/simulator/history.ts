/**
 * A demo unit's history, written the first time it is charted (lazily: backfilling the whole
 * fleet's year would slow every start). From the signal model: the last 48 h as raw measurements
 * every 10 minutes through the ingestion service (so rollups are maintained as usual), hour
 * rollups back to 92 days, and day rollups back to a year. Idempotent: a unit that already has a
 * day rollup older than 300 days is left alone; an advisory lock serialises concurrent first views.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { DAY_MS, HOUR_MAX_RANGE_MS, HOUR_MS, RAW_MAX_RANGE_MS } from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { channels, measurementRollups, units } from '../../db/schema';
import { DEMO_SEED } from '../../seed/fleet';
import { ingestMeasurements, rollupRows, upsertRollupRows, type IngestPoint } from '../ingestion/service';
import { signalValue } from './signal';

const HISTORY_LOCK_KEY = 4_711_0002;
const HISTORY_DAYS = 365;
const DONE_AFTER_MS = 300 * DAY_MS;
const RAW_STEP_MS = 600_000;

export async function ensureDemoHistory(db: Db, unitId: number, now = new Date(), seed = DEMO_SEED): Promise<boolean> {
  const anchor = Math.floor(now.getTime() / RAW_STEP_MS) * RAW_STEP_MS;
  const done = async (q: Db) =>
    (
      await q
        .select({ one: sql<number>`1` })
        .from(measurementRollups)
        .where(
          and(
            eq(measurementRollups.unitId, unitId),
            eq(measurementRollups.granularity, 'day'),
            lt(measurementRollups.bucket, new Date(anchor - DONE_AFTER_MS)),
          ),
        )
        .limit(1)
    ).length > 0;
  if (await done(db)) return false;

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${HISTORY_LOCK_KEY}, ${unitId})`);
    if (await done(tx)) return false;
    const [unit] = await tx.select().from(units).where(eq(units.id, unitId)).limit(1);
    if (!unit) return false;
    const chList = await tx.select().from(channels).where(eq(channels.unitId, unitId));

    const from = Math.floor((anchor - HISTORY_DAYS * DAY_MS) / DAY_MS) * DAY_MS;
    const rawFrom = anchor - RAW_MAX_RANGE_MS;
    const hourFrom = anchor - HOUR_MAX_RANGE_MS;
    const raw: IngestPoint[] = [];
    const older: IngestPoint[] = [];
    for (const c of chList) {
      const sig = { unitId, unitType: unit.type, channelNo: c.channelNo, name: c.name };
      for (let t = from; t < anchor; ) {
        const p = { unitId, channel: c.channelNo, ts: new Date(t), value: signalValue(seed, sig, t) };
        (t >= rawFrom ? raw : older).push(p);
        t += t >= hourFrom ? RAW_STEP_MS : HOUR_MS;
      }
    }
    const rows = rollupRows(older).filter((r) => r.granularity === 'day' || r.bucket.getTime() >= hourFrom);
    await upsertRollupRows(tx, rows);
    await ingestMeasurements(tx, raw, { notify: false, now });
    return true;
  });
}
