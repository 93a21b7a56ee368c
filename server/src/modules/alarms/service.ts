/**
 * Alarms: lists, actions (acknowledge, close, …) and limits per channel and level. Every query
 * takes the organisation ids it may see; callers pass the caller's scope.
 */
import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  formatApiDate,
  ALARM_FETCH_DEFAULT_ROWS,
  ALARM_LIMIT_MESSAGES,
  alarmStateOf,
  alarmTypeName,
  fillLevels,
  ID_CHUNK_SIZE,
  isAlarmLimitLevel,
  limitAlarmTypes,
  limitKindOf,
  SYSTEM_USER,
  validateLimits,
  type AlarmAction,
  type AlarmActionResult,
  type AlarmHistory,
  type AlarmHistoryKind,
  type AlarmLimit,
  type AlarmRecord,
  type AlarmState,
  type ChannelLimits,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { alarmHistory, alarmLimits, alarms, channels, units } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { usernameOf } from '../events/service';
import { cachedFleetAnswer, fleetState } from '../fleet/cache';
import { reevaluateLatest } from './evaluate';
import { loadAlarmRows, statusOfRow } from './read';
import { applyStateChange } from './state';

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

interface AlarmRow {
  id: number;
  alarmType: number;
  text: string;
  eventTime: Date;
  unitId: number;
  channelId: number;
  active: boolean;
  unitName: string;
  unitType: number;
  org: number;
  acknowledgedAt: Date | null;
  acknowledgedBy: string | null;
  clearedAt: Date | null;
  clearedBy: string | null;
}

function toRecord(r: AlarmRow): AlarmRecord {
  const acked = r.acknowledgedAt !== null;
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
    State: alarmStateOf({ active: r.active, acknowledgedAt: acked ? r.acknowledgedAt!.toISOString() : null }),
    AcknowledgedBy: acked ? (r.acknowledgedBy ?? SYSTEM_USER) : null,
    AcknowledgedAt: acked ? formatApiDate(r.acknowledgedAt!) : null,
    ClearedAt: !r.active && r.clearedAt ? formatApiDate(r.clearedAt) : null,
    ClearedBy: r.active ? null : r.clearedBy,
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
        r.active, r.name, r.type, r.organization_id, r.ack_ms, r.ack_by, r.clr_ms, r.clr_by)), '[]')::text as rows
      from (
        select ${alarms.id} as id, ${alarms.alarmType} as alarm_type, ${alarms.text} as text,
          (extract(epoch from ${alarms.eventTime}) * 1000)::float8 as ms, ${alarms.unitId} as unit_id,
          ${alarms.channelId} as channel_id, ${alarms.active} as active, ${units.name} as name,
          ${units.type} as type, ${units.organizationId} as organization_id,
          (extract(epoch from ${alarms.acknowledgedAt}) * 1000)::float8 as ack_ms, ${alarms.acknowledgedBy} as ack_by,
          (extract(epoch from ${alarms.clearedAt}) * 1000)::float8 as clr_ms, ${alarms.clearedBy} as clr_by
        from ${alarms} inner join ${units} on ${units.id} = ${alarms.unitId}
        where ${and(...base, ...extra)}
        order by ${alarms.eventTime} desc, ${alarms.id} desc
        limit ${q.rows}
      ) r`);
    const [row] = rowsOf<{ rows: string }>(res);
    type Tuple = [
      number, number, string, number, number, number, boolean, string, number, number,
      number | null, string | null, number | null, string | null,
    ];
    const date = (ms: number | null) => (ms === null ? null : new Date(Math.floor(ms)));
    return (JSON.parse(row?.rows ?? '[]') as Tuple[]).map(
      ([id, alarmType, text, ms, unitId, channelId, active, unitName, unitType, org, ackMs, ackBy, clrMs, clrBy]) => ({
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
        acknowledgedAt: date(ackMs),
        acknowledgedBy: ackBy,
        clearedAt: date(clrMs),
        clearedBy: clrBy,
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
    description:
      'Someone has taken the alarm on: records who and when. It stays active until its condition clears, but no longer counts as new and is not repeated.',
  },
  {
    id: 'reset',
    name: 'Reset',
    description:
      'Clears an active alarm by hand (and acknowledges it if nobody had). If its condition is still there, the next reading raises a new alarm.',
  },
] as const;

/**
 * Acts on alarms of `orgIds`, all or none: an id that is not one of theirs is 404 and nothing
 * changes; the changes are one transaction. Alarms the action does not change in the state they
 * are in now (someone else acknowledged it a moment earlier) are answered `changed: false`.
 */
export async function actOnAlarms(
  db: Db,
  orgIds: readonly number[],
  userId: number,
  ids: readonly number[],
  action: AlarmAction,
  now = new Date(),
): Promise<AlarmActionResult> {
  const wanted = [...new Set(ids)];
  if (orgIds.length === 0 || wanted.length === 0) throw notFound();
  const by = await usernameOf(db, userId);
  const statuses = await db.transaction(async (tx) => {
    const rows = await loadAlarmRows(tx, wanted, orgIds, true);
    if (rows.length !== wanted.length) throw notFound();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ordered = wanted.map((id) => byId.get(id)!);
    return (await applyStateChange(tx, ordered, action, by, now)).statuses;
  });
  return { action, by, at: formatApiDate(now), alarms: statuses };
}

/** An alarm's history, oldest first: its raise, then each change (404 when not of `orgIds`). */
export async function alarmHistoryOf(db: Db, orgIds: readonly number[], alarmId: number): Promise<AlarmHistory> {
  const [row] = await loadAlarmRows(db, [alarmId], orgIds);
  if (!row) throw notFound();
  const entries = await db
    .select({ kind: alarmHistory.kind, by: alarmHistory.by, at: alarmHistory.at, state: alarmHistory.state })
    .from(alarmHistory)
    .where(eq(alarmHistory.alarmId, alarmId))
    .orderBy(asc(alarmHistory.at), asc(alarmHistory.id));
  return {
    alarm: statusOfRow(row),
    entries: [
      { kind: 'raised', by: SYSTEM_USER, at: formatApiDate(row.eventTime), state: 'activeUnacknowledged' },
      ...entries.map((e) => ({
        kind: e.kind as AlarmHistoryKind,
        by: e.by,
        at: formatApiDate(e.at),
        state: e.state as AlarmState,
      })),
    ],
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
