/**
 * The device table's query: text search, status, type, alarm-type, customer, group and location
 * filters, sort and paging; how it is kept in the URL (a view can be shared) and how it becomes
 * the server's DeviceTableQuery. Pure functions only — the page renders what these return, the
 * tests check them directly. (queryRows and friends filter a loaded list the same way in memory.)
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

export const SORT_KEYS = ['status', 'name', 'location', 'model', 'customer', 'lastContact'] as const;
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
  /** Unit type codes, alarm type codes and organisation ids; empty: no filter. */
  types?: number[];
  alarmTypes?: number[];
  customers?: number[];
  /** Container ids: a group (its locations and subgroups') and a location. */
  group?: string;
  location?: string;
}

export const DEFAULT_QUERY: DeviceQuery = { q: '', statuses: [], sort: 'status', dir: 'asc', page: 0 };

const CONTAINER_ID = /^[A-Za-z0-9_.:-]{1,100}$/;
const ids = (v: string | null): number[] =>
  [...new Set((v ?? '').split(',').map((x) => Number.parseInt(x.trim(), 10)))]
    .filter((n) => Number.isSafeInteger(n) && n >= 0)
    .sort((a, b) => a - b);
const containerId = (v: string | null): string | undefined => (v && CONTAINER_ID.test(v) ? v : undefined);

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
    ...extraFilters(params),
  };
}

function extraFilters(params: URLSearchParams): Partial<DeviceQuery> {
  const out: Partial<DeviceQuery> = {};
  const types = ids(params.get('types'));
  const alarmTypes = ids(params.get('alarmTypes'));
  const customers = ids(params.get('customers'));
  if (types.length) out.types = types;
  if (alarmTypes.length) out.alarmTypes = alarmTypes;
  if (customers.length) out.customers = customers;
  const group = containerId(params.get('group'));
  const location = containerId(params.get('location'));
  if (group) out.group = group;
  if (location) out.location = location;
  return out;
}

/** Writes the query to URL parameters, leaving out what equals the default (short, shareable URLs). */
export function toSearchParams(query: DeviceQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.statuses.length > 0)
    params.set('status', UNIT_STATUSES.filter((s) => query.statuses.includes(s)).join(','));
  if (query.sort !== DEFAULT_QUERY.sort) params.set('sort', query.sort);
  if (query.dir !== DEFAULT_QUERY.dir) params.set('dir', query.dir);
  if (query.types?.length) params.set('types', query.types.join(','));
  if (query.alarmTypes?.length) params.set('alarmTypes', query.alarmTypes.join(','));
  if (query.customers?.length) params.set('customers', query.customers.join(','));
  if (query.group) params.set('group', query.group);
  if (query.location) params.set('location', query.location);
  if (query.page > 0) params.set('page', String(query.page + 1));
  return params;
}

export function isFiltered(query: Pick<DeviceQuery, 'q' | 'statuses'> & Partial<DeviceQuery>): boolean {
  return (
    query.q.trim() !== '' ||
    !matchesAllStatuses(query.statuses) ||
    !!query.types?.length ||
    !!query.alarmTypes?.length ||
    !!query.customers?.length ||
    !!query.group ||
    !!query.location
  );
}

/** The query without any filter (sort kept), on the first page. */
export function clearFilters(query: DeviceQuery): DeviceQuery {
  return { q: '', statuses: [], sort: query.sort, dir: query.dir, page: 0 };
}

/** Sets one of the list filters (empty clears it); the page goes back to the first. */
export function setFilter<K extends 'types' | 'alarmTypes' | 'customers' | 'group' | 'location'>(
  query: DeviceQuery,
  key: K,
  value: DeviceQuery[K],
): DeviceQuery {
  const next: DeviceQuery = { ...query, page: 0 };
  const empty = value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
  if (empty) delete next[key];
  else next[key] = value;
  return next;
}

/** The server's query (GET /api/v3/device/table): the same filters, 1-based page. */
export function toTableQuery(query: DeviceQuery, pageSize: number = UNITS_PER_PAGE): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {
    use_context: true,
    page: query.page + 1,
    pageSize,
    sort: query.sort,
    dir: query.dir,
  };
  if (query.q.trim()) out.q = query.q.trim();
  if (!matchesAllStatuses(query.statuses)) out.status = query.statuses.join(',');
  if (query.types?.length) out.types = query.types.join(',');
  if (query.alarmTypes?.length) out.alarmTypes = query.alarmTypes.join(',');
  if (query.customers?.length) out.customers = query.customers.join(',');
  if (query.group) out.group = query.group;
  if (query.location) out.location = query.location;
  return out;
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
    case 'model':
      return collator.compare(a.model, b.model);
    case 'customer':
      return a.unit.CustomerID - b.unit.CustomerID;
    case 'name':
    case 'lastContact':
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
