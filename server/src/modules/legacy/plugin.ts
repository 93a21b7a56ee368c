/** /api/v1/xrequest/<Method> on GET or POST, dispatched to the registered domain handlers. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context';
import { notFound } from '../../http/errors';
import { auth } from '../auth/guard';
import { JsonRows } from './registry';
import { ENDPOINTS } from '@fieldwatch/shared';

export default async function legacyPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const handle = async (request: FastifyRequest<{ Params: { method: string } }>, reply: FastifyReply) => {
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
  type Req = { Params: { method: string } };
  app.get<Req>(ENDPOINTS.xrequestGet.path, { schema: ENDPOINTS.xrequestGet.schema }, (req, reply) => handle(req, reply));
  app.post<Req>(ENDPOINTS.xrequest.path, { schema: ENDPOINTS.xrequest.schema }, (req, reply) => handle(req, reply));
}
