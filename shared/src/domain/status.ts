import { INACTIVE_UNIT_MARKER } from '../constants';

/**
 * The name a unit in stock takes once it is installed (placed by onboarding, or activated in the
 * demo data): its name without the "not installed" marker — spec §4: a name carrying it makes the
 * unit inactive. "Ej installerad – Pump station 9" → "Pump station 9".
 */
export function installedName(name: string): string {
  const i = name.toLowerCase().indexOf(INACTIVE_UNIT_MARKER.toLowerCase());
  if (i < 0) return name;
  const rest = `${name.slice(0, i)} ${name.slice(i + INACTIVE_UNIT_MARKER.length)}`.replace(/\s+/g, ' ').trim();
  return rest.replace(/^[–—:-]\s*/, '').replace(/\s*[–—:-]$/, '').trim() || name;
}

/** Derived unit status (spec §4). */
export const UNIT_STATUSES = ['alarm', 'problem', 'inactive', 'ok'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

/** Alarm type 19: communication error. */
export const COMMUNICATION_ERROR_ALARM = 19;

export interface StatusInput {
  UnitName: string;
  AlarmEvents?: ReadonlyArray<{ AlarmType: number | string | null | undefined }>;
}

function isNonNegativeNumericType(type: unknown): boolean {
  const n = typeof type === 'string' && type.trim() !== '' ? Number(type) : type;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0;
}

/**
 * inactive if the name carries the "not installed" marker; else problem if any alarm event is a
 * communication error; else alarm if any event has a non-negative numeric alarm type; else ok.
 */
export function unitStatus(unit: StatusInput): UnitStatus {
  if (unit.UnitName.toLowerCase().includes(INACTIVE_UNIT_MARKER.toLowerCase())) return 'inactive';
  const events = unit.AlarmEvents ?? [];
  if (events.some((e) => Number(e.AlarmType) === COMMUNICATION_ERROR_ALARM)) return 'problem';
  if (events.some((e) => isNonNegativeNumericType(e.AlarmType))) return 'alarm';
  return 'ok';
}

/** A single alarm event is problem if it is a communication error, otherwise alarm. */
export function alarmEventStatus(alarmType: number): UnitStatus {
  return alarmType === COMMUNICATION_ERROR_ALARM ? 'problem' : 'alarm';
}

/** The one status to show for many: alarm, then problem, then inactive, else ok. */
export function worstStatus(statuses: Iterable<UnitStatus>): UnitStatus {
  const seen = new Set(statuses);
  for (const s of ['alarm', 'problem', 'inactive'] as const) if (seen.has(s)) return s;
  return 'ok';
}

/** Colours of spec §4, as theme tokens (alarm red, inactive white, ok green, problem orange). */
export const STATUS_COLOR_VAR: Record<UnitStatus, string> = {
  alarm: 'var(--fw-status-alarm)',
  problem: 'var(--fw-status-problem)',
  inactive: 'var(--fw-status-inactive)',
  ok: 'var(--fw-status-ok)',
};

/** Status filter: none chosen or all chosen means no status filtering (spec §4). */
export function matchesStatusFilter(status: UnitStatus, chosen: readonly UnitStatus[]): boolean {
  if (chosen.length === 0 || UNIT_STATUSES.every((s) => chosen.includes(s))) return true;
  return chosen.includes(status);
}
