/**
 * The unit list's derived data, as pure functions so they can be memoised step by step (rows once
 * per device list; filtering per filter; sorting per sort) and tested without rendering.
 */
import {
  apiDateMs,
  type FilterSettings,
  matchesStatusFilter,
  modelName,
  type Unit,
  type UnitStatus,
  unitStatus,
} from '@fieldwatch/shared';
import { compareText, type SortState, STATUS_RANK } from '../kit/table/sort-and-page';
import { matchesQuery, queryWords } from '../kit/table/search';

export interface UnitRow {
  unit: Unit;
  id: number;
  name: string;
  location: string;
  model: string;
  status: UnitStatus;
  /** Alarm types of the unit's active alarms. */
  alarmTypes: number[];
  latestAlarm: { type: number; text: string; time: string; ms: number } | null;
  /** Lower-case name, location and model (the text search). */
  text: string;
}

export type UnitSortKey = 'name' | 'location' | 'model' | 'status' | 'alarm';

export function toRow(u: Unit): UnitRow {
  return toNamedRow(u, modelName);
}

/** typeName: the unit type's name in the reader's language (useServerText().unitType). */
export function toNamedRow(u: Unit, typeName: (code: number) => string): UnitRow {
  let latest: UnitRow['latestAlarm'] = null;
  const types: number[] = [];
  for (const e of u.AlarmEvents ?? []) {
    const type = Number(e.AlarmType);
    if (!Number.isFinite(type) || type < 0) continue;
    if (!types.includes(type)) types.push(type);
    const ms = apiDateMs(e.AlarmEventTime);
    if (!latest || (Number.isFinite(ms) && !(ms <= latest.ms)))
      latest = { type, text: e.AlarmEventText ?? '', time: e.AlarmEventTime, ms };
  }
  const model = typeName(u.UnitType);
  const location = u.UnitLocation ?? '';
  return {
    unit: u,
    id: u.UnitID,
    name: u.UnitName,
    location,
    model,
    status: unitStatus(u),
    alarmTypes: types,
    latestAlarm: latest,
    text: `${u.UnitName}\n${location}\n${model}`.toLowerCase(),
  };
}

/** Whether a filter filters anything. */
export function isFiltering(f: FilterSettings | undefined): boolean {
  if (!f) return false;
  return Boolean(
    (f.statuses && f.statuses.length > 0 && f.statuses.length < 4) ||
      (f.unitTypes && f.unitTypes.length > 0) ||
      (f.alarmTypes && f.alarmTypes.length > 0) ||
      (f.search && f.search.trim() !== ''),
  );
}

/** The rows that pass the filter (statuses, unit types, alarm types, text on name, location and type). */
export function filterRows(rows: readonly UnitRow[], f: FilterSettings | undefined): readonly UnitRow[] {
  if (!isFiltering(f)) return rows;
  const statuses = f?.statuses ?? [];
  const unitTypes = f?.unitTypes?.length ? new Set(f.unitTypes) : null;
  const alarmTypes = f?.alarmTypes?.length ? new Set(f.alarmTypes) : null;
  const words = queryWords(f?.search);
  return rows.filter(
    (r) =>
      matchesStatusFilter(r.status, statuses) &&
      (!unitTypes || unitTypes.has(r.unit.UnitType)) &&
      (!alarmTypes || r.alarmTypes.some((t) => alarmTypes.has(t))) &&
      (words.length === 0 || matchesQuery(r.text, words)),
  );
}

/** A sorted copy (stable: ties by name, then id). */
export function sortRows(rows: readonly UnitRow[], s: SortState<UnitSortKey>): UnitRow[] {
  const dir = s.dir === 'asc' ? 1 : -1;
  const byName = (a: UnitRow, b: UnitRow) => compareText(a.name, b.name) || a.id - b.id;
  let cmp: (a: UnitRow, b: UnitRow) => number;
  switch (s.key) {
    case 'location':
      cmp = (a, b) => compareText(a.location, b.location);
      break;
    case 'model':
      cmp = (a, b) => compareText(a.model, b.model);
      break;
    case 'status':
      cmp = (a, b) => STATUS_RANK[a.status] - STATUS_RANK[b.status];
      break;
    case 'alarm':
      cmp = (a, b) => (a.latestAlarm?.ms ?? -Infinity) - (b.latestAlarm?.ms ?? -Infinity) || 0;
      break;
    default:
      cmp = () => 0;
  }
  return [...rows].sort((a, b) => cmp(a, b) * dir || byName(a, b));
}

/** Counts per status, unit type and alarm type over all rows (for the filter chips and menus). */
export function facets(rows: readonly UnitRow[]) {
  const statuses: Record<UnitStatus, number> = { alarm: 0, problem: 0, ok: 0, inactive: 0 };
  const unitTypes = new Map<number, number>();
  const alarmTypes = new Map<number, number>();
  for (const r of rows) {
    statuses[r.status] += 1;
    unitTypes.set(r.unit.UnitType, (unitTypes.get(r.unit.UnitType) ?? 0) + 1);
    for (const t of r.alarmTypes) alarmTypes.set(t, (alarmTypes.get(t) ?? 0) + 1);
  }
  return { statuses, unitTypes, alarmTypes };
}
