/** Alarm types 0–52 and their names (spec §3). Names are English; the UI translates by key. */
const names: Record<number, string> = {
  4: 'Loop alarm',
  5: 'Loop open circuit',
  18: 'Scheduled',
  19: 'Communication error',
  28: 'Battery',
  34: 'Intrusion',
  43: 'Disabled device',
  52: 'Ground resistance',
};
for (let i = 0; i < 4; i++) names[i] = `Resistance level ${i + 1}`;
names[6] = 'Galvanic level 1';
names[7] = 'Galvanic level 2';
names[8] = 'Radar percentage 1';
names[9] = 'Radar percentage 2';
for (let i = 0; i < 4; i++) {
  names[10 + i * 2] = `Analogue low level ${i + 1}`;
  names[11 + i * 2] = `Analogue high level ${i + 1}`;
  names[20 + i * 2] = `PT low level ${i + 1}`;
  names[21 + i * 2] = `PT high level ${i + 1}`;
  names[29 + i] = `Switch level ${i + 1}`;
  names[39 + i] = `Formula level ${i + 1}`;
}

export const ALARM_TYPE_MAX = 52;

export function alarmTypeName(type: number): string {
  return names[type] ?? `Alarm ${type}`;
}

/** Translation key of an alarm type name (namespace common). */
export function alarmTypeKey(type: number): string {
  return `alarmType.${type}`;
}

/**
 * Alarm types whose events are category alert and whose notifications are critical (spec §4 names
 * the "critical list" without listing it): level-4 limits, loop alarms, intrusion, ground resistance.
 */
export const CRITICAL_ALARM_TYPES: readonly number[] = [3, 4, 5, 16, 17, 26, 27, 32, 34, 42, 52];

export function isCriticalAlarm(type: number): boolean {
  return CRITICAL_ALARM_TYPES.includes(type);
}
