/**
 * /api/v3/user/dashboard: list (creating missing built-ins) and read. Create, update, rename and
 * delete come with the dashboard editor and belong in this module.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { auth } from '../auth/guard';
import { getDashboard, listDashboards } from './service';

const listSchema = {
  querystring: {
    type: 'object',
    properties: {
      excludeContent: { type: 'boolean', default: false },
      useContext: { type: 'boolean', default: true },
    },
  },
} as const;

const idParams = {
  params: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  },
} as const;

export default async function dashboardsPlugin(app: FastifyInstance, { db }: ServerContext): Promise<void> {
  app.get<{ Querystring: { excludeContent: boolean; useContext: boolean } }>(
    '/api/v3/user/dashboard',
    { schema: listSchema },
    async (request) => {
      return { data: await listDashboards(db, auth(request), request.query) };
    },
  );

  app.get<{ Params: { id: number } }>('/api/v3/user/dashboard/:id', { schema: idParams }, async (request) => {
    return { data: await getDashboard(db, auth(request).userId, request.params.id) };
  });
}
