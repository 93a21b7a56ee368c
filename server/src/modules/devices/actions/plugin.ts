/**
 * Unit actions, each a command with a life (queued → sent → acknowledged / failed / timedOut):
 * - GET  /api/v2/device/devices/{id}/actions   { data: UnitActionRecord[] } (latest 100)
 * - POST /api/v2/device/devices/{id}/actions   body UnitActionRequest → 202 { data: UnitActionRecord }
 * - POST /api/v3/device/actions                body BulkActionRequest → { data: BulkActionResult }
 * - xrequest UnitAction
 * The timeout watchdog (commands sent and never answered) runs with the app, simulator or not.
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, formatApiDate, UNIT_ACTIONS, type UnitAction } from '@fieldwatch/shared';
import type { ServerContext } from '../../../context';
import { badRequest } from '../../../http/errors';
import { route } from '../../../http/route';
import { auth } from '../../auth/guard';
import { requireWriter } from '../../auth/permissions';
import { userOrgIds } from '../../auth/scope';
import { optionalString } from '../../legacy/params';
import { unitAccess } from '../access';
import { startCommandWatchdog, type CommandWatchdog } from './commands';
import { listUnitActions, runBulkAction, runUnitAction } from './service';

export default async function actionsPlugin(app: FastifyInstance, { db, legacy }: ServerContext): Promise<void> {
  const { unitOf, writableUnitOf, scopedUnit } = unitAccess(db);

  let watchdog: CommandWatchdog | undefined;
  app.addHook('onReady', async () => {
    watchdog = startCommandWatchdog(db, (err) => app.log.error({ err }, 'command timeout watchdog failed'));
  });
  app.addHook('onClose', async () => {
    await watchdog?.stop();
  });

  route(app, ENDPOINTS.deviceActions, async (req) => ({
    data: await listUnitActions(db, (await unitOf(req, req.params.id)).id),
  }));

  route(app, ENDPOINTS.runUnitAction, async (req, reply) => {
    const unit = await writableUnitOf(req, req.params.id);
    const data = await runUnitAction(db, unit, req.body.action, auth(req).userId);
    return reply.code(202).send({ data });
  });

  route(app, ENDPOINTS.bulkUnitAction, async (req) => {
    const a = auth(req);
    requireWriter(a);
    return { data: await runBulkAction(db, await userOrgIds(db, a.userId), req.body.unitIds, req.body.action, a.userId) };
  });

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
