/**
 * The device table: the caller's units filtered, counted per status, sorted and paged on the
 * server, fast at 100,000 units.
 *
 * How: one SQL read per fleet state builds the table's index — per unit its organisation, type,
 * status (spec §4, computed in SQL by UNIT_STATUS_SQL, the same rule as the shared unitStatus),
 * active alarm types, name, location and last contact — kept in the fleet cache (fleet/cache.ts)
 * while the organisations' unit and alarm versions stay the same. Sort orders are built once per
 * index and column. A request then reads the versions (one indexed read), walks the sorted order
 * once (filters, status counts, the page window) and reads the page's units and active alarms
 * fresh from the database. Last contact moves with every measurement without changing the
 * versions, so an index is also rebuilt when older than INDEX_MAX_AGE_MS (the last-contact order
 * may be that old; the values shown are always fresh).
 */
import { sql } from 'drizzle-orm';
import {
  COMMUNICATION_ERROR_ALARM,
  formatApiDate,
  DEVICE_TABLE_CSV_MAX_ROWS,
  DEVICE_TYPES,
  INACTIVE_UNIT_MARKER,
  modelName,
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
import { cachedFleetAnswer, fleetState } from '../../fleet/cache';

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

/** The alarms part: per unit with active alarms, the SQL predicates of spec §4 and its alarm types. */
interface AlarmsPart {
  byUnit: Map<number, { problem: boolean; alarm: boolean; types: number[] }>;
  /** The status column joined with one units part (rebuilt when either changes). */
  joined?: { units: UnitsPart; status: Uint8Array; statusOrder: Int32Array; counts: Record<UnitStatus, number> };
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

async function buildAlarmsPart(db: Db, orgs: readonly number[]): Promise<AlarmsPart> {
  // Only units with active alarms (a few per cent of a fleet), through the active-alarm index.
  const res = await db.execute(sql`
    select coalesce(json_agg(json_build_array(x.unit_id, x.problem, x.alarm, x.types)), '[]')::text as a
    from (
      select a.unit_id,
        bool_or(a.alarm_type = ${COMMUNICATION_ERROR_ALARM}) as problem,
        bool_or(a.alarm_type >= 0) as alarm,
        array_agg(distinct a.alarm_type) as types
      from alarms a
      where a.active
        and exists (select 1 from units u where u.id = a.unit_id and u.organization_id in (${orgSql(orgs)}))
      group by a.unit_id
    ) x`);
  const text = (res as unknown as { rows: Array<{ a: string }> }).rows[0]!.a;
  type A = [number, boolean, boolean, number[]];
  return {
    byUnit: new Map((JSON.parse(text) as A[]).map(([id, problem, alarm, types]) => [id, { problem, alarm, types }])),
  };
}

/** Spec §4's order of the rule: inactive, then problem, then alarm, else ok (as UNIT_STATUS_SQL). */
function join(units: UnitsPart, alarms: AlarmsPart): NonNullable<AlarmsPart['joined']> {
  const status = new Uint8Array(units.n).fill(STATUS_RANK.ok);
  for (let i = 0; i < units.n; i++) if (units.inactive[i]) status[i] = STATUS_RANK.inactive;
  for (const [id, a] of alarms.byUnit) {
    const i = units.posById.get(id);
    if (i === undefined || units.inactive[i]) continue;
    if (a.problem) status[i] = STATUS_RANK.problem;
    else if (a.alarm) status[i] = STATUS_RANK.alarm;
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

/**
 * The index of the organisations (sorted, distinct): its units part while their units version
 * holds (and for at most INDEX_MAX_AGE_MS), its alarms part while their alarm version holds. Both
 * are stored under the versions read before they were built (fleet/cache.ts soundness).
 */
async function tableIndex(db: Db, orgs: readonly number[]): Promise<TableIndex> {
  const state = await fleetState(db, orgs);
  const key = orgs.join(',');
  const bucket = Math.floor(Date.now() / INDEX_MAX_AGE_MS);
  const [units, alarms] = await Promise.all([
    cachedFleetAnswer(db, `device-table-units:${key}`, `${state.unitsVersion}#${bucket}`, () => buildUnitsPart(db, orgs), (u) => u.n * (250 + WORD_CACHE)),
    cachedFleetAnswer(db, `device-table-alarms:${key}`, state.version, () => buildAlarmsPart(db, orgs), (a) => a.byUnit.size * 100 + 64),
  ]);
  if (alarms.joined?.units !== units) alarms.joined = join(units, alarms);
  const { status, statusOrder, counts } = alarms.joined;
  return { units, alarms, n: units.n, status, statusOrder, counts };
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

/** Filters, counts and picks the window [from, from + take) of the matches, in the asked order. */
async function walk(db: Db, scope: readonly number[], q: DeviceTableQuery, from: number, take: number): Promise<Walk> {
  const orgs = [...new Set(scope)].sort((a, b) => a - b);
  const counts: Record<UnitStatus, number> = { alarm: 0, problem: 0, inactive: 0, ok: 0 };
  if (orgs.length === 0) return { positions: [], total: 0, matched: 0, counts };
  const statuses = statusList(q.status);
  const statusWanted = new Uint8Array(4);
  const filterStatus = statuses.length > 0 && statuses.length < UNIT_STATUSES.length && !UNIT_STATUSES.every((s) => statuses.includes(s));
  for (const s of statuses) statusWanted[STATUS_RANK[s]] = 1;
  const types = new Set(idList(q.types, 'types'));
  const alarmTypes = new Set(idList(q.alarmTypes, 'alarmTypes'));
  const customers = new Set(idList(q.customers, 'customers'));
  const inContainer = q.location
    ? await containerUnitIds(db, orgs, q.location, 'location')
    : q.group
      ? await containerUnitIds(db, orgs, q.group, 'group')
      : null;
  const group = q.location && q.group ? await containerUnitIds(db, orgs, q.group, 'group') : null;
  // Each word: in the name, the location or the model name.
  const words = [...new Set((q.q ?? '').toLowerCase().split(/\s+/).filter(Boolean))];

  const idx = await tableIndex(db, orgs);
  const u = idx.units;
  const order = orderOf(idx, q.sort ?? 'status');
  const hits = words.map((w) => wordHits(u, w));
  // Units with an active alarm of a chosen type: marked from the (few) units with alarms.
  let alarmMask: Uint8Array | null = null;
  if (alarmTypes.size) {
    alarmMask = new Uint8Array(u.n);
    for (const [id, a] of idx.alarms.byUnit) {
      const i = u.posById.get(id);
      if (i !== undefined && a.types.some((t) => alarmTypes.has(t))) alarmMask[i] = 1;
    }
  }
  const desc = q.dir === 'desc';
  const positions: number[] = [];
  const at = (k: number) => order[desc ? idx.n - 1 - k : k]!;
  if (!types.size && !customers.size && !inContainer && !alarmTypes.size && !words.length) {
    // No filter but the status one: the counts are the index's; only the window is walked.
    Object.assign(counts, idx.counts);
    const matched = filterStatus ? RANKED.reduce((n, st, r) => n + (statusWanted[r] ? counts[st] : 0), 0) : idx.n;
    for (let k = 0, seen = 0; k < idx.n && seen < from + take; k++) {
      const i = at(k);
      if (filterStatus && !statusWanted[idx.status[i]!]) continue;
      if (seen >= from) positions.push(u.ids[i]!);
      seen++;
    }
    return { positions, total: idx.n, matched, counts };
  }
  let matched = 0;
  for (let k = 0; k < idx.n; k++) {
    const i = at(k);
    if (types.size && !types.has(u.types[i]!)) continue;
    if (customers.size && !customers.has(u.orgs[i]!)) continue;
    if (inContainer && !inContainer.has(u.ids[i]!)) continue;
    if (group && !group.has(u.ids[i]!)) continue;
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
    if (filterStatus && !statusWanted[st]) continue;
    if (matched >= from && matched < from + take) positions.push(u.ids[i]!);
    matched++;
  }
  return { positions, total: idx.n, matched, counts };
}

/** A float of json_build_array: NaN and ±Infinity arrive as strings. */
const float = (v: number | string | null) => (v === null ? null : Number(v));

/**
 * The units `ids` (of `orgs`) with their active alarms (newest first), read now: one statement,
 * its answer as one JSON text (row-by-row results are slow on PGlite).
 */
async function listUnitsByIds(db: Db, orgs: readonly number[], ids: readonly number[]) {
  if (ids.length === 0 || orgs.length === 0) return [];
  const list = `{${ids.join(',')}}`;
  const res = await db.execute(sql`
    select
      (select coalesce(json_agg(json_build_array(
          u.id, u.organization_id, u.name, u.location, u.type, u.lat, u.lon,
          (extract(epoch from u.last_contact_at) * 1000)::float8)), '[]')
        from units u where u.id = any(${list}::int[]) and u.organization_id in (${orgSql(orgs)}))::text as units,
      (select coalesce(json_agg(json_build_array(a.id, a.unit_id, a.channel_id, a.alarm_type, a.text,
          (extract(epoch from a.event_time) * 1000)::float8) order by a.event_time desc, a.id desc), '[]')
        from alarms a where a.active and a.unit_id = any(${list}::int[]))::text as alarms`);
  const row = (res as unknown as { rows: Array<{ units: string; alarms: string }> }).rows[0]!;
  type U = [number, number, string, string, number, number | string | null, number | string | null, number | null];
  type A = [number, number, number, number, string, number];
  const byUnit = new Map<number, AlarmEventRef[]>();
  for (const [id, unitId, channelId, alarmType, text, ms] of JSON.parse(row.alarms) as A[]) {
    const events = byUnit.get(unitId) ?? [];
    events.push({ AlarmID: Number(id), AlarmType: alarmType, AlarmEventText: text, AlarmEventTime: formatApiDate(new Date(Math.floor(ms))), ChannelID: channelId });
    byUnit.set(unitId, events);
  }
  return (JSON.parse(row.units) as U[]).map(([id, org, name, location, type, lat, lon, last]) => ({
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

async function rowsOf(db: Db, orgs: readonly number[], ids: readonly number[]): Promise<DeviceTableRow[]> {
  const units = await listUnitsByIds(db, orgs, ids);
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

/** One page of the device table for the organisations `orgs` (the caller's scope). */
export async function deviceTablePage(db: Db, orgs: readonly number[], q: DeviceTableQuery): Promise<DeviceTablePage> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? UNITS_PER_PAGE;
  const w = await walk(db, orgs, q, (page - 1) * pageSize, pageSize);
  return {
    rows: await rowsOf(db, orgs, w.positions),
    total: w.total,
    matched: w.matched,
    counts: w.counts,
    page,
    pageSize,
  };
}

export const DEVICE_TABLE_CSV_HEADER = ['UnitID', 'Name', 'Status', 'Model', 'UnitType', 'Location', 'CustomerID', 'Customer', 'Latitude', 'Longitude', 'LastContact', 'ActiveAlarms'];

/** The filtered set in the asked order, at most DEVICE_TABLE_CSV_MAX_ROWS rows; `truncated` when more matched. */
export async function deviceTableCsvRows(
  db: Db,
  orgs: readonly number[],
  q: DeviceTableQuery,
): Promise<{ rows: Array<Array<string | number | null>>; matched: number; truncated: boolean }> {
  const w = await walk(db, orgs, q, 0, DEVICE_TABLE_CSV_MAX_ROWS);
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
