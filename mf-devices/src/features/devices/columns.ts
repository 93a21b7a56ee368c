/**
 * The device table's columns and the user's choice of them (configure table): which are shown, in
 * what order and how wide. Saved in the user's preferences (`deviceTable`); pure functions here.
 */
import type { DeviceTablePreference } from '@fieldwatch/shared';
import type { SortKey } from './device-query';

export const COLUMN_IDS = ['status', 'name', 'location', 'model', 'type', 'customer', 'alarms', 'lastContact', 'coordinates'] as const;
export type ColumnId = (typeof COLUMN_IDS)[number];

/** The column a sortable column sorts by. */
export const COLUMN_SORT: Partial<Record<ColumnId, SortKey>> = {
  status: 'status',
  name: 'name',
  location: 'location',
  model: 'model',
  customer: 'customer',
  lastContact: 'lastContact',
};

/** The name column is always shown: a row must stay a link to its unit. */
export const REQUIRED_COLUMNS: readonly ColumnId[] = ['name'];

export const MIN_WIDTH = 40;
export const MAX_WIDTH = 800;

export interface ColumnChoice {
  id: ColumnId;
  visible: boolean;
  /** CSS pixels; undefined: automatic. */
  width?: number;
}

export const DEFAULT_VISIBLE: readonly ColumnId[] = ['status', 'name', 'location', 'model', 'type', 'customer', 'alarms', 'coordinates'];

const isColumn = (v: string): v is ColumnId => (COLUMN_IDS as readonly string[]).includes(v);

/** The saved preference as a full list: saved columns first (in their order), then the rest hidden. */
export function columnsFromPreference(pref: DeviceTablePreference | undefined): ColumnChoice[] {
  if (!pref || pref.columns.length === 0) {
    return COLUMN_IDS.map((id) => ({ id, visible: DEFAULT_VISIBLE.includes(id) }));
  }
  const seen = new Set<ColumnId>();
  const out: ColumnChoice[] = [];
  for (const c of pref.columns) {
    if (!isColumn(c.id) || seen.has(c.id)) continue;
    seen.add(c.id);
    out.push({ id: c.id, visible: true, ...(c.width ? { width: clampWidth(c.width) } : {}) });
  }
  for (const id of COLUMN_IDS) if (!seen.has(id)) out.push({ id, visible: REQUIRED_COLUMNS.includes(id) });
  return out;
}

/** The choice as saved: only the shown columns, in order, with their widths. */
export function preferenceFromColumns(columns: readonly ColumnChoice[]): DeviceTablePreference {
  return {
    columns: columns
      .filter((c) => c.visible || REQUIRED_COLUMNS.includes(c.id))
      .map((c) => (c.width ? { id: c.id, width: clampWidth(c.width) } : { id: c.id })),
  };
}

export function clampWidth(w: number): number {
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.round(w)));
}

/** Moves the column at `index` one place up (-1) or down (+1); out of range: unchanged. */
export function moveColumn(columns: readonly ColumnChoice[], index: number, by: -1 | 1): ColumnChoice[] {
  const to = index + by;
  if (index < 0 || index >= columns.length || to < 0 || to >= columns.length) return [...columns];
  const next = [...columns];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

export function toggleColumn(columns: readonly ColumnChoice[], id: ColumnId): ColumnChoice[] {
  if (REQUIRED_COLUMNS.includes(id)) return [...columns];
  return columns.map((c) => (c.id === id ? { ...c, visible: !c.visible } : c));
}

export function setWidth(columns: readonly ColumnChoice[], id: ColumnId, width: number | undefined): ColumnChoice[] {
  return columns.map((c) => {
    if (c.id !== id) return c;
    const { width: _old, ...rest } = c;
    return width === undefined || !Number.isFinite(width) ? rest : { ...rest, width: clampWidth(width) };
  });
}
