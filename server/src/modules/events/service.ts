/**
 * Events, notifications and tasks of the customers in scope, newest first. Stored documents go
 * through the shared validity rules: invalid ones are ignored, version-1 events are migrated.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  EVENT_LIST_LIMITS,
  applyTaskOperation,
  isApiDateRange,
  newCustomTask,
  SYSTEM_USER,
  TaskRuleError,
  type NewTaskFields,
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
import { containers, events, notifications, tasks, units, userOrganizations, users } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { publishNew } from '../push/hub';

export const DEFAULT_LIST_LIMIT = EVENT_LIST_LIMITS.default;

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
/** JSON with sorted keys: jsonb does not keep key order, so documents compare by content. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isObj(v))
    return `{${Object.keys(v)
      .filter((k) => v[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}
/** The same event, in the same or in its version-1 form. */
const sameEvent = (a: unknown, b: unknown) =>
  canonical(a) === canonical(b) ||
  canonical(migrateEvent(a as Record<string, unknown>)) === canonical(migrateEvent(b as Record<string, unknown>));
export const MAX_LIST_LIMIT = EVENT_LIST_LIMITS.max;

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

/** Marks one of the user's notifications seen; a missing one does nothing (not an error). */
export async function markNotificationSeen(
  db: Db,
  userId: number,
  id: string,
  now = new Date(),
): Promise<FwNotification | null> {
  const [row] = await db
    .select({ doc: notifications.doc, org: notifications.organizationId })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  if (!row) return null;
  const [updated] = markSeen([row.doc], id, now.toISOString());
  if (updated && updated !== row.doc) {
    await writeNotificationDoc(db, updated);
    // The user's other browsers mark it seen too.
    if (updated.seen)
      await publishNew(db, { seen: [{ organizationId: row.org, userId, id, seen: updated.seen }] });
  }
  return updated ?? null;
}

/** Stores a notification's document as it now is (its seen stamp: the only change a notification takes). */
async function writeNotificationDoc(db: Db, doc: FwNotification): Promise<void> {
  await db.update(notifications).set({ doc }).where(eq(notifications.id, doc.id));
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

/** Units and the location container a task is about must be of its organisation (else 400 "Unknown unit …"/"Unknown location …"). */
export async function checkTaskPlaces(
  db: Db,
  orgId: number,
  unitIds: readonly number[] = [],
  locationId?: string | null,
): Promise<void> {
  const ids = [...new Set(unitIds)];
  if (ids.length > 0) {
    const bad = ids.find((u) => !Number.isSafeInteger(u) || u < 1 || u > 2_147_483_647);
    if (bad !== undefined) throw badRequest(`Unknown unit ${bad}`);
    const rows = await db
      .select({ id: units.id })
      .from(units)
      .where(and(eq(units.organizationId, orgId), inArray(units.id, ids)));
    const found = new Set(rows.map((r) => r.id));
    const unknown = ids.find((u) => !found.has(u));
    if (unknown !== undefined) throw badRequest(`Unknown unit ${unknown}`);
  }
  if (locationId) {
    const [row] = await db
      .select({ id: containers.id })
      .from(containers)
      .where(and(eq(containers.id, locationId), eq(containers.organizationId, orgId), eq(containers.kind, 'location')))
      .limit(1);
    if (!row) throw badRequest(`Unknown location ${locationId}`);
  }
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

export type NewTaskInput = NewTaskFields;

export async function createCustomTask(
  db: Db,
  orgId: number,
  userId: number,
  input: NewTaskInput,
  now = new Date(),
): Promise<TaskWithRevision> {
  await checkReferences(db, orgId, input.eventIds ?? [], input.assignees ?? []);
  await checkTaskPlaces(db, orgId, input.unitIds, input.locationId);
  const user = await usernameOf(db, userId);
  let task: FwTask;
  try {
    task = newCustomTask(input, randomUUID(), user, now.toISOString());
  } catch (err) {
    if (err instanceof TaskRuleError) throw badRequest(err.message);
    throw err;
  }
  const revision = await insertTask(db, orgId, task, now);
  await publishNew(db, { tasks: [{ organizationId: orgId, id: task.id }] });
  return { ...task, revision };
}

/** Inserts a new task; answers its first revision. */
async function insertTask(db: Db, orgId: number, task: FwTask, created: Date): Promise<number> {
  const [row] = await db
    .insert(tasks)
    .values({ id: task.id, organizationId: orgId, created, doc: task })
    .returning({ revision: tasks.revision });
  return row!.revision;
}

/**
 * Compare-and-set: replaces the task's document if it is still at `revision` and answers the new
 * revision. A writer that read the same revision a moment earlier wins, this one conflicts (409).
 */
async function writeTaskRevision(db: Db, id: string, revision: number, doc: FwTask): Promise<number> {
  const [saved] = await db
    .update(tasks)
    .set({ doc, revision: sql`${tasks.revision} + 1` })
    .where(and(eq(tasks.id, id), eq(tasks.revision, revision)))
    .returning({ revision: tasks.revision });
  if (!saved) throw conflict();
  return saved.revision;
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
  if (op.op === 'units' && Array.isArray(op.unitIds)) await checkTaskPlaces(db, row.org, op.unitIds as number[]);
  if (op.op === 'location' && typeof op.locationId === 'string') await checkTaskPlaces(db, row.org, [], op.locationId);
  const user = await usernameOf(db, userId);
  let next: FwTask;
  try {
    next = applyTaskOperation(row.doc, op, user, now.toISOString());
  } catch (err) {
    if (err instanceof TaskRuleError) throw badRequest(err.message);
    throw err;
  }
  const saved = await writeTaskRevision(db, id, revision, next);
  await publishNew(db, { tasks: [{ organizationId: row.org, id }] });
  return { ...next, revision: saved };
}

// ───────────────────────── Whole-document writes (the older API's SetUserData/DeleteUserData) ─────────────────────────

/**
 * Stores an event under its id. Events are immutable: an existing id must hold the same document
 * (version-1 and current forms compare equal), else 409; another organisation's id is 404.
 */
export async function storeEvent(db: Db, orgIds: readonly number[], newOrg: number, doc: FwEvent): Promise<void> {
  const [old] = await db.select().from(events).where(eq(events.id, doc.id)).limit(1);
  if (old) {
    if (!orgIds.includes(old.organizationId)) throw notFound();
    if (!sameEvent(old.doc, doc)) throw conflict(`Event ${doc.id} exists and events cannot be changed`);
    return;
  }
  await db.insert(events).values({ id: doc.id, organizationId: newOrg, created: new Date(doc.created), doc });
}

/**
 * Stores one of the user's notifications. An existing one only ever gains its seen stamp, once:
 * nothing another writer did can be lost. Another user's or organisation's id is 404.
 */
export async function storeNotification(
  db: Db,
  userId: number,
  orgIds: readonly number[],
  newOrg: number,
  doc: FwNotification,
): Promise<void> {
  const [old] = await db.select().from(notifications).where(eq(notifications.id, doc.id)).limit(1);
  if (old) {
    if (old.userId !== userId || !orgIds.includes(old.organizationId)) throw notFound();
    if (doc.seen && !old.doc.seen && isApiDateRange(new Date(doc.seen)))
      await writeNotificationDoc(db, { ...old.doc, seen: doc.seen });
    return;
  }
  await db
    .insert(notifications)
    .values({ id: doc.id, organizationId: newOrg, userId, created: new Date(doc.created), doc });
}

/**
 * Stores a whole task document: a new id is inserted, an existing task (of `orgIds`, else 404) is
 * replaced if `revision` is the one stored (missing or stale: 409). Events and assignees must be
 * of the task's organisation, as for the typed endpoints. Answers the task's organisation and new
 * revision; the caller publishes the change at commit.
 */
export async function storeTask(
  db: Db,
  orgIds: readonly number[],
  newOrg: number,
  doc: FwTask,
  revision: number | undefined,
): Promise<{ organizationId: number; revision: number }> {
  const [old] = await db.select().from(tasks).where(eq(tasks.id, doc.id)).limit(1);
  if (old && !orgIds.includes(old.organizationId)) throw notFound();
  const org = old?.organizationId ?? newOrg;
  await checkReferences(db, org, doc.eventIds ?? [], doc.assignees ?? []);
  await checkTaskPlaces(db, org, Array.isArray(doc.unitIds) ? doc.unitIds : [], typeof doc.locationId === 'string' ? doc.locationId : null);
  if (!old) return { organizationId: org, revision: await insertTask(db, org, doc, new Date(doc.created)) };
  if (revision === undefined || revision !== old.revision) throw conflict();
  return { organizationId: org, revision: await writeTaskRevision(db, doc.id, revision, doc) };
}

type Deletable = 'events' | 'notifications' | 'tasks';

/**
 * Deletes events, notifications (the user's own) or tasks by id, all or nothing: every id must be
 * one of `orgIds` (else 404), and a task given with a revision must still be at it (else 409).
 */
export async function deleteRecords(
  db: Db,
  table: Deletable,
  userId: number,
  orgIds: readonly number[],
  targets: ReadonlyArray<{ id: string; revision?: number }>,
): Promise<number> {
  const ids = [...new Set(targets.map((t) => t.id))];
  if (ids.length === 0) return 0;
  let found: Array<{ id: string; org: number; revision?: number }>;
  if (table === 'events')
    found = await db.select({ id: events.id, org: events.organizationId }).from(events).where(inArray(events.id, ids));
  else if (table === 'notifications')
    found = await db
      .select({ id: notifications.id, org: notifications.organizationId })
      .from(notifications)
      .where(and(inArray(notifications.id, ids), eq(notifications.userId, userId)));
  else
    found = await db
      .select({ id: tasks.id, org: tasks.organizationId, revision: tasks.revision })
      .from(tasks)
      .where(inArray(tasks.id, ids));
  const mine = new Map(found.filter((f) => orgIds.includes(f.org)).map((f) => [f.id, f]));
  if (ids.some((id) => !mine.has(id))) throw notFound();
  for (const t of targets) {
    const f = mine.get(t.id)!;
    if (t.revision !== undefined && f.revision !== undefined && t.revision !== f.revision) throw conflict();
  }
  if (table === 'events') await db.delete(events).where(inArray(events.id, ids));
  else if (table === 'notifications')
    await db.delete(notifications).where(and(inArray(notifications.id, ids), eq(notifications.userId, userId)));
  else await db.delete(tasks).where(inArray(tasks.id, ids));
  return ids.length;
}
