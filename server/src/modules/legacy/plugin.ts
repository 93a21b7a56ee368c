/** /api/v1/xrequest/<Method> on GET or POST, dispatched to the registered domain handlers. */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { notFound } from '../../http/errors';
import { route, type EndpointHandler } from '../../http/route';
import { auth } from '../auth/guard';
import { JsonRows } from './registry';
import { ENDPOINTS } from '@fieldwatch/shared';

export default async function legacyPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  // GET and POST share the handler: both entries have the schema XRequestParams.
  const handle: EndpointHandler<typeof ENDPOINTS.xrequest> = async (request, reply) => {
    const method = request.params.method;
    const handler = ctx.legacy.handler(method);
    if (!handler) throw notFound(`Unknown method ${method}`);
    const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {};
    const params = { ...(request.query as Record<string, unknown>), ...(body as Record<string, unknown>) };
    const rows = await handler({ ctx, auth: auth(request), params, request });
    if (rows instanceof JsonRows) {
      if (rows.count === 0) return [{}];
      return reply.type('application/json; charset=utf-8').send(rows.json);
    }
    return rows.length === 0 ? [{}] : rows;
  };
  route(app, ENDPOINTS.xrequestGet, handle);
  route(app, ENDPOINTS.xrequest, handle);
}
