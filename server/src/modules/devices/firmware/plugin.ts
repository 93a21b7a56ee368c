/**
 * A unit's firmware:
 * - GET  /api/v3/device/devices/{id}/firmware   { data: FirmwareInfo }
 * - POST /api/v3/device/devices/{id}/firmware   body FirmwareRequest → 202 { data: UnitActionRecord }
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@fieldwatch/shared';
import type { ServerContext } from '../../../context';
import { route } from '../../../http/route';
import { auth } from '../../auth/guard';
import { unitAccess } from '../access';
import { firmwareInfo, scheduleFirmware } from './service';

export default async function firmwarePlugin(app: FastifyInstance, { db }: ServerContext): Promise<void> {
  const { unitOf, writableUnitOf } = unitAccess(db);
  route(app, ENDPOINTS.firmware, async (req) => ({
    data: await firmwareInfo(db, await unitOf(req, req.params.id)),
  }));
  route(app, ENDPOINTS.scheduleFirmware, async (req, reply) => {
    const unit = await writableUnitOf(req, req.params.id);
    return reply.code(202).send({ data: await scheduleFirmware(db, unit, req.body.version, auth(req).userId) });
  });
}
