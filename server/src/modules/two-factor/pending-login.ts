/**
 * Pending sign-ins: the password was right, the two-factor code is still to come. Kept in the
 * database (two_factor_logins, so any replica can finish one) under the sha256 of a random ticket;
 * the ticket itself lives only in an HttpOnly, SameSite=Strict cookie scoped to the second step's
 * path. A ticket is bound to its user, lives TWO_FACTOR_LOGIN_TTL_SECONDS, is used once, and ends
 * after TWO_FACTOR_LOGIN_MAX_FAILURES wrong codes (the password is asked again).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import {
  ENDPOINTS,
  TWO_FACTOR_LOGIN_MAX_FAILURES,
  TWO_FACTOR_LOGIN_TTL_SECONDS,
  type TwoFactorChallenge,
} from '@fieldwatch/shared';
import type { CookieSecure } from '../../config';
import type { Db } from '../../db/client';
import { twoFactorLogins } from '../../db/schema';
import { hashToken, isWellFormedToken, newSecretToken } from '../auth/tokens';

export const TWO_FACTOR_COOKIE = 'fw_2fa';
/** Only the second step's request carries it. */
const COOKIE_PATH = ENDPOINTS.loginTwoFactor.path;

function cookieOptions(request: FastifyRequest, secure: CookieSecure) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    path: COOKIE_PATH,
    secure: secure === 'always' || (secure === 'auto' && request.protocol === 'https'),
  };
}

/** Starts a pending sign-in of `userId` and sets its cookie; answers what the login route answers. */
export async function startPendingLogin(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  remember: boolean,
  secure: CookieSecure,
  now = new Date(),
): Promise<TwoFactorChallenge> {
  // Expired ones of anybody go first (an index on expires_at keeps this cheap).
  await db.delete(twoFactorLogins).where(lt(twoFactorLogins.expiresAt, now));
  const ticket = newSecretToken();
  await db.insert(twoFactorLogins).values({
    ticketHash: hashToken(ticket),
    userId,
    remember,
    expiresAt: new Date(now.getTime() + TWO_FACTOR_LOGIN_TTL_SECONDS * 1000),
  });
  reply.setCookie(TWO_FACTOR_COOKIE, ticket, { ...cookieOptions(request, secure), maxAge: TWO_FACTOR_LOGIN_TTL_SECONDS });
  return { twoFactorRequired: true, expiresIn: TWO_FACTOR_LOGIN_TTL_SECONDS };
}

export interface PendingLogin {
  ticketHash: string;
  userId: number;
  remember: boolean;
  failures: number;
}

/** The live pending sign-in this request's cookie names, or null. */
export async function findPendingLogin(db: Db, request: FastifyRequest, now = new Date()): Promise<PendingLogin | null> {
  const ticket = request.cookies[TWO_FACTOR_COOKIE];
  if (!isWellFormedToken(ticket)) return null;
  const [row] = await db
    .select({
      ticketHash: twoFactorLogins.ticketHash,
      userId: twoFactorLogins.userId,
      remember: twoFactorLogins.remember,
      failures: twoFactorLogins.failures,
    })
    .from(twoFactorLogins)
    .where(and(eq(twoFactorLogins.ticketHash, hashToken(ticket)), gt(twoFactorLogins.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** Counts a wrong code; answers false when that was the last one allowed (the ticket is gone). */
export async function noteWrongCode(db: Db, ticketHash: string): Promise<boolean> {
  const [row] = await db
    .update(twoFactorLogins)
    .set({ failures: sql`${twoFactorLogins.failures} + 1` })
    .where(eq(twoFactorLogins.ticketHash, ticketHash))
    .returning({ failures: twoFactorLogins.failures });
  if (row && row.failures < TWO_FACTOR_LOGIN_MAX_FAILURES) return true;
  await endPendingLogin(db, ticketHash);
  return false;
}

/** Uses the ticket up; false when another request already did (only one may open a session). */
export async function endPendingLogin(db: Db, ticketHash: string): Promise<boolean> {
  const gone = await db
    .delete(twoFactorLogins)
    .where(eq(twoFactorLogins.ticketHash, ticketHash))
    .returning({ userId: twoFactorLogins.userId });
  return gone.length > 0;
}

export function clearPendingLoginCookie(request: FastifyRequest, reply: FastifyReply, secure: CookieSecure): void {
  reply.clearCookie(TWO_FACTOR_COOKIE, cookieOptions(request, secure));
}
