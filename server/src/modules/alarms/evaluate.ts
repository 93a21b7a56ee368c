/**
 * Limit evaluation of new measurements, both ways (shared domain/alarm-state.ts):
 * - Raise: a value that crosses an enabled alarm limit of its channel raises the alarm type of
 *   that channel kind and level (shared evaluateLimits), unless the same unit, channel and type
 *   already has an active alarm (checked here, and enforced by the unique index
 *   alarms_one_active_idx for concurrent writers). New alarm rows then go through the one pipeline
 *   (processAlarmRows): event, notifications, task. A unit whose settings switch alarms off
 *   (`alarm.enabled: false`, the unit page's alarm tab) raises none.
 * - Clear: an active limit alarm whose channel's newest reading in the batch is back inside the
 *   limit (readingClearsLimitAlarm), and a communication error of a unit that reported
 *   (readingClearsCommunicationError), stop being active — acknowledged or not — through the one
 *   door of state changes (state.ts: history, task activity, push).
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  COMMUNICATION_ERROR_ALARM,
  crossingText,
  evaluateLimits,
  isAlarmLimitLevel,
  limitAlarmTypes,
  limitKindOf,
  readingClearsCommunicationError,
  readingClearsLimitAlarm,
  SYSTEM_USER,
  type AlarmChange,
  type AlarmLimit,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { alarmLimits, alarms, channels, measurements, unitSettings } from '../../db/schema';
import { processAlarmRows, type PipelineResult } from '../events/pipeline';
import { loadAlarmRows } from './read';
import { applyStateChange } from './state';

export interface MeasurementPoint {
  unitId: number;
  /** channel_no */
  channel: number;
  ts: Date;
  value: number;
}

export interface EvaluationResult {
  alarmIds: number[];
  pipeline: PipelineResult;
  /** Alarms whose condition ended (now cleared). */
  cleared: AlarmChange[];
}

const BATCH = 1000;
const key = (u: number, c: number) => `${u}:${c}`;

interface OpenAlarm {
  id: number;
  unitId: number;
  channelId: number;
  alarmType: number;
  timeMs: number;
}

export async function evaluateMeasurements(
  db: Db,
  points: readonly MeasurementPoint[],
  now = new Date(),
): Promise<EvaluationResult> {
  const empty: EvaluationResult = {
    alarmIds: [],
    pipeline: { events: [], notifications: [], tasks: [] },
    cleared: [],
  };
  if (points.length === 0) return empty;
  const unitIds = [...new Set(points.map((p) => p.unitId))];

  // Limits and the units' active alarms: most channels have neither, and then nothing else is loaded.
  const limits = new Map<string, AlarmLimit[]>();
  const open = new Map<string, OpenAlarm>();
  for (let i = 0; i < unitIds.length; i += BATCH) {
    const part = unitIds.slice(i, i + BATCH);
    const rows = await db
      .select()
      .from(alarmLimits)
      .where(and(inArray(alarmLimits.unitId, part), eq(alarmLimits.enabled, true)));
    for (const r of rows) {
      if (!isAlarmLimitLevel(r.level)) continue;
      const k = key(r.unitId, r.channelNo);
      limits.set(k, [
        ...(limits.get(k) ?? []),
        { level: r.level, low: r.low, high: r.high, enabled: r.enabled },
      ]);
    }
    const active = await db
      .select({
        id: alarms.id,
        unitId: alarms.unitId,
        channelId: alarms.channelId,
        alarmType: alarms.alarmType,
        eventTime: alarms.eventTime,
      })
      .from(alarms)
      .where(and(inArray(alarms.unitId, part), eq(alarms.active, true)));
    for (const a of active)
      open.set(`${a.unitId}:${a.channelId}:${a.alarmType}`, {
        id: a.id,
        unitId: a.unitId,
        channelId: a.channelId,
        alarmType: a.alarmType,
        timeMs: a.eventTime.getTime(),
      });
  }
  if (limits.size === 0 && open.size === 0) return empty;

  const ordered = [...points].sort((a, b) => a.ts.getTime() - b.ts.getTime());
  const toClear = new Set<number>();

  // A unit that reports has contact again: its communication errors end.
  if (open.size > 0) {
    const newest = new Map<number, number>();
    for (const p of ordered) newest.set(p.unitId, p.ts.getTime());
    for (const a of open.values())
      if (readingClearsCommunicationError(a, newest.get(a.unitId) ?? -Infinity)) toClear.add(a.id);
  }

  const withLimits = ordered.filter((p) => limits.has(key(p.unitId, p.channel)));
  const silenced = withLimits.length
    ? await alarmsSwitchedOff(db, [...new Set(withLimits.map((p) => p.unitId))])
    : new Set<number>();
  const relevant = withLimits.filter((p) => !silenced.has(p.unitId));
  // Channels of the units whose readings can raise or clear a limit alarm.
  const channelUnits = [
    ...new Set([
      ...relevant.map((p) => p.unitId),
      ...[...open.values()].filter((a) => a.alarmType !== COMMUNICATION_ERROR_ALARM).map((a) => a.unitId),
    ]),
  ];
  const kinds = new Map<string, { kind: ReturnType<typeof limitKindOf>; uom: string }>();
  for (let i = 0; i < channelUnits.length; i += BATCH) {
    const part = channelUnits.slice(i, i + BATCH);
    for (const c of await db.select().from(channels).where(inArray(channels.unitId, part)))
      kinds.set(key(c.unitId, c.channelNo), { kind: limitKindOf(c.kind, c.name), uom: c.unitOfMeasure });
  }

  // Readings in time order: each may raise a new alarm, or end one (raised before or in this batch).
  const rows: Array<typeof alarms.$inferInsert> = [];
  /** New alarms of this batch by unit:channel:type → index in rows; cleared again within the batch when false. */
  const raised = new Map<string, { index: number; stillActive: boolean }>();
  for (const p of ordered) {
    const ch = kinds.get(key(p.unitId, p.channel));
    if (!ch?.kind) continue;
    const chLimits = limits.get(key(p.unitId, p.channel)) ?? [];
    const ms = p.ts.getTime();
    // End: the active limit alarms of this channel the reading is back inside of.
    for (const type of limitAlarmTypes(ch.kind)) {
      const k = `${p.unitId}:${p.channel}:${type}`;
      const mine = raised.get(k);
      const existing = open.get(k);
      const alarm = mine ? { alarmType: type, timeMs: rows[mine.index]!.eventTime.getTime() } : existing ? existing : null;
      if (!alarm) continue;
      const clears = readingClearsLimitAlarm(ch.kind, p.value, chLimits, alarm, ms);
      if (mine) {
        if (clears) mine.stillActive = false;
        else if (evaluateLimits(ch.kind, p.value, chLimits).some((c) => c.alarmType === type)) mine.stillActive = true;
      } else if (existing) {
        if (clears) toClear.add(existing.id);
        else if (evaluateLimits(ch.kind, p.value, chLimits).some((c) => c.alarmType === type)) toClear.delete(existing.id);
      }
    }
    if (silenced.has(p.unitId) || chLimits.length === 0) continue;
    // Raise: crossings without an active alarm of their type.
    for (const c of evaluateLimits(ch.kind, p.value, chLimits)) {
      const k = `${p.unitId}:${p.channel}:${c.alarmType}`;
      const existing = open.get(k);
      if (existing && !toClear.has(existing.id)) continue;
      if (raised.has(k)) continue;
      raised.set(k, { index: rows.length, stillActive: true });
      rows.push({
        unitId: p.unitId,
        channelId: p.channel,
        alarmType: c.alarmType,
        text: crossingText(c, p.value, ch.uom),
        eventTime: p.ts,
        active: true,
      });
    }
  }

  // Clear first: an alarm that ended and started again in this batch is a new alarm (the unique
  // index allows one active alarm per unit, channel and type).
  const cleared = await clearAlarms(db, [...toClear], now);
  if (rows.length === 0) return { ...empty, cleared };
  const alarmIds: number[] = [];
  const endedInBatch: number[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const inserted = await db
      .insert(alarms)
      .values(rows.slice(i, i + BATCH))
      // Another writer raised the same active alarm meanwhile (alarms_one_active_idx): theirs stands.
      .onConflictDoNothing()
      .returning({ id: alarms.id, unitId: alarms.unitId, channelId: alarms.channelId, alarmType: alarms.alarmType });
    alarmIds.push(...inserted.map((r) => r.id));
    for (const r of inserted)
      if (raised.get(`${r.unitId}:${r.channelId}:${r.alarmType}`)?.stillActive === false) endedInBatch.push(r.id);
  }
  const pipeline = await processAlarmRows(db, alarmIds);
  // Raised and back inside its limit within the same batch: it happened, and it is over.
  const alsoCleared = await clearAlarms(db, endedInBatch, now);
  return { alarmIds, pipeline, cleared: [...cleared, ...alsoCleared] };
}

/** Ends alarms whose condition cleared (by the system), through the one door of state changes. */
async function clearAlarms(db: Db, ids: readonly number[], now: Date): Promise<AlarmChange[]> {
  if (ids.length === 0) return [];
  return db.transaction(async (tx) => {
    const rows = await loadAlarmRows(tx, ids, undefined, true);
    return (await applyStateChange(tx, rows, 'clear', SYSTEM_USER, now)).changes;
  });
}

/** Units among these whose settings switch their alarms off. */
async function alarmsSwitchedOff(db: Db, unitIds: readonly number[]): Promise<Set<number>> {
  const off = new Set<number>();
  for (let i = 0; i < unitIds.length; i += BATCH) {
    const rows = await db
      .select({ unitId: unitSettings.unitId, settings: unitSettings.settings })
      .from(unitSettings)
      .where(inArray(unitSettings.unitId, unitIds.slice(i, i + BATCH)));
    for (const r of rows) {
      const alarm = (r.settings as { alarm?: { enabled?: unknown } }).alarm;
      if (alarm?.enabled === false) off.add(r.unitId);
    }
  }
  return off;
}

/**
 * Checks a channel's newest reading against its limits as they are now: after the limits changed,
 * the unit's alarm state follows at once instead of at its next measurement.
 */
export async function reevaluateLatest(db: Db, unitId: number, channelNo: number): Promise<EvaluationResult> {
  const [latest] = await db
    .select({ ts: measurements.ts, value: measurements.value })
    .from(measurements)
    .where(and(eq(measurements.unitId, unitId), eq(measurements.channelNo, channelNo)))
    .orderBy(desc(measurements.ts))
    .limit(1);
  return evaluateMeasurements(db, latest ? [{ unitId, channel: channelNo, ts: latest.ts, value: latest.value }] : []);
}
