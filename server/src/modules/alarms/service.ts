/**
 * Alarms: lists, actions (acknowledge, close, …) and limits per channel and level. Every query
 * takes the organisation ids it may see; callers pass the caller's scope.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  formatApiDate,
  ALARM_FETCH_DEFAULT_ROWS,
  ALARM_LIMIT_MESSAGES,
  alarmTypeName,
  buildAlarmId,
  fillLevels,
  ID_CHUNK_SIZE,
  isAlarmLimitLevel,
  limitAlarmTypes,
  limitKindOf,
  validateLimits,
  VERSIONS,
  type AlarmAction,
  type AlarmActionResult,
  type AlarmLimit,
  type AlarmRecord,
  type ChannelLimits,
  type FwEvent,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { alarmLimits, alarms, channels, events, units } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { usernameOf } from '../events/service';
import { cachedFleetAnswer, fleetState } from '../fleet/cache';
import { publishNew } from '../push/hub';
import { reevaluateLatest } from './evaluate';

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
const chunks = <T>(list: readonly T[], size = ID_CHUNK_SIZE): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

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
    AlarmEventTime: formatApiDate(r.eventTime),
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
 * and alarms are unchanged (fleet/cache.ts); its records are frozen, as callers share them.
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
  // on PGlite above all.
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
      AlarmEventTime: formatApiDate(a.eventTime),
    }),
    alarm: { type: a.alarmType, text: a.text, time: formatApiDate(a.eventTime), channelId: a.channelId },
    groups: [],
  };
  await db.insert(events).values({ id: event.id, organizationId: a.org, created: now, doc: event });
  await publishNew(db, { events: [{ organizationId: a.org, id: event.id }], notifications: [] });
  return {
    action,
    alarmIds: changed.map((c) => c.id).sort((x, y) => x - y),
    by,
    at: formatApiDate(now),
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
  const merged: AlarmLimit[] = [];
  for (const u of updates) {
    const old = current.levels.find((l) => l.level === u.level);
    const next = old
      ? {
          level: old.level,
          low: u.low === undefined ? old.low : u.low,
          high: u.high === undefined ? old.high : u.high,
          enabled: u.enabled ?? old.enabled,
        }
      : u;
    // The shared rule of a set of limits: levels 1–4, each once, finite, low not above high.
    const problem = validateLimits([...merged, next])[0];
    if (problem) throw fail(problem);
    merged.push(next as AlarmLimit);
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
  await reevaluateLatest(db, unitId, channelNo);
  return getChannelLimits(db, orgIds, unitId, channelNo);
}
