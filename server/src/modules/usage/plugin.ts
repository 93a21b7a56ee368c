/**
 * GET /api/v3/admin/usage: the usage statistics of one of the SuperUser's organisations (issue 18
 * §1). API calls are counted by ./counter.ts, installed on the whole app in app.ts.
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { route } from '../../http/route';
import { auth } from '../auth/guard';
import { requireAdmin } from '../auth/permissions';
import { userOrgIds } from '../auth/scope';
import { usageCounterOf } from './counter';
import { usageStatistics } from './service';

export default async function usagePlugin(app: FastifyInstance, { db }: ServerContext): Promise<void> {
  route(app, ENDPOINTS.usageStatistics, async (request) => {
    const a = auth(request);
    requireAdmin(a);
    // The calls counted so far are written first, so the numbers include them.
    await usageCounterOf(db)?.flush();
    return { data: await usageStatistics(db, await userOrgIds(db, a.userId), request.query) };
  });
}
