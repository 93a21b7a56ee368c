/**
 * A unit's settings:
 * - GET  /api/v2/device/legacy/devices/{id}/settings         { data: UnitSettings }
 * - PUT  /api/v2/device/legacy/devices/{id}/settings         body UnitSettingsUpdate → { data: UnitSettings }; stale revision 409
 * - PUT  /api/v2/device/legacy/devices/{a}/{b}/{c}           a = unit id, b = settings section, c = key;
 *                                                            body UnitSettingUpdate { value, revision? } → { data: UnitSettings }
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@fieldwatch/shared';
import type { ServerContext } from '../../../context';
import { badRequest } from '../../../http/errors';
import { route } from '../../../http/route';
import { unitAccess } from '../access';
import { checkPortsChange, getSettings, putSetting, putSettings } from './service';

/** A settings value is text (≤ 500 characters), a finite number, true/false or null; else 400. */
function checkSettingValue(value: unknown, name: string): void {
  const ok =
    value === null ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value)) ||
    (typeof value === 'string' && value.length <= 500);
  if (!ok) throw badRequest(`${name} must be text (at most 500 characters), a number, true/false or null`);
}

export default async function settingsPlugin(app: FastifyInstance, { db }: ServerContext): Promise<void> {
  const { unitOf, writableUnitOf } = unitAccess(db);
  route(app, ENDPOINTS.unitSettings, async (req) => ({
    data: await getSettings(db, await unitOf(req, req.params.id)),
  }));
  route(app, ENDPOINTS.saveUnitSettings, async (req) => {
    const unit = await writableUnitOf(req, req.params.id);
    for (const [section, keys] of Object.entries(req.body.settings))
      for (const [key, value] of Object.entries(keys)) checkSettingValue(value, `${section}.${key}`);
    // A stale revision is putSettings' 409; a current one has its port scaling changes checked.
    const stored = await getSettings(db, unit);
    if (stored.revision === req.body.revision) await checkPortsChange(db, unit, stored.settings, req.body.settings);
    return { data: await putSettings(db, unit, req.body.revision, req.body.settings) };
  });
  route(app, ENDPOINTS.setUnitSetting, async (req) => {
    const unit = await writableUnitOf(req, req.params.a);
    checkSettingValue(req.body.value, 'value');
    return { data: await putSetting(db, unit, req.params.b, req.params.c, req.body.value, req.body.revision) };
  });
}
