/**
 * The fleet's KPIs over the organisations' units: unit statuses and active alarms by type, battery
 * voltage buckets, and switch channels by their latest state.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  alarmTypeName,
  BATTERY_BUCKETS,
  type KpiAlarms,
  type KpiBatteryBucket,
  type KpiSwitch,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { alarms, units } from '../../db/schema';
import { cachedFleetAnswer, fleetState } from './cache';
import { activeAlarmsByUnit, inList, rowsOf, unitStatusSql } from './status-sql';

/** Unit statuses and active alarms by type over the organisations' units (cached: cache.ts). */
export async function kpiAlarms(db: Db, orgIds: readonly number[]): Promise<KpiAlarms> {
  const orgs = [...new Set(orgIds)].sort((a, b) => a - b);
  if (orgs.length === 0) return computeKpiAlarms(db, orgs);
  const state = await fleetState(db, orgs);
  const kpi = await cachedFleetAnswer(
    db,
    `kpi-alarms:${orgs.join(',')}`,
    state.version,
    () => computeKpiAlarms(db, orgs),
    () => 1024,
  );
  return structuredClone(kpi);
}

async function computeKpiAlarms(db: Db, orgIds: readonly number[]): Promise<KpiAlarms> {
  const out: KpiAlarms = { Total: 0, Ok: 0, Alarm: 0, Problem: 0, Inactive: 0, ActiveAlarms: 0, ByType: [] };
  if (orgIds.length === 0) return out;
  const res = await db.execute(sql`
    select ${unitStatusSql} as status, count(*)::int as units
    from units u left join (${activeAlarmsByUnit(orgIds)}) a on a.unit_id = u.id
    where u.organization_id in (${inList(orgIds)})
    group by 1`);
  for (const r of rowsOf<{ status: string; units: number }>(res)) {
    const n = Number(r.units);
    out.Total += n;
    if (r.status === 'ok') out.Ok += n;
    else if (r.status === 'alarm') out.Alarm += n;
    else if (r.status === 'problem') out.Problem += n;
    else out.Inactive += n;
  }
  const types = await db
    .select({ type: alarms.alarmType, n: sql<number>`count(*)::int` })
    .from(alarms)
    .innerJoin(units, eq(units.id, alarms.unitId))
    .where(and(eq(alarms.active, true), inArray(units.organizationId, [...orgIds])))
    .groupBy(alarms.alarmType)
    .orderBy(asc(alarms.alarmType));
  out.ByType = types.map((t) => ({
    AlarmType: t.type,
    AlarmTypeName: alarmTypeName(t.type),
    Count: Number(t.n),
  }));
  out.ActiveAlarms = out.ByType.reduce((n, t) => n + t.Count, 0);
  return out;
}

/** Latest value of each channel matching `channelWhere`, of the units of `orgIds`. */
async function latestValues(db: Db, orgIds: readonly number[], channelWhere: SQL) {
  if (orgIds.length === 0) return [];
  const res = await db.execute(sql`
    select c.unit_id as "unitId", c.channel_no as "channelNo", m.value as "value"
    from channels c
    join units u on u.id = c.unit_id
    left join lateral (
      select value from measurements mm
      where mm.unit_id = c.unit_id and mm.channel_no = c.channel_no
      order by mm.ts desc limit 1
    ) m on true
    where u.organization_id in (${inList(orgIds)}) and ${channelWhere}`);
  return rowsOf<{ unitId: number; channelNo: number; value: number | null }>(res).map((r) => ({
    ...r,
    value: r.value === null ? null : Number(r.value),
  }));
}

/** Battery voltage of every unit (its latest measurement), in BATTERY_BUCKETS. */
export async function kpiBattery(db: Db, orgIds: readonly number[]): Promise<KpiBatteryBucket[]> {
  const values = await latestValues(db, orgIds, sql`c.kind = 'channel' and lower(c.name) like 'battery%'`);
  return BATTERY_BUCKETS.map((b) => ({
    Bucket: b.id,
    Min: b.min,
    Max: b.max,
    Count: values.filter((v) =>
      b.id === 'unknown'
        ? v.value === null
        : v.value !== null && (b.min === null || v.value >= b.min) && (b.max === null || v.value < b.max),
    ).length,
  }));
}

/** Switch channels by their latest state (on: value ≥ 0.5), and active switch alarms (29–32). */
export async function kpiSwitch(db: Db, orgIds: readonly number[]): Promise<KpiSwitch> {
  const values = await latestValues(db, orgIds, sql`c.kind = 'switch'`);
  let activeAlarms = 0;
  if (orgIds.length > 0) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(alarms)
      .innerJoin(units, eq(units.id, alarms.unitId))
      .where(
        and(
          eq(alarms.active, true),
          inArray(units.organizationId, [...orgIds]),
          inArray(alarms.alarmType, [29, 30, 31, 32]),
        ),
      );
    activeAlarms = Number(row?.n ?? 0);
  }
  return {
    Channels: values.length,
    On: values.filter((v) => v.value !== null && v.value >= 0.5).length,
    Off: values.filter((v) => v.value !== null && v.value < 0.5).length,
    Unknown: values.filter((v) => v.value === null).length,
    ActiveAlarms: activeAlarms,
  };
}
