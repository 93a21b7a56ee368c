/** Radar scans of level sensors and waste bins: the dates scanned, and one scan. */
import { and, asc, desc, eq, lte } from 'drizzle-orm';
import type { RadarScan } from '@fieldwatch/shared';
import type { Db } from '../../../db/client';
import { radarScans } from '../../../db/schema';

export async function radarDates(db: Db, unitId: number, channel?: number): Promise<Array<{ channel: number; ts: Date }>> {
  const rows = await db
    .select({ channel: radarScans.channelNo, ts: radarScans.ts })
    .from(radarScans)
    .where(channel === undefined ? eq(radarScans.unitId, unitId) : and(eq(radarScans.unitId, unitId), eq(radarScans.channelNo, channel)))
    .orderBy(desc(radarScans.ts), asc(radarScans.channelNo))
    .limit(1000);
  return rows;
}

/** The scan at `at` or the latest before it (latest overall without `at`); null when none. */
export async function radarScan(db: Db, unitId: number, channel: number, at?: Date): Promise<RadarScan | null> {
  const [row] = await db
    .select()
    .from(radarScans)
    .where(
      and(eq(radarScans.unitId, unitId), eq(radarScans.channelNo, channel), at ? lte(radarScans.ts, at) : undefined),
    )
    .orderBy(desc(radarScans.ts))
    .limit(1);
  return row ? { unitId, channel, ts: row.ts.toISOString(), data: row.data } : null;
}
