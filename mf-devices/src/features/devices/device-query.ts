/**
 * The device table's query: text search, status filter, sort and paging, and how it is kept in the
 * URL. Pure functions only — the page renders what these return, the tests check them directly.
 */
import {
  type AlarmEventRef,
  matchesStatusFilter,
  modelName,
  type Unit,
  UNIT_STATUSES,
  UNITS_PER_PAGE,
  unitStatus,
  type UnitStatus,
} from '@fieldwatch/shared';

export const SORT_KEYS = ['status', 'name', 'location'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDir = 'asc' | 'desc';

export interface DeviceQuery {
  /** Free text; every word must match the name, location, model name or type code. */
  q: string;
  /** Chosen statuses; none or all of them means no status filtering. */
  statuses: UnitStatus[];
  sort: SortKey;
  dir: SortDir;
  /** 0-based page index (the URL shows it 1-based). */
  page: number;
}

export const DEFAULT_QUERY: DeviceQuery = { q: '', statuses: [], sort: 'status', dir: 'asc', page: 0 };

/** A unit with what the table shows and filters on, derived once. */
export interface DeviceRow {
  unit: Unit;
  status: UnitStatus;
  model: string;
  /** The most recent active alarm, if any. */
  latestAlarm: AlarmEventRef | undefined;
}

export function toRow(unit: Unit): DeviceRow {
  let latestAlarm: AlarmEventRef | undefined;
  for (const e of unit.AlarmEvents ?? []) {
    if (!latestAlarm || e.AlarmEventTime > latestAlarm.AlarmEventTime) latestAlarm = e;
  }
  return { unit, status: unitStatus(unit), model: modelName(unit.UnitType), latestAlarm };
}

// ---------------------------------------------------------------------------------------------
// URL query

const isSortKey = (v: string | null): v is SortKey => (SORT_KEYS as readonly (string | null)[]).includes(v);
const isStatus = (v: string): v is UnitStatus => (UNIT_STATUSES as readonly string[]).includes(v);

/** Reads the query from the URL; unknown or malformed values fall back to the defaults. */
export function parseQuery(params: URLSearchParams): DeviceQuery {
  const sort = params.get('sort');
  const dir = params.get('dir');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const statuses = (params.get('status') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(isStatus);
  return {
    q: params.get('q') ?? '',
    statuses: UNIT_STATUSES.filter((s) => statuses.includes(s)),
    sort: isSortKey(sort) ? sort : DEFAULT_QUERY.sort,
    dir: dir === 'desc' ? 'desc' : 'asc',
    page: Number.isFinite(page) && page > 1 ? page - 1 : 0,
  };
}

/** Writes the query to URL parameters, leaving out what equals the default (short, shareable URLs). */
export function toSearchParams(query: DeviceQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.statuses.length > 0)
    params.set('status', UNIT_STATUSES.filter((s) => query.statuses.includes(s)).join(','));
  if (query.sort !== DEFAULT_QUERY.sort) params.set('sort', query.sort);
  if (query.dir !== DEFAULT_QUERY.dir) params.set('dir', query.dir);
  if (query.page > 0) params.set('page', String(query.page + 1));
  return params;
}

export function isFiltered(query: Pick<DeviceQuery, 'q' | 'statuses'>): boolean {
  return query.q.trim() !== '' || !matchesAllStatuses(query.statuses);
}

function matchesAllStatuses(statuses: readonly UnitStatus[]): boolean {
  return statuses.length === 0 || UNIT_STATUSES.every((s) => statuses.includes(s));
}

/** Toggles one status in the filter; the page goes back to the first. */
export function toggleStatus(query: DeviceQuery, status: UnitStatus): DeviceQuery {
  const statuses = query.statuses.includes(status)
    ? query.statuses.filter((s) => s !== status)
    : UNIT_STATUSES.filter((s) => s === status || query.statuses.includes(s));
  return { ...query, statuses, page: 0 };
}

/** Sorting by the current column flips the direction; another column starts ascending. */
export function sortBy(query: DeviceQuery, sort: SortKey): DeviceQuery {
  const dir: SortDir = query.sort === sort && query.dir === 'asc' ? 'desc' : 'asc';
  return { ...query, sort, dir, page: 0 };
}

// ---------------------------------------------------------------------------------------------
// Filtering, sorting, paging

const fold = (s: string) =>
  s
    .toLocaleLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

/** Text search on name, location and type (model name and numeric code); all words must match. */
export function matchesText(row: DeviceRow, q: string): boolean {
  const words = fold(q).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold(
    [row.unit.UnitName, row.unit.UnitLocation, row.model, String(row.unit.UnitType)].join('\n'),
  );
  return words.every((w) => haystack.includes(w));
}

export type StatusCounts = Record<UnitStatus, number>;

export function countStatuses(rows: readonly DeviceRow[]): StatusCounts {
  const counts: StatusCounts = { alarm: 0, problem: 0, inactive: 0, ok: 0 };
  for (const r of rows) counts[r.status] += 1;
  return counts;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const statusRank = (s: UnitStatus) => UNIT_STATUSES.indexOf(s); // alarm, problem, inactive, ok

function compare(a: DeviceRow, b: DeviceRow, sort: SortKey): number {
  switch (sort) {
    case 'status':
      return statusRank(a.status) - statusRank(b.status);
    case 'location':
      return collator.compare(a.unit.UnitLocation ?? '', b.unit.UnitLocation ?? '');
    case 'name':
      return 0; // the tie-break below is the name
  }
}

/** Stable sort: by the chosen column, then name, then unit id. The direction applies to the column. */
export function sortRows(rows: readonly DeviceRow[], sort: SortKey, dir: SortDir): DeviceRow[] {
  const sign = dir === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => {
    const primary = compare(a, b, sort);
    if (primary !== 0) return primary * sign;
    const byName = collator.compare(a.unit.UnitName, b.unit.UnitName);
    if (byName !== 0) return sort === 'name' ? byName * sign : byName;
    return a.unit.UnitID - b.unit.UnitID;
  });
}

export interface DevicePage {
  /** Rows of the current page. */
  rows: DeviceRow[];
  /** Units in the list before any filter. */
  total: number;
  /** Units that pass the text search and the status filter. */
  matched: number;
  /** Active alarm events of the matching units. */
  activeAlarms: number;
  /** Units per status among those that pass the text search (what each status chip would add). */
  counts: StatusCounts;
  /** The page shown, clamped into range. */
  page: number;
  pageCount: number;
  /** 1-based positions of the first and last row shown (0 and 0 when none). */
  from: number;
  to: number;
}

/** Search, status filter, sort and page over units. */
export function queryDevices(
  units: readonly Unit[],
  query: DeviceQuery,
  pageSize: number = UNITS_PER_PAGE,
): DevicePage {
  return queryRows(units.map(toRow), query, pageSize);
}

/** The same over rows already derived (the page keeps them between renders). */
export function queryRows(
  all: readonly DeviceRow[],
  query: DeviceQuery,
  pageSize: number = UNITS_PER_PAGE,
): DevicePage {
  const searched = all.filter((r) => matchesText(r, query.q));
  const counts = countStatuses(searched);
  const filtered = searched.filter((r) => matchesStatusFilter(r.status, query.statuses));
  const sorted = sortRows(filtered, query.sort, query.dir);
  const pageCount = Math.max(1, Math.ceil(sorted.length / pageSize));
  const page = Math.min(Math.max(0, query.page), pageCount - 1);
  const rows = sorted.slice(page * pageSize, page * pageSize + pageSize);
  return {
    rows,
    total: all.length,
    matched: sorted.length,
    activeAlarms: sorted.reduce((n, r) => n + (r.unit.AlarmEvents?.length ?? 0), 0),
    counts,
    page,
    pageCount,
    from: rows.length ? page * pageSize + 1 : 0,
    to: page * pageSize + rows.length,
  };
}
