/**
 * One unit as the device pages show it: its details (with active alarms and channels), its options
 * (family, actions, relay, radar), and the device filter over the unit list. What a unit type can
 * do (relay, radar, unit actions) is decided here for every section.
 */
import { and, desc, eq } from 'drizzle-orm';
import {
  deviceType,
  formatApiDate,
  isParkingType,
  isThirdPartyType,
  matchesStatusFilter,
  modelName,
  UNIT_ACTIONS,
  unitStatus,
  type DeviceFamily,
  type DeviceFilter,
  type Unit,
  type UnitAction,
  type UnitDetails,
  type UnitOptions,
} from '@fieldwatch/shared';
import type { Db } from '../../../db/client';
import { alarms, unitSettings } from '../../../db/schema';
import { unitChannels } from '../channels/service';
import { listUnits, type UnitRow } from '../service';
import { unitTrial } from '../../onboarding/trial';

const familyOf = (type: number): DeviceFamily => deviceType(type)?.family ?? 'other';

/** Relays: switch outputs, valves and pulse meters. Radar: analogue level sensors and waste bins. */
export function hasRelay(type: number): boolean {
  return ['switch', 'valve', 'pulse'].includes(familyOf(type));
}
export function hasRadar(type: number): boolean {
  return ['analog', 'waste'].includes(familyOf(type));
}
/** Parking sensors take no radar action; everything else takes every unit action. */
export function unitActionsFor(type: number): UnitAction[] {
  return UNIT_ACTIONS.filter((a) => a !== 'getRadarAndData' || hasRadar(type));
}

export function asUnit(u: UnitRow, events: Unit['AlarmEvents'] = []): Unit {
  return {
    UnitID: u.id,
    UnitName: u.name,
    UnitLocation: u.location,
    UnitType: u.type,
    UnitGPSLatitude: u.lat,
    UnitGPSLongitude: u.lon,
    CustomerID: u.organizationId,
    AlarmEvents: events,
  };
}

export async function unitDetails(db: Db, u: UnitRow): Promise<UnitDetails> {
  const active = await db
    .select()
    .from(alarms)
    .where(and(eq(alarms.unitId, u.id), eq(alarms.active, true)))
    .orderBy(desc(alarms.eventTime), desc(alarms.id));
  const events = active.map((a) => ({
    AlarmID: a.id,
    AlarmType: a.alarmType,
    AlarmEventText: a.text,
    AlarmEventTime: formatApiDate(a.eventTime),
    ChannelID: a.channelId,
    // Acknowledged alarms stay active until their condition clears: who and when.
    ...(a.acknowledgedAt
      ? { AcknowledgedBy: a.acknowledgedBy ?? 'system', AcknowledgedAt: formatApiDate(a.acknowledgedAt) }
      : {}),
  }));
  const unit = asUnit(u, events);
  return {
    ...unit,
    ModelName: modelName(u.type),
    DeviceFamily: familyOf(u.type),
    ThirdParty: isThirdPartyType(u.type),
    Parking: isParkingType(u.type),
    Status: unitStatus(unit),
    Channels: await unitChannels(db, u.id),
    LastContact: u.lastContactAt ? u.lastContactAt.toISOString() : null,
    CreatedAt: u.createdAt.toISOString(),
    SerialNumber: u.serialNumber ?? null,
    Trial: await unitTrial(db, u.id),
  };
}

export async function unitOptions(db: Db, u: UnitRow): Promise<UnitOptions> {
  const [row] = await db.select({ options: unitSettings.options }).from(unitSettings).where(eq(unitSettings.unitId, u.id));
  return {
    unitId: u.id,
    unitType: u.type,
    modelName: modelName(u.type),
    family: familyOf(u.type),
    actions: unitActionsFor(u.type),
    relay: hasRelay(u.type),
    radar: hasRadar(u.type),
    parking: isParkingType(u.type),
    custom: row?.options ?? {},
  };
}

export async function filterUnits(db: Db, orgIds: readonly number[], f: DeviceFilter): Promise<Unit[]> {
  const all = await listUnits(db, orgIds);
  const search = f.search?.trim().toLowerCase() ?? '';
  return all.filter((u) => {
    if (!matchesStatusFilter(unitStatus(u), f.statuses ?? [])) return false;
    if (f.unitTypes?.length && !f.unitTypes.includes(u.UnitType)) return false;
    if (f.alarmTypes?.length && !u.AlarmEvents.some((e) => f.alarmTypes!.includes(e.AlarmType))) return false;
    if (search) {
      const hay = [u.UnitName, u.UnitLocation, modelName(u.UnitType), String(u.UnitType)].join('\n').toLowerCase();
      if (!hay.includes(search)) return false;
    }
    return true;
  });
}
