/**
 * Alarms and their KPIs (issue 3 §4): lists, actions, limits per channel and level, status, battery
 * and switch KPIs, GIS data, units by position and parking usage. Every query takes the
 * organisation ids it may see; callers pass the caller's scope.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  ALARM_FETCH_DEFAULT_ROWS,
  ALARM_LIMIT_MESSAGES,
  alarmTypeName,
  BATTERY_BUCKETS,
  buildAlarmId,
  DEFAULT_TIMEZONE,
  fillLevels,
  ID_CHUNK_SIZE,
  isAlarmLimitLevel,
  limitAlarmTypes,
  limitKindOf,
  PARKING_TYPE_CODES,
  RIGHTS,
  unitStatus,
  VERSIONS,
  type AlarmAction,
  type AlarmActionResult,
  type AlarmLimit,
  type AlarmRecord,
  type ChannelLimits,
  type FwEvent,
  type GisUnit,
  type KpiAlarms,
  type KpiBatteryBucket,
  type KpiSwitch,
  type ParkingUsage,
  type UnitByPos,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { alarmLimits, alarms, channels, events, organizations, units } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { toApiDate } from '../../http/params';
import { listUnits } from '../devices/service';
import { usernameOf } from '../events/service';
import { publishNew } from '../push/hub';

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
const inList = (values: readonly (number | string)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const chunks = <T>(list: readonly T[], size = ID_CHUNK_SIZE): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

/** Throws 404 unless every id is a unit of `orgIds`; answers the units' organisations. */
export async function requireUnits(db: Db, orgIds: readonly number[], ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  if (orgIds.length === 0) throw notFound();
  let found = 0;
  for (const part of chunks(ids)) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(units)
      .where(and(inArray(units.id, part), inArray(units.organizationId, [...orgIds])));
    found += Number(row?.n ?? 0);
  }
  if (found !== ids.length) throw notFound();
}

// ───────────────────────── Alarm lists ─────────────────────────

export interface AlarmQuery {
  unitIds?: number[];
  since: Date;
  until?: Date;
  types?: number[];
  active?: boolean;
  rows: number;
}

const alarmColumns = {
  id: alarms.id,
  alarmType: alarms.alarmType,
  text: alarms.text,
  eventTime: alarms.eventTime,
  unitId: alarms.unitId,
  channelId: alarms.channelId,
  active: alarms.active,
  unitName: units.name,
  unitType: units.type,
  org: units.organizationId,
};
type AlarmRow = { [K in keyof typeof alarmColumns]: (typeof alarmColumns)[K]['_']['data'] };

function toRecord(r: AlarmRow): AlarmRecord {
  return {
    AlarmID: r.id,
    AlarmType: r.alarmType,
    AlarmTypeName: alarmTypeName(r.alarmType),
    AlarmEventText: r.text,
    AlarmEventTime: toApiDate(r.eventTime),
    UnitID: r.unitId,
    UnitName: r.unitName,
    UnitType: r.unitType,
    ChannelID: r.channelId,
    CustomerID: r.org,
    Active: r.active,
  };
}

/** Newest first; unit id lists are queried in chunks of ID_CHUNK_SIZE and merged. */
export async function listAlarms(db: Db, orgIds: readonly number[], q: AlarmQuery): Promise<AlarmRecord[]> {
  if (orgIds.length === 0 || q.unitIds?.length === 0 || q.types?.length === 0) return [];
  const base: SQL[] = [inArray(units.organizationId, [...orgIds]), gte(alarms.eventTime, q.since)];
  if (q.until) base.push(lte(alarms.eventTime, q.until));
  if (q.types) base.push(inArray(alarms.alarmType, q.types));
  if (q.active !== undefined) base.push(eq(alarms.active, q.active));
  const run = (extra: SQL[]) =>
    db
      .select(alarmColumns)
      .from(alarms)
      .innerJoin(units, eq(units.id, alarms.unitId))
      .where(and(...base, ...extra))
      .orderBy(desc(alarms.eventTime), desc(alarms.id))
      .limit(q.rows);
  const rows: AlarmRow[] = [];
  if (q.unitIds)
    for (const part of chunks(q.unitIds)) rows.push(...(await run([inArray(alarms.unitId, part)])));
  else rows.push(...(await run([])));
  rows.sort((a, b) => b.eventTime.getTime() - a.eventTime.getTime() || b.id - a.id);
  return rows.slice(0, q.rows).map(toRecord);
}

export function alarmsOfDevices(db: Db, orgIds: readonly number[], devices: number[], active?: boolean) {
  return listAlarms(db, orgIds, {
    unitIds: devices,
    since: new Date(0),
    rows: ALARM_FETCH_DEFAULT_ROWS,
    ...(active ? { active: true } : {}),
  });
}

// ───────────────────────── Alarm actions ─────────────────────────

export const ALARM_ACTION_INFO = [
  {
    id: 'acknowledge',
    name: 'Acknowledge',
    description: 'The alarm is handled: it is no longer active and leaves the unit\u2019s alarm events.',
  },
  {
    id: 'reset',
    name: 'Reset',
    description: 'Resets the channel: every active alarm of the same unit and channel is no longer active.',
  },
] as const;

/**
 * Acts on an alarm of `orgIds` (404 otherwise, nothing changed). Records who did it as a system
 * event of the organisation (pushed like any new event).
 */
export async function actOnAlarm(
  db: Db,
  orgIds: readonly number[],
  userId: number,
  alarmId: number,
  action: AlarmAction,
  now = new Date(),
): Promise<AlarmActionResult> {
  if (orgIds.length === 0) throw notFound();
  const [a] = await db
    .select(alarmColumns)
    .from(alarms)
    .innerJoin(units, eq(units.id, alarms.unitId))
    .where(and(eq(alarms.id, alarmId), inArray(units.organizationId, [...orgIds])))
    .limit(1);
  if (!a) throw notFound();
  const by = await usernameOf(db, userId);
  const target =
    action === 'acknowledge'
      ? and(eq(alarms.id, a.id), eq(alarms.active, true))
      : and(eq(alarms.unitId, a.unitId), eq(alarms.channelId, a.channelId), eq(alarms.active, true));
  const changed = await db.update(alarms).set({ active: false }).where(target).returning({ id: alarms.id });
  const verb = action === 'acknowledge' ? 'acknowledged' : 'reset';
  const event: FwEvent = {
    id: randomUUID(),
    created: now.toISOString(),
    version: VERSIONS.event,
    kind: 'event',
    type: 'system',
    title: `${alarmTypeName(a.alarmType)} ${verb} by ${by}: ${a.unitName}`,
    category: 'notice',
    unitId: a.unitId,
    unitName: a.unitName,
    unitType: a.unitType,
    alarmId: buildAlarmId({
      UnitID: a.unitId,
      ChannelID: a.channelId,
      AlarmType: a.alarmType,
      AlarmEventTime: toApiDate(a.eventTime),
    }),
    alarm: { type: a.alarmType, text: a.text, time: toApiDate(a.eventTime), channelId: a.channelId },
    groups: [],
  };
  await db.insert(events).values({ id: event.id, organizationId: a.org, created: now, doc: event });
  await publishNew(db, { events: [{ organizationId: a.org, id: event.id }], notifications: [] });
  return {
    action,
    alarmIds: changed.map((c) => c.id).sort((x, y) => x - y),
    by,
    at: toApiDate(now),
    eventId: event.id,
  };
}

// ───────────────────────── Alarm limits ─────────────────────────

async function channelOf(db: Db, orgIds: readonly number[], unitId: number, channelNo: number) {
  if (orgIds.length === 0) throw notFound();
  const [ch] = await db
    .select({ kind: channels.kind, name: channels.name })
    .from(channels)
    .innerJoin(units, eq(units.id, channels.unitId))
    .where(
      and(
        eq(channels.unitId, unitId),
        eq(channels.channelNo, channelNo),
        inArray(units.organizationId, [...orgIds]),
      ),
    )
    .limit(1);
  if (!ch) throw notFound();
  return ch;
}

export async function getChannelLimits(
  db: Db,
  orgIds: readonly number[],
  unitId: number,
  channelNo: number,
): Promise<ChannelLimits> {
  const ch = await channelOf(db, orgIds, unitId, channelNo);
  const rows = await db
    .select()
    .from(alarmLimits)
    .where(and(eq(alarmLimits.unitId, unitId), eq(alarmLimits.channelNo, channelNo)))
    .orderBy(asc(alarmLimits.level));
  const kind = limitKindOf(ch.kind, ch.name);
  return {
    unitId,
    channelNo,
    channelName: ch.name,
    limitKind: kind,
    levels: fillLevels(
      rows
        .filter((r) => isAlarmLimitLevel(r.level))
        .map((r) => ({
          level: r.level as AlarmLimit['level'],
          low: r.low,
          high: r.high,
          enabled: r.enabled,
        })),
    ),
    alarmTypes: kind ? limitAlarmTypes(kind) : [],
  };
}

export type LimitUpdate = { level: number; low?: number | null; high?: number | null; enabled?: boolean };

/**
 * Sets limits of some levels (others keep theirs). Fields left out keep their stored value. Any
 * problem answers 400 "Something went wrong when updating the Alarm Limit Level: …" and nothing
 * is stored.
 */
export async function setChannelLimits(
  db: Db,
  orgIds: readonly number[],
  unitId: number,
  channelNo: number,
  updates: readonly LimitUpdate[],
): Promise<ChannelLimits> {
  const current = await getChannelLimits(db, orgIds, unitId, channelNo);
  const fail = (why: string) => badRequest(`${ALARM_LIMIT_MESSAGES.failed}: ${why}`);
  if (!current.limitKind) throw fail(`channel ${channelNo} has no alarm limits`);
  if (updates.length === 0) throw fail('no levels given');
  const seen = new Set<number>();
  const merged: AlarmLimit[] = [];
  for (const u of updates) {
    if (!isAlarmLimitLevel(u.level)) throw fail('level must be 1, 2, 3 or 4');
    if (seen.has(u.level)) throw fail(`level ${u.level} is given twice`);
    seen.add(u.level);
    const old = current.levels.find((l) => l.level === u.level)!;
    const next: AlarmLimit = {
      level: u.level,
      low: u.low === undefined ? old.low : u.low,
      high: u.high === undefined ? old.high : u.high,
      enabled: u.enabled ?? old.enabled,
    };
    for (const side of ['low', 'high'] as const) {
      const v = next[side];
      if (v !== null && !Number.isFinite(v)) throw fail(`level ${u.level} ${side} must be a number`);
    }
    if (next.low !== null && next.high !== null && next.low > next.high)
      throw fail(`level ${u.level} low limit must not be above its high limit`);
    merged.push(next);
  }
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const l of merged) {
      await tx
        .insert(alarmLimits)
        .values({
          unitId,
          channelNo,
          level: l.level,
          low: l.low,
          high: l.high,
          enabled: l.enabled,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [alarmLimits.unitId, alarmLimits.channelNo, alarmLimits.level],
          set: { low: l.low, high: l.high, enabled: l.enabled, updatedAt: now },
        });
    }
  });
  return getChannelLimits(db, orgIds, unitId, channelNo);
}

// ───────────────────────── KPIs ─────────────────────────

export async function kpiAlarms(db: Db, orgIds: readonly number[]): Promise<KpiAlarms> {
  const list = await listUnits(db, orgIds);
  const out: KpiAlarms = { Total: 0, Ok: 0, Alarm: 0, Problem: 0, Inactive: 0, ActiveAlarms: 0, ByType: [] };
  const byType = new Map<number, number>();
  for (const u of list) {
    out.Total += 1;
    const st = unitStatus(u);
    if (st === 'ok') out.Ok += 1;
    else if (st === 'alarm') out.Alarm += 1;
    else if (st === 'problem') out.Problem += 1;
    else out.Inactive += 1;
    for (const e of u.AlarmEvents) {
      out.ActiveAlarms += 1;
      byType.set(e.AlarmType, (byType.get(e.AlarmType) ?? 0) + 1);
    }
  }
  out.ByType = [...byType.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([t, n]) => ({ AlarmType: t, AlarmTypeName: alarmTypeName(t), Count: n }));
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

/** The organisations of `orgIds` that hold a customer right. */
export async function orgsWithRight(db: Db, orgIds: readonly number[], right: number): Promise<number[]> {
  if (orgIds.length === 0) return [];
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(inArray(organizations.id, [...orgIds]), sql`${right} = any(${organizations.rights})`));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Units with a position of the selected GIS customers (right 1), with their derived status. */
export async function gisData(db: Db, orgIds: readonly number[]): Promise<GisUnit[]> {
  const gis = await orgsWithRight(db, orgIds, RIGHTS.GIS);
  const list = await listUnits(db, gis);
  return list
    .filter((u) => u.UnitGPSLatitude !== null && u.UnitGPSLongitude !== null)
    .map((u) => ({
      UnitID: u.UnitID,
      UnitName: u.UnitName,
      UnitLocation: u.UnitLocation,
      UnitType: u.UnitType,
      UnitGPSLatitude: u.UnitGPSLatitude as number,
      UnitGPSLongitude: u.UnitGPSLongitude as number,
      CustomerID: u.CustomerID,
      Status: unitStatus(u),
      AlarmTypes: [...new Set(u.AlarmEvents.map((e) => e.AlarmType))].sort((a, b) => a - b),
    }));
}

const EARTH_RADIUS_KM = 6371.0088;

/** Units within `distanceKm` of a position, nearest first (haversine, in SQL). */
export async function unitsByPos(
  db: Db,
  orgIds: readonly number[],
  q: { lat: number; lon: number; distanceKm: number; rows: number },
): Promise<UnitByPos[]> {
  if (orgIds.length === 0) return [];
  const res = await db.execute(sql`
    select * from (
      select u.id, u.name, u.location, u.type, u.lat, u.lon, u.organization_id as org,
        2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(
          power(sin(radians(u.lat - ${q.lat}::float8) / 2), 2) +
          cos(radians(${q.lat}::float8)) * cos(radians(u.lat)) * power(sin(radians(u.lon - ${q.lon}::float8) / 2), 2)
        ))) as distance
      from units u
      where u.organization_id in (${inList(orgIds)}) and u.lat is not null and u.lon is not null
    ) d
    where d.distance <= ${q.distanceKm}::float8
    order by d.distance, d.id
    limit ${q.rows}`);
  return rowsOf<{
    id: number;
    name: string;
    location: string;
    type: number;
    lat: number;
    lon: number;
    org: number;
    distance: number;
  }>(res).map((r) => ({
    UnitID: Number(r.id),
    UnitName: r.name,
    UnitLocation: r.location,
    UnitType: Number(r.type),
    UnitGPSLatitude: Number(r.lat),
    UnitGPSLongitude: Number(r.lon),
    CustomerID: Number(r.org),
    Distance: Math.round(Number(r.distance) * 1000) / 1000,
  }));
}

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
