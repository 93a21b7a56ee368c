/**
 * A unit's firmware: the version it runs (its settings, or its family's default), the versions it
 * can take, and updates — each a command (updateFirmware, detail = version). When the unit
 * acknowledges the update its version changes (through the settings service, in commands.ts).
 */
import {
  availableFirmware,
  defaultFirmware,
  FIRMWARE_SETTING,
  unitStatus,
  type FirmwareInfo,
  type UnitActionRecord,
} from '@fieldwatch/shared';
import type { Db } from '../../../db/client';
import { badRequest, conflict } from '../../../http/errors';
import { NOT_INSTALLED } from '../actions/service';
import { openCommandOf, queueCommand } from '../actions/commands';
import type { UnitRow } from '../service';
import { getSettings } from '../settings/service';
import { asUnit } from '../units/service';

export const FIRMWARE_UNKNOWN_VERSION = 'This version is not available for the unit; choose one of the listed versions';
export const FIRMWARE_ALREADY_OPEN = 'A firmware update is already on its way to the unit; wait until it ends';

export async function firmwareInfo(db: Db, u: UnitRow): Promise<FirmwareInfo> {
  const settings = await getSettings(db, u);
  const stored = settings.settings[FIRMWARE_SETTING.section]?.[FIRMWARE_SETTING.key];
  return {
    unitId: u.id,
    current: typeof stored === 'string' && stored ? stored : defaultFirmware(u.type),
    available: [...availableFirmware(u.type)],
    pending: await openCommandOf(db, u.id, ['updateFirmware']),
  };
}

/** Schedules an update (400 for a version not available, 409 when one is open or the unit is not installed). */
export async function scheduleFirmware(db: Db, u: UnitRow, version: string, userId: number): Promise<UnitActionRecord> {
  if (!availableFirmware(u.type).includes(version)) throw badRequest(FIRMWARE_UNKNOWN_VERSION);
  if (unitStatus(asUnit(u)) === 'inactive') throw conflict(NOT_INSTALLED);
  if (await openCommandOf(db, u.id, ['updateFirmware'])) throw conflict(FIRMWARE_ALREADY_OPEN);
  return queueCommand(db, { unitId: u.id, action: 'updateFirmware', detail: version, userId });
}
