/** Units as the device lists answer them, with their active alarms as AlarmEvents. */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { AlarmEventRef, Unit } from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { alarms, units } from '../../db/schema';
import { notFound } from '../../http/errors';
import { toApiDate } from '../../http/params';

export async function listUnits(db: Db, orgIds: readonly number[]): Promise<Unit[]> {
  if (orgIds.length === 0) return [];
  const orgs = [...orgIds];
  const rows = await db
    .select()
    .from(units)
    .where(inArray(units.organizationId, orgs))
    .orderBy(asc(units.id));
  const active = await db
    .select({
      id: alarms.id,
      unitId: alarms.unitId,
      channelId: alarms.channelId,
      alarmType: alarms.alarmType,
      text: alarms.text,
      eventTime: alarms.eventTime,
    })
    .from(alarms)
    .innerJoin(units, eq(units.id, alarms.unitId))
    .where(and(eq(alarms.active, true), inArray(units.organizationId, orgs)))
    .orderBy(desc(alarms.eventTime), desc(alarms.id));

  const byUnit = new Map<number, AlarmEventRef[]>();
  for (const a of active) {
    const list = byUnit.get(a.unitId) ?? [];
    list.push({
      AlarmID: a.id,
      AlarmType: a.alarmType,
      AlarmEventText: a.text,
      AlarmEventTime: toApiDate(a.eventTime),
      ChannelID: a.channelId,
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
