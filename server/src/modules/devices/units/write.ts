/**
 * The write door of the units table for a unit's own fields: adding a unit (by serial number and
 * type, or by claiming the unit an NFC tag names) and changing its name, location text or position.
 *
 * Rights: Readers 403 "You are missing authority for this device"; Users and SuperUsers add to and
 * change units of their own organisations (another's: 404, nothing changes). A new unit lands in
 * a location container through the containers service (its one write door), in the same
 * transaction: a refused location leaves no unit behind.
 */
import { and, eq, sql } from 'drizzle-orm';
import { deviceType, type AddDeviceBody, type Unit, type UpdateUnitBody } from '@fieldwatch/shared';
import type { Db } from '../../../db/client';
import { containers, nfcTags, units } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../http/errors';
import type { AuthContext } from '../../auth/guard';
import { requireWriter } from '../../auth/permissions';
import { userOrgIds } from '../../auth/scope';
import { moveUnitsToLocation, pickOrganization } from '../../containers/service';
import { isUniqueViolation } from '../../user/username';
import { asUnit } from './service';

export const ADD_DEVICE_MESSAGES = {
  serialOrTag: 'Give the serial number and the type, or the NFC tag id',
  typeMissing: 'Choose the unit type for this serial number',
  unknownType: 'Unknown unit type',
  unknownTag: 'No device has this NFC tag id; check the id on the tag',
  tagInUse: 'The device with this NFC tag has already been added',
  locationNotFound: 'Location not found',
  locationOtherOrg: 'The location belongs to another organisation than the one chosen',
  positionPair: 'Give latitude and longitude together',
} as const;

export const duplicateSerial = (serial: string) => `A device with serial number ${serial} already exists`;

/** Adds a unit (POST /api/v3/device/devices); answers it. */
export async function addUnit(db: Db, a: AuthContext, body: AddDeviceBody): Promise<Unit> {
  requireWriter(a);
  const serial = body.serial?.trim();
  const tagId = body.tagId?.trim().toLowerCase();
  if (!tagId && !serial) throw badRequest(ADD_DEVICE_MESSAGES.serialOrTag);
  if (!tagId && body.type === undefined) throw badRequest(ADD_DEVICE_MESSAGES.typeMissing);
  if (body.type !== undefined && !deviceType(body.type)) throw badRequest(ADD_DEVICE_MESSAGES.unknownType);
  const org = await pickOrganization(db, a, body.organization);
  const name = body.name.trim();

  if (body.locationId) {
    const [loc] = await db
      .select({ org: containers.organizationId, kind: containers.kind })
      .from(containers)
      .where(eq(containers.id, body.locationId))
      .limit(1);
    const mine = await userOrgIds(db, a.userId);
    if (!loc || !mine.includes(loc.org) || loc.kind !== 'location') throw notFound(ADD_DEVICE_MESSAGES.locationNotFound);
    if (loc.org !== org) throw badRequest(ADD_DEVICE_MESSAGES.locationOtherOrg);
  }
  if (serial) {
    const [taken] = await db
      .select({ id: units.id })
      .from(units)
      .where(sql`lower(${units.serialNumber}) = ${serial.toLowerCase()}`)
      .limit(1);
    if (taken) throw conflict(duplicateSerial(serial));
  }

  try {
    const id = await db.transaction(async (tx) => {
      let unitId: number;
      if (tagId) {
        // The tag names a unit not yet activated (a device in stock): claiming it moves it here.
        const [tag] = await tx
          .select({ unitId: nfcTags.unitId, activatedAt: nfcTags.activatedAt, type: units.type })
          .from(nfcTags)
          .innerJoin(units, eq(units.id, nfcTags.unitId))
          .where(eq(nfcTags.tagUuid, tagId))
          .limit(1);
        if (!tag) throw notFound(ADD_DEVICE_MESSAGES.unknownTag);
        if (tag.activatedAt) throw conflict(ADD_DEVICE_MESSAGES.tagInUse);
        if (body.type !== undefined && body.type !== tag.type) throw badRequest(`This NFC tag belongs to a unit of another type`);
        const [claimed] = await tx
          .update(nfcTags)
          .set({ activatedAt: new Date() })
          .where(and(eq(nfcTags.tagUuid, tagId), sql`${nfcTags.activatedAt} is null`))
          .returning({ unitId: nfcTags.unitId });
        if (!claimed) throw conflict(ADD_DEVICE_MESSAGES.tagInUse);
        await tx
          .update(units)
          .set({ organizationId: org, name, ...(serial ? { serialNumber: serial } : {}) })
          .where(eq(units.id, claimed.unitId));
        unitId = claimed.unitId;
      } else {
        const [row] = await tx
          .insert(units)
          .values({ organizationId: org, name, type: body.type!, serialNumber: serial ?? null })
          .returning({ id: units.id });
        unitId = row!.id;
      }
      if (body.locationId) await moveUnitsToLocation(tx, a, body.locationId, [unitId]);
      return unitId;
    });
    const [row] = await db.select().from(units).where(eq(units.id, id)).limit(1);
    return asUnit(row!);
  } catch (e) {
    // Two adds of one serial at once: the unique index refuses the second.
    if (serial && isUniqueViolation(e)) throw conflict(duplicateSerial(serial));
    throw e;
  }
}

/** Changes a unit's own fields (PUT /api/v3/device/devices/:id); only what is sent. */
export async function updateUnit(db: Db, a: AuthContext, id: number, body: UpdateUnitBody): Promise<Unit> {
  requireWriter(a);
  const mine = await userOrgIds(db, a.userId);
  const [row] = await db.select().from(units).where(eq(units.id, id)).limit(1);
  if (!row || !mine.includes(row.organizationId)) throw notFound();
  if ((body.lat === undefined) !== (body.lon === undefined) || (body.lat === null) !== (body.lon === null)) {
    throw badRequest(ADD_DEVICE_MESSAGES.positionPair);
  }
  const set: Partial<typeof units.$inferInsert> = {};
  if (body.name !== undefined) set.name = body.name.trim();
  if (body.location !== undefined) set.location = body.location.trim();
  if (body.lat !== undefined) {
    set.lat = body.lat;
    set.lon = body.lon ?? null;
  }
  const [saved] = await db.update(units).set(set).where(eq(units.id, id)).returning();
  return asUnit(saved!);
}
