/** /api/v3/events: events, the user's notifications and tasks of the selected customers. */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { ENDPOINTS } from '@fieldwatch/shared';
import { notFound } from '../../http/errors';
import { route, type EndpointHandler } from '../../http/route';
import { auth } from '../auth/guard';
import { requireWriter } from '../auth/permissions';
import { scopedOrgIds, userOrgIds } from '../auth/scope';
import {
  createCustomTask,
  listEvents,
  listNotifications,
  listTasksWithRevision,
  markNotificationSeen,
  updateTask,
} from './service';

export default async function eventsPlugin(app: FastifyInstance, { db }: ServerContext): Promise<void> {
  route(app, ENDPOINTS.events, async (request) => {
    const orgs = await scopedOrgIds(db, auth(request), true);
    return { data: await listEvents(db, orgs, request.query.limit) };
  });

  route(app, ENDPOINTS.notifications, async (request) => {
    const a = auth(request);
    const orgs = await scopedOrgIds(db, a, true);
    return { data: await listNotifications(db, a.userId, orgs, request.query.limit) };
  });

  route(app, ENDPOINTS.tasks, async (request) => {
    const orgs = await scopedOrgIds(db, auth(request), true);
    return { data: await listTasksWithRevision(db, orgs, request.query.limit) };
  });

  /** A custom task in one of the user's organisations (default: the first selected customer). */
  route(app, ENDPOINTS.createTask, async (request, reply) => {
    const a = auth(request);
    requireWriter(a);
    const mine = await userOrgIds(db, a.userId);
    const { organizationId, ...input } = request.body;
    const org = organizationId ?? (await scopedOrgIds(db, a, true))[0] ?? mine[0];
    if (org === undefined || !mine.includes(org)) throw notFound();
    const task = await createCustomTask(db, org, a.userId, input);
    return reply.code(201).send({ data: task });
  });

  // PATCH and PUT share the handler: both entries have the same schemas.
  const update: EndpointHandler<typeof ENDPOINTS.updateTask> = async (request) => {
    const a = auth(request);
    requireWriter(a);
    const { revision, ...op } = request.body;
    const orgs = await userOrgIds(db, a.userId);
    return { data: await updateTask(db, orgs, a.userId, request.params.id, revision, op) };
  };
  route(app, ENDPOINTS.patchTask, update);
  route(app, ENDPOINTS.updateTask, update);

  /** Answers the notification as it is now, or null when there is none (which is not an error). */
  route(app, ENDPOINTS.notificationSeen, async (request) => {
    return { data: await markNotificationSeen(db, auth(request).userId, request.params.id) };
  });
}
