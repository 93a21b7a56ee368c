/**
 * Events, notifications and tasks of the customers in scope, newest first. Stored documents go
 * through the shared validity rules: invalid ones are ignored, version-1 events are migrated.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
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
import { events, notifications, tasks } from '../../db/schema';

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
