/**
 * Alarm limits per channel and level (spec §3, §4): each level 1–4 has an optional low and high
 * limit. A measurement below a low limit or above a high limit raises the alarm type of that
 * channel kind and level. Pure: the server's limit evaluation and the browser's limit editor use
 * exactly this code.
 *
 * Alarm types by channel kind (spec §3):
 * - analog: 10–17, low/high per level (level n: low 10 + 2(n-1), high 11 + 2(n-1));
 * - pt: 20–27, low/high per level (level n: low 20 + 2(n-1), high 21 + 2(n-1));
 * - formula: 39–42, one type per level (either limit crossed);
 * - switch: 29–32, one type per level (either limit crossed);
 * - resistance: 0–3, one type per level (either limit crossed);
 * - loop (loop resistance channels): 4, Loop alarm, at any level;
 * - battery (battery voltage channels): 28, Battery, at any level.
 */
import type { ChannelKind } from './device-types';

export const ALARM_LIMIT_LEVELS = [1, 2, 3, 4] as const;
export type AlarmLimitLevel = (typeof ALARM_LIMIT_LEVELS)[number];

/** Kinds of channel that have limits; a plain `channel` has them only when it measures resistance. */
export const LIMIT_KINDS = ['analog', 'pt', 'formula', 'switch', 'resistance', 'loop', 'battery'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

export interface AlarmLimit {
  level: AlarmLimitLevel;
  low: number | null;
  high: number | null;
  enabled: boolean;
}

export interface LimitCrossing {
  level: AlarmLimitLevel;
  side: 'low' | 'high';
  limit: number;
  alarmType: number;
}

export const ALARM_LIMIT_MESSAGES = {
  updated: 'Alarm limit level updated successfully',
  failed: 'Something went wrong when updating the Alarm Limit Level',
} as const;

export function isAlarmLimitLevel(v: unknown): v is AlarmLimitLevel {
  return v === 1 || v === 2 || v === 3 || v === 4;
}

/**
 * The limit kind of a channel: its own kind, except that a plain `channel` only has limits when it
 * measures insulation resistance, loop resistance or battery voltage (recognised by its name, as
 * the units report them). Other plain channels (signal strength, internal temperature) have none.
 */
export function limitKindOf(kind: ChannelKind | string, channelName: string): LimitKind | null {
  if (kind === 'analog' || kind === 'pt' || kind === 'formula' || kind === 'switch') return kind;
  if (kind !== 'channel') return null;
  const name = channelName.trim();
  if (/^resistance\b/i.test(name)) return 'resistance';
  if (/^loop resistance\b/i.test(name)) return 'loop';
  if (/^battery\b/i.test(name)) return 'battery';
  return null;
}

/** The alarm type of a crossing of one level's low or high limit on a channel of `kind`. */
export function limitAlarmType(kind: LimitKind, level: AlarmLimitLevel, side: 'low' | 'high'): number {
  const i = level - 1;
  switch (kind) {
    case 'analog':
      return 10 + i * 2 + (side === 'high' ? 1 : 0);
    case 'pt':
      return 20 + i * 2 + (side === 'high' ? 1 : 0);
    case 'formula':
      return 39 + i;
    case 'switch':
      return 29 + i;
    case 'resistance':
      return i;
    case 'loop':
      return 4;
    case 'battery':
      return 28;
  }
}

/** Every alarm type the limits of a channel kind can raise, ascending. */
export function limitAlarmTypes(kind: LimitKind): number[] {
  const types = new Set<number>();
  for (const level of ALARM_LIMIT_LEVELS) {
    types.add(limitAlarmType(kind, level, 'low'));
    types.add(limitAlarmType(kind, level, 'high'));
  }
  return [...types].sort((a, b) => a - b);
}

/** Limits as a request gives them: the level still to be checked, fields left out keep theirs. */
export interface LimitInput {
  level?: number;
  low?: number | null;
  high?: number | null;
  enabled?: boolean;
}

/**
 * Problems of a set of limits (empty when valid): levels 1–4, once each, finite, low ≤ high. The
 * server refuses a change with the first of them; a limit editor can show them before sending.
 */
export function validateLimits(limits: ReadonlyArray<LimitInput>): string[] {
  const errors: string[] = [];
  const seen = new Set<number>();
  for (const l of limits) {
    if (!isAlarmLimitLevel(l.level)) {
      errors.push(`level must be 1, 2, 3 or 4`);
      continue;
    }
    if (seen.has(l.level)) errors.push(`level ${l.level} is given twice`);
    seen.add(l.level);
    for (const side of ['low', 'high'] as const) {
      const v = l[side];
      if (v !== null && v !== undefined && (typeof v !== 'number' || !Number.isFinite(v)))
        errors.push(`level ${l.level} ${side} must be a number`);
    }
    if (typeof l.low === 'number' && typeof l.high === 'number' && l.low > l.high)
      errors.push(`level ${l.level} low limit must not be above its high limit`);
  }
  return errors;
}

/**
 * The limits a value crosses: for each enabled level, below its low limit or above its high limit
 * (a value equal to a limit does not cross it). Ordered by level, low before high.
 */
export function evaluateLimits(
  kind: LimitKind,
  value: number,
  limits: readonly AlarmLimit[],
): LimitCrossing[] {
  if (!Number.isFinite(value)) return [];
  const out: LimitCrossing[] = [];
  for (const l of [...limits].sort((a, b) => a.level - b.level)) {
    if (!l.enabled || !isAlarmLimitLevel(l.level)) continue;
    if (l.low !== null && value < l.low)
      out.push({
        level: l.level,
        side: 'low',
        limit: l.low,
        alarmType: limitAlarmType(kind, l.level, 'low'),
      });
    if (l.high !== null && value > l.high)
      out.push({
        level: l.level,
        side: 'high',
        limit: l.high,
        alarmType: limitAlarmType(kind, l.level, 'high'),
      });
  }
  return out;
}

/** The alarm text of a crossing, e.g. "Value 12.5 above high limit 10 (level 2)". */
export function crossingText(c: LimitCrossing, value: number, unitOfMeasure = ''): string {
  const uom = unitOfMeasure ? ` ${unitOfMeasure}` : '';
  const where = c.side === 'low' ? 'below low' : 'above high';
  return `Value ${value}${uom} ${where} limit ${c.limit}${uom} (level ${c.level})`;
}

/** Four levels, unset ones as { low: null, high: null, enabled: true }. */
export function fillLevels(limits: readonly AlarmLimit[]): AlarmLimit[] {
  return ALARM_LIMIT_LEVELS.map(
    (level) => limits.find((l) => l.level === level) ?? { level, low: null, high: null, enabled: true },
  );
}
