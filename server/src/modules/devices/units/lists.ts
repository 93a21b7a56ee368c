/**
 * Device lists: v2 (enveloped, session-scoped), v3 paged (one page of UNITS_PER_PAGE, with the
 * total) and v1 (bare array, filtered by ?orgs).
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@fieldwatch/shared';
import type { ServerContext } from '../../../context';
import { parseIdList } from '../../../http/params';
import { route } from '../../../http/route';
import { auth } from '../../auth/guard';
import { scopedOrgIds, userOrgIds } from '../../auth/scope';
import { listUnitPage, listUnits } from '../service';

export default async function deviceListsPlugin(app: FastifyInstance, { db }: ServerContext): Promise<void> {
  /** use_context=true: the session's selected customers; otherwise all of the user's organisations. */
  route(app, ENDPOINTS.devices, async (request) => {
    const orgs = await scopedOrgIds(db, auth(request), request.query.use_context);
    return { data: await listUnits(db, orgs) };
  });

  /**
   * One page of the same list, in unit id order: { data: Unit[], page, pageSize, total }. A page
   * past the end answers no units (and the total).
   */
  route(app, ENDPOINTS.devicePage, async (request) => {
    const { use_context: useContext, page, pageSize } = request.query;
    const orgs = await scopedOrgIds(db, auth(request), useContext);
    const result = await listUnitPage(db, orgs, { offset: (page - 1) * pageSize, limit: pageSize });
    return { data: result.units, page, pageSize, total: result.total };
  });

  /** ?orgs=1,2: ids the user does not belong to are ignored; without orgs, all of his. */
  route(app, ENDPOINTS.devicesV1, async (request) => {
    const mine = await userOrgIds(db, auth(request).userId);
    const { orgs } = request.query;
    const wanted =
      orgs === undefined || orgs.trim() === ''
        ? mine
        : parseIdList(orgs, 'orgs').filter((id) => mine.includes(id));
    return listUnits(db, wanted);
  });
}
