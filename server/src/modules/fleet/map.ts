/**
 * The fleet on the map: every positioned unit of the GIS customers with its status and active
 * alarm types (GetGISData), and the units near a position (GetUnitsByPos).
 */
import { sql, type SQL } from 'drizzle-orm';
import { RIGHTS, type UnitByPos } from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { orgsWithRight } from '../auth/scope';
import { JsonRows } from '../legacy/registry';
import { cachedFleetAnswer, fleetState } from './cache';
import { activeAlarmsByUnit, inactiveSql, inList, rowsOf, unitStatusSql } from './status-sql';

/** A float as JSON.stringify writes it: non-finite values are null, -0 is 0. */
const jsonFloat = (col: SQL) =>
  sql`(case when ${col} = 0 then '0' when abs(${col}) < 'Infinity'::float8 then ${col}::text else 'null' end)`;

/**
 * Units with a position of the selected GIS customers (right 1), with their derived status and
 * active alarm types, in unit id order: GisUnit records as one JSON array (the whole fleet for the
 * map: 100,000 units, far too slow to build row by row in JavaScript).
 *
 * Built in two parts, each cached while its fleet versions hold (cache.ts): every unit's
 * record as if it had no alarm, serialised by the database (valid while the units do not change),
 * and the records of the units with active alarms, read afresh when an alarm changed (a few
 * thousand rows) and put in place of theirs. The joined answer is cached as bytes until the next
 * change. Encoding as JSON.stringify's (text through to_json, non-finite numbers null).
 */
export async function gisData(db: Db, orgIds: readonly number[]): Promise<JsonRows> {
  const gis = await orgsWithRight(db, orgIds, RIGHTS.GIS);
  if (gis.length === 0) return new JsonRows('[]', 0);
  const key = gis.join(',');
  const state = await fleetState(db, gis);
  return cachedFleetAnswer(
    db,
    `gis:${key}`,
    state.version,
    async () => {
      const base = await cachedFleetAnswer(
        db,
        `gis-units:${key}`,
        state.unitsVersion,
        () => gisUnitRecords(db, gis),
        (b) => b.bytes,
      );
      const parts = base.records.slice();
      for (const [id, status, types] of await gisAlarmStates(db, gis)) {
        const i = indexOf(base.ids, id);
        if (i < 0) continue; // added since the records were read: the next request has it
        const record = parts[i] as string;
        const head = record.slice(0, record.lastIndexOf(',"Status":"'));
        parts[i] = `${head},"Status":"${status}","AlarmTypes":[${types.join(',')}]}`;
      }
      return new JsonRows(Buffer.from(`[${parts.join(',')}]`), parts.length);
    },
    (r) => r.json.length,
  );
}

interface GisUnitRecords {
  /** Unit ids, ascending. */
  ids: Int32Array;
  /** The GisUnit record (JSON) of each, as if it had no active alarm. */
  records: string[];
  bytes: number;
}

/**
 * Every positioned unit's GisUnit record as if it had no active alarm (status inactive or ok,
 * no alarm types), by the database. JSON text never holds a raw line break: one separates them.
 */
async function gisUnitRecords(db: Db, gis: readonly number[]): Promise<GisUnitRecords> {
  const res = await db.execute(sql`
    select coalesce(string_agg(u.id::text, ',' order by u.id), '') as ids,
      coalesce(string_agg(concat(
        '{"UnitID":', u.id,
        ',"UnitName":', to_json(u.name),
        ',"UnitLocation":', to_json(u.location),
        ',"UnitType":', u.type,
        ',"UnitGPSLatitude":', ${jsonFloat(sql`u.lat`)},
        ',"UnitGPSLongitude":', ${jsonFloat(sql`u.lon`)},
        ',"CustomerID":', u.organization_id,
        ',"Status":"', case when ${inactiveSql} then 'inactive' else 'ok' end,
        '","AlarmTypes":[]}'
      ), chr(10) order by u.id), '') as records
    from units u
    where u.organization_id in (${inList(gis)}) and u.lat is not null and u.lon is not null`);
  const [row] = rowsOf<{ ids: string; records: string }>(res);
  if (!row || row.ids === '') return { ids: new Int32Array(0), records: [], bytes: 0 };
  return {
    ids: Int32Array.from(row.ids.split(','), Number),
    records: row.records.split('\n'),
    bytes: row.ids.length + row.records.length * 2,
  };
}

/** [unit id, status, alarm types] of the positioned units with active alarms. */
async function gisAlarmStates(db: Db, gis: readonly number[]): Promise<Array<[number, string, number[]]>> {
  const res = await db.execute(sql`
    select coalesce(json_agg(json_build_array(u.id, ${unitStatusSql}, a.types)), '[]')::text as states
    from units u join (${activeAlarmsByUnit(gis)}) a on a.unit_id = u.id
    where u.organization_id in (${inList(gis)}) and u.lat is not null and u.lon is not null`);
  const [row] = rowsOf<{ states: string }>(res);
  return JSON.parse(row?.states ?? '[]') as Array<[number, string, number[]]>;
}

/** Index of `id` in ascending `ids`, or -1. */
function indexOf(ids: Int32Array, id: number): number {
  let lo = 0;
  let hi = ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = ids[mid] as number;
    if (v === id) return mid;
    if (v < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

const EARTH_RADIUS_KM = 6371.0088;

/** Units within `distanceKm` of a position, nearest first (haversine, in SQL). */
export async function unitsByPos(
  db: Db,
  orgIds: readonly number[],
  q: { lat: number; lon: number; distanceKm: number; rows: number },
): Promise<UnitByPos[]> {
  if (orgIds.length === 0) return [];
  const res = await db.execute(sql`
    select * from (
      select u.id, u.name, u.location, u.type, u.lat, u.lon, u.organization_id as org,
        2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(
          power(sin(radians(u.lat - ${q.lat}::float8) / 2), 2) +
          cos(radians(${q.lat}::float8)) * cos(radians(u.lat)) * power(sin(radians(u.lon - ${q.lon}::float8) / 2), 2)
        ))) as distance
      from units u
      where u.organization_id in (${inList(orgIds)}) and u.lat is not null and u.lon is not null
    ) d
    where d.distance <= ${q.distanceKm}::float8
    order by d.distance, d.id
    limit ${q.rows}`);
  return rowsOf<{
    id: number;
    name: string;
    location: string;
    type: number;
    lat: number;
    lon: number;
    org: number;
    distance: number;
  }>(res).map((r) => ({
    UnitID: Number(r.id),
    UnitName: r.name,
    UnitLocation: r.location,
    UnitType: Number(r.type),
    UnitGPSLatitude: Number(r.lat),
    UnitGPSLongitude: Number(r.lon),
    CustomerID: Number(r.org),
    Distance: Math.round(Number(r.distance) * 1000) / 1000,
  }));
}
