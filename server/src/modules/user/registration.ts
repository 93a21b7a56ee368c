/**
 * Registration (issue 18 §3, the account step of issue 19): a person creates his own account —
 * a User of no organisation yet (he joins one by activating a device from its NFC tag, or by an
 * invitation) — which stays unverified until he opens the link mailed to its address. The link
 * signs him in and leads on to where he registered from (e.g. back into the onboarding).
 *
 * - The address is unique among accounts, case-insensitively: another registration with it is
 *   "An account with the given email already exists" (409). Only a registration that was never
 *   verified and whose link has expired gives its address (and username) up: nobody can have used
 *   it, and otherwise anyone could keep an address from its owner by registering it first.
 * - The link's token is 32 random bytes mailed once; only its sha256 is stored (user_registrations),
 *   for EMAIL_VERIFICATION_TTL_HOURS, cleared by its one use. A new link replaces the old one.
 * - Each client address may register REGISTER_LIMIT.cap times an hour and ask for new links
 *   RESEND_LIMIT.cap times an hour (countCall, shared by replicas): registration mails someone and
 *   tells whether an address has an account, so neither may be done in bulk. A new link goes to an
 *   account at most once a minute, whoever asks.
 * - A mail that cannot be sent undoes the registration (503): an account nobody can open is no use.
 */
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  blank,
  DEFAULT_LANGUAGE,
  DEFAULT_TIMEZONE,
  EMAIL_NOT_VERIFIED_CODE,
  EMAIL_TAKEN_CODE,
  EMAIL_VERIFICATION_TTL_HOURS,
  invalidEmail,
  isEmail,
  isLanguage,
  LINK_EXPIRED_CODE,
  normalizeUsername,
  REGISTRATION_MESSAGES,
  REGISTRATION_THROTTLED_CODE,
  USER_TYPES,
  USERNAME_MAX_LENGTH,
  USERNAME_TAKEN,
  USERNAME_TAKEN_CODE,
  VERIFY_EMAIL_PATH,
  type RegisterBody,
  type RegisterResult,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { userRegistrations, users } from '../../db/schema';
import { badRequest, HttpError } from '../../http/errors';
import { hashPassword } from '../auth/passwords';
import { countCall, type RateLimit } from '../auth/rate-limit';
import { hashToken, isWellFormedToken, newSecretToken } from '../auth/tokens';
import { mailErrorSummary, type Mailer } from '../mail/mailer';
import { verifyEmailMail } from '../mail/templates';
import { checkNewPassword } from './account';
import { isUniqueViolation, usernameIs } from './username';

export const VERIFY_TTL_MS = EMAIL_VERIFICATION_TTL_HOURS * 3600_000;
/** Registrations per client address and hour. */
export const REGISTER_LIMIT: RateLimit = { kind: 'register', cap: 10, windowMs: 3600_000 };
/** Requests for a new link per client address and hour. */
export const RESEND_LIMIT: RateLimit = { kind: 'registerResend', cap: 10, windowMs: 3600_000 };
/** A new link goes to one account at most this often. */
export const RESEND_INTERVAL_MS = 60_000;
/** Where the link leads on when registration named no page. */
const DEFAULT_REDIRECT = '/dashboard/default';
/** At most this many unverified accounts share an address in a resend look-up. */
const MAX_ACCOUNTS_PER_LOGIN = 5;

export class RegistrationThrottled extends HttpError {
  constructor(readonly retryAfter: number) {
    super(429, REGISTRATION_MESSAGES.throttled(Math.ceil(retryAfter / 60)), REGISTRATION_THROTTLED_CODE);
    this.name = 'RegistrationThrottled';
  }
}

const emailTaken = () => new HttpError(409, REGISTRATION_MESSAGES.emailTaken, EMAIL_TAKEN_CODE);
const usernameTaken = () => new HttpError(409, USERNAME_TAKEN, USERNAME_TAKEN_CODE);
export const linkExpired = () => new HttpError(400, REGISTRATION_MESSAGES.linkExpired, LINK_EXPIRED_CODE);
export const notVerifiedError = () =>
  new HttpError(403, REGISTRATION_MESSAGES.notVerified, EMAIL_NOT_VERIFIED_CODE);
const mailFailed = () => new HttpError(503, REGISTRATION_MESSAGES.mailFailed, 'mail_failed');

/** Counts a call of the client address under `limit`; over it, 429 with how long to wait. */
export async function limitCalls(db: Db, limit: RateLimit, ip: string): Promise<void> {
  const wait = await countCall(db, limit, [ip]);
  if (wait > 0) throw new RegistrationThrottled(wait);
}

/** Whether the account registered itself and has not opened its link yet (its password signs nothing in). */
export async function isUnverified(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: userRegistrations.userId })
    .from(userRegistrations)
    .where(and(eq(userRegistrations.userId, userId), isNull(userRegistrations.verifiedAt)))
    .limit(1);
  return row !== undefined;
}

/** The address an account is compared by: trimmed, lower case. */
const addressKey = (email: string) => email.trim().toLowerCase();
const sameAddress = (email: string) =>
  and(sql`${users.email} <> ''`, sql`lower(${users.email}) = ${addressKey(email)}`);

/**
 * The username made from an address when none was chosen: its local part in lower case, letters,
 * digits and . _ - only (others dropped), at most 40 characters; "user" when nothing is left.
 * The n-th (n ≥ 2) candidate gets n appended.
 */
export function usernameFromEmail(email: string, n = 1): string {
  // "anna+fieldwatch@…" is anna's address with a tag: the tag is not part of her name.
  const local = (email.trim().split('@')[0] ?? '').split('+')[0] ?? '';
  const base =
    local
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '')
      .replace(/^[._-]+|[._-]+$/g, '')
      .slice(0, 40) || 'user';
  return n === 1 ? base : `${base}${n}`.slice(0, USERNAME_MAX_LENGTH);
}

async function usernameFree(db: Pick<Db, 'select'>, name: string): Promise<boolean> {
  const [taken] = await db.select({ id: users.id }).from(users).where(usernameIs(name)).limit(1);
  return taken === undefined;
}

/** The first free username made from the address (name, name2, name3 …; a random tail in the end). */
async function freeUsernameFor(db: Pick<Db, 'select'>, email: string): Promise<string> {
  for (let n = 1; n <= 50; n++) {
    const candidate = usernameFromEmail(email, n);
    if (await usernameFree(db, candidate)) return candidate;
  }
  return `${usernameFromEmail(email)}-${newSecretToken().slice(0, 6).toLowerCase()}`;
}

/** The link of a token, on `origin`'s verification page. */
function linkOf(origin: string, token: string): string {
  const link = new URL(VERIFY_EMAIL_PATH, origin);
  link.searchParams.set('token', token);
  return link.toString();
}

interface Created {
  id: number;
  username: string;
  token: string;
  derived: boolean;
}

/**
 * POST /register: checks, counts the client address, creates the unverified account and mails its
 * link to `origin`'s verification page. Answers where the link went and the username.
 */
export async function registerAccount(
  db: Db,
  mail: Mailer,
  body: RegisterBody,
  ctx: { ip: string; origin: string; log: FastifyBaseLogger },
  now = new Date(),
): Promise<RegisterResult & { userId: number; derived: boolean }> {
  // What the schema cannot say; nothing is counted or stored for a request refused here.
  if (body.confirmPassword !== body.password) throw badRequest(REGISTRATION_MESSAGES.passwordsMismatch);
  checkNewPassword(body.password);
  const email = body.email.trim();
  if (!isEmail(email)) throw badRequest(invalidEmail('Email'));
  const name = body.name.trim();
  if (!name) throw badRequest(blank('Name'));
  const chosen = body.username === undefined ? undefined : normalizeUsername(body.username);
  if (chosen === '') throw badRequest(blank('Username'));
  const language = isLanguage(body.language) ? body.language : DEFAULT_LANGUAGE;

  await limitCalls(db, REGISTER_LIMIT, ctx.ip);
  const passwordHash = await hashPassword(body.password);

  let created: Created | undefined;
  for (let attempt = 0; !created; attempt++) {
    try {
      created = await db.transaction(async (tx) => {
        // Registrations of one address queue here: of two at once, the second sees the first.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`register:${addressKey(email)}`}))`);
        const holders = await tx
          .select({
            id: users.id,
            verifiedAt: userRegistrations.verifiedAt,
            expiresAt: userRegistrations.tokenExpiresAt,
            registered: userRegistrations.userId,
          })
          .from(users)
          .leftJoin(userRegistrations, eq(userRegistrations.userId, users.id))
          .where(sameAddress(email));
        const stale = (h: (typeof holders)[number]) =>
          h.registered !== null && h.verifiedAt === null && (h.expiresAt === null || h.expiresAt <= now);
        if (holders.some((h) => !stale(h))) throw emailTaken();
        // Registered, never verified, link expired: nobody ever used it; the address is free again.
        for (const h of holders) await tx.delete(users).where(eq(users.id, h.id));

        let username: string;
        if (chosen !== undefined) {
          if (!(await usernameFree(tx, chosen))) throw usernameTaken();
          username = chosen;
        } else username = await freeUsernameFor(tx, email);

        const [row] = await tx
          .insert(users)
          .values({
            username,
            passwordHash,
            name,
            email,
            phone: body.phone?.trim() ?? '',
            userType: USER_TYPES.User,
            language,
            timezone: DEFAULT_TIMEZONE,
            createdAt: now,
          })
          .returning({ id: users.id });
        const token = newSecretToken();
        await tx.insert(userRegistrations).values({
          userId: row!.id,
          registeredAt: now,
          tokenHash: hashToken(token),
          tokenExpiresAt: new Date(now.getTime() + VERIFY_TTL_MS),
          tokenSentAt: now,
          redirect: body.redirect ?? '',
        });
        return { id: row!.id, username, token, derived: chosen === undefined };
      });
    } catch (err) {
      // A username taken at the same moment: a chosen one is the caller's to change; a made one is made again.
      if (!isUniqueViolation(err)) throw err;
      if (chosen !== undefined || attempt >= 2) throw usernameTaken();
    }
  }

  const message = verifyEmailMail(language, {
    name,
    username: created.username,
    link: linkOf(ctx.origin, created.token),
    hours: EMAIL_VERIFICATION_TTL_HOURS,
  });
  try {
    await mail.send({ to: email, ...message });
  } catch (err) {
    ctx.log.warn(
      { userId: created.id, err: mailErrorSummary(err) },
      'verification link could not be sent; the registration is undone',
    );
    await db.delete(users).where(eq(users.id, created.id));
    throw mailFailed();
  }
  return { userId: created.id, email, username: created.username, derived: created.derived };
}

/**
 * POST /register/verify: the link's one use. Marks the address verified and clears the token in
 * one statement (of two uses at once only one finds it). Unknown, used or expired: "The link has
 * expired". The caller opens the session.
 */
export async function verifyRegistration(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ userId: number; username: string; redirect: string }> {
  if (!isWellFormedToken(token)) throw linkExpired();
  const [used] = await db
    .update(userRegistrations)
    .set({ verifiedAt: now, tokenHash: null, tokenExpiresAt: null })
    .where(
      and(
        eq(userRegistrations.tokenHash, hashToken(token)),
        gt(userRegistrations.tokenExpiresAt, now),
        isNull(userRegistrations.verifiedAt),
      ),
    )
    .returning({ userId: userRegistrations.userId, redirect: userRegistrations.redirect });
  if (!used) throw linkExpired();
  const [u] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, used.userId))
    .limit(1);
  if (!u) throw linkExpired();
  return { userId: used.userId, username: u.username, redirect: used.redirect || DEFAULT_REDIRECT };
}

/**
 * A password link (forgotten password) proves the address as well as this link does: setting a
 * password with one verifies a registration still waiting.
 */
export async function verifiedByPasswordLink(db: Db, userId: number, now = new Date()): Promise<void> {
  await db
    .update(userRegistrations)
    .set({ verifiedAt: now, tokenHash: null, tokenExpiresAt: null })
    .where(and(eq(userRegistrations.userId, userId), isNull(userRegistrations.verifiedAt)));
}

/**
 * POST /register/resend, after the answer has gone out (the answer is the same, and as fast,
 * whether or not an account matched): a new link for each unverified account (a few at most)
 * whose username or address is `login`, unless one went to it within RESEND_INTERVAL_MS. A new
 * `redirect` replaces the stored one. Never throws.
 */
export async function resendVerification(
  db: Db,
  mail: Mailer,
  login: string,
  redirect: string | undefined,
  origin: string,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<void> {
  try {
    const accounts = await db
      .select({
        id: users.id,
        username: users.username,
        name: users.name,
        email: users.email,
        language: users.language,
        sentAt: userRegistrations.tokenSentAt,
      })
      .from(users)
      .innerJoin(userRegistrations, eq(userRegistrations.userId, users.id))
      .where(and(isNull(userRegistrations.verifiedAt), or(usernameIs(login), sameAddress(login))))
      .orderBy(users.id)
      .limit(MAX_ACCOUNTS_PER_LOGIN);
    for (const u of accounts) {
      if (!u.email) continue;
      const token = newSecretToken();
      // Only if no link went out within the interval (checked and written at once: two asks, one mail).
      const [issued] = await db
        .update(userRegistrations)
        .set({
          tokenHash: hashToken(token),
          tokenExpiresAt: new Date(now.getTime() + VERIFY_TTL_MS),
          tokenSentAt: now,
          ...(redirect ? { redirect } : {}),
        })
        .where(
          and(
            eq(userRegistrations.userId, u.id),
            isNull(userRegistrations.verifiedAt),
            or(
              isNull(userRegistrations.tokenSentAt),
              lte(userRegistrations.tokenSentAt, new Date(now.getTime() - RESEND_INTERVAL_MS)),
            ),
          ),
        )
        .returning({ userId: userRegistrations.userId });
      if (!issued) {
        log.info({ userId: u.id }, 'verification link not sent again: one went out less than a minute ago');
        continue;
      }
      const message = verifyEmailMail(u.language, {
        name: u.name || u.username,
        username: u.username,
        link: linkOf(origin, token),
        hours: EMAIL_VERIFICATION_TTL_HOURS,
      });
      await mail
        .send({ to: u.email, ...message })
        .catch((err: unknown) =>
          log.warn({ userId: u.id, err: mailErrorSummary(err) }, 'verification link could not be sent'),
        );
    }
  } catch (err) {
    log.warn({ err: mailErrorSummary(err) }, 'request for a new verification link failed');
  }
}
