/**
 * Limit evaluation of new measurements: a value that crosses an enabled alarm limit of its channel
 * raises the alarm type of that channel kind and level (shared evaluateLimits), unless the same
 * unit, channel and type already has an active alarm (checked here, and enforced by the unique
 * index alarms_one_active_idx for concurrent writers). New alarm rows then go through the one
 * pipeline (processAlarmRows): event, notifications, task.
 */
import { and, eq, inArray } from 'drizzle-orm';
import {
  crossingText,
  evaluateLimits,
  isAlarmLimitLevel,
  limitKindOf,
  type AlarmLimit,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { alarmLimits, alarms, channels } from '../../db/schema';
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
  const relevant = points.filter((p) => limits.has(key(p.unitId, p.channel)));
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
