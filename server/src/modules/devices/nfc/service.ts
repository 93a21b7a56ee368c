/**
 * Changing the NFC tag a unit carries (a tag replaced on site, a wrong id corrected, a tag
 * removed). The id is checked by the shared rule (domain/nfc-tag); a tag another unit carries is
 * refused with 409, naming that unit when it is one of the caller's. The new tag keeps the unit's
 * activation: a unit already in use is never handed to the onboarding flow again by a new tag.
 * Reading the tag stays GET /api/v1/nfc/tag (modules/nfc).
 */
import { eq } from 'drizzle-orm';
import { isTagId, NFC_TAG_MESSAGES, normalizeTagId } from '@fieldwatch/shared';
import type { Db } from '../../../db/client';
import { nfcTags, units } from '../../../db/schema';
import { badRequest, conflict } from '../../../http/errors';
import { userOrgIds } from '../../auth/scope';
import { isUniqueViolation } from '../../user/username';
import type { UnitRow } from '../service';

/** Sets the unit's tag to `text` ('' removes it); answers the tag it now carries ('' for none). */
export async function setUnitTag(db: Db, userId: number, unit: UnitRow, text: string): Promise<{ tag_uuid: string }> {
  const tag = normalizeTagId(text);
  if (tag !== '' && !isTagId(tag)) throw badRequest(NFC_TAG_MESSAGES.invalid);
  const taken = async (q: Db) => {
    const [other] = await q
      .select({ unitId: nfcTags.unitId, name: units.name, org: units.organizationId })
      .from(nfcTags)
      .innerJoin(units, eq(units.id, nfcTags.unitId))
      .where(eq(nfcTags.tagUuid, tag))
      .limit(1);
    if (!other || other.unitId === unit.id) return null;
    return (await userOrgIds(q, userId)).includes(other.org) ? NFC_TAG_MESSAGES.inUseBy(other.name) : NFC_TAG_MESSAGES.inUse;
  };
  try {
    await db.transaction(async (tx) => {
      // One tag write per unit at a time: the unit's row is the lock (it may have no tag row yet).
      await tx.select({ id: units.id }).from(units).where(eq(units.id, unit.id)).for('update');
      const current = await tx.select().from(nfcTags).where(eq(nfcTags.unitId, unit.id));
      if (tag !== '' && current.length === 1 && current[0]!.tagUuid === tag) return;
      if (tag !== '') {
        const problem = await taken(tx);
        if (problem) throw conflict(problem);
      }
      await tx.delete(nfcTags).where(eq(nfcTags.unitId, unit.id));
      if (tag === '') return;
      // The unit's activation carries over; a unit without a tag so far is in use already.
      const activatedAt = current.length > 0 ? (current.find((t) => t.activatedAt)?.activatedAt ?? null) : new Date();
      await tx.insert(nfcTags).values({ tagUuid: tag, unitId: unit.id, activatedAt });
    });
  } catch (e) {
    // Another unit took the same tag at the same moment: the tag id's primary key refused ours.
    if (tag !== '' && isUniqueViolation(e)) throw conflict((await taken(db)) ?? NFC_TAG_MESSAGES.inUse);
    throw e;
  }
  return { tag_uuid: tag };
}
