/** /api/v3/events: events, the user's notifications and tasks of the selected customers. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context';
import { EVENT_CATEGORIES, TASK_OPERATIONS, TASK_STATUSES, type NewTaskRequest } from '@fieldwatch/shared';
import { notFound } from '../../http/errors';
import { auth } from '../auth/guard';
import { requireWriter } from '../auth/permissions';
import { scopedOrgIds, userOrgIds } from '../auth/scope';
import {
  createCustomTask,
  DEFAULT_LIST_LIMIT,
  listEvents,
  listNotifications,
  listTasksWithRevision,
  markNotificationSeen,
  MAX_LIST_LIMIT,
  updateTask,
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

const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max }) as const;
const idList = { type: 'array', maxItems: 500, items: text(200) } as const;
const usernameList = { type: 'array', maxItems: 100, items: text(200) } as const;

const newTaskSchema = {
  body: {
    type: 'object',
    required: ['title'],
    additionalProperties: false,
    properties: {
      title: text(500),
      category: { type: 'string', enum: [...EVENT_CATEGORIES] },
      eventIds: idList,
      assignees: usernameList,
      organizationId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
    },
  },
} as const;

/**
 * One operation per write; which payload field an operation needs is checked by the shared rules
 * (applyTaskOperation), so a missing payload answers 400 with the rule's message.
 */
const updateTaskSchema = {
  params: seenSchema.params,
  body: {
    type: 'object',
    required: ['op', 'revision'],
    additionalProperties: false,
    properties: {
      op: { type: 'string', enum: [...TASK_OPERATIONS] },
      revision: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
      status: { type: 'string', enum: [...TASK_STATUSES] },
      user: text(200),
      note: text(10_000),
      title: text(500),
      category: { type: 'string', enum: [...EVENT_CATEGORIES] },
      eventIds: idList,
    },
  },
} as const;

type UpdateTaskRequest = {
  Params: { id: string };
  Body: { op: string; revision: number } & Record<string, unknown>;
};

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
    return { data: await listTasksWithRevision(db, orgs, request.query.limit) };
  });

  /** A custom task in one of the user's organisations (default: the first selected customer). */
  app.post<{ Body: NewTaskRequest }>(
    '/api/v3/events/tasks',
    { schema: newTaskSchema },
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
  app.patch<UpdateTaskRequest>('/api/v3/events/tasks/:id', { schema: updateTaskSchema }, update);
  app.put<UpdateTaskRequest>('/api/v3/events/tasks/:id', { schema: updateTaskSchema }, update);

  /** Answers the notification as it is now, or null when there is none (which is not an error). */
  app.put<{ Params: { id: string } }>(
    '/api/v3/events/notifications/:id/seen',
    { schema: seenSchema },
    async (request) => {
      return { data: await markNotificationSeen(db, auth(request).userId, request.params.id) };
    },
  );
}
