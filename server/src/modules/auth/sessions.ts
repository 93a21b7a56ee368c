/** Server-side sessions: create, look up, touch, list and revoke. */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { SessionListItem } from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { hashToken, newSessionToken } from './tokens';
import { sessionLifetimeMs } from '../organizations/policy';

/** last_seen_at is written at most this often, so reads do not each cost a write. */
export const LAST_SEEN_RESOLUTION_MS = 60_000;

export interface NewSession {
  userId: number;
  userAgent: string;
  ip: string;
  selectedCustomers: number[];
}

/** Creates a session and returns the cookie token (the only time it exists in clear). */
export async function createSession(
  db: Db,
  s: NewSession,
  now = new Date(),
): Promise<{ token: string; publicId: string }> {
  const token = newSessionToken();
  const publicId = randomUUID();
  await db.insert(sessions).values({
    id: hashToken(token),
    publicId,
    userId: s.userId,
    createdAt: now,
    lastSeenAt: now,
    // The shortest session lifetime of the user's organisations (admin Security), at most 28 days.
    expiresAt: new Date(now.getTime() + (await sessionLifetimeMs(db, s.userId))),
    userAgent: s.userAgent.slice(0, 500),
    ip: s.ip,
    selectedCustomers: s.selectedCustomers,
  });
  return { token, publicId };
}

export interface SessionRow {
  id: string;
  publicId: string;
  userId: number;
  userType: number;
  lastSeenAt: Date;
  selectedCustomers: number[];
}

function findSessionQuery(db: Db) {
  return db
    .select({
      id: sessions.id,
      publicId: sessions.publicId,
      userId: sessions.userId,
      userType: users.userType,
      lastSeenAt: sessions.lastSeenAt,
      selectedCustomers: sessions.selectedCustomers,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('find_session');
}

/**
 * The session guard's query runs on every authenticated request: built once per database, as a
 * prepared statement (building it each time cost about a millisecond of JavaScript).
 */
const findSessionQueries = new WeakMap<Db, ReturnType<typeof findSessionQuery>>();

/** The live session of a token, with the user's type; null when unknown or expired. */
export async function findSession(db: Db, token: string, now = new Date()): Promise<SessionRow | null> {
  let query = findSessionQueries.get(db);
  if (!query) findSessionQueries.set(db, (query = findSessionQuery(db)));
  const rows = await query.execute({ id: hashToken(token), now });
  return rows[0] ?? null;
}

export async function touchSession(db: Db, id: string, now = new Date()): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
}

export async function deleteSessionByToken(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

export async function deleteExpiredSessions(db: Db, userId: number, now = new Date()): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now)));
}

export async function setSelectedCustomers(db: Db, id: string, ids: number[]): Promise<void> {
  await db.update(sessions).set({ selectedCustomers: ids }).where(eq(sessions.id, id));
}

export async function listSessions(
  db: Db,
  userId: number,
  currentId: string,
  now = new Date(),
): Promise<SessionListItem[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((r) => ({
    id: r.publicId,
    created: r.createdAt.toISOString(),
    lastSeen: r.lastSeenAt.toISOString(),
    expires: r.expiresAt.toISOString(),
    userAgent: r.userAgent,
    ip: r.ip,
    current: r.id === currentId,
  }));
}

/** Deletes one of the user's own sessions by its public id; false when there is none. */
export async function revokeSession(db: Db, userId: number, publicId: string): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}
