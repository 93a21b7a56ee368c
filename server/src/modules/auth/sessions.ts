/** Server-side sessions: create, look up, touch, list and revoke. */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { EMBED_SESSION_MINUTES, EMBED_TOKEN_PREFIX, type SessionListItem } from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { sessionCache, type SessionRow } from './session-cache';
import { hashToken, isWellFormedToken, newSessionToken } from './tokens';
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

export type { SessionRow } from './session-cache';

/** What a session lookup reads (SessionRow), for the cookie's and the embed's. */
const SESSION_COLUMNS = {
  id: sessions.id,
  publicId: sessions.publicId,
  userId: sessions.userId,
  userType: users.userType,
  lastSeenAt: sessions.lastSeenAt,
  selectedCustomers: sessions.selectedCustomers,
  expiresAt: sessions.expiresAt,
};

function findSessionQuery(db: Db) {
  return db
    .select(SESSION_COLUMNS)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // An embed session's token is a bearer token of a partner page, never a cookie (findEmbedSession).
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now')), isNull(sessions.embedOrigin)))
    .limit(1)
    .prepare('find_session');
}

/**
 * The session guard's query runs on every authenticated request: built once per database, as a
 * prepared statement (building it each time cost about a millisecond of JavaScript).
 */
const findSessionQueries = new WeakMap<Db, ReturnType<typeof findSessionQuery>>();

/**
 * The live session of a token, with the user's type; null when unknown or expired. Answered from
 * memory for a few seconds after a look-up (session-cache.ts).
 */
export async function findSession(db: Db, token: string, now = new Date()): Promise<SessionRow | null> {
  const id = hashToken(token);
  const cache = sessionCache(db);
  const cached = cache.get(id, now.getTime());
  if (cached) return cached;
  let query = findSessionQueries.get(db);
  if (!query) findSessionQueries.set(db, (query = findSessionQuery(db)));
  const rows = await query.execute({ id, now });
  const row = rows[0] ?? null;
  if (row) cache.set(row, now.getTime());
  return row;
}

export interface NewEmbedSession extends NewSession {
  /** The partner origin the token was issued to; the only one it works from. */
  origin: string;
}

/**
 * The session of the onboarding flow embedded on a partner page (contract/onboarding-embed.ts):
 * EMBED_SESSION_MINUTES long, bound to its origin; the token ("fwe_…") exists only in the answer.
 */
export async function createEmbedSession(
  db: Db,
  s: NewEmbedSession,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = `${EMBED_TOKEN_PREFIX}${newSessionToken()}`;
  const expiresAt = new Date(now.getTime() + EMBED_SESSION_MINUTES * 60_000);
  await db.insert(sessions).values({
    id: hashToken(token),
    publicId: randomUUID(),
    userId: s.userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    userAgent: s.userAgent.slice(0, 500),
    ip: s.ip,
    selectedCustomers: s.selectedCustomers,
    embedOrigin: s.origin,
  });
  return { token, expiresAt };
}

/** An embed token as issued: the prefix and a session token. */
export function isEmbedToken(value: string | undefined): value is string {
  return typeof value === 'string' && value.startsWith(EMBED_TOKEN_PREFIX) && isWellFormedToken(value.slice(EMBED_TOKEN_PREFIX.length));
}

/** The live embed session of a token, with its origin; null when unknown or expired. */
export async function findEmbedSession(db: Db, token: string, now = new Date()): Promise<(SessionRow & { embedOrigin: string }) | null> {
  const [row] = await db
    .select({ ...SESSION_COLUMNS, embedOrigin: sessions.embedOrigin })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, hashToken(token)), gt(sessions.expiresAt, now), isNotNull(sessions.embedOrigin)))
    .limit(1);
  return row && row.embedOrigin !== null ? { ...row, embedOrigin: row.embedOrigin } : null;
}

export async function touchSession(db: Db, id: string, now = new Date()): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  sessionCache(db).touched(id, now);
}

export async function deleteSessionByToken(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
  sessionCache(db).forgetSession(hashToken(token));
}

export async function deleteExpiredSessions(db: Db, userId: number, now = new Date()): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now)));
}

export async function setSelectedCustomers(db: Db, id: string, ids: number[]): Promise<void> {
  await db.update(sessions).set({ selectedCustomers: ids }).where(eq(sessions.id, id));
  sessionCache(db).forgetSession(id);
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
  for (const d of deleted) sessionCache(db).forgetSession(d.id);
  return deleted.length > 0;
}
