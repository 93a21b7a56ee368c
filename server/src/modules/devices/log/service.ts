/**
 * A unit's message log: what it sent (measurements), what was sent to it (commands, with their
 * state) and its alarms (active and cleared), newest first between two times, filtered by kind and
 * text. Each source is read through an index (measurements per channel by the primary key,
 * commands by unit and time, alarms by unit and time) and limited before the merge, so a unit
 * with years of data answers as fast as a new one.
 */
import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  ALARM_TYPE_MAX,
  alarmTypeName,
  logAlarmText,
  logMeasurementText,
  UNIT_LOG_KINDS,
  type UnitLogEntry,
  type UnitLogKind,
  type UnitLogQuery,
} from '@fieldwatch/shared';
import type { Db } from '../../../db/client';
import { alarms, channels, measurements, unitActions } from '../../../db/schema';
import { badRequest } from '../../../http/errors';
import { parseTime } from '../../legacy/params';
import type { UnitRow } from '../service';

export const LOG_DEFAULT_SPAN_MS = 24 * 3600_000;
export const LOG_DEFAULT_LIMIT = 200;

/** `%q%` for ILIKE with the wildcards of q taken literally. */
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface LogWindow {
  from: Date;
  to: Date;
  kinds: UnitLogKind[];
  q: string;
  limit: number;
}

/** Reads the query (400 for a bad time, an unknown kind or from after to). */
export function logWindow(query: UnitLogQuery, now = new Date()): LogWindow {
  const to = query.to ? parseTime(query.to, 'to') : now;
  const from = query.from ? parseTime(query.from, 'from') : new Date(to.getTime() - LOG_DEFAULT_SPAN_MS);
  if (from > to) throw badRequest('from must not be after to');
  const asked = (query.kinds ?? '').split(',').filter(Boolean);
  const unknown = asked.filter((k) => !(UNIT_LOG_KINDS as readonly string[]).includes(k));
  if (unknown.length) throw badRequest(`kinds must be among ${UNIT_LOG_KINDS.join(', ')}`);
  return {
    from,
    to,
    kinds: asked.length ? (asked as UnitLogKind[]) : [...UNIT_LOG_KINDS],
    q: (query.q ?? '').trim(),
    limit: query.limit ?? LOG_DEFAULT_LIMIT,
  };
}

async function measurementLines(db: Db, u: UnitRow, w: LogWindow): Promise<UnitLogEntry[]> {
  const chans = await db
    .select({ no: channels.channelNo, name: channels.name })
    .from(channels)
    .where(eq(channels.unitId, u.id))
    .orderBy(asc(channels.channelNo));
  const out: UnitLogEntry[] = [];
  for (const c of chans) {
    const label = `${c.name || `Channel ${c.no}`} (channel ${c.no})`;
    const text = sql<string>`${label} || ': ' || ${measurements.value}::text`;
    const where: SQL[] = [
      eq(measurements.unitId, u.id),
      eq(measurements.channelNo, c.no),
      gte(measurements.ts, w.from),
      lte(measurements.ts, w.to),
    ];
    if (w.q) where.push(sql`(${label} || ': ' || ${measurements.value}::text) ilike ${like(w.q)}`);
    const rows = await db
      .select({ ts: measurements.ts, value: measurements.value, text })
      .from(measurements)
      .where(and(...where))
      .orderBy(desc(measurements.ts))
      .limit(w.limit);
    for (const r of rows)
      out.push({
        ts: r.ts.toISOString(),
        kind: 'measurement',
        text: r.text,
        textLocal: logMeasurementText(c.name, c.no, r.value),
        channel: c.no,
        value: r.value,
      });
  }
  return out;
}

async function commandLines(db: Db, u: UnitRow, w: LogWindow): Promise<UnitLogEntry[]> {
  const text = sql<string>`${unitActions.action} || case when ${unitActions.detail} <> '' then ' ' || ${unitActions.detail} else '' end || ' — ' || ${unitActions.status} || ': ' || ${unitActions.result}`;
  const where: SQL[] = [eq(unitActions.unitId, u.id), gte(unitActions.requestedAt, w.from), lte(unitActions.requestedAt, w.to)];
  if (w.q) where.push(sql`(${text}) ilike ${like(w.q)}`);
  const rows = await db
    .select({ ts: unitActions.requestedAt, status: unitActions.status, text })
    .from(unitActions)
    .where(and(...where))
    .orderBy(desc(unitActions.requestedAt), desc(unitActions.id))
    .limit(w.limit);
  return rows.map((r) => ({ ts: r.ts.toISOString(), kind: 'command', text: r.text, status: r.status }));
}

async function alarmLines(db: Db, u: UnitRow, w: LogWindow): Promise<UnitLogEntry[]> {
  const where: SQL[] = [eq(alarms.unitId, u.id), gte(alarms.eventTime, w.from), lte(alarms.eventTime, w.to)];
  if (w.q) {
    const q = w.q.toLowerCase();
    const types: number[] = [];
    for (let t = 0; t <= ALARM_TYPE_MAX; t++) if (alarmTypeName(t).toLowerCase().includes(q)) types.push(t);
    const status = ['active', 'cleared'].filter((s) => s.includes(q));
    const byText = sql`${alarms.text} ilike ${like(w.q)}`;
    const conds: SQL[] = [byText];
    if (types.length) conds.push(inArray(alarms.alarmType, types));
    if (status.length === 1) conds.push(eq(alarms.active, status[0] === 'active'));
    else if (status.length === 2) conds.push(sql`true`);
    where.push(or(...conds)!);
  }
  const rows = await db
    .select()
    .from(alarms)
    .where(and(...where))
    .orderBy(desc(alarms.eventTime), desc(alarms.id))
    .limit(w.limit);
  return rows.map((a) => ({
    ts: a.eventTime.toISOString(),
    kind: 'alarm',
    text: `${alarmTypeName(a.alarmType)}${a.text ? `: ${a.text}` : ''}`,
    textLocal: logAlarmText(a.alarmType, a.text),
    status: a.active ? 'active' : 'cleared',
    channel: a.channelId,
  }));
}

/** The unit's log lines in the window, newest first, at most w.limit. */
export async function unitLog(db: Db, u: UnitRow, w: LogWindow): Promise<UnitLogEntry[]> {
  const parts = await Promise.all([
    w.kinds.includes('measurement') ? measurementLines(db, u, w) : [],
    w.kinds.includes('command') ? commandLines(db, u, w) : [],
    w.kinds.includes('alarm') ? alarmLines(db, u, w) : [],
  ]);
  return parts
    .flat()
    .sort((a, b) => (a.ts < b.ts ? 1 : a.ts > b.ts ? -1 : 0))
    .slice(0, w.limit);
}
