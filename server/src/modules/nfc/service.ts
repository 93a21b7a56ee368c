/** NFC tags: which tag a unit carries, and what a tag tells the onboarding flow. */
import { asc, eq } from 'drizzle-orm';
import { deviceType, modelName, TERMS_VERSION, TRIAL_WEEKS, type OnboardingTagInfo } from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { nfcTags, units } from '../../db/schema';

export async function tagOfUnit(db: Db, unitId: number): Promise<string> {
  const [row] = await db
    .select({ uuid: nfcTags.tagUuid })
    .from(nfcTags)
    .where(eq(nfcTags.unitId, unitId))
    .orderBy(asc(nfcTags.tagUuid))
    .limit(1);
  return row?.uuid ?? '';
}

export async function tagInfo(db: Db, tagUuid: string): Promise<OnboardingTagInfo | null> {
  const [row] = await db
    .select({
      tagUuid: nfcTags.tagUuid,
      activatedAt: nfcTags.activatedAt,
      unitId: units.id,
      name: units.name,
      type: units.type,
    })
    .from(nfcTags)
    .innerJoin(units, eq(units.id, nfcTags.unitId))
    .where(eq(nfcTags.tagUuid, tagUuid))
    .limit(1);
  if (!row) return null;
  return {
    tagUuid: row.tagUuid,
    unitId: row.unitId,
    unitName: row.name,
    model: modelName(row.type),
    activated: row.activatedAt !== null,
    supported: deviceType(row.type) !== undefined,
    trialWeeks: TRIAL_WEEKS,
    termsVersion: TERMS_VERSION,
  };
}
