/**
 * The device table: the caller's units filtered, counted per status, sorted and paged on the
 * server, fast at 100,000 units.
 *
 * How: an in-memory index per set of organisations, in two parts kept in the fleet cache
 * (fleet/cache.ts). The units part — per unit its organisation, type, "not installed" marker, name,
 * location and last contact, and the sort orders built from them on first use — is read in one SQL
 * statement and kept while the organisations' units version holds (and for at most
 * INDEX_MAX_AGE_MS: last contact moves with every measurement without changing the version). The
 * alarms part — per unit with active alarms whether one is a communication error, whether one has
 * a non-negative type, and the distinct types — comes from the table unit_alarm_state, which
 * triggers on alarms keep in the writing transaction (migration 0010), and follows alarm changes
 * incrementally: each request reads, in the same statement as the fleet versions and the page's
 * rows, only the units whose alarm state changed since the versions the part holds, and patches
 * the status column, the status order and the counts for those units (spec §4's rule, as
 * UNIT_STATUS_SQL and the shared unitStatus).
 *
 * A request walks the index built so far (filters, status counts, the page window) and reads the
 * fleet versions, the alarm state changes and the page's units with their active alarms in one
 * statement (one snapshot). Only when that statement shows the index moved on (units changed, or a
 * unit's status or alarm types) is the window walked again and its units read again.
 */
import { sql } from 'drizzle-orm';
import {
  COMMUNICATION_ERROR_ALARM,
  formatApiDate,
  DEVICE_TABLE_CSV_MAX_ROWS,
  DEVICE_TYPES,
  INACTIVE_UNIT_MARKER,
  modelName,
  SYSTEM_USER,
  UNIT_STATUSES,
  UNITS_PER_PAGE,
  unitStatus,
  type AlarmEventRef,
  type DeviceTablePage,
  type DeviceTableQuery,
  type DeviceTableRow,
  type DeviceTableSort,
  type UnitStatus,
} from '@fieldwatch/shared';
import type { Db } from '../../../db/client';
import { badRequest, notFound } from '../../../http/errors';
import { cachedFleetAnswer, peekFleetAnswer } from '../../fleet/cache';

/** An index older than this is rebuilt (for the order of last contact, which no version tracks). */
export const INDEX_MAX_AGE_MS = 60_000;

/**
 * Spec §4 in SQL, for a unit aliased `u`: inactive if the name carries the "not installed" marker;
 * else problem with an active communication error (type 19); else alarm with any active alarm of a
 * non-negative type; else ok. Must answer exactly what unitStatus answers (tested side by side).
 */
export const UNIT_STATUS_SQL = sql.raw(`case
  when strpos(lower(u.name), '${INACTIVE_UNIT_MARKER.toLowerCase().replace(/'/g, "''")}') > 0 then 'inactive'
  when exists (select 1 from alarms a where a.unit_id = u.id and a.active and a.alarm_type = ${COMMUNICATION_ERROR_ALARM}) then 'problem'
  when exists (select 1 from alarms a where a.unit_id = u.id and a.active and a.alarm_type >= 0) then 'alarm'
  else 'ok' end`);

/** Severity order of the status column: alarm, problem, inactive, ok. */
const STATUS_RANK: Record<UnitStatus, number> = { alarm: 0, problem: 1, inactive: 2, ok: 3 };

/** The units part of the index: what changes only with the units (and last contact, by age). */
interface UnitsPart {
  builtAt: number;
  n: number;
  ids: Int32Array;
  orgs: Int32Array;
  types: Int32Array;
  /** 1 when the name carries the "not installed" marker (decided in SQL). */
  inactive: Uint8Array;
  lastContact: Float64Array;
  /** Lower-cased name and location, for the free text. */
  names: string[];
  locations: string[];
  displayNames: string[];
  orgNames: Map<number, string>;
  posById: Map<number, number>;
  /** Per searched word (the newest WORD_CACHE): 1 where it is in the name, the location or the model. */
  wordHits: Map<string, Uint8Array>;
  /** Positions sorted by each column (ascending, ties by id), built on first use. */
  orders: Partial<Record<Exclude<DeviceTableSort, 'status'>, Int32Array>>;
}

/** What a unit's active alarms make of its status (a row of unit_alarm_state). */
interface AlarmState {
  /** An active communication error (type 19). */
  problem: boolean;
  /** An active alarm of a non-negative type. */
  alarm: boolean;
  /** The distinct active alarm types, ascending. */
  types: number[];
}

/** The status column of one units part with one alarms part (spec §4, in rank order). */
interface Joined {
  units: UnitsPart;
  status: Uint8Array;
  /** Positions by status rank, ties in id order (each rank's block ascending). */
  statusOrder: Int32Array;
  counts: Record<UnitStatus, number>;
}

/**
 * The alarms part: the alarm state of every unit of the organisations that has active alarms, as
 * of `versions` (per organisation, read in the same statement as the rows they describe).
 */
interface AlarmsPart {
  versions: Map<number, { units: number; alarms: number }>;
  byUnit: Map<number, AlarmState>;
  joined?: Joined;
}

interface TableIndex {
  units: UnitsPart;
  alarms: AlarmsPart;
  n: number;
  status: Uint8Array;
  statusOrder: Int32Array;
  /** Units per status over the whole index. */
  counts: Record<UnitStatus, number>;
}

const RANKED: UnitStatus[] = ['alarm', 'problem', 'inactive', 'ok'];

/** Status of every unit of the organisations, by the whole rule in one SQL statement. */
export async function sqlStatuses(db: Db, orgs: readonly number[]): Promise<Map<number, UnitStatus>> {
  const res = await db.execute(sql`
    select coalesce(string_agg(u.id::text || ':' || ${UNIT_STATUS_SQL}, ','), '') as s
    from units u where u.organization_id in (${sql.join(
      orgs.map((o) => sql`${o}`),
      sql`, `,
    )})`);
  const text = (res as unknown as { rows: Array<{ s: string }> }).rows[0]?.s ?? '';
  return new Map(
    text === ''
      ? []
      : text.split(',').map((pair) => {
          const [id, status] = pair.split(':');
          return [Number(id), status as UnitStatus];
        }),
  );
}

/** Status of every unit of the organisations as the table's index holds it (its two SQL reads joined). */
export async function tableStatuses(db: Db, orgs: readonly number[]): Promise<Map<number, UnitStatus>> {
  const idx = await tableIndex(db, [...new Set(orgs)].sort((a, b) => a - b));
  const out = new Map<number, UnitStatus>();
  for (let i = 0; i < idx.n; i++) out.set(idx.units.ids[i]!, RANKED[idx.status[i]!]!);
  return out;
}

const orgSql = (orgs: readonly number[]) =>
  sql.join(
    orgs.map((o) => sql`${o}`),
    sql`, `,
  );
const MARKER = INACTIVE_UNIT_MARKER.toLowerCase();

async function buildUnitsPart(db: Db, orgs: readonly number[]): Promise<UnitsPart> {
  // One text, not 100,000 rows: row-by-row results are slow on PGlite.
  const res = await db.execute(sql`
    select
      (select coalesce(json_agg(json_build_array(
          u.id, u.organization_id, u.type, strpos(lower(u.name), ${MARKER}) > 0, u.name, u.location,
          (extract(epoch from u.last_contact_at) * 1000)::float8
        ) order by u.id), '[]')
        from units u where u.organization_id in (${orgSql(orgs)}))::text as units,
      (select coalesce(json_agg(json_build_array(o.id, o.name)), '[]')
        from organizations o where o.id in (${orgSql(orgs)}))::text as orgs`);
  const row = (res as unknown as { rows: Array<{ units: string; orgs: string }> }).rows[0]!;
  type U = [number, number, number, boolean, string, string, number | null];
  const list = JSON.parse(row.units) as U[];
  const n = list.length;
  const part: UnitsPart = {
    builtAt: Date.now(),
    n,
    ids: new Int32Array(n),
    orgs: new Int32Array(n),
    types: new Int32Array(n),
    inactive: new Uint8Array(n),
    lastContact: new Float64Array(n),
    names: new Array<string>(n),
    locations: new Array<string>(n),
    displayNames: new Array<string>(n),
    orgNames: new Map((JSON.parse(row.orgs) as Array<[number, string]>).map(([id, name]) => [id, name])),
    posById: new Map(),
    wordHits: new Map(),
    orders: {},
  };
  list.forEach(([id, org, type, inactive, name, location, last], i) => {
    part.ids[i] = id;
    part.orgs[i] = org;
    part.types[i] = type;
    part.inactive[i] = inactive ? 1 : 0;
    part.lastContact[i] = last ?? Number.NaN;
    part.displayNames[i] = name;
    part.names[i] = name.toLowerCase();
    part.locations[i] = location.toLowerCase();
    part.posById.set(id, i);
  });
  return part;
}

type Counter = [org: number, units: number, unitsVersion: number | string, alarmsVersion: number | string];
type StateRow = [unitId: number, problem: boolean, alarm: boolean, types: number[], org: number, version: number | string];

/** The organisations' fleet_counters rows, as one JSON text. */
const countersSql = (orgs: readonly number[]) => sql`(select coalesce(json_agg(json_build_array(
    f.organization_id, f.units, f.units_version, f.alarms_version)), '[]')
  from fleet_counters f where f.organization_id in (${orgSql(orgs)}))::text`;

/** unit_alarm_state rows as one JSON text: all of the organisations' units with alarms (`part` unset), or those changed since the part's versions. */
function alarmStateSql(orgs: readonly number[], part: AlarmsPart | undefined) {
  const cols = sql`json_build_array(s.unit_id, s.problem, s.alarm, s.types, s.organization_id, s.version)`;
  if (!part)
    return sql`(select coalesce(json_agg(${cols}), '[]') from unit_alarm_state s join units u on u.id = s.unit_id
      where u.organization_id in (${orgSql(orgs)}) and cardinality(s.types) > 0)::text`;
  const since = sql.join(
    orgs.map((o) => sql`(s.organization_id = ${o} and s.version > ${part.versions.get(o)?.alarms ?? -1})`),
    sql` or `,
  );
  return sql`(select coalesce(json_agg(${cols}), '[]') from unit_alarm_state s where ${since})::text`;
}

/** The versions of the counters rows, per organisation of `orgs` (0 without a row). */
function versionsOf(orgs: readonly number[], counters: readonly Counter[]): Map<number, { units: number; alarms: number }> {
  const byOrg = new Map(counters.map(([org, , u, a]) => [org, { units: Number(u), alarms: Number(a) }]));
  return new Map(orgs.map((o) => [o, byOrg.get(o) ?? { units: 0, alarms: 0 }]));
}

const stateOf = ([, problem, alarm, types]: StateRow): AlarmState => ({ problem, alarm, types: [...types].sort((a, b) => a - b) });

/** Spec §4's order of the rule: inactive, then problem, then alarm, else ok (as UNIT_STATUS_SQL). */
function rankOf(units: UnitsPart, i: number, a: AlarmState | undefined): number {
  if (units.inactive[i]) return STATUS_RANK.inactive;
  if (a?.problem) return STATUS_RANK.problem;
  if (a?.alarm) return STATUS_RANK.alarm;
  return STATUS_RANK.ok;
}

function join(units: UnitsPart, alarms: AlarmsPart): Joined {
  const status = new Uint8Array(units.n);
  for (let i = 0; i < units.n; i++) status[i] = rankOf(units, i, undefined);
  for (const [id, a] of alarms.byUnit) {
    const i = units.posById.get(id);
    if (i !== undefined) status[i] = rankOf(units, i, a);
  }
  // Status order, ties by id: a counting pass over the id order (linear, no sort).
  const starts = [0, 0, 0, 0];
  for (let i = 0; i < units.n; i++) starts[status[i]!]!++;
  for (let r = 3, sum = units.n; r >= 0; r--) {
    sum -= starts[r]!;
    starts[r] = sum;
  }
  const statusOrder = new Int32Array(units.n);
  const counts = { alarm: 0, problem: 0, inactive: 0, ok: 0 };
  for (let i = 0; i < units.n; i++) counts[RANKED[status[i]!]!]++;
  for (let i = 0; i < units.n; i++) statusOrder[starts[status[i]!]!++] = i;
  return { units, status, statusOrder, counts };
}

/** First index in [lo, hi) of the ascending `order` whose value is ≥ `i`. */
function lowerBound(order: Int32Array, lo: number, hi: number, i: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (order[mid]! < i) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Moves position `i` to status rank `to` in the joined column: its status, the counts, and its place in the status order. */
function setRank(j: Joined, i: number, to: number): void {
  const from = j.status[i]!;
  if (from === to) return;
  const start = (r: number) => RANKED.slice(0, r).reduce((n, st) => n + j.counts[st], 0);
  const order = j.statusOrder;
  const p = lowerBound(order, start(from), start(from) + j.counts[RANKED[from]!], i);
  const q = lowerBound(order, start(to), start(to) + j.counts[RANKED[to]!], i);
  if (to > from) {
    // The units between shift one place forward; i ends just before its new block's successor.
    order.copyWithin(p, p + 1, q);
    order[q - 1] = i;
  } else {
    order.copyWithin(q + 1, q, p);
    order[q] = i;
  }
  j.counts[RANKED[from]!]--;
  j.counts[RANKED[to]!]++;
  j.status[i] = to;
}

/** Whether the versions `read` are older than `held` for some organisation (an earlier snapshot). */
function older(read: ReadonlyMap<number, { units: number; alarms: number }>, held: ReadonlyMap<number, { units: number; alarms: number }>): boolean {
  for (const [org, h] of held) {
    const r = read.get(org);
    if (!r || r.units < h.units || r.alarms < h.alarms) return true;
  }
  return false;
}

const sameUnits = (a: ReadonlyMap<number, { units: number }>, b: ReadonlyMap<number, { units: number }>) =>
  a.size === b.size && [...a].every(([org, v]) => b.get(org)?.units === v.units);

/**
 * Folds what one statement read into the alarms part: the whole state (`full`) or the rows changed
 * since the part's versions. A read older than the part changes nothing (another request already
 * folded a newer one in). Answers whether any unit's state changed.
 */
function foldAlarms(part: AlarmsPart, versions: Map<number, { units: number; alarms: number }>, rows: readonly StateRow[], full: boolean): boolean {
  if (part.versions.size > 0 && older(versions, part.versions)) return false;
  if (full) {
    part.byUnit = new Map(rows.map((r) => [r[0], stateOf(r)]));
    part.versions = versions;
    part.joined = undefined;
    return true;
  }
  let changed = false;
  const joined = part.joined;
  for (const row of rows) {
    const [id, , , , org, version] = row;
    // Rows the part already holds (a newer read came first) are skipped.
    if (Number(version) <= (part.versions.get(org)?.alarms ?? -1)) continue;
    const next = stateOf(row);
    const before = part.byUnit.get(id);
    if (before && before.problem === next.problem && before.alarm === next.alarm && before.types.join() === next.types.join()) continue;
    changed = true;
    if (next.types.length === 0 && !next.problem && !next.alarm) part.byUnit.delete(id);
    else part.byUnit.set(id, next);
    const i = joined?.units.posById.get(id);
    if (joined && i !== undefined) setRank(joined, i, rankOf(joined.units, i, next));
  }
  for (const [org, v] of versions) {
    const held = part.versions.get(org);
    if (!held || v.alarms > held.alarms) part.versions.set(org, v);
  }
  return changed;
}

/** Words whose hits a units part keeps (paging and sorting a search reuse them). */
const WORD_CACHE = 32;

function wordHits(u: UnitsPart, word: string): Uint8Array {
  const cached = u.wordHits.get(word);
  if (cached) {
    u.wordHits.delete(word);
    u.wordHits.set(word, cached);
    return cached;
  }
  const types = new Set(DEVICE_TYPES.filter((t) => t.model.toLowerCase().includes(word)).map((t) => t.code));
  const hits = new Uint8Array(u.n);
  for (let i = 0; i < u.n; i++) {
    if (types.has(u.types[i]!) || u.names[i]!.includes(word) || u.locations[i]!.includes(word)) hits[i] = 1;
  }
  u.wordHits.set(word, hits);
  if (u.wordHits.size > WORD_CACHE) u.wordHits.delete(u.wordHits.keys().next().value!);
  return hits;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function orderOf(idx: TableIndex, sort: DeviceTableSort): Int32Array {
  if (sort === 'status') return idx.statusOrder;
  const u = idx.units;
  const cached = u.orders[sort];
  if (cached) return cached;
  const pos = Int32Array.from({ length: u.n }, (_, i) => i);
  const byId = (a: number, b: number) => u.ids[a]! - u.ids[b]!;
  let cmp: (a: number, b: number) => number;
  const text = (values: readonly string[]) => {
    // Rank the distinct texts once; comparing ranks is cheap.
    const distinct = [...new Set(values)].sort(collator.compare);
    const rank = new Map(distinct.map((v, i) => [v, i]));
    const r = Int32Array.from(values, (v) => rank.get(v)!);
    return (a: number, b: number) => r[a]! - r[b]! || byId(a, b);
  };
  switch (sort) {
    case 'name':
      cmp = text(u.displayNames);
      break;
    case 'location':
      cmp = text(u.locations);
      break;
    case 'model':
      cmp = text(Array.from(u.types, (t) => modelName(t)));
      break;
    case 'customer':
      cmp = text(Array.from(u.orgs, (o) => u.orgNames.get(o) ?? ''));
      break;
    case 'lastContact':
      // Never contacted sorts first ascending (the oldest contact of all).
      cmp = (a, b) => {
        const x = u.lastContact[a]!;
        const y = u.lastContact[b]!;
        const xn = Number.isNaN(x);
        const yn = Number.isNaN(y);
        if (xn || yn) return xn === yn ? byId(a, b) : xn ? -1 : 1;
        return x - y || byId(a, b);
      };
      break;
  }
  pos.sort(cmp);
  u.orders[sort] = pos;
  return pos;
}

const unitsKey = (key: string) => `device-table-units:${key}`;
const alarmsKey = (key: string) => `device-table-alarms:${key}`;
/** Memory an alarms part may hold (its state per unit with alarms, and the joined columns). */
const alarmsPartBytes = (p: AlarmsPart) => Math.max(p.joined?.units.n ?? 0, 100_000) * 6 + 200_000;

function indexOf(units: UnitsPart, alarms: AlarmsPart): TableIndex {
  if (alarms.joined?.units !== units) alarms.joined = join(units, alarms);
  const { status, statusOrder, counts } = alarms.joined;
  return { units, alarms, n: units.n, status, statusOrder, counts };
}

/** The index this process holds for the organisations `key` (maybe behind the database), if any. */
function heldIndex(db: Db, key: string): TableIndex | undefined {
  const units = peekFleetAnswer<UnitsPart>(db, unitsKey(key));
  const alarms = peekFleetAnswer<AlarmsPart>(db, alarmsKey(key));
  return units && alarms ? indexOf(units.value, alarms.value) : undefined;
}

/** What one statement read: the fleet versions, alarm states (whole, or changed since `basis`), and a page's units. */
interface FleetRead {
  counters: Counter[];
  alarmRows: StateRow[];
  /** The alarms part the rows are changes of; unset: they are the whole state. */
  basis?: AlarmsPart;
  page?: PageRead;
}

async function readFleet(db: Db, orgs: readonly number[], basis: AlarmsPart | undefined, pageIds?: readonly number[]): Promise<FleetRead> {
  const page = pageIds && pageIds.length > 0 ? pageSql(orgs, pageIds) : null;
  const res = await db.execute(sql`select ${countersSql(orgs)} as counters, ${alarmStateSql(orgs, basis)} as alarms
    ${page ? sql`, ${page.units} as units, ${page.alarms} as page_alarms` : sql``}`);
  const row = (res as unknown as { rows: Array<{ counters: string; alarms: string; units?: string; page_alarms?: string }> }).rows[0]!;
  return {
    counters: JSON.parse(row.counters) as Counter[],
    alarmRows: JSON.parse(row.alarms) as StateRow[],
    ...(basis ? { basis } : {}),
    ...(pageIds ? { page: page ? parsePage(row.units!, row.page_alarms!) : [] } : {}),
  };
}

/**
 * Brings the organisations' index up to what `read` saw (its versions are those of its rows): the
 * units part rebuilt when their units version moved (or it is older than INDEX_MAX_AGE_MS); the
 * alarms part read whole when the units moved or there was none, else the changed alarm states
 * folded in. Answers the index, whether it moved from the one held before the read, and whether
 * the read's own rows are as new as it (false when a part was read again, in a later snapshot).
 */
async function settle(db: Db, orgs: readonly number[], read: FleetRead): Promise<{ idx: TableIndex; moved: boolean; sameSnapshot: boolean }> {
  const key = orgs.join(',');
  const versions = versionsOf(orgs, read.counters);
  const bucket = Math.floor(Date.now() / INDEX_MAX_AGE_MS);
  const unitsVersion = `${[...versions].map(([org, v]) => `${org}:${v.units}`).join(',')}#${bucket}`;
  const held = peekFleetAnswer<UnitsPart>(db, unitsKey(key));
  let moved = held?.version !== unitsVersion;
  const sameSnapshot = !moved && read.basis !== undefined && sameUnits(versions, read.basis.versions);
  const units = moved
    ? await cachedFleetAnswer(db, unitsKey(key), unitsVersion, () => buildUnitsPart(db, orgs), (u) => u.n * (250 + WORD_CACHE))
    : held!.value;

  let alarms = read.basis;
  if (!alarms) {
    alarms = await cachedFleetAnswer<AlarmsPart>(db, alarmsKey(key), 'incremental', async () => ({ versions: new Map(), byUnit: new Map() }), alarmsPartBytes);
    moved = foldAlarms(alarms, versions, read.alarmRows, true) || moved;
  } else if (!sameUnits(versions, alarms.versions)) {
    // Units came, went or moved between organisations: their alarm states are read whole again.
    const whole = await readFleet(db, orgs, undefined);
    moved = foldAlarms(alarms, versionsOf(orgs, whole.counters), whole.alarmRows, true) || moved;
  } else {
    moved = foldAlarms(alarms, versions, read.alarmRows, false) || moved;
  }
  return { idx: indexOf(units, alarms), moved, sameSnapshot };
}

/** The organisations' index as the database holds it now. */
async function tableIndex(db: Db, orgs: readonly number[]): Promise<TableIndex> {
  const held = heldIndex(db, orgs.join(','));
  return (await settle(db, orgs, await readFleet(db, orgs, held?.alarms))).idx;
}

function idList(text: string | undefined, name: string): number[] {
  if (!text) return [];
  const out = text.split(',').filter((s) => s !== '').map(Number);
  if (out.some((n) => !Number.isSafeInteger(n) || n < 0)) throw badRequest(`${name}: a comma-separated list of ids`);
  return out;
}

function statusList(text: string | undefined): UnitStatus[] {
  if (!text) return [];
  const out = text.split(',').filter((s) => s !== '');
  const bad = out.find((s) => !(UNIT_STATUSES as readonly string[]).includes(s));
  if (bad) throw badRequest(`Unknown status "${bad}": use ${UNIT_STATUSES.join(', ')}`);
  return out as UnitStatus[];
}

/** Unit ids held by a location, or by the locations of a group and of its subgroups (of `orgs`; else 404). */
async function containerUnitIds(db: Db, orgs: readonly number[], id: string, kind: 'group' | 'location'): Promise<Set<number>> {
  const res = await db.execute(sql`
    with recursive tree(id) as (
      select c.id from containers c
        where c.id = ${id} and c.kind = ${kind} and c.organization_id in (${sql.join(
          orgs.map((o) => sql`${o}`),
          sql`, `,
        )})
      union
      select c.id from containers c join tree t on c.parent_id = t.id where c.kind = 'group'
    ),
    locations as (
      select c.id, c.content from containers c where c.id in (select id from tree) and c.kind = 'location'
      union
      select l.id, l.content from containers g
        cross join lateral jsonb_array_elements(case when jsonb_typeof(g.content) = 'array' then g.content else '[]'::jsonb end) r
        join containers l on l.id = r.value->>'target' and l.kind = 'location' and l.organization_id = g.organization_id
        where g.id in (select id from tree) and g.kind = 'group'
    )
    select (select count(*) from tree)::int as found,
      coalesce((select string_agg(r.value->>'target', ',') from locations l
        cross join lateral jsonb_array_elements(case when jsonb_typeof(l.content) = 'array' then l.content else '[]'::jsonb end) r
        where r.value->>'type' = 'unit' and (r.value->>'target') ~ '^[0-9]{1,9}$'), '') as ids`);
  const row = (res as unknown as { rows: Array<{ found: number; ids: string }> }).rows[0]!;
  if (Number(row.found) === 0) throw notFound(kind === 'group' ? 'Group not found' : 'Location not found');
  return new Set(row.ids === '' ? [] : row.ids.split(',').map(Number));
}

interface Walk {
  positions: number[];
  total: number;
  matched: number;
  counts: Record<UnitStatus, number>;
}

/** A query's filters, checked and resolved (containers to their unit ids). */
interface Filters {
  statusWanted: Uint8Array;
  filterStatus: boolean;
  types: Set<number>;
  alarmTypes: Set<number>;
  customers: Set<number>;
  inContainer: Set<number> | null;
  group: Set<number> | null;
  words: string[];
  sort: DeviceTableSort;
  desc: boolean;
}

async function filtersOf(db: Db, orgs: readonly number[], q: DeviceTableQuery): Promise<Filters> {
  const statuses = statusList(q.status);
  const statusWanted = new Uint8Array(4);
  for (const s of statuses) statusWanted[STATUS_RANK[s]] = 1;
  const inContainer = q.location
    ? await containerUnitIds(db, orgs, q.location, 'location')
    : q.group
      ? await containerUnitIds(db, orgs, q.group, 'group')
      : null;
  return {
    statusWanted,
    filterStatus: statuses.length > 0 && !UNIT_STATUSES.every((s) => statuses.includes(s)),
    types: new Set(idList(q.types, 'types')),
    alarmTypes: new Set(idList(q.alarmTypes, 'alarmTypes')),
    customers: new Set(idList(q.customers, 'customers')),
    inContainer,
    group: q.location && q.group ? await containerUnitIds(db, orgs, q.group, 'group') : null,
    // Each word: in the name, the location or the model name.
    words: [...new Set((q.q ?? '').toLowerCase().split(/\s+/).filter(Boolean))],
    sort: q.sort ?? 'status',
    desc: q.dir === 'desc',
  };
}

/** Filters, counts and picks the window [from, from + take) of the matches, in the asked order. */
function walk(idx: TableIndex, f: Filters, from: number, take: number): Walk {
  const counts: Record<UnitStatus, number> = { alarm: 0, problem: 0, inactive: 0, ok: 0 };
  const u = idx.units;
  const order = orderOf(idx, f.sort);
  const hits = f.words.map((w) => wordHits(u, w));
  // Units with an active alarm of a chosen type: marked from the (few) units with alarms.
  let alarmMask: Uint8Array | null = null;
  if (f.alarmTypes.size) {
    alarmMask = new Uint8Array(u.n);
    for (const [id, a] of idx.alarms.byUnit) {
      const i = u.posById.get(id);
      if (i !== undefined && a.types.some((t) => f.alarmTypes.has(t))) alarmMask[i] = 1;
    }
  }
  const positions: number[] = [];
  const at = (k: number) => order[f.desc ? idx.n - 1 - k : k]!;
  if (!f.types.size && !f.customers.size && !f.inContainer && !alarmMask && !hits.length) {
    // No filter but the status one: the counts are the index's; only the window is walked.
    Object.assign(counts, idx.counts);
    const matched = f.filterStatus ? RANKED.reduce((n, st, r) => n + (f.statusWanted[r] ? counts[st] : 0), 0) : idx.n;
    for (let k = 0, seen = 0; k < idx.n && seen < from + take; k++) {
      const i = at(k);
      if (f.filterStatus && !f.statusWanted[idx.status[i]!]) continue;
      if (seen >= from) positions.push(u.ids[i]!);
      seen++;
    }
    return { positions, total: idx.n, matched, counts };
  }
  let matched = 0;
  for (let k = 0; k < idx.n; k++) {
    const i = at(k);
    if (f.types.size && !f.types.has(u.types[i]!)) continue;
    if (f.customers.size && !f.customers.has(u.orgs[i]!)) continue;
    if (f.inContainer && !f.inContainer.has(u.ids[i]!)) continue;
    if (f.group && !f.group.has(u.ids[i]!)) continue;
    if (alarmMask && !alarmMask[i]) continue;
    if (hits.length) {
      let all = true;
      for (let w = 0; w < hits.length; w++) {
        if (!hits[w]![i]) {
          all = false;
          break;
        }
      }
      if (!all) continue;
    }
    const st = idx.status[i]!;
    counts[RANKED[st]!]++;
    if (f.filterStatus && !f.statusWanted[st]) continue;
    if (matched >= from && matched < from + take) positions.push(u.ids[i]!);
    matched++;
  }
  return { positions, total: idx.n, matched, counts };
}

/** A float of json_build_array: NaN and ±Infinity arrive as strings. */
const float = (v: number | string | null) => (v === null ? null : Number(v));

/** The units `ids` (of `orgs`) and their active alarms (newest first), each as one JSON text (row-by-row results are slow on PGlite). */
function pageSql(orgs: readonly number[], ids: readonly number[]) {
  const list = `{${ids.join(',')}}`;
  return {
    units: sql`(select coalesce(json_agg(json_build_array(
          u.id, u.organization_id, u.name, u.location, u.type, u.lat, u.lon,
          (extract(epoch from u.last_contact_at) * 1000)::float8)), '[]')
        from units u where u.id = any(${list}::int[]) and u.organization_id in (${orgSql(orgs)}))::text`,
    alarms: sql`(select coalesce(json_agg(json_build_array(a.id, a.unit_id, a.channel_id, a.alarm_type, a.text,
          (extract(epoch from a.event_time) * 1000)::float8,
          (extract(epoch from a.acknowledged_at) * 1000)::float8, a.acknowledged_by) order by a.event_time desc, a.id desc), '[]')
        from alarms a where a.active and a.unit_id = any(${list}::int[]))::text`,
  };
}

type PageRead = ReturnType<typeof parsePage>;

function parsePage(unitsText: string, alarmsText: string) {
  type U = [number, number, string, string, number, number | string | null, number | string | null, number | null];
  type A = [number, number, number, number, string, number, number | null, string | null];
  const byUnit = new Map<number, AlarmEventRef[]>();
  for (const [id, unitId, channelId, alarmType, text, ms, ackMs, ackBy] of JSON.parse(alarmsText) as A[]) {
    const events = byUnit.get(unitId) ?? [];
    events.push({
      AlarmID: Number(id),
      AlarmType: alarmType,
      AlarmEventText: text,
      AlarmEventTime: formatApiDate(new Date(Math.floor(ms))),
      ChannelID: channelId,
      // Acknowledged alarms stay active until their condition clears: who took them on, and when.
      ...(ackMs !== null ? { AcknowledgedBy: ackBy ?? SYSTEM_USER, AcknowledgedAt: formatApiDate(new Date(Math.floor(ackMs))) } : {}),
    });
    byUnit.set(unitId, events);
  }
  return (JSON.parse(unitsText) as U[]).map(([id, org, name, location, type, lat, lon, last]) => ({
    UnitID: id,
    UnitName: name,
    UnitLocation: location,
    UnitType: type,
    UnitGPSLatitude: float(lat),
    UnitGPSLongitude: float(lon),
    CustomerID: org,
    AlarmEvents: byUnit.get(id) ?? [],
    lastContactAt: last === null ? null : new Date(Math.floor(last)),
  }));
}

/** The units `ids` (of `orgs`) with their active alarms, read now. */
async function listUnitsByIds(db: Db, orgs: readonly number[], ids: readonly number[]): Promise<PageRead> {
  if (ids.length === 0 || orgs.length === 0) return [];
  const page = pageSql(orgs, ids);
  const res = await db.execute(sql`select ${page.units} as units, ${page.alarms} as alarms`);
  const row = (res as unknown as { rows: Array<{ units: string; alarms: string }> }).rows[0]!;
  return parsePage(row.units, row.alarms);
}

/** Table rows of the units read, in the order of `ids`. */
function tableRows(units: PageRead, ids: readonly number[]): DeviceTableRow[] {
  const byId = new Map(units.map((u) => [u.UnitID, u]));
  return ids
    .map((id) => byId.get(id))
    .filter((u): u is NonNullable<typeof u> => !!u)
    .map(({ lastContactAt, ...u }) => ({
      ...u,
      Status: unitStatus(u),
      ModelName: modelName(u.UnitType),
      LastContact: lastContactAt ? lastContactAt.toISOString() : null,
    }));
}

const rowsOf = async (db: Db, orgs: readonly number[], ids: readonly number[]) => tableRows(await listUnitsByIds(db, orgs, ids), ids);

const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, i) => id === b[i]);

const distinctSorted = (orgs: readonly number[]) => [...new Set(orgs)].sort((a, b) => a - b);

/**
 * One page of the device table for the organisations `scope` (the caller's). The window is walked
 * on the index held, and its units read in the same statement as the fleet versions and the alarm
 * state changes; when those show the index moved on, the window is walked again and read again.
 */
export async function deviceTablePage(db: Db, scope: readonly number[], q: DeviceTableQuery): Promise<DeviceTablePage> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? UNITS_PER_PAGE;
  const orgs = distinctSorted(scope);
  const empty = { rows: [], total: 0, matched: 0, counts: { alarm: 0, problem: 0, inactive: 0, ok: 0 }, page, pageSize };
  if (orgs.length === 0) return empty;
  const filters = await filtersOf(db, orgs, q);
  const from = (page - 1) * pageSize;
  const held = heldIndex(db, orgs.join(','));
  const first = held ? walk(held, filters, from, pageSize) : undefined;
  const read = await readFleet(db, orgs, held?.alarms, first?.positions ?? []);
  const { idx, moved, sameSnapshot } = await settle(db, orgs, read);
  const w = first && !moved ? first : walk(idx, filters, from, pageSize);
  // The units read with the versions serve when they are the window's: the index did not move, or
  // only alarm states moved (read in that same statement) and the window still holds the same units.
  const reuse = first && (w === first || (sameSnapshot && sameIds(first.positions, w.positions)));
  const rows = reuse ? tableRows(read.page ?? [], w.positions) : await rowsOf(db, orgs, w.positions);
  return { rows, total: w.total, matched: w.matched, counts: w.counts, page, pageSize };
}

export const DEVICE_TABLE_CSV_HEADER = ['UnitID', 'Name', 'Status', 'Model', 'UnitType', 'Location', 'CustomerID', 'Customer', 'Latitude', 'Longitude', 'LastContact', 'ActiveAlarms'];

/** The filtered set in the asked order, at most DEVICE_TABLE_CSV_MAX_ROWS rows; `truncated` when more matched. */
export async function deviceTableCsvRows(
  db: Db,
  orgs: readonly number[],
  q: DeviceTableQuery,
): Promise<{ rows: Array<Array<string | number | null>>; matched: number; truncated: boolean }> {
  const scope = distinctSorted(orgs);
  if (scope.length === 0) return { rows: [], matched: 0, truncated: false };
  const filters = await filtersOf(db, scope, q);
  const w = walk(await tableIndex(db, scope), filters, 0, DEVICE_TABLE_CSV_MAX_ROWS);
  const out: Array<Array<string | number | null>> = [];
  const names = new Map<number, string>();
  const res = await db.execute(sql`select id, name from organizations where id in (${sql.join(
    [...new Set(orgs)].map((o) => sql`${o}`),
    sql`, `,
  )})`);
  for (const r of (res as unknown as { rows: Array<{ id: number; name: string }> }).rows) names.set(Number(r.id), r.name);
  for (let i = 0; i < w.positions.length; i += 1000) {
    for (const r of await rowsOf(db, orgs, w.positions.slice(i, i + 1000))) {
      out.push([
        r.UnitID,
        r.UnitName,
        r.Status,
        r.ModelName,
        r.UnitType,
        r.UnitLocation,
        r.CustomerID,
        names.get(r.CustomerID) ?? '',
        r.UnitGPSLatitude,
        r.UnitGPSLongitude,
        r.LastContact,
        r.AlarmEvents.length,
      ]);
    }
  }
  return { rows: out, matched: w.matched, truncated: w.matched > w.positions.length };
}
