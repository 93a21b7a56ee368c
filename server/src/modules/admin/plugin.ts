/** /api/v3/admin: the admin area. Only SuperUsers may use it. */
import type { FastifyInstance } from 'fastify';
import { USER_TYPES } from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { forbidden, MISSING_AREA_AUTHORITY } from '../../http/errors';
import { auth } from '../auth/guard';
import { registerUserRoutes } from './users-routes';

export default async function adminPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  // Encapsulated: this check applies to the admin routes only.
  app.addHook('preHandler', async (request) => {
    if (auth(request).userType !== USER_TYPES.SuperUser) throw forbidden(MISSING_AREA_AUTHORITY);
  });

  registerUserRoutes(app, ctx);
}
