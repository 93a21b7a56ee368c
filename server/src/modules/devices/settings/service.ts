/**
 * A unit's settings document: defaults until first saved, then replaced whole or one key at a
 * time under an optimistic revision (a stale revision is a 409 and changes nothing).
 */
import { and, eq, sql } from 'drizzle-orm';
import { isParkingType, type SettingsValue, type UnitSettings, type UnitSettingsDoc } from '@fieldwatch/shared';
import type { Db } from '../../../db/client';
import { unitSettings } from '../../../db/schema';
import { conflict, HttpError } from '../../../http/errors';
import type { UnitRow } from '../service';

export const SETTINGS_CONFLICT = 'The settings were changed by someone else; reload them and try again';

/** What a unit's settings are before anyone saved them (revision 0). */
export function defaultSettings(u: Pick<UnitRow, 'type'>): UnitSettingsDoc {
  const parking = isParkingType(u.type);
  return {
    general: { measureIntervalMin: parking ? 1 : 15, sendIntervalMin: parking ? 5 : 60, timezone: 'UTC' },
    alarm: { enabled: true, repeatMin: 60 },
    radio: { mode: 'nb-iot', powerSave: true },
  };
}

export async function getSettings(db: Db, u: UnitRow): Promise<UnitSettings> {
  const [row] = await db.select().from(unitSettings).where(eq(unitSettings.unitId, u.id));
  if (!row) return { unitId: u.id, revision: 0, settings: defaultSettings(u), updatedAt: null };
  return {
    unitId: u.id,
    revision: row.revision,
    settings: row.settings as UnitSettingsDoc,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Replaces the settings if `revision` is the stored one (0: never stored); bumps the revision.
 * A stale revision is a 409 and changes nothing.
 */
export async function putSettings(db: Db, u: UnitRow, revision: number, settings: UnitSettingsDoc): Promise<UnitSettings> {
  const now = new Date();
  const rows =
    revision === 0
      ? await db
          .insert(unitSettings)
          .values({ unitId: u.id, settings, revision: 1, updatedAt: now })
          .onConflictDoNothing()
          .returning()
      : await db
          .update(unitSettings)
          .set({ settings, revision: sql`${unitSettings.revision} + 1`, updatedAt: now })
          .where(and(eq(unitSettings.unitId, u.id), eq(unitSettings.revision, revision)))
          .returning();
  const row = rows[0];
  if (!row) throw conflict(SETTINGS_CONFLICT);
  return { unitId: u.id, revision: row.revision, settings: row.settings as UnitSettingsDoc, updatedAt: row.updatedAt.toISOString() };
}

/** Sets one key of one section (PUT /legacy/devices/{unit}/{section}/{key}). */
export async function putSetting(
  db: Db,
  u: UnitRow,
  section: string,
  key: string,
  value: SettingsValue,
  revision?: number,
): Promise<UnitSettings> {
  const current = await getSettings(db, u);
  if (revision !== undefined && revision !== current.revision) throw conflict(SETTINGS_CONFLICT);
  const settings = { ...current.settings, [section]: { ...(current.settings[section] ?? {}), [key]: value } };
  if (Object.keys(settings).length > 20) throw new HttpError(400, 'At most 20 settings sections', 'validation');
  if (Object.keys(settings[section] ?? {}).length > 50)
    throw new HttpError(400, 'At most 50 keys per settings section', 'validation');
  return putSettings(db, u, current.revision, settings);
}
