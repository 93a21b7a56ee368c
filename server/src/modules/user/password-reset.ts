/**
 * Password links: createRestorePasswordToken (a user for himself, or an
 * administrator for a user of his), the public forgotPassword, and the two calls the link leads
 * to (verifyChangePasswordToken, changePassword).
 *
 * Whoever holds a link can take the account over, so the link only ever goes by mail to the
 * account's own address, never into a response or a log. The token is 32 random bytes; only its
 * sha256 is stored (password_reset_tokens, one row per user: a new link replaces the older one),
 * it lives an hour and is deleted by its first use, which also ends every session of the user
 * (the route then signs the browser that used it in: plugin.ts).
 */
import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  PASSWORD_MESSAGES,
  USER_TYPES,
  type RestoreLinkSent,
  type VerifyTokenResult,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { passwordResetTokens, sessions, users } from '../../db/schema';
import { badRequest, forbidden, HttpError } from '../../http/errors';
import type { AuthContext } from '../auth/guard';
import { hashPassword } from '../auth/passwords';
import { hashToken, isWellFormedToken, newSecretToken } from '../auth/tokens';
import { userOrgIds } from '../auth/scope';
import { mailErrorSummary, type Mailer } from '../mail/mailer';
import { resetLinkMail } from '../mail/templates';
import { checkNewPassword } from './account';
import { checkPasswordPolicy } from '../organizations/policy';
import { verifiedByPasswordLink } from './registration';
import { usernameIs } from './username';
import { sessionCache } from '../auth/session-cache';

/** How long a password link stays valid. */
export const RESTORE_TOKEN_TTL_MS = 60 * 60_000;
/** At most this many accounts share one e-mail address in a forgotPassword look-up. */
const MAX_ACCOUNTS_PER_ADDRESS = 5;
/**
 * forgotPassword mails an account at most once in this time. Anyone may ask without signing in,
 * so without it a script could flood a user's inbox (and our mail server's reputation) with links.
 * The answer stays the same either way; the link mailed last still works.
 */
export const FORGOT_RESEND_INTERVAL_MS = 60_000;

const linkExpired = () => new HttpError(400, PASSWORD_MESSAGES.linkExpired, 'link_expired');
const mailFailed = () =>
  new HttpError(503, 'The e-mail with the link could not be sent; try again in a few minutes', 'mail_failed');

interface Account {
  id: number;
  username: string;
  email: string;
  language: string;
}
const ACCOUNT = { id: users.id, username: users.username, email: users.email, language: users.language };

/** The page the link leads to: on this server's origin only, never another site. */
export function linkBase(baseUrl: string, requestOrigin: string): URL {
  let link: URL;
  try {
    link = new URL(baseUrl);
  } catch {
    throw badRequest('baseUrl must be an absolute URL');
  }
  if (link.origin !== requestOrigin) throw badRequest(`baseUrl must be on ${requestOrigin}`);
  return link;
}

/** Stores a new token for the account (replacing any older one) and mails the link to it. */
async function issueAndMail(db: Db, mail: Mailer, u: Account, base: URL, now: Date): Promise<void> {
  const token = newSecretToken();
  const tokenHash = hashToken(token);
  const expiresAt = new Date(now.getTime() + RESTORE_TOKEN_TTL_MS);
  await db
    .insert(passwordResetTokens)
    .values({ userId: u.id, tokenHash, expiresAt, createdAt: now })
    .onConflictDoUpdate({
      target: passwordResetTokens.userId,
      set: { tokenHash, expiresAt, createdAt: now },
    });
  const link = new URL(base);
  link.searchParams.set('token', token);
  const message = resetLinkMail(u.language, {
    username: u.username,
    link: link.toString(),
    minutes: RESTORE_TOKEN_TTL_MS / 60_000,
  });
  try {
    await mail.send({ to: u.email, ...message });
  } catch (err) {
    // A link nobody received is of no use to anybody: drop it.
    await db
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, u.id), eq(passwordResetTokens.tokenHash, tokenHash)));
    throw err;
  }
}

/**
 * May `a` have a link sent to `userId`? Himself always. A SuperUser only when he is a member of
 * EVERY organisation of that user: one shared organisation is not enough, else an administrator
 * of one organisation could take over an account and with it the user's other organisations.
 */
async function mayReset(db: Db, a: AuthContext, userId: number): Promise<boolean> {
  if (userId === a.userId) return true;
  if (a.userType !== USER_TYPES.SuperUser) return false;
  const [mine, theirs] = await Promise.all([userOrgIds(db, a.userId), userOrgIds(db, userId)]);
  return theirs.length > 0 && theirs.every((o) => mine.includes(o));
}

/**
 * POST /createRestorePasswordToken: mails the link and answers only that it was sent. Anyone
 * else than the user himself or an administrator of all his organisations (an unknown id
 * included, so that ids cannot be probed): 403, nothing stored, nothing sent.
 */
export async function createRestoreToken(
  db: Db,
  mail: Mailer,
  a: AuthContext,
  userId: number,
  baseUrl: string,
  requestOrigin: string,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<RestoreLinkSent> {
  if (!(await mayReset(db, a, userId))) throw forbidden(PASSWORD_MESSAGES.notYourUser);
  const [u] = await db.select(ACCOUNT).from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw forbidden(PASSWORD_MESSAGES.notYourUser);
  const base = linkBase(baseUrl, requestOrigin);
  if (!u.email) throw badRequest(PASSWORD_MESSAGES.noEmail);
  try {
    await issueAndMail(db, mail, u, base, now);
  } catch (err) {
    log.warn({ userId: u.id, err: mailErrorSummary(err) }, 'password link could not be sent');
    throw mailFailed();
  }
  return { message: PASSWORD_MESSAGES.linkSent };
}

/**
 * POST /forgotPassword, after the answer has gone out (the caller does not await it): the
 * response is the same, and as fast, whether or not an account matched. Mails a link to every
 * account (a few at most) whose username is `login`, or whose e-mail address it is. Never throws.
 */
export async function forgotPassword(
  db: Db,
  mail: Mailer,
  login: string,
  base: URL,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    const address = login.trim().toLowerCase();
    const accounts = await db
      .select(ACCOUNT)
      .from(users)
      .where(or(usernameIs(login), and(sql`${users.email} <> ''`, sql`lower(${users.email}) = ${address}`)))
      .orderBy(users.id)
      .limit(MAX_ACCOUNTS_PER_ADDRESS);
    const now = new Date();
    for (const u of accounts) {
      if (!u.email) {
        log.info({ userId: u.id }, 'password link not sent: the account has no e-mail address');
        continue;
      }
      if (await linkSentRecently(db, u.id, now)) {
        log.info({ userId: u.id }, 'password link not sent again: one went out less than a minute ago');
        continue;
      }
      await issueAndMail(db, mail, u, base, now).catch((err: unknown) =>
        log.warn({ userId: u.id, err: mailErrorSummary(err) }, 'password link could not be sent'),
      );
    }
  } catch (err) {
    log.warn({ err: mailErrorSummary(err) }, 'forgotten-password request failed');
  }
}

/** Whether forgotPassword mailed (or an administrator sent) this account a link within the resend interval. */
async function linkSentRecently(db: Db, userId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        gt(passwordResetTokens.createdAt, new Date(now.getTime() - FORGOT_RESEND_INTERVAL_MS)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The user a live token belongs to; an unknown, used or expired token is "The link has expired". */
async function liveToken(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ userId: number; expiresAt: Date }> {
  if (!isWellFormedToken(token)) throw linkExpired();
  const [found] = await db
    .select({ userId: passwordResetTokens.userId, expiresAt: passwordResetTokens.expiresAt })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, hashToken(token)), gt(passwordResetTokens.expiresAt, now)))
    .limit(1);
  if (!found) throw linkExpired();
  return found;
}

export async function verifyRestoreToken(db: Db, token: string): Promise<VerifyTokenResult> {
  const found = await liveToken(db, token);
  const [u] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, found.userId))
    .limit(1);
  if (!u) throw linkExpired();
  return { valid: true, username: u.username, expiresAt: found.expiresAt.toISOString() };
}

/**
 * POST /changePassword: sets the password and ends every session of the user. The token is
 * deleted in the same transaction that sets the password, by a DELETE … RETURNING: of two
 * concurrent uses only one finds it, the other gets "The link has expired".
 */
export async function changePasswordWithToken(db: Db, token: string, newPassword: string): Promise<number> {
  const live = await liveToken(db, token);
  checkNewPassword(newPassword);
  await checkPasswordPolicy(db, live.userId, newPassword); // the organisations' policy (admin Security)
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    const [used] = await tx
      .delete(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!used) throw linkExpired();
    await tx.update(users).set({ passwordHash }).where(eq(users.id, used.userId));
    await tx.delete(sessions).where(eq(sessions.userId, used.userId));
  });
  sessionCache(db).forgetUsers([live.userId]);
  // The link came by mail to the account's address: that proves the address as a registration's link does.
  await verifiedByPasswordLink(db, live.userId);
  return live.userId;
}
