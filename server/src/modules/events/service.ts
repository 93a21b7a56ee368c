/**
 * Events, notifications and tasks of the customers in scope, newest first. Stored documents go
 * through the shared validity rules: invalid ones are ignored, version-1 events are migrated.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  applyTaskOperation,
  newCustomTask,
  SYSTEM_USER,
  TaskRuleError,
  type EventCategory,
  type TaskWithRevision,
  isValidEvent,
  isValidNotification,
  isValidTask,
  markSeen,
  migrateEvent,
  type FwEvent,
  type FwNotification,
  type FwTask,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { events, notifications, tasks, userOrganizations, users } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { publishNew } from '../push/hub';

export const DEFAULT_LIST_LIMIT = 200;
export const MAX_LIST_LIMIT = 1000;

export async function listEvents(db: Db, orgIds: number[], limit: number): Promise<FwEvent[]> {
  if (orgIds.length === 0) return [];
  const rows = await db
    .select({ doc: events.doc })
    .from(events)
    .where(inArray(events.organizationId, orgIds))
    .orderBy(desc(events.created), desc(events.id))
    .limit(limit);
  return rows
    .map((r) => r.doc)
    .filter(isValidEvent)
    .map((d) => migrateEvent(d as unknown as Record<string, unknown>));
}

export async function listNotifications(
  db: Db,
  userId: number,
  orgIds: number[],
  limit: number,
): Promise<FwNotification[]> {
  if (orgIds.length === 0) return [];
  const rows = await db
    .select({ doc: notifications.doc })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), inArray(notifications.organizationId, orgIds)))
    .orderBy(desc(notifications.created), desc(notifications.id))
    .limit(limit);
  return rows.map((r) => r.doc).filter(isValidNotification);
}

export async function listTasks(db: Db, orgIds: number[], limit: number): Promise<FwTask[]> {
  if (orgIds.length === 0) return [];
  const rows = await db
    .select({ doc: tasks.doc })
    .from(tasks)
    .where(inArray(tasks.organizationId, orgIds))
    .orderBy(desc(tasks.created), desc(tasks.id))
    .limit(limit);
  return rows.map((r) => r.doc).filter(isValidTask);
}

/** Marks one of the user's notifications seen; a missing one does nothing (spec §5). */
export async function markNotificationSeen(
  db: Db,
  userId: number,
  id: string,
  now = new Date(),
): Promise<FwNotification | null> {
  const [row] = await db
    .select({ doc: notifications.doc })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  if (!row) return null;
  const [updated] = markSeen([row.doc], id, now.toISOString());
  if (updated && updated !== row.doc) {
    await db.update(notifications).set({ doc: updated }).where(eq(notifications.id, id));
  }
  return updated ?? null;
}

// ───────────────────────── Task writes (typed v3 endpoints, optimistic concurrency) ─────────────────────────

/** Tasks with the revision a later write must send back. */
export async function listTasksWithRevision(
  db: Db,
  orgIds: number[],
  limit: number,
): Promise<TaskWithRevision[]> {
  if (orgIds.length === 0) return [];
  const rows = await db
    .select({ doc: tasks.doc, revision: tasks.revision })
    .from(tasks)
    .where(inArray(tasks.organizationId, orgIds))
    .orderBy(desc(tasks.created), desc(tasks.id))
    .limit(limit);
  return rows.filter((r) => isValidTask(r.doc)).map((r) => ({ ...r.doc, revision: r.revision }));
}

export async function usernameOf(db: Db, userId: number): Promise<string> {
  const [row] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.username ?? SYSTEM_USER;
}

/** Usernames of the members of an organisation (who may be assigned to its tasks). */
async function memberUsernames(db: Db, orgId: number): Promise<Set<string>> {
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .innerJoin(userOrganizations, eq(userOrganizations.userId, users.id))
    .where(eq(userOrganizations.organizationId, orgId));
  return new Set(rows.map((r) => r.username));
}

/** Event ids of `ids` that exist in the organisation. */
async function existingEventIds(db: Db, orgId: number, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.organizationId, orgId), inArray(events.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

/** Events and assignees a task refers to must be of its organisation (else 400 "Unknown …"). */
export async function checkReferences(
  db: Db,
  orgId: number,
  eventIds: readonly string[],
  assignees: readonly string[],
) {
  const found = await existingEventIds(db, orgId, eventIds);
  const unknownEvents = eventIds.filter((e) => !found.has(e));
  if (unknownEvents.length > 0) throw badRequest(`Unknown event ${unknownEvents[0]}`);
  if (assignees.length > 0) {
    const members = await memberUsernames(db, orgId);
    const stranger = assignees.find((u) => !members.has(u));
    if (stranger !== undefined) throw badRequest(`Unknown user ${stranger}`);
  }
}

export const CONFLICT_MESSAGE = 'The task was changed by someone else; reload it and try again';
export const conflict = (message = CONFLICT_MESSAGE) => new HttpError(409, message, 'conflict');

export interface NewTaskInput {
  title: string;
  category?: EventCategory;
  eventIds?: string[];
  assignees?: string[];
}

export async function createCustomTask(
  db: Db,
  orgId: number,
  userId: number,
  input: NewTaskInput,
  now = new Date(),
): Promise<TaskWithRevision> {
  await checkReferences(db, orgId, input.eventIds ?? [], input.assignees ?? []);
  const user = await usernameOf(db, userId);
  let task: FwTask;
  try {
    task = newCustomTask(input, randomUUID(), user, now.toISOString());
  } catch (err) {
    if (err instanceof TaskRuleError) throw badRequest(err.message);
    throw err;
  }
  const [row] = await db
    .insert(tasks)
    .values({ id: task.id, organizationId: orgId, created: now, doc: task })
    .returning({ revision: tasks.revision });
  await publishNew(db, { tasks: [{ organizationId: orgId, id: task.id }] });
  return { ...task, revision: row!.revision };
}

/**
 * Applies one operation to a task of the user's organisations, if it is still at `revision`.
 * Another organisation's task (or none): 404, nothing changed. A stale revision: 409 'conflict',
 * nothing changed — the caller re-reads and re-applies, so no write is ever lost.
 */
export async function updateTask(
  db: Db,
  orgIds: readonly number[],
  userId: number,
  id: string,
  revision: number,
  op: Record<string, unknown>,
  now = new Date(),
): Promise<TaskWithRevision> {
  const [row] = await db
    .select({ doc: tasks.doc, revision: tasks.revision, org: tasks.organizationId })
    .from(tasks)
    .where(and(eq(tasks.id, id), inArray(tasks.organizationId, [...orgIds])))
    .limit(1);
  if (!row || orgIds.length === 0) throw notFound();
  if (row.revision !== revision) throw conflict();
  if (op.op === 'events' && Array.isArray(op.eventIds))
    await checkReferences(db, row.org, op.eventIds as string[], []);
  if (op.op === 'assign' && typeof op.user === 'string' && op.user !== '')
    await checkReferences(db, row.org, [], [op.user]);
  const user = await usernameOf(db, userId);
  let next: FwTask;
  try {
    next = applyTaskOperation(row.doc, op, user, now.toISOString());
  } catch (err) {
    if (err instanceof TaskRuleError) throw badRequest(err.message);
    throw err;
  }
  // Compare-and-set: a writer that read the same revision a moment earlier wins, this one conflicts.
  const [saved] = await db
    .update(tasks)
    .set({ doc: next, revision: sql`${tasks.revision} + 1` })
    .where(and(eq(tasks.id, id), eq(tasks.revision, revision)))
    .returning({ revision: tasks.revision });
  if (!saved) throw conflict();
  await publishNew(db, { tasks: [{ organizationId: row.org, id }] });
  return { ...next, revision: saved.revision };
}
