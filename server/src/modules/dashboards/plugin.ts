/**
 * /api/v3/user/dashboard: list (creating missing built-ins), read, create (empty or from a
 * built-in template), save (content validated by the shared rules, lost updates refused with
 * 409), rename, filter, restore (built-ins) and delete (custom only); the templates and the
 * widget catalogue.
 *
 * Dashboards are the user's own (personal settings, not operational data): a Reader may edit his
 * own dashboards too, so these writes do not call requireWriter. Another user's id is 404
 * "Dashboard not found".
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, WIDGET_CATALOGUE } from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { badRequest } from '../../http/errors';
import { route } from '../../http/route';
import { auth } from '../auth/guard';
import {
  createDashboard,
  dashboardTemplates,
  deleteDashboard,
  getDashboard,
  listDashboards,
  renameDashboard,
  restoreDashboard,
  setFilter,
  updateDashboard,
} from './service';

export default async function dashboardsPlugin(app: FastifyInstance, { db }: ServerContext): Promise<void> {
  route(app, ENDPOINTS.dashboards, async (request) => {
    return { data: await listDashboards(db, auth(request), request.query) };
  });

  // Static paths before /:id (Fastify prefers static segments anyway; ids are integers).
  route(app, ENDPOINTS.dashboardTemplates, async (request) => ({
    data: await dashboardTemplates(db, auth(request), request.query.useContext),
  }));

  /** The widget catalogue: ids, name keys, minimum and default sizes. */
  route(app, ENDPOINTS.widgets, async () => ({ data: WIDGET_CATALOGUE }));

  route(app, ENDPOINTS.dashboard, async (request) => {
    return { data: await getDashboard(db, auth(request).userId, request.params.id) };
  });

  route(app, ENDPOINTS.createDashboard, async (request, reply) => {
    const b = request.body;
    reply.code(201);
    return {
      data: await createDashboard(db, auth(request), {
        name: b.name,
        templateId: b.templateId ?? null,
        useContext: b.useContext,
      }),
    };
  });

  // The content's shape is checked by validateDashboardContent (shared), for exact messages.
  route(app, ENDPOINTS.saveDashboard, async (request) => {
    return { data: await updateDashboard(db, auth(request).userId, request.params.id, request.body) };
  });

  route(app, ENDPOINTS.deleteDashboard, async (request) => {
    await deleteDashboard(db, auth(request).userId, request.params.id);
    return { data: { id: request.params.id } };
  });

  route(app, ENDPOINTS.renameDashboard, async (request) => {
    const { id, name } = request.body;
    if (id !== undefined && id !== request.params.id)
      throw badRequest('id does not match the dashboard in the path');
    return { data: await renameDashboard(db, auth(request).userId, request.params.id, name) };
  });

  route(app, ENDPOINTS.dashboardFilter, async (request) => {
    return { data: await setFilter(db, auth(request).userId, request.params.id, request.body) };
  });

  route(app, ENDPOINTS.restoreDashboard, async (request) => {
    return { data: await restoreDashboard(db, auth(request).userId, request.params.id) };
  });
}
