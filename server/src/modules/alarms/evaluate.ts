/**
 * Limit evaluation of new measurements: a value that crosses an enabled alarm limit of its channel
 * raises the alarm type of that channel kind and level (shared evaluateLimits), unless the same
 * unit, channel and type already has an active alarm (checked here, and enforced by the unique
 * index alarms_one_active_idx for concurrent writers). New alarm rows then go through the one
 * pipeline (processAlarmRows): event, notifications, task. A unit whose settings switch alarms
 * off (`alarm.enabled: false`, the unit page's alarm tab) raises none.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  crossingText,
  evaluateLimits,
  isAlarmLimitLevel,
  limitKindOf,
  type AlarmLimit,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { alarmLimits, alarms, channels, measurements, unitSettings } from '../../db/schema';
import { processAlarmRows, type PipelineResult } from '../events/pipeline';

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
}

const BATCH = 1000;
const key = (u: number, c: number) => `${u}:${c}`;

export async function evaluateMeasurements(
  db: Db,
  points: readonly MeasurementPoint[],
): Promise<EvaluationResult> {
  const empty: EvaluationResult = { alarmIds: [], pipeline: { events: [], notifications: [], tasks: [] } };
  if (points.length === 0) return empty;
  const unitIds = [...new Set(points.map((p) => p.unitId))];

  // Limits first: most channels have none, and then nothing else needs loading.
  const limits = new Map<string, AlarmLimit[]>();
  for (let i = 0; i < unitIds.length; i += BATCH) {
    const rows = await db
      .select()
      .from(alarmLimits)
      .where(and(inArray(alarmLimits.unitId, unitIds.slice(i, i + BATCH)), eq(alarmLimits.enabled, true)));
    for (const r of rows) {
      if (!isAlarmLimitLevel(r.level)) continue;
      const k = key(r.unitId, r.channelNo);
      limits.set(k, [
        ...(limits.get(k) ?? []),
        { level: r.level, low: r.low, high: r.high, enabled: r.enabled },
      ]);
    }
  }
  const withLimits = points.filter((p) => limits.has(key(p.unitId, p.channel)));
  if (withLimits.length === 0) return empty;
  const silenced = await alarmsSwitchedOff(db, [...new Set(withLimits.map((p) => p.unitId))]);
  const relevant = withLimits.filter((p) => !silenced.has(p.unitId));
  if (relevant.length === 0) return empty;
  const relevantUnits = [...new Set(relevant.map((p) => p.unitId))];

  const kinds = new Map<string, { kind: ReturnType<typeof limitKindOf>; uom: string }>();
  const active = new Set<string>();
  for (let i = 0; i < relevantUnits.length; i += BATCH) {
    const part = relevantUnits.slice(i, i + BATCH);
    for (const c of await db.select().from(channels).where(inArray(channels.unitId, part)))
      kinds.set(key(c.unitId, c.channelNo), { kind: limitKindOf(c.kind, c.name), uom: c.unitOfMeasure });
    const open = await db
      .select({ unitId: alarms.unitId, channelId: alarms.channelId, alarmType: alarms.alarmType })
      .from(alarms)
      .where(and(inArray(alarms.unitId, part), eq(alarms.active, true)));
    for (const a of open) active.add(`${a.unitId}:${a.channelId}:${a.alarmType}`);
  }

  const rows: Array<typeof alarms.$inferInsert> = [];
  for (const p of [...relevant].sort((a, b) => a.ts.getTime() - b.ts.getTime())) {
    const ch = kinds.get(key(p.unitId, p.channel));
    if (!ch?.kind) continue;
    for (const c of evaluateLimits(ch.kind, p.value, limits.get(key(p.unitId, p.channel)) ?? [])) {
      const k = `${p.unitId}:${p.channel}:${c.alarmType}`;
      if (active.has(k)) continue;
      active.add(k);
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
  if (rows.length === 0) return empty;
  const alarmIds: number[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const inserted = await db
      .insert(alarms)
      .values(rows.slice(i, i + BATCH))
      // Another writer raised the same active alarm meanwhile (alarms_one_active_idx): theirs stands.
      .onConflictDoNothing()
      .returning({ id: alarms.id });
    alarmIds.push(...inserted.map((r) => r.id));
  }
  return { alarmIds, pipeline: await processAlarmRows(db, alarmIds) };
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
