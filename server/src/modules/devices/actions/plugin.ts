/**
 * Unit actions:
 * - GET  /api/v2/device/devices/{id}/actions                 { data: UnitActionRecord[] } (latest 100)
 * - xrequest UnitAction
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, formatApiDate, UNIT_ACTIONS, type UnitAction } from '@fieldwatch/shared';
import type { ServerContext } from '../../../context';
import { badRequest } from '../../../http/errors';
import { requireWriter } from '../../auth/permissions';
import { optionalString } from '../../legacy/params';
import { unitAccess, type IdP } from '../access';
import { listUnitActions, runUnitAction } from './service';

export default async function actionsPlugin(app: FastifyInstance, { db, legacy }: ServerContext): Promise<void> {
  const { unitOf, scopedUnit } = unitAccess(db);
  app.get<IdP>(ENDPOINTS.deviceActions.path, { schema: ENDPOINTS.deviceActions.schema }, async (req) => ({
    data: await listUnitActions(db, (await unitOf(req, req.params.id)).id),
  }));

  /** UnitID and Action (UNIT_ACTIONS) → [{ ActionID, UnitID, Action, Status, Result, RequestedAt }]. */
  legacy.register('UnitAction', async ({ auth: a, params }) => {
    requireWriter(a);
    const action = optionalString(params, ['Action', 'action'], 40);
    if (!action || !(UNIT_ACTIONS as readonly string[]).includes(action))
      throw badRequest(`Action must be one of ${UNIT_ACTIONS.join(', ')}`);
    const unit = await scopedUnit(a, params);
    const r = await runUnitAction(db, unit, action as UnitAction, a.userId);
    return [
      { ActionID: r.id, UnitID: r.unitId, Action: r.action, Status: r.status, Result: r.result, RequestedAt: formatApiDate(new Date(r.requestedAt)) },
    ];
  });
}
