/**
 * Standing faults: the alarms a demo unit already had when the simulator started (the seeded ones,
 * or those left active by the previous run) describe faults out in the field — a cabinet without
 * contact, a flat battery, a pump over its limit. Since an alarm clears when its condition does
 * (shared domain/alarm-state.ts), a simulator drawing only its healthy signal model would "repair"
 * all of them at its first tick, and a new user would meet an empty alarm list. So until a person
 * resets such an alarm (the technician fixed it), the simulator keeps its condition: a unit with a
 * standing communication error stays silent, and a channel with a standing limit alarm reads just
 * beyond the limit it crossed. An alarm raised after the start follows the signal model alone.
 */
import { and, eq, inArray, lt } from 'drizzle-orm';
import {
  COMMUNICATION_ERROR_ALARM,
  evaluateLimits,
  limitKindOf,
  type AlarmLimit,
  type AlarmLimitLevel,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { alarmLimits, alarms, channels } from '../../db/schema';

export interface StandingFaults {
  /** Units that send nothing (a standing communication error). */
  silentUnits: Set<number>;
  /** `unit:channel` → the value the channel reads (just beyond the limit it crossed). */
  heldChannels: Map<string, number>;
}

const key = (unitId: number, channelNo: number) => `${unitId}:${channelNo}`;

/**
 * A value that raises `alarmType` on a channel with these limits: just beyond one of its limits
 * (a tenth of the band, or 5 % of the limit, outside), or null when no limit of the channel does.
 */
export function valueBeyondLimit(
  kind: NonNullable<ReturnType<typeof limitKindOf>>,
  limits: readonly AlarmLimit[],
  alarmType: number,
): number | null {
  for (const l of limits) {
    if (!l.enabled) continue;
    const band = l.low !== null && l.high !== null ? Math.abs(l.high - l.low) / 10 : 0;
    for (const [limit, sign] of [
      [l.low, -1],
      [l.high, 1],
    ] as const) {
      if (limit === null) continue;
      const margin = Math.max(band, Math.abs(limit) * 0.05, 0.1);
      const v = Math.round((limit + sign * margin) * 100) / 100;
      if (evaluateLimits(kind, v, limits).some((c) => c.alarmType === alarmType)) return v;
    }
  }
  return null;
}

/** The faults of alarms raised before `startedAt` that are still active (no one has reset them). */
export async function standingFaults(db: Db, startedAt: Date): Promise<StandingFaults> {
  const open = await db
    .select({ unitId: alarms.unitId, channelNo: alarms.channelId, alarmType: alarms.alarmType })
    .from(alarms)
    .where(and(eq(alarms.active, true), lt(alarms.eventTime, startedAt)));
  const silentUnits = new Set(
    open.filter((a) => a.alarmType === COMMUNICATION_ERROR_ALARM).map((a) => a.unitId),
  );
  const held = open.filter((a) => a.alarmType !== COMMUNICATION_ERROR_ALARM && !silentUnits.has(a.unitId));
  const heldChannels = new Map<string, number>();
  if (held.length === 0) return { silentUnits, heldChannels };

  const unitIds = [...new Set(held.map((a) => a.unitId))];
  const kinds = new Map<string, ReturnType<typeof limitKindOf>>();
  const limits = new Map<string, AlarmLimit[]>();
  for (let i = 0; i < unitIds.length; i += 1000) {
    const part = unitIds.slice(i, i + 1000);
    for (const c of await db.select().from(channels).where(inArray(channels.unitId, part)))
      kinds.set(key(c.unitId, c.channelNo), limitKindOf(c.kind, c.name));
    for (const l of await db.select().from(alarmLimits).where(inArray(alarmLimits.unitId, part))) {
      const list = limits.get(key(l.unitId, l.channelNo)) ?? [];
      list.push({ level: l.level as AlarmLimitLevel, low: l.low, high: l.high, enabled: l.enabled });
      limits.set(key(l.unitId, l.channelNo), list);
    }
  }
  for (const a of held) {
    const k = key(a.unitId, a.channelNo);
    if (heldChannels.has(k)) continue;
    const kind = kinds.get(k);
    // A fault without a limit to stay beyond (an intrusion, a level the demo has no limit for)
    // cannot be cleared by a reading; the channel keeps its signal model.
    const value = kind ? valueBeyondLimit(kind, limits.get(k) ?? [], a.alarmType) : null;
    if (value !== null) heldChannels.set(k, value);
  }
  return { silentUnits, heldChannels };
}

/** Points with the standing faults applied: silent units dropped, held channels at their value. */
export function withStandingFaults<P extends { unitId: number; channel: number; value: number }>(
  points: readonly P[],
  faults: StandingFaults,
): P[] {
  const out: P[] = [];
  for (const p of points) {
    if (faults.silentUnits.has(p.unitId)) continue;
    const held = faults.heldChannels.get(key(p.unitId, p.channel));
    out.push(held === undefined ? p : { ...p, value: held });
  }
  return out;
}
