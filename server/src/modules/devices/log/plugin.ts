/**
 * A unit's message log (log scan):
 * - GET /api/v3/device/devices/{id}/log?from&to&kinds&q&limit   { data: UnitLogEntry[] } newest first
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@fieldwatch/shared';
import type { ServerContext } from '../../../context';
import { route } from '../../../http/route';
import { unitAccess } from '../access';
import { logWindow, unitLog } from './service';

export default async function unitLogPlugin(app: FastifyInstance, { db }: ServerContext): Promise<void> {
  const { unitOf } = unitAccess(db);
  route(app, ENDPOINTS.unitLog, async (req) => {
    const w = logWindow(req.query);
    return { data: await unitLog(db, await unitOf(req, req.params.id), w) };
  });
}
