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
  DASHBOARD_KINDS,
  VERSIONS,
  WIDGET_CATALOGUE,
  type CreateDashboardBody,
  type FilterSettings,
  type UpdateDashboardBody,
} from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { badRequest } from '../../http/errors';
import { auth } from '../auth/guard';
import { filterSettingsSchema } from '../user/preferences';
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

const listSchema = {
  querystring: {
    type: 'object',
    properties: {
      excludeContent: { type: 'boolean', default: false },
      useContext: { type: 'boolean', default: true },
    },
  },
} as const;

const ID = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const idParams = { type: 'object', required: ['id'], properties: { id: ID } } as const;
const NAME = { type: 'string', maxLength: 200 } as const;

export default async function dashboardsPlugin(app: FastifyInstance, { db }: ServerContext): Promise<void> {
  app.get<{ Querystring: { excludeContent: boolean; useContext: boolean } }>(
    '/api/v3/user/dashboard',
    { schema: listSchema },
    async (request) => {
      return { data: await listDashboards(db, auth(request), request.query) };
    },
  );

  // Static paths before /:id (Fastify prefers static segments anyway; ids are integers).
  app.get<{ Querystring: { useContext: boolean } }>(
    '/api/v3/user/dashboard/template',
    {
      schema: {
        querystring: { type: 'object', properties: { useContext: { type: 'boolean', default: true } } },
      },
    },
    async (request) => ({ data: await dashboardTemplates(db, auth(request), request.query.useContext) }),
  );

  /** The widget catalogue: ids, name keys, minimum and default sizes. */
  app.get('/api/v3/user/widget', async () => ({ data: WIDGET_CATALOGUE }));

  app.get<{ Params: { id: number } }>(
    '/api/v3/user/dashboard/:id',
    { schema: { params: idParams } },
    async (request) => {
      return { data: await getDashboard(db, auth(request).userId, request.params.id) };
    },
  );

  app.post<{ Body: CreateDashboardBody }>(
    '/api/v3/user/dashboard',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            name: NAME,
            templateId: { anyOf: [{ type: 'string', enum: [...DASHBOARD_KINDS] }, { type: 'null' }] },
            useContext: { type: 'boolean', default: true },
          },
        },
      },
    },
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
    '/api/v3/user/dashboard/:id',
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          required: ['content'],
          additionalProperties: false,
          properties: {
            // The content's shape is checked by validateDashboardContent (shared), for exact messages.
            content: { type: 'object' },
            name: NAME,
            version: { type: 'string', enum: [VERSIONS.dashboard] },
            updatedAt: { type: 'string', format: 'date-time' },
          },
        },
      },
    },
    async (request) => {
      return { data: await updateDashboard(db, auth(request).userId, request.params.id, request.body) };
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/v3/user/dashboard/:id',
    { schema: { params: idParams } },
    async (request) => {
      await deleteDashboard(db, auth(request).userId, request.params.id);
      return { data: { id: request.params.id } };
    },
  );

  app.put<{ Params: { id: number }; Body: { name: string; id?: number } }>(
    '/api/v3/user/dashboard/:id/updateName',
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          required: ['name'],
          additionalProperties: false,
          properties: { name: NAME, id: ID },
        },
      },
    },
    async (request) => {
      const { id, name } = request.body;
      if (id !== undefined && id !== request.params.id) throw badRequest('id does not match the dashboard in the path');
      return { data: await renameDashboard(db, auth(request).userId, request.params.id, name) };
    },
  );

  app.put<{ Params: { id: number }; Body: FilterSettings }>(
    '/api/v3/user/dashboard/:id/filter',
    { schema: { params: idParams, body: filterSettingsSchema } },
    async (request) => {
      return { data: await setFilter(db, auth(request).userId, request.params.id, request.body) };
    },
  );

  app.post<{ Params: { id: number } }>(
    '/api/v3/user/dashboard/:id/restore',
    { schema: { params: idParams } },
    async (request) => {
      return { data: await restoreDashboard(db, auth(request).userId, request.params.id) };
    },
  );
}
