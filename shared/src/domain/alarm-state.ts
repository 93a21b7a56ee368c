/**
 * The state of an alarm, as the alarm management standard ISA-18.2 and the monitoring products
 * that follow it (SCADA alarm summaries, Ignition, WinCC) model it: two independent facts.
 *
 * - Active or cleared: is the alarm's condition still there? Limit evaluation clears a limit alarm
 *   when a later reading of its channel is back inside the limit it crossed
 *   (readingClearsLimitAlarm), and a communication error when the unit reports again
 *   (readingClearsCommunicationError). A person can also clear an alarm by hand: `reset`.
 * - Unacknowledged or acknowledged: has a person taken it on? Acknowledging records who and when;
 *   it does NOT end the alarm — an acknowledged alarm stays active (and on its unit, and in the
 *   unit's status) until its condition clears, but it no longer counts as new and is no longer
 *   repeated.
 *
 * So four states (the 2×2):
 * | state                  | active | acknowledged | shown as                                       |
 * |------------------------|--------|--------------|------------------------------------------------|
 * | activeUnacknowledged   | yes    | no           | new: needs someone                              |
 * | activeAcknowledged     | yes    | yes          | acknowledged by X at T, still active            |
 * | clearedUnacknowledged  | no     | no           | cleared by itself before anyone acknowledged it |
 * | clearedAcknowledged    | no     | yes          | closed: nothing left to do                      |
 *
 * Transitions (alarmTransition; anything else changes nothing):
 * - acknowledge: activeUnacknowledged → activeAcknowledged, clearedUnacknowledged → clearedAcknowledged;
 * - reset (a person clears it by hand, e.g. a latched alarm, or to re-arm it: if the condition is
 *   still there the next reading raises a new alarm): activeUnacknowledged or activeAcknowledged →
 *   clearedAcknowledged — whoever resets an alarm has seen it, so an unacknowledged one is
 *   acknowledged by the same person at the same moment;
 * - clear (the condition ended, by the system): activeUnacknowledged → clearedUnacknowledged,
 *   activeAcknowledged → clearedAcknowledged.
 * An alarm is raised activeUnacknowledged. Each change is one entry of the alarm's history (and
 * of its task's activity log): who, when, what.
 *
 * Repeat (the unit's alarm setting `repeatMin`): an alarm that stays activeUnacknowledged is
 * notified again every repeatMin minutes after its last notification; acknowledged or cleared
 * alarms are never repeated.
 *
 * Pure: the server applies these rules, the browser shows buttons and patches lists by them.
 */
import type { AlarmAction } from '../contract/alarms';
import { evaluateLimits, limitAlarmType, type AlarmLimit, type LimitKind } from './alarm-limits';
import { COMMUNICATION_ERROR_ALARM } from './status';

export const ALARM_STATES = [
  'activeUnacknowledged',
  'activeAcknowledged',
  'clearedUnacknowledged',
  'clearedAcknowledged',
] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

/** What happened to an alarm: one entry of its history. */
export const ALARM_HISTORY_KINDS = ['raised', 'acknowledged', 'reset', 'cleared', 'repeated'] as const;
export type AlarmHistoryKind = (typeof ALARM_HISTORY_KINDS)[number];

/** The two facts the state is made of. */
export interface AlarmStateFacts {
  active: boolean;
  /** When it was acknowledged; null or absent: not (yet). */
  acknowledgedAt?: string | null;
}

export function alarmStateOf(a: AlarmStateFacts): AlarmState {
  const acked = typeof a.acknowledgedAt === 'string' && a.acknowledgedAt !== '';
  if (a.active) return acked ? 'activeAcknowledged' : 'activeUnacknowledged';
  return acked ? 'clearedAcknowledged' : 'clearedUnacknowledged';
}

export function isActiveState(s: AlarmState): boolean {
  return s === 'activeUnacknowledged' || s === 'activeAcknowledged';
}
export function isAcknowledgedState(s: AlarmState): boolean {
  return s === 'activeAcknowledged' || s === 'clearedAcknowledged';
}

/** A new alarm: active and nobody has acknowledged it (what "new" counts and what is repeated). */
export function isNewAlarm(a: AlarmStateFacts): boolean {
  return alarmStateOf(a) === 'activeUnacknowledged';
}

/** What changes an alarm's state: a person's action (ALARM_ACTIONS) or the system clearing it. */
export type AlarmStateCause = AlarmAction | 'clear';

export interface AlarmTransition {
  from: AlarmState;
  to: AlarmState;
  /** The change records an acknowledgement (who, when). */
  acknowledges: boolean;
  /** The change ends the alarm (it stops being active). */
  clears: boolean;
  /** The history entry of the change. */
  kind: Extract<AlarmHistoryKind, 'acknowledged' | 'reset' | 'cleared'>;
}

/** The state after `cause`, or null when it changes nothing in `from` (already done). */
export function alarmTransition(from: AlarmState, cause: AlarmStateCause): AlarmTransition | null {
  const t = (to: AlarmState, kind: AlarmTransition['kind']): AlarmTransition => ({
    from,
    to,
    acknowledges: !isAcknowledgedState(from) && isAcknowledgedState(to),
    clears: isActiveState(from) && !isActiveState(to),
    kind,
  });
  switch (cause) {
    case 'acknowledge':
      if (from === 'activeUnacknowledged') return t('activeAcknowledged', 'acknowledged');
      if (from === 'clearedUnacknowledged') return t('clearedAcknowledged', 'acknowledged');
      return null;
    case 'reset':
      return isActiveState(from) ? t('clearedAcknowledged', 'reset') : null;
    case 'clear':
      if (from === 'activeUnacknowledged') return t('clearedUnacknowledged', 'cleared');
      if (from === 'activeAcknowledged') return t('clearedAcknowledged', 'cleared');
      return null;
  }
}

/** The actions that change an alarm in this state (what a person is offered). */
export function alarmActionsFor(s: AlarmState): AlarmAction[] {
  return (['acknowledge', 'reset'] as const).filter((a) => alarmTransition(s, a) !== null);
}

/** An alarm's state with who acknowledged and cleared it. Times in API date format (UTC "YYYY-MM-DD HH:mm:ss"). */
export interface AlarmStatus {
  alarmId: number;
  unitId: number;
  organizationId: number;
  channelId: number;
  alarmType: number;
  state: AlarmState;
  acknowledgedBy: string | null;
  acknowledgedAt: string | null;
  /** Who reset it (null: not reset by a person — its condition cleared, or it is still active). */
  clearedBy: string | null;
  clearedAt: string | null;
}

/**
 * An alarm's state as it just changed, with what happened, by whom and when (its history entry):
 * what the server pushes to every open browser of the organisation.
 */
export interface AlarmChange extends AlarmStatus {
  kind: AlarmHistoryKind;
  by: string;
  at: string;
}

/** One alarm of a unit's active alarms (the AlarmEvents of a unit), as far as this rule needs it. */
interface ActiveAlarmRef {
  AlarmID: number;
  AcknowledgedBy?: string;
  AcknowledgedAt?: string;
}

/**
 * Applies alarm changes to a list of units carrying their active alarms (AlarmEvents): an alarm
 * that is still active takes its acknowledgement, a cleared one leaves its unit. Units that do not
 * change keep their identity, and the list itself is returned as it is when nothing changed, so a
 * list of 100,000 units re-renders only where an alarm changed.
 */
export function applyAlarmChanges<E extends ActiveAlarmRef, U extends { UnitID: number; AlarmEvents: E[] }>(
  units: readonly U[],
  changes: readonly AlarmStatus[],
): U[] {
  if (changes.length === 0) return units as U[];
  const byUnit = new Map<number, Map<number, AlarmStatus>>();
  for (const c of changes) {
    const m = byUnit.get(c.unitId) ?? new Map<number, AlarmStatus>();
    m.set(c.alarmId, c);
    byUnit.set(c.unitId, m);
  }
  let out: U[] | null = null;
  units.forEach((u, i) => {
    const mine = byUnit.get(u.UnitID);
    if (!mine || !u.AlarmEvents) return;
    const next = patchAlarmEvents(u.AlarmEvents, mine);
    if (next === u.AlarmEvents) return;
    out ??= [...units];
    out[i] = { ...u, AlarmEvents: next };
  });
  return out ?? (units as U[]);
}

/** A unit's active alarms after the changes (the same array when none applies). */
export function patchAlarmEvents<E extends ActiveAlarmRef>(
  events: readonly E[],
  changes: ReadonlyMap<number, AlarmStatus>,
): E[] {
  let changed = false;
  const next: E[] = [];
  for (const e of events) {
    const c = changes.get(e.AlarmID);
    if (!c) {
      next.push(e);
      continue;
    }
    if (!isActiveState(c.state)) {
      changed = true;
      continue;
    }
    const by = c.acknowledgedBy ?? undefined;
    const at = c.acknowledgedAt ?? undefined;
    if (e.AcknowledgedBy === by && e.AcknowledgedAt === at) {
      next.push(e);
      continue;
    }
    changed = true;
    const patched = { ...e };
    if (by !== undefined && at !== undefined) {
      patched.AcknowledgedBy = by;
      patched.AcknowledgedAt = at;
    } else {
      delete patched.AcknowledgedBy;
      delete patched.AcknowledgedAt;
    }
    next.push(patched);
  }
  return changed ? next : (events as E[]);
}

// ───────────────────────── Clearing by condition ─────────────────────────

/** The alarm types a channel's enabled limits can raise: the limit alarms whose condition can be checked. */
export function checkableLimitTypes(kind: LimitKind, limits: readonly AlarmLimit[]): Set<number> {
  const out = new Set<number>();
  for (const l of limits) {
    if (!l.enabled) continue;
    if (l.low !== null) out.add(limitAlarmType(kind, l.level, 'low'));
    if (l.high !== null) out.add(limitAlarmType(kind, l.level, 'high'));
  }
  return out;
}

/**
 * Whether a reading of a channel ends its active limit alarm of `alarmType`: the reading is not
 * older than the alarm, the channel's enabled limits can still raise that type, and the reading
 * crosses none of them that do. An alarm whose limit was switched off or removed has no condition
 * left to check: it stays until someone resets it.
 */
export function readingClearsLimitAlarm(
  kind: LimitKind,
  value: number,
  limits: readonly AlarmLimit[],
  alarm: { alarmType: number; timeMs: number },
  readingMs: number,
): boolean {
  if (!Number.isFinite(value) || readingMs < alarm.timeMs) return false;
  if (!checkableLimitTypes(kind, limits).has(alarm.alarmType)) return false;
  return !evaluateLimits(kind, value, limits).some((c) => c.alarmType === alarm.alarmType);
}

/** A communication error (type 19) ends with any reading of its unit not older than the alarm. */
export function readingClearsCommunicationError(alarm: { alarmType: number; timeMs: number }, readingMs: number): boolean {
  return alarm.alarmType === COMMUNICATION_ERROR_ALARM && readingMs >= alarm.timeMs;
}

// ───────────────────────── Repeat ─────────────────────────

/** A unit's alarm repeat interval (settings `alarm.repeatMin`): default and bounds, in minutes. */
export const ALARM_REPEAT_MINUTES = { default: 60, min: 1, max: 1440 } as const;

/**
 * The repeat interval of a unit's settings document in minutes: its `alarm.repeatMin` when that is
 * a whole number of minutes within the bounds, else the default. Null when the unit's alarms are
 * switched off (`alarm.enabled: false`): nothing is repeated then.
 */
export function repeatMinutesOf(settings: unknown): number | null {
  const alarm =
    typeof settings === 'object' && settings !== null ? (settings as { alarm?: unknown }).alarm : undefined;
  const section = typeof alarm === 'object' && alarm !== null ? (alarm as Record<string, unknown>) : {};
  if (section.enabled === false) return null;
  const v = section.repeatMin;
  return typeof v === 'number' &&
    Number.isInteger(v) &&
    v >= ALARM_REPEAT_MINUTES.min &&
    v <= ALARM_REPEAT_MINUTES.max
    ? v
    : ALARM_REPEAT_MINUTES.default;
}

/**
 * Whether an alarm is due to be notified again at `nowMs`: it is still new (active and not
 * acknowledged), its unit repeats (repeatMin not null), and repeatMin minutes have passed since it
 * was last notified.
 */
export function isRepeatDue(
  a: AlarmStateFacts & { notifiedAtMs: number },
  repeatMin: number | null,
  nowMs: number,
): boolean {
  if (repeatMin === null || !isNewAlarm(a) || !Number.isFinite(a.notifiedAtMs)) return false;
  return nowMs - a.notifiedAtMs >= repeatMin * 60_000;
}

/** A reminder of a notification (the n-th repeat of an alarm still new). */
export function asReminder<N extends { message: string }>(n: N, repeat: number): N & { repeat: number } {
  return { ...n, message: `Still active, not acknowledged (reminder ${repeat}): ${n.message}`, repeat };
}

// ───────────────────────── Task activity ─────────────────────────

/** What an alarm's change records in its task's activity log (a task activity of type `alarm`). */
export interface AlarmActivity {
  id: number;
  unitId: number;
  channelId: number;
  alarmType: number;
  kind: AlarmHistoryKind;
  state: AlarmState;
}

/** The task activity of an alarm change: by whom, when, which alarm, what happened. */
export function alarmActivity(c: AlarmChange, dateIso: string): {
  date: string;
  user: string;
  type: 'alarm';
  alarm: AlarmActivity;
} {
  return {
    date: dateIso,
    user: c.by,
    type: 'alarm',
    alarm: {
      id: c.alarmId,
      unitId: c.unitId,
      channelId: c.channelId,
      alarmType: c.alarmType,
      kind: c.kind,
      state: c.state,
    },
  };
}
