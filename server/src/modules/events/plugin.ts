/** /api/v3/events: events, the user's notifications and tasks of the selected customers. */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { auth } from '../auth/guard';
import { scopedOrgIds } from '../auth/scope';
import {
  DEFAULT_LIST_LIMIT,
  listEvents,
  listNotifications,
  listTasks,
  markNotificationSeen,
  MAX_LIST_LIMIT,
} from './service';

const listSchema = {
  querystring: {
    type: 'object',
    properties: {
      limit: { type: 'integer', minimum: 1, maximum: MAX_LIST_LIMIT, default: DEFAULT_LIST_LIMIT },
    },
  },
} as const;
const seenSchema = {
  params: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string', minLength: 1, maxLength: 200 } },
  },
} as const;

type ListRequest = { Querystring: { limit: number } };

export default async function eventsPlugin(app: FastifyInstance, { db }: ServerContext): Promise<void> {
  app.get<ListRequest>('/api/v3/events/events', { schema: listSchema }, async (request) => {
    const orgs = await scopedOrgIds(db, auth(request), true);
    return { data: await listEvents(db, orgs, request.query.limit) };
  });

  app.get<ListRequest>('/api/v3/events/notifications', { schema: listSchema }, async (request) => {
    const a = auth(request);
    const orgs = await scopedOrgIds(db, a, true);
    return { data: await listNotifications(db, a.userId, orgs, request.query.limit) };
  });

  app.get<ListRequest>('/api/v3/events/tasks', { schema: listSchema }, async (request) => {
    const orgs = await scopedOrgIds(db, auth(request), true);
    return { data: await listTasks(db, orgs, request.query.limit) };
  });

  /** Answers the notification as it is now, or null when there is none (which is not an error). */
  app.put<{ Params: { id: string } }>(
    '/api/v3/events/notifications/:id/seen',
    { schema: seenSchema },
    async (request) => {
      return { data: await markNotificationSeen(db, auth(request).userId, request.params.id) };
    },
  );
}
