/**
 * Audit entries of signing in and out (auth/plugin.ts calls these). The organisation of a
 * sign-in entry is the user's first organisation (lowest id; null for a user of none, or a failed
 * sign-in of an unknown name); the admin list also shows any auth.* entry of his organisations'
 * users whatever organisation it names (audit/service.ts). Never the password; the username that
 * was tried, yes (it is what an administrator needs to see a guessing attempt).
 */
import type { FastifyRequest } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userOrganizations } from '../../db/schema';
import { findSession } from '../auth/sessions';
import { isWellFormedToken } from '../auth/tokens';
import { recordAudit } from './record';

export async function firstOrganization(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: userOrganizations.organizationId })
    .from(userOrganizations)
    .where(eq(userOrganizations.userId, userId))
    .orderBy(asc(userOrganizations.organizationId))
    .limit(1);
  return row?.id ?? null;
}

export async function auditSignIn(
  db: Db,
  request: FastifyRequest,
  user: { id: number; username: string },
  method: string,
): Promise<void> {
  await recordAudit(db, request, {
    action: 'auth.signin',
    organizationId: await firstOrganization(db, user.id),
    actor: { id: user.id, name: user.username },
    target: { type: 'user', id: user.id, name: user.username },
    details: { method },
  });
}

export async function auditSignInFailed(
  db: Db,
  request: FastifyRequest,
  usernameTried: string,
  user: { id: number; username: string } | undefined,
  /** Why a known user's sign-in failed: his password (default), or his two-factor code. */
  reason: 'wrongPassword' | 'wrongCode' = 'wrongPassword',
): Promise<void> {
  await recordAudit(db, request, {
    action: 'auth.signinFailed',
    organizationId: user ? await firstOrganization(db, user.id) : null,
    actor: user ? { id: user.id, name: user.username } : { id: null, name: usernameTried.slice(0, 200) },
    target: user ? { type: 'user', id: user.id, name: user.username } : null,
    details: { username: usernameTried.slice(0, 200), reason: user ? reason : 'unknownUser' },
  });
}

/** A password set from a mailed link (forgotten password or invitation): never the password. */
export async function auditPasswordReset(db: Db, request: FastifyRequest, user: { id: number; username: string }): Promise<void> {
  await recordAudit(db, request, {
    action: 'auth.passwordReset',
    organizationId: await firstOrganization(db, user.id),
    actor: { id: user.id, name: user.username },
    target: { type: 'user', id: user.id, name: user.username },
    details: { otherSessionsEnded: true },
  });
}

/** Before a logout deletes the session: who it was (nothing for a browser without a session). */
export async function auditSignOut(db: Db, request: FastifyRequest, token: string | undefined): Promise<void> {
  if (!isWellFormedToken(token)) return;
  const session = await findSession(db, token);
  if (!session) return;
  await recordAudit(db, request, {
    action: 'auth.signout',
    organizationId: await firstOrganization(db, session.userId),
    actor: { id: session.userId },
    target: { type: 'session', id: session.publicId },
  });
}

/** A user ended one of his sessions (the session list). */
export async function auditSessionEnded(db: Db, request: FastifyRequest, userId: number, publicId: string): Promise<void> {
  await recordAudit(db, request, {
    action: 'auth.sessionEnded',
    organizationId: await firstOrganization(db, userId),
    target: { type: 'session', id: publicId },
  });
}
