/** /api/v3/events: events, the user's notifications and tasks of the selected customers. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context';
import { ENDPOINTS, type NewTaskRequest } from '@fieldwatch/shared';
import { notFound } from '../../http/errors';
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

type ListRequest = { Querystring: { limit: number } };

type UpdateTaskRequest = {
  Params: { id: string };
  Body: { op: string; revision: number } & Record<string, unknown>;
};

export default async function eventsPlugin(app: FastifyInstance, { db }: ServerContext): Promise<void> {
  app.get<ListRequest>(ENDPOINTS.events.path, { schema: ENDPOINTS.events.schema }, async (request) => {
    const orgs = await scopedOrgIds(db, auth(request), true);
    return { data: await listEvents(db, orgs, request.query.limit) };
  });

  app.get<ListRequest>(ENDPOINTS.notifications.path, { schema: ENDPOINTS.notifications.schema }, async (request) => {
    const a = auth(request);
    const orgs = await scopedOrgIds(db, a, true);
    return { data: await listNotifications(db, a.userId, orgs, request.query.limit) };
  });

  app.get<ListRequest>(ENDPOINTS.tasks.path, { schema: ENDPOINTS.tasks.schema }, async (request) => {
    const orgs = await scopedOrgIds(db, auth(request), true);
    return { data: await listTasksWithRevision(db, orgs, request.query.limit) };
  });

  /** A custom task in one of the user's organisations (default: the first selected customer). */
  app.post<{ Body: NewTaskRequest }>(
    ENDPOINTS.createTask.path,
    { schema: ENDPOINTS.createTask.schema },
    async (request, reply) => {
      const a = auth(request);
      requireWriter(a);
      const mine = await userOrgIds(db, a.userId);
      const { organizationId, ...input } = request.body;
      const org = organizationId ?? (await scopedOrgIds(db, a, true))[0] ?? mine[0];
      if (org === undefined || !mine.includes(org)) throw notFound();
      const task = await createCustomTask(db, org, a.userId, input);
      return reply.code(201).send({ data: task });
    },
  );

  const update = async (request: FastifyRequest<UpdateTaskRequest>) => {
    const a = auth(request);
    requireWriter(a);
    const { revision, ...op } = request.body;
    const orgs = await userOrgIds(db, a.userId);
    return { data: await updateTask(db, orgs, a.userId, request.params.id, revision, op) };
  };
  app.patch<UpdateTaskRequest>(ENDPOINTS.patchTask.path, { schema: ENDPOINTS.patchTask.schema }, update);
  app.put<UpdateTaskRequest>(ENDPOINTS.updateTask.path, { schema: ENDPOINTS.updateTask.schema }, update);

  /** Answers the notification as it is now, or null when there is none (which is not an error). */
  app.put<{ Params: { id: string } }>(
    ENDPOINTS.notificationSeen.path,
    { schema: ENDPOINTS.notificationSeen.schema },
    async (request) => {
      return { data: await markNotificationSeen(db, auth(request).userId, request.params.id) };
    },
  );
}
