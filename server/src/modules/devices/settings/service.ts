/**
 * A unit's settings document: defaults until first saved, then replaced whole or one key at a
 * time under an optimistic revision (a stale revision is a 409 and changes nothing).
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  isParkingType,
  PORTS_SECTION,
  validatePortsSection,
  type ChannelKind,
  type SettingsValue,
  type UnitSettings,
  type UnitSettingsDoc,
} from '@fieldwatch/shared';
import type { Db } from '../../../db/client';
import { channels, unitSettings } from '../../../db/schema';
import { badRequest, conflict, HttpError } from '../../../http/errors';
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

/**
 * The port scaling a settings write changes (section `ports`) must hold by the shared rule
 * (domain/port-settings): a factor other than 0, a finite offset, keys of channels the unit has,
 * none on a switch channel. Only changed keys are checked; the first problem is a 400.
 */
export async function checkPortsChange(db: Db, u: UnitRow, stored: UnitSettingsDoc, next: UnitSettingsDoc): Promise<void> {
  if (JSON.stringify(stored[PORTS_SECTION] ?? {}) === JSON.stringify(next[PORTS_SECTION] ?? {})) return;
  const rows = await db.select({ n: channels.channelNo, kind: channels.kind }).from(channels).where(eq(channels.unitId, u.id));
  const problem = validatePortsSection(next[PORTS_SECTION], stored[PORTS_SECTION], new Map(rows.map((r) => [r.n, r.kind as ChannelKind])))[0];
  if (problem) throw badRequest(problem);
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
  await checkPortsChange(db, u, current.settings, settings);
  return putSettings(db, u, current.revision, settings);
}
