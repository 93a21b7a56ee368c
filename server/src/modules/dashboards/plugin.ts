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
import {
  ENDPOINTS,
  WIDGET_CATALOGUE,
  type CreateDashboardBody,
  type RenameDashboardBody,
  type FilterSettings,
  type UpdateDashboardBody,
} from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { badRequest } from '../../http/errors';
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
  app.get<{ Querystring: { excludeContent: boolean; useContext: boolean } }>(
    ENDPOINTS.dashboards.path,
    { schema: ENDPOINTS.dashboards.schema },
    async (request) => {
      return { data: await listDashboards(db, auth(request), request.query) };
    },
  );

  // Static paths before /:id (Fastify prefers static segments anyway; ids are integers).
  app.get<{ Querystring: { useContext: boolean } }>(
    ENDPOINTS.dashboardTemplates.path,
    { schema: ENDPOINTS.dashboardTemplates.schema },
    async (request) => ({ data: await dashboardTemplates(db, auth(request), request.query.useContext) }),
  );

  /** The widget catalogue: ids, name keys, minimum and default sizes. */
  app.get(ENDPOINTS.widgets.path, async () => ({ data: WIDGET_CATALOGUE }));

  app.get<{ Params: { id: number } }>(
    ENDPOINTS.dashboard.path,
    { schema: ENDPOINTS.dashboard.schema },
    async (request) => {
      return { data: await getDashboard(db, auth(request).userId, request.params.id) };
    },
  );

  app.post<{ Body: CreateDashboardBody }>(
    ENDPOINTS.createDashboard.path,
    { schema: ENDPOINTS.createDashboard.schema },
    async (request, reply) => {
      const b = request.body ?? {};
      reply.code(201);
      return {
        data: await createDashboard(db, auth(request), {
          name: b.name,
          templateId: b.templateId ?? null,
          useContext: b.useContext ?? true,
        }),
      };
    },
  );

  app.put<{ Params: { id: number }; Body: UpdateDashboardBody }>(
    ENDPOINTS.saveDashboard.path,
    // The content's shape is checked by validateDashboardContent (shared), for exact messages.
    { schema: ENDPOINTS.saveDashboard.schema },
    async (request) => {
      return { data: await updateDashboard(db, auth(request).userId, request.params.id, request.body) };
    },
  );

  app.delete<{ Params: { id: number } }>(
    ENDPOINTS.deleteDashboard.path,
    { schema: ENDPOINTS.deleteDashboard.schema },
    async (request) => {
      await deleteDashboard(db, auth(request).userId, request.params.id);
      return { data: { id: request.params.id } };
    },
  );

  app.put<{ Params: { id: number }; Body: RenameDashboardBody }>(
    ENDPOINTS.renameDashboard.path,
    { schema: ENDPOINTS.renameDashboard.schema },
    async (request) => {
      const { id, name } = request.body;
      if (id !== undefined && id !== request.params.id) throw badRequest('id does not match the dashboard in the path');
      return { data: await renameDashboard(db, auth(request).userId, request.params.id, name) };
    },
  );

  app.put<{ Params: { id: number }; Body: FilterSettings }>(
    ENDPOINTS.dashboardFilter.path,
    { schema: ENDPOINTS.dashboardFilter.schema },
    async (request) => {
      return { data: await setFilter(db, auth(request).userId, request.params.id, request.body) };
    },
  );

  app.post<{ Params: { id: number } }>(
    ENDPOINTS.restoreDashboard.path,
    { schema: ENDPOINTS.restoreDashboard.schema },
    async (request) => {
      return { data: await restoreDashboard(db, auth(request).userId, request.params.id) };
    },
  );
}
