/**
 * Opening a session once the user is known — by his password (plugin.ts) or by BankID
 * (../oidc/plugin.ts): the one way both do it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { CookieSecure } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { sessionToken, setSessionCookie } from './cookie';
import { initialSelection } from './org-choice';
import { createSession, deleteExpiredSessions, deleteSessionByToken } from './sessions';
import { isWellFormedToken } from './tokens';

export async function openSession(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  remember: boolean,
  cookieSecure: CookieSecure,
): Promise<void> {
  // A login replaces the session the browser had (no fixation, no orphan rows).
  const previous = sessionToken(request);
  if (isWellFormedToken(previous)) await deleteSessionByToken(db, previous);
  await deleteExpiredSessions(db, userId);

  const now = new Date();
  // A new session works on the organisations the user last chose (all of his when he never did).
  const { token } = await createSession(
    db,
    {
      userId,
      userAgent: request.headers['user-agent'] ?? '',
      ip: request.ip,
      selectedCustomers: await initialSelection(db, userId),
    },
    now,
  );
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
  setSessionCookie(request, reply, token, remember, cookieSecure);
}
