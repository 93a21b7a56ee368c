/**
 * Health for load balancers and orchestrators:
 * - GET /api/health/live: the process runs and answers HTTP. Touches no database, so a database
 *   outage never gets healthy replicas restarted. GET /api/health is the same (older callers).
 * - GET /api/health/ready: this replica can serve — the database answers within
 *   READY_DB_TIMEOUT_MS and the push listener is not down. 503 says what is not.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { classifyDbError } from '../../http/errors';
import { route } from '../../http/route';
import { pushListenerState } from '../push/plugin';
import { ENDPOINTS } from '@fieldwatch/shared';

/** Readiness answers quickly: a database slower than this counts as down. */
export const healthSettings = { readyDbTimeoutMs: 2000 };

export interface ReadyBody {
  ok: boolean;
  database: 'up' | 'down';
  /** idle: no stream opened yet (nothing to listen for); listening; reconnecting; closed. */
  push: string;
  message?: string;
  code?: 'not_ready';
}

async function databaseProblem(ctx: ServerContext): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(
      () => resolve(`the database did not answer within ${healthSettings.readyDbTimeoutMs} ms`),
      healthSettings.readyDbTimeoutMs,
    );
  });
  const probe = ctx.db.execute(sql`select 1`).then(
    () => null,
    (err: unknown) =>
      classifyDbError(err) === 'unavailable'
        ? 'the database is unreachable' // the driver's detail (host, port) stays in the log
        : 'the database answered with an error',
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export default async function healthPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const live = async () => ({ ok: true });
  route(app, ENDPOINTS.health, live);
  route(app, ENDPOINTS.healthLive, live);

  route(app, ENDPOINTS.healthReady, async (_request, reply) => {
    const dbProblem = await databaseProblem(ctx);
    const push = pushListenerState(ctx.db) ?? 'idle';
    const pushDown = push === 'reconnecting' || push === 'closed';
    const problems = [dbProblem, pushDown ? `the push listener is ${push}` : null].filter(
      (p): p is string => !!p,
    );
    const body: ReadyBody = { ok: problems.length === 0, database: dbProblem ? 'down' : 'up', push };
    if (problems.length > 0) {
      body.message = `Not ready: ${problems.join('; ')}.`;
      body.code = 'not_ready';
      return reply.code(503).send(body);
    }
    return body;
  });
}
