/** Units as the device lists answer them, with their active alarms as AlarmEvents. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { formatApiDate, ID_CHUNK_SIZE, SYSTEM_USER, type AlarmEventRef, type Unit } from '@fieldwatch/shared';
import { chunks } from '../legacy/params';
import type { Db } from '../../db/client';
import { alarms, units } from '../../db/schema';
import { notFound } from '../../http/errors';
import { cachedFleetAnswer, fleetStateOf, peekFleetAnswer, type FleetState } from '../fleet/cache';

export async function listUnits(db: Db, orgIds: readonly number[]): Promise<Unit[]> {
  if (orgIds.length === 0) return [];
  const orgs = [...orgIds];
  const rows = await db
    .select()
    .from(units)
    .where(inArray(units.organizationId, orgs))
    .orderBy(asc(units.id));
  const active = await db
    .select(alarmEventColumns)
    .from(alarms)
    .innerJoin(units, eq(units.id, alarms.unitId))
    .where(and(eq(alarms.active, true), inArray(units.organizationId, orgs)))
    .orderBy(desc(alarms.eventTime), desc(alarms.id));
  return toUnits(rows, active);
}

export interface UnitPage {
  units: Unit[];
  /** Units of the organisations in all. */
  total: number;
}

/**
 * One page of the units of the organisations, in id order (the order of listUnits): `limit` units
 * from `offset`, with their active alarms, and the total count. The organisations' unit ids in
 * order are cached while their units do not change (fleet/cache.ts), so any page, however large the
 * fleet and deep the page, is one query: the organisations' fleet versions and the page's units and
 * alarms, read together (one snapshot). Only when the versions differ from the cached ids' are the
 * ids read again, and the page with them.
 */
export async function listUnitPage(
  db: Db,
  orgIds: readonly number[],
  page: { offset: number; limit: number },
): Promise<UnitPage> {
  if (orgIds.length === 0) return { units: [], total: 0 };
  const orgs = [...new Set(orgIds)].sort((a, b) => a - b);
  const key = `unit-ids:${orgs.join(',')}`;
  const cached = peekFleetAnswer<Int32Array>(db, key);
  const slice = (ids: Int32Array) => [...ids.subarray(page.offset, page.offset + page.limit)];
  let read = await readPage(db, orgs, cached ? slice(cached.value) : []);
  let ids = cached?.value;
  if (!cached || cached.version !== read.state.unitsVersion) {
    const version = read.state.unitsVersion;
    ids = await cachedFleetAnswer(db, key, version, () => unitIds(db, orgs), (l) => l.byteLength);
    read = await readPage(db, orgs, slice(ids));
  }
  return { units: toUnits(read.units, read.alarms), total: ids!.length };
}

type PageUnit = Pick<
  typeof units.$inferSelect,
  'id' | 'organizationId' | 'name' | 'location' | 'type' | 'lat' | 'lon'
>;
type PageAlarm = {
  id: number;
  unitId: number;
  channelId: number;
  alarmType: number;
  text: string;
  eventTime: Date;
  /** Acknowledged (it stays active until its condition clears): who and when (null: not). */
  acknowledgedAt: Date | null;
  acknowledgedBy: string | null;
};

/** A float of json_build_array: NaN and ±Infinity arrive as strings. */
const float = (v: number | string | null) => (v === null ? null : Number(v));

/** The organisations' fleet counters, and the units `wanted` (of theirs) with their active alarms. */
async function readPage(
  db: Db,
  orgs: readonly number[],
  wanted: readonly number[],
): Promise<{ state: FleetState; units: PageUnit[]; alarms: PageAlarm[] }> {
  const orgList = sql.join(
    orgs.map((o) => sql`${o}`),
    sql`, `,
  );
  const ids = `{${wanted.join(',')}}`;
  const res = await db.execute(sql`
    select
      (select coalesce(json_agg(json_build_array(
          f.organization_id, f.units, f.units_version, f.alarms_version)), '[]')
        from fleet_counters f where f.organization_id in (${orgList}))::text as counters,
      (select coalesce(json_agg(json_build_array(
          u.id, u.organization_id, u.name, u.location, u.type, u.lat, u.lon) order by u.id), '[]')
        from units u where u.id = any(${ids}::int[]) and u.organization_id in (${orgList}))::text as units,
      (select coalesce(json_agg(json_build_array(a.id, a.unit_id, a.channel_id, a.alarm_type, a.text,
          (extract(epoch from a.event_time) * 1000)::float8,
          (extract(epoch from a.acknowledged_at) * 1000)::float8, a.acknowledged_by) order by a.event_time desc, a.id desc), '[]')
        from alarms a where a.active and a.unit_id = any(${ids}::int[]))::text as alarms`);
  type Row = { counters: string; units: string; alarms: string };
  const row = (res as unknown as { rows: Row[] }).rows[0]!;
  type C = [number, number, number | string, number | string];
  type U = [number, number, string, string, number, number | string | null, number | string | null];
  type A = [number, number, number, number, string, number, number | null, string | null];
  return {
    state: fleetStateOf(
      orgs,
      (JSON.parse(row.counters) as C[]).map(([organizationId, n, uv, av]) => ({
        organizationId,
        units: n,
        unitsVersion: Number(uv),
        alarmsVersion: Number(av),
      })),
    ),
    units: (JSON.parse(row.units) as U[]).map(([id, organizationId, name, location, type, lat, lon]) => ({
      id,
      organizationId,
      name,
      location,
      type,
      lat: float(lat),
      lon: float(lon),
    })),
    alarms: (JSON.parse(row.alarms) as A[]).map(([id, unitId, channelId, alarmType, text, ms, ackMs, ackBy]) => ({
      id: Number(id),
      unitId,
      channelId,
      alarmType,
      text,
      eventTime: new Date(Math.floor(ms)),
      acknowledgedAt: ackMs === null ? null : new Date(Math.floor(ackMs)),
      acknowledgedBy: ackBy,
    })),
  };
}

/** The unit ids of the organisations, ascending (as one text: 100,000 rows are slow on PGlite). */
async function unitIds(db: Db, orgs: readonly number[]): Promise<Int32Array> {
  const res = await db.execute(sql`
    select coalesce(string_agg(id::text, ',' order by id), '') as ids
    from units where organization_id in (${sql.join(
      orgs.map((o) => sql`${o}`),
      sql`, `,
    )})`);
  const text = (res as unknown as { rows: Array<{ ids: string }> }).rows[0]?.ids ?? '';
  return text === '' ? new Int32Array(0) : Int32Array.from(text.split(','), Number);
}

const alarmEventColumns = {
  id: alarms.id,
  unitId: alarms.unitId,
  channelId: alarms.channelId,
  alarmType: alarms.alarmType,
  text: alarms.text,
  eventTime: alarms.eventTime,
  acknowledgedAt: alarms.acknowledgedAt,
  acknowledgedBy: alarms.acknowledgedBy,
};

/** Units as the API answers them, each with its active alarms (newest first) as AlarmEvents. */
function toUnits(
  rows: ReadonlyArray<PageUnit>,
  active: ReadonlyArray<PageAlarm>,
): Unit[] {
  const byUnit = new Map<number, AlarmEventRef[]>();
  for (const a of active) {
    const list = byUnit.get(a.unitId) ?? [];
    list.push({
      AlarmID: a.id,
      AlarmType: a.alarmType,
      AlarmEventText: a.text,
      AlarmEventTime: formatApiDate(a.eventTime),
      ChannelID: a.channelId,
      ...(a.acknowledgedAt
        ? { AcknowledgedBy: a.acknowledgedBy ?? SYSTEM_USER, AcknowledgedAt: formatApiDate(a.acknowledgedAt) }
        : {}),
    });
    byUnit.set(a.unitId, list);
  }
  return rows.map((u) => ({
    UnitID: u.id,
    UnitName: u.name,
    UnitLocation: u.location,
    UnitType: u.type,
    UnitGPSLatitude: u.lat,
    UnitGPSLongitude: u.lon,
    CustomerID: u.organizationId,
    AlarmEvents: byUnit.get(u.id) ?? [],
  }));
}

/** The organisation of a unit, or null when the unit does not exist. */
export async function unitOrganization(db: Db, unitId: number): Promise<number | null> {
  const [row] = await db
    .select({ org: units.organizationId })
    .from(units)
    .where(eq(units.id, unitId))
    .limit(1);
  return row?.org ?? null;
}

export type UnitRow = typeof units.$inferSelect;

/** The unit if it belongs to one of the organisations; otherwise 404 'Not found'. */
export async function requireUnit(db: Db, unitId: number, orgIds: readonly number[]): Promise<UnitRow> {
  if (orgIds.length === 0) throw notFound();
  const [row] = await db
    .select()
    .from(units)
    .where(and(eq(units.id, unitId), inArray(units.organizationId, [...orgIds])))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** Throws 404 unless every id is a unit of `orgIds`. */
export async function requireUnits(db: Db, orgIds: readonly number[], ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  if (orgIds.length === 0) throw notFound();
  let found = 0;
  for (const part of chunks(ids, ID_CHUNK_SIZE)) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(units)
      .where(and(inArray(units.id, part), inArray(units.organizationId, [...orgIds])));
    found += Number(row?.n ?? 0);
  }
  if (found !== ids.length) throw notFound();
}
