/**
 * Alarms and their KPIs (issue 3 §4): lists, actions, limits per channel and level, status, battery
 * and switch KPIs, GIS data, units by position and parking usage. Every query takes the
 * organisation ids it may see; callers pass the caller's scope.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  ALARM_FETCH_DEFAULT_ROWS,
  ALARM_LIMIT_MESSAGES,
  alarmTypeName,
  BATTERY_BUCKETS,
  buildAlarmId,
  COMMUNICATION_ERROR_ALARM,
  DEFAULT_TIMEZONE,
  fillLevels,
  ID_CHUNK_SIZE,
  INACTIVE_UNIT_MARKER,
  isAlarmLimitLevel,
  limitAlarmTypes,
  limitKindOf,
  PARKING_TYPE_CODES,
  RIGHTS,
  VERSIONS,
  type AlarmAction,
  type AlarmActionResult,
  type AlarmLimit,
  type AlarmRecord,
  type ChannelLimits,
  type FwEvent,
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
import { usernameOf } from '../events/service';
import { cachedFleetAnswer, fleetState } from '../devices/fleet-cache';
import { JsonRows } from '../legacy/registry';
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

/**
 * Newest first; unit id lists are queried in chunks of ID_CHUNK_SIZE and merged. The fleet-wide
 * list (no unit ids: GetAlarms' default, the newest 500) is cached while the organisations' units
 * and alarms are unchanged (fleet-cache.ts); its records are frozen, as callers share them.
 */
export async function listAlarms(db: Db, orgIds: readonly number[], q: AlarmQuery): Promise<AlarmRecord[]> {
  if (orgIds.length === 0 || q.unitIds?.length === 0 || q.types?.length === 0) return [];
  if (q.unitIds) return queryAlarms(db, orgIds, q);
  const orgs = [...new Set(orgIds)].sort((a, b) => a - b);
  const state = await fleetState(db, orgs);
  const key = [
    'alarms',
    orgs.join(','),
    q.since.toISOString(),
    q.until?.toISOString() ?? '',
    q.types ? [...q.types].sort((a, b) => a - b).join(',') : '',
    String(q.active ?? ''),
    String(q.rows),
  ].join(':');
  return cachedFleetAnswer(
    db,
    key,
    state.version,
    async () => Object.freeze((await queryAlarms(db, orgs, q)).map((r) => Object.freeze(r))) as AlarmRecord[],
    (list) => 100 + list.length * 400,
  );
}

async function queryAlarms(db: Db, orgIds: readonly number[], q: AlarmQuery): Promise<AlarmRecord[]> {
  const base: SQL[] = [inArray(units.organizationId, [...orgIds]), gte(alarms.eventTime, q.since)];
  if (q.until) base.push(lte(alarms.eventTime, q.until));
  if (q.types) base.push(inArray(alarms.alarmType, q.types));
  if (q.active !== undefined) base.push(eq(alarms.active, q.active));
  // The rows come back as one JSON text: hundreds of rows cost far less that way than row by row,
  // on PGlite above all (the default 500 rows: ~4 ms instead of ~12 ms).
  const run = async (extra: SQL[]): Promise<AlarmRow[]> => {
    const res = await db.execute(sql`
      select coalesce(json_agg(json_build_array(r.id, r.alarm_type, r.text, r.ms, r.unit_id, r.channel_id,
        r.active, r.name, r.type, r.organization_id)), '[]')::text as rows
      from (
        select ${alarms.id} as id, ${alarms.alarmType} as alarm_type, ${alarms.text} as text,
          (extract(epoch from ${alarms.eventTime}) * 1000)::float8 as ms, ${alarms.unitId} as unit_id,
          ${alarms.channelId} as channel_id, ${alarms.active} as active, ${units.name} as name,
          ${units.type} as type, ${units.organizationId} as organization_id
        from ${alarms} inner join ${units} on ${units.id} = ${alarms.unitId}
        where ${and(...base, ...extra)}
        order by ${alarms.eventTime} desc, ${alarms.id} desc
        limit ${q.rows}
      ) r`);
    const [row] = rowsOf<{ rows: string }>(res);
    type Tuple = [number, number, string, number, number, number, boolean, string, number, number];
    return (JSON.parse(row?.rows ?? '[]') as Tuple[]).map(
      ([id, alarmType, text, ms, unitId, channelId, active, unitName, unitType, org]) => ({
        id: Number(id),
        alarmType,
        text,
        eventTime: new Date(Math.floor(ms)),
        unitId,
        channelId,
        active,
        unitName,
        unitType,
        org,
      }),
    );
  };
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

/**
 * The active alarms of the units of `orgIds`, per unit: its alarm types (distinct, ascending) and
 * the two flags the status depends on. Joined to units (left join: units without alarms get
 * nulls) by unitStatusSql and the fleet-wide queries below.
 */
const activeAlarmsByUnit = (orgIds: readonly number[]) => sql`
  select a.unit_id,
    array_agg(distinct a.alarm_type order by a.alarm_type) as types,
    bool_or(a.alarm_type = ${COMMUNICATION_ERROR_ALARM}) as comm,
    bool_or(a.alarm_type >= 0) as alarm
  from alarms a join units au on au.id = a.unit_id
  where a.active and au.organization_id in (${inList(orgIds)})
  group by a.unit_id`;

/**
 * unitStatus() of @fieldwatch/shared (domain/status.ts) in SQL, for a unit `u` joined to
 * activeAlarmsByUnit as `a`: inactive when the name contains INACTIVE_UNIT_MARKER (any case), else
 * problem with an active communication error, else alarm with any active alarm (type ≥ 0), else ok.
 * Fleet-wide answers (KPIs, the map) are computed in the database with it: 100,000 units cannot be
 * loaded row by row in time, least of all into PGlite. test/fleet-sql.test.ts keeps it equal to
 * unitStatus().
 */
const inactiveSql = sql`strpos(lower(u.name), ${INACTIVE_UNIT_MARKER.toLowerCase()}) > 0`;
export const unitStatusSql = sql`case
    when ${inactiveSql} then 'inactive'
    when a.comm then 'problem'
    when a.alarm then 'alarm'
    else 'ok' end`;

/** Unit statuses and active alarms by type over the organisations' units (cached: fleet-cache.ts). */
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

/** The organisations of `orgIds` that hold a customer right. */
export async function orgsWithRight(db: Db, orgIds: readonly number[], right: number): Promise<number[]> {
  if (orgIds.length === 0) return [];
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(inArray(organizations.id, [...orgIds]), sql`${right} = any(${organizations.rights})`));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** A float as JSON.stringify writes it: non-finite values are null, -0 is 0. */
const jsonFloat = (col: SQL) =>
  sql`(case when ${col} = 0 then '0' when abs(${col}) < 'Infinity'::float8 then ${col}::text else 'null' end)`;

/**
 * Units with a position of the selected GIS customers (right 1), with their derived status and
 * active alarm types, in unit id order: GisUnit records as one JSON array (the whole fleet for the
 * map: 100,000 units are ~21 MB, which took seconds to build row by row in JavaScript).
 *
 * Built in two parts, each cached while its fleet versions hold (fleet-cache.ts): every unit's
 * record as if it had no alarm, serialised by the database (valid while the units do not change),
 * and the records of the units with active alarms, read afresh when an alarm changed (a few
 * thousand rows) and put in place of theirs. The joined answer is cached as bytes until the next
 * change. Encoding as JSON.stringify's (text through to_json, non-finite numbers null).
 */
export async function gisData(db: Db, orgIds: readonly number[]): Promise<JsonRows> {
  const gis = await orgsWithRight(db, orgIds, RIGHTS.GIS);
  if (gis.length === 0) return new JsonRows('[]', 0);
  const key = gis.join(',');
  const state = await fleetState(db, gis);
  return cachedFleetAnswer(
    db,
    `gis:${key}`,
    state.version,
    async () => {
      const base = await cachedFleetAnswer(
        db,
        `gis-units:${key}`,
        state.unitsVersion,
        () => gisUnitRecords(db, gis),
        (b) => b.bytes,
      );
      const parts = base.records.slice();
      for (const [id, status, types] of await gisAlarmStates(db, gis)) {
        const i = indexOf(base.ids, id);
        if (i < 0) continue; // added since the records were read: the next request has it
        const record = parts[i] as string;
        const head = record.slice(0, record.lastIndexOf(',"Status":"'));
        parts[i] = `${head},"Status":"${status}","AlarmTypes":[${types.join(',')}]}`;
      }
      return new JsonRows(Buffer.from(`[${parts.join(',')}]`), parts.length);
    },
    (r) => r.json.length,
  );
}

interface GisUnitRecords {
  /** Unit ids, ascending. */
  ids: Int32Array;
  /** The GisUnit record (JSON) of each, as if it had no active alarm. */
  records: string[];
  bytes: number;
}

/**
 * Every positioned unit's GisUnit record as if it had no active alarm (status inactive or ok,
 * no alarm types), by the database. JSON text never holds a raw line break: one separates them.
 */
async function gisUnitRecords(db: Db, gis: readonly number[]): Promise<GisUnitRecords> {
  const res = await db.execute(sql`
    select coalesce(string_agg(u.id::text, ',' order by u.id), '') as ids,
      coalesce(string_agg(concat(
        '{"UnitID":', u.id,
        ',"UnitName":', to_json(u.name),
        ',"UnitLocation":', to_json(u.location),
        ',"UnitType":', u.type,
        ',"UnitGPSLatitude":', ${jsonFloat(sql`u.lat`)},
        ',"UnitGPSLongitude":', ${jsonFloat(sql`u.lon`)},
        ',"CustomerID":', u.organization_id,
        ',"Status":"', case when ${inactiveSql} then 'inactive' else 'ok' end,
        '","AlarmTypes":[]}'
      ), chr(10) order by u.id), '') as records
    from units u
    where u.organization_id in (${inList(gis)}) and u.lat is not null and u.lon is not null`);
  const [row] = rowsOf<{ ids: string; records: string }>(res);
  if (!row || row.ids === '') return { ids: new Int32Array(0), records: [], bytes: 0 };
  return {
    ids: Int32Array.from(row.ids.split(','), Number),
    records: row.records.split('\n'),
    bytes: row.ids.length + row.records.length * 2,
  };
}

/** [unit id, status, alarm types] of the positioned units with active alarms. */
async function gisAlarmStates(db: Db, gis: readonly number[]): Promise<Array<[number, string, number[]]>> {
  const res = await db.execute(sql`
    select coalesce(json_agg(json_build_array(u.id, ${unitStatusSql}, a.types)), '[]')::text as states
    from units u join (${activeAlarmsByUnit(gis)}) a on a.unit_id = u.id
    where u.organization_id in (${inList(gis)}) and u.lat is not null and u.lon is not null`);
  const [row] = rowsOf<{ states: string }>(res);
  return JSON.parse(row?.states ?? '[]') as Array<[number, string, number[]]>;
}

/** Index of `id` in ascending `ids`, or -1. */
function indexOf(ids: Int32Array, id: number): number {
  let lo = 0;
  let hi = ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = ids[mid] as number;
    if (v === id) return mid;
    if (v < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
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
