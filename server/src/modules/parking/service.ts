/** Parking occupancy reports over the parking sensors of the parking customers. */
import { sql } from 'drizzle-orm';
import { DEFAULT_TIMEZONE, PARKING_TYPE_CODES, RIGHTS, type ParkingUsage } from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { orgsWithRight } from '../auth/scope';
import { inList, rowsOf } from '../fleet/status-sql';

/**
 * Occupancy of parking units (types 219, 225, 227) of the selected parking customers (right 3):
 * per unit and day (in DEFAULT_TIMEZONE), the share of the samples of the unit's first switch
 * channel between `from` and `to` o'clock that were occupied (value ≥ 0.5). Days without samples
 * are left out.
 */
export async function parkingUsage(
  db: Db,
  orgIds: readonly number[],
  q: { start: Date; end: Date; from: string; to: string; unitIds?: number[] },
): Promise<ParkingUsage[]> {
  const parkingOrgs = await orgsWithRight(db, orgIds, RIGHTS.Parking);
  if (parkingOrgs.length === 0 || q.unitIds?.length === 0) return [];
  // Parking units are few: filter asked ids afterwards (no parameter-count limit on long lists).
  const wanted = q.unitIds ? new Set(q.unitIds) : null;
  const tz = DEFAULT_TIMEZONE;
  const res = await db.execute(sql`
    with pu as (
      select u.id, u.name, u.type,
        (select min(c.channel_no) from channels c where c.unit_id = u.id and c.kind = 'switch') as ch
      from units u
      where u.organization_id in (${inList(parkingOrgs)}) and u.type in (${inList([...PARKING_TYPE_CODES])})
    )
    select pu.id, pu.name, pu.type,
      to_char(m.ts at time zone ${tz}, 'YYYY-MM-DD') as day,
      avg(case when m.value >= 0.5 then 1.0 else 0.0 end)::float8 as occupancy,
      count(*)::int as samples
    from pu
    join measurements m on m.unit_id = pu.id and m.channel_no = pu.ch
    where m.ts >= ${q.start.toISOString()}::timestamptz and m.ts < ${q.end.toISOString()}::timestamptz
      and (m.ts at time zone ${tz})::time >= ${q.from}::time
      and (m.ts at time zone ${tz})::time < ${q.to}::time
    group by pu.id, pu.name, pu.type, day
    order by pu.id, day`);
  return rowsOf<{ id: number; name: string; type: number; day: string; occupancy: number; samples: number }>(
    res,
  )
    .filter((r) => wanted === null || wanted.has(Number(r.id)))
    .map((r) => ({
      UnitID: Number(r.id),
      UnitName: r.name,
      UnitType: Number(r.type),
      Date: r.day,
      From: q.from,
      To: q.to,
      Occupancy: Math.round(Number(r.occupancy) * 10_000) / 10_000,
      Samples: Number(r.samples),
    }));
}
