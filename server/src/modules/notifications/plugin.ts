/**
 * /api/v3/notifications: the signed-in user's notifications of the selected customers — the
 * page's filtered, enriched list, the unseen counts of the badge, and marking several or all seen
 * (service.ts). Marking seen is the user's own state, so a Reader may do it too.
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { badRequest } from '../../http/errors';
import { route } from '../../http/route';
import { auth } from '../auth/guard';
import { scopedOrgIds, userOrgIds } from '../auth/scope';
import { countUnseen, listNotificationPage, markSeen } from './service';

export default async function notificationsPlugin(app: FastifyInstance, { db }: ServerContext): Promise<void> {
  route(app, ENDPOINTS.notificationList, async (request) => {
    const a = auth(request);
    const orgs = await scopedOrgIds(db, a, true);
    return { data: await listNotificationPage(db, a.userId, orgs, request.query) };
  });

  route(app, ENDPOINTS.notificationCounts, async (request) => {
    const a = auth(request);
    return { data: await countUnseen(db, a.userId, await scopedOrgIds(db, a, true)) };
  });

  route(app, ENDPOINTS.markNotificationsSeen, async (request) => {
    const a = auth(request);
    const { ids, all, priority, customer } = request.body;
    if ((ids === undefined) === (all !== true))
      throw badRequest('Give either ids or all: true (the notifications to mark seen)');
    if (ids !== undefined)
      return { data: await markSeen(db, a.userId, await userOrgIds(db, a.userId), { ids }) };
    return {
      data: await markSeen(db, a.userId, await scopedOrgIds(db, a, true), {
        all: { ...(priority ? { priority } : {}), ...(customer !== undefined ? { customer } : {}) },
      }),
    };
  });
}
