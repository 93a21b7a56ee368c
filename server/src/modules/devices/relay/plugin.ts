/**
 * A unit's relay:
 * - GET|POST /api/v2/device/devices/{id}/relay               body RelayRequest → { data: Relay }; failure 409 "Error updating relay"
 * - xrequest SetRelay
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, MESSAGES } from '@fieldwatch/shared';
import type { ServerContext } from '../../../context';
import { badRequest } from '../../../http/errors';
import { route } from '../../../http/route';
import { auth } from '../../auth/guard';
import { requireWriter } from '../../auth/permissions';
import { optionalBool } from '../../legacy/params';
import { unitAccess } from '../access';
import { getRelay, setRelay } from './service';

export default async function relayPlugin(app: FastifyInstance, { db, legacy }: ServerContext): Promise<void> {
  const { unitOf, writableUnitOf, scopedUnit } = unitAccess(db);
  route(app, ENDPOINTS.relay, async (req) => ({
    data: await getRelay(db, (await unitOf(req, req.params.id)).id),
  }));
  route(app, ENDPOINTS.setRelay, async (req) => {
    const unit = await writableUnitOf(req, req.params.id);
    return { data: await setRelay(db, unit, req.body, auth(req).userId) };
  });

  /** UnitID and On (true/false) or Reset → [{ UnitID, State, On }]; failure 409 "Error updating relay". */
  legacy.register('SetRelay', async ({ auth: a, params }) => {
    requireWriter(a);
    const unit = await scopedUnit(a, params);
    const on = optionalBool(params, ['On', 'on', 'State', 'state', 'Value']);
    const reset = optionalBool(params, ['Reset', 'reset']);
    if (on === undefined && !reset) throw badRequest(`${MESSAGES.missingParameters}: On or Reset`);
    const r = await setRelay(db, unit, { on, reset }, a.userId);
    return [{ UnitID: r.unitId, State: r.state, On: r.on }];
  });
}
