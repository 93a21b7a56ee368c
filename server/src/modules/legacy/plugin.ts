/** /api/v1/xrequest/<Method> on GET or POST, dispatched to the registered domain handlers. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context';
import { notFound } from '../../http/errors';
import { auth } from '../auth/guard';
import { legacyHandler } from './registry';

/** The spec's method names are PascalCase words; anything else is not a method. */
const METHOD_PATTERN = '^[A-Za-z][A-Za-z0-9]{0,63}$';

export default async function legacyPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const handle = async (request: FastifyRequest<{ Params: { method: string } }>) => {
    const method = request.params.method;
    const handler = legacyHandler(method);
    if (!handler) throw notFound(`Unknown method ${method}`);
    const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {};
    const params = { ...(request.query as Record<string, unknown>), ...(body as Record<string, unknown>) };
    const rows = await handler({ ctx, auth: auth(request), params, request });
    return rows.length === 0 ? [{}] : rows;
  };
  const schema = {
    params: { type: 'object', properties: { method: { type: 'string', pattern: METHOD_PATTERN } }, required: ['method'] },
  } as const;
  app.get<{ Params: { method: string } }>('/api/v1/xrequest/:method', { schema }, (req) => handle(req));
  app.post<{ Params: { method: string } }>('/api/v1/xrequest/:method', { schema }, (req) => handle(req));
}
