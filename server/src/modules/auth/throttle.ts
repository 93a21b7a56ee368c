/**
 * Sign-in throttling, kept in the database (login_throttle) so that every replica
 * counts the same failures. The rule:
 *
 * - An attempt from a browser WITHOUT a device cookie for the account is counted three times:
 *   under its account+address pair, the account and the address. After PAIR_FREE_FAILURES
 *   failures the pair waits PAIR_BASE_DELAY_S, doubling with every further failure up to
 *   PAIR_MAX_DELAY_S; the account as a whole takes at most ACCOUNT_FAILURES_PER_WINDOW failures
 *   per hour from such browsers, and one address at most ADDRESS_FAILURES_PER_WINDOW over all
 *   accounts (password spraying).
 * - A browser that once signed in to the account successfully holds a device cookie (the OWASP
 *   "device cookie" pattern: a random token, HttpOnly, stored hashed in login_devices). Its
 *   attempts are counted only under that device, with the same growing delays as a pair, and it
 *   is exempt from the account's hourly cap. So an attacker who spends the account's 100
 *   failures from a botnet of addresses locks out only browsers that never signed in: the real
 *   user's own browser still gets in, wherever it is.
 * - A success clears the pair's (or device's) count and gives back its own provisional count on
 *   the account.
 *
 * Unknown usernames are counted exactly like known ones (a refusal reveals nothing). An attempt
 * is counted BEFORE its password is checked, in one transaction with the check: parallel attempts
 * cannot slip past the limit by all being checked before the first failure is written. Refused
 * attempts cost no password check and are not counted. Rows live about an hour past their last
 * use and are pruned (at most once a minute per process); keys are sha256 hashes, so mistyped
 * usernames (often passwords) are not stored readable.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import {
  LOGIN_THROTTLED_CODE,
  loginThrottledMessage,
  usernameKey,
  type LoginThrottledBody,
} from '@fieldwatch/shared';
import type { CookieSecure } from '../../config';
import type { Db } from '../../db/client';
import { loginDevices, loginThrottle } from '../../db/schema';
import { hashToken, isWellFormedToken, newSecretToken } from './tokens';

/** Failures of a pair (or device) before it has to wait. */
export const PAIR_FREE_FAILURES = 10;
/** The first wait after PAIR_FREE_FAILURES; each further failure doubles it. */
export const PAIR_BASE_DELAY_S = 30;
export const PAIR_MAX_DELAY_S = 15 * 60;
/** Failures an account takes per hour from browsers without its device cookie. */
export const ACCOUNT_FAILURES_PER_WINDOW = 100;
/**
 * Failures one client address makes per hour, over all accounts, from browsers without a device
 * cookie: stops one address spraying a common password over many usernames, each under its pair
 * limit. High enough for an office behind one NAT address, where colleagues' own browsers carry
 * their device cookies and are not counted here.
 */
export const ADDRESS_FAILURES_PER_WINDOW = 300;
export const WINDOW_MS = 60 * 60 * 1000;
/** A pair's count is forgotten this long after its last failure (or the end of its wait). */
const PAIR_MEMORY_MS = WINDOW_MS;

export const DEVICE_COOKIE_NAME = 'fw_device';
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** Device tokens a user keeps (the most recently used); older browsers lose the exemption. */
const DEVICES_PER_USER = 20;
const PRUNE_EVERY_MS = 60 * 1000;

type Kind = 'pair' | 'account' | 'address' | 'device';

/** Kinds counted in fixed hourly windows with a cap (the others wait with growing delays). */
const WINDOW_CAPS: Partial<Record<Kind, number>> = {
  account: ACCOUNT_FAILURES_PER_WINDOW,
  address: ADDRESS_FAILURES_PER_WINDOW,
};

interface Counter {
  kind: Kind;
  key: string;
}

/** What the attempt counts under: its device, or its pair and its account. */
export interface Attempt {
  counters: Counter[];
  /** The device cookie's token hash when it is a trusted device of this user. */
  deviceHash?: string;
}

export class Throttled extends Error {
  constructor(readonly retryAfter: number) {
    super(loginThrottledMessage(retryAfter));
    this.name = 'Throttled';
  }
}

/** The form usernames are unique in (usernameKey): case and compatibility forms do not split a count. */
export function accountKey(username: string): string {
  return usernameKey(username);
}

const counter = (kind: Kind, ...parts: string[]): Counter => ({
  kind,
  key: hashToken([kind, ...parts].join('\u0000')),
});

/** The counters of one attempt; `userId` is the account's id when the username exists. */
export async function attemptFor(
  db: Db,
  request: FastifyRequest,
  username: string,
  userId: number | undefined,
): Promise<Attempt> {
  const token = request.cookies[DEVICE_COOKIE_NAME];
  if (userId !== undefined && isWellFormedToken(token)) {
    const tokenHash = hashToken(token);
    const [device] = await db
      .select({ userId: loginDevices.userId })
      .from(loginDevices)
      .where(eq(loginDevices.tokenHash, tokenHash))
      .limit(1);
    if (device?.userId === userId) return { counters: [counter('device', tokenHash)], deviceHash: tokenHash };
  }
  const account = accountKey(username);
  return {
    counters: [
      counter('pair', account, request.ip),
      counter('account', account),
      counter('address', request.ip),
    ],
  };
}

/**
 * The codes of a user's two-factor authentication (the sign-in's second step, turning it off, new
 * recovery codes), counted once per account whatever the browser: a pair's rule (PAIR_FREE_FAILURES
 * free, then growing waits), so codes cannot be guessed faster than a few an hour once it bites. A
 * right code clears it (succeeded).
 */
export function secondFactorAttempt(userId: number): Attempt {
  return { counters: [counter('pair', 'second-factor', String(userId))] };
}

interface Row {
  key: string;
  failures: number;
  windowStart: Date;
  lockedUntil: Date | null;
  expiresAt: Date;
}

/** Growing wait of a pair or device after its `failures`-th failure (0 = none yet). */
export function pairDelaySeconds(failures: number): number {
  if (failures < PAIR_FREE_FAILURES) return 0;
  return Math.min(PAIR_MAX_DELAY_S, PAIR_BASE_DELAY_S * 2 ** Math.min(30, failures - PAIR_FREE_FAILURES));
}

/** The row as it stands at `now`: an expired row (or hourly window) starts afresh. */
function current(kind: Kind, row: Row, now: Date): Row {
  const over =
    row.expiresAt <= now || (kind in WINDOW_CAPS && row.windowStart.getTime() + WINDOW_MS <= now.getTime());
  return over ? { ...row, failures: 0, windowStart: now, lockedUntil: null } : row;
}

/** The row after one more failure. */
function failed(kind: Kind, row: Row, now: Date): Row {
  const failures = row.failures + 1;
  const cap = WINDOW_CAPS[kind];
  if (cap !== undefined) {
    const windowEnd = new Date(row.windowStart.getTime() + WINDOW_MS);
    return {
      ...row,
      failures,
      lockedUntil: failures >= cap ? windowEnd : null,
      expiresAt: windowEnd,
    };
  }
  const delay = pairDelaySeconds(failures);
  const lockedUntil = delay > 0 ? new Date(now.getTime() + delay * 1000) : null;
  const expiresAt = new Date((lockedUntil ?? now).getTime() + PAIR_MEMORY_MS);
  return { ...row, failures, lockedUntil, expiresAt };
}

/**
 * Counts the attempt as a failure before its password is checked, unless one of its counters is
 * waiting: then nothing is counted and Throttled says for how long. A success calls succeeded().
 */
export async function reserveAttempt(db: Db, attempt: Attempt, now = new Date()): Promise<void> {
  const counters = [...attempt.counters].sort((a, b) => a.key.localeCompare(b.key));
  const keys = counters.map((c) => c.key);
  const retryAfter = await db.transaction(async (tx) => {
    // Rows are created, then locked in key order: concurrent attempts (any replica) queue here.
    await tx
      .insert(loginThrottle)
      .values(counters.map((c) => ({ key: c.key, failures: 0, windowStart: now, expiresAt: now })))
      .onConflictDoNothing();
    const rows = await tx
      .select()
      .from(loginThrottle)
      .where(inArray(loginThrottle.key, keys))
      .orderBy(asc(loginThrottle.key))
      .for('update');
    const byKey = new Map(rows.map((r) => [r.key, r]));
    const states = counters.map((c) => ({ c, row: current(c.kind, byKey.get(c.key)!, now) }));
    const wait = Math.max(
      0,
      ...states.map(({ row }) =>
        row.lockedUntil ? Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000) : 0,
      ),
    );
    if (wait > 0) return wait;
    for (const { c, row } of states) {
      const next = failed(c.kind, row, now);
      await tx
        .update(loginThrottle)
        .set({
          failures: next.failures,
          windowStart: next.windowStart,
          lockedUntil: next.lockedUntil,
          expiresAt: next.expiresAt,
        })
        .where(eq(loginThrottle.key, c.key));
    }
    return 0;
  });
  pruneSoon(db, now);
  if (retryAfter > 0) throw new Throttled(retryAfter);
}

/** A success: the pair's or device's count starts again; the account and address get their failure back. */
export async function succeeded(db: Db, attempt: Attempt): Promise<void> {
  for (const c of attempt.counters) {
    const cap = WINDOW_CAPS[c.kind];
    if (cap !== undefined) {
      await db
        .update(loginThrottle)
        .set({
          failures: sql`greatest(${loginThrottle.failures} - 1, 0)`,
          lockedUntil: sql`case when ${loginThrottle.failures} - 1 >= ${cap} then ${loginThrottle.lockedUntil} end`,
        })
        .where(eq(loginThrottle.key, c.key));
    } else {
      await db.delete(loginThrottle).where(eq(loginThrottle.key, c.key));
    }
  }
}

/**
 * After a successful sign-in: the browser's device cookie is (re)issued for this user. A browser
 * that already holds one for this user keeps it (its last use is noted). Without "remember me"
 * (a shared computer) it lasts only as long as the browser session, like the session cookie.
 */
export async function rememberDevice(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  attempt: Attempt,
  remember: boolean,
  secure: CookieSecure,
  now = new Date(),
): Promise<void> {
  if (attempt.deviceHash) {
    await db
      .update(loginDevices)
      .set({ lastUsedAt: now })
      .where(eq(loginDevices.tokenHash, attempt.deviceHash));
    return;
  }
  const token = newSecretToken();
  await db
    .insert(loginDevices)
    .values({ tokenHash: hashToken(token), userId, createdAt: now, lastUsedAt: now });
  // Bounded per user: only the most recently used devices stay trusted.
  const keep = db
    .select({ tokenHash: loginDevices.tokenHash })
    .from(loginDevices)
    .where(eq(loginDevices.userId, userId))
    .orderBy(sql`${loginDevices.lastUsedAt} desc`)
    .limit(DEVICES_PER_USER);
  await db
    .delete(loginDevices)
    .where(and(eq(loginDevices.userId, userId), notInArray(loginDevices.tokenHash, keep)));
  reply.setCookie(DEVICE_COOKIE_NAME, token, {
    httpOnly: true,
    // Only our own sign-in form sends it; other sites cannot make a browser spend it.
    sameSite: 'strict',
    // Both logins (/api/v1/auth/login, /api/v2/auth/login) and nothing outside the API.
    path: '/api',
    ...(remember ? { maxAge: DEVICE_COOKIE_MAX_AGE_S } : {}),
    secure: secure === 'always' || (secure === 'auto' && request.protocol === 'https'),
  });
}

/** The 429 answer of a refused attempt. */
export function sendThrottled(reply: FastifyReply, err: Throttled): FastifyReply {
  const body: LoginThrottledBody = {
    message: err.message,
    code: LOGIN_THROTTLED_CODE,
    retryAfter: err.retryAfter,
  };
  return reply.code(429).header('retry-after', String(err.retryAfter)).send(body);
}

const lastPrune = new WeakMap<Db, number>();

/** Deletes expired counters and long-unused devices, at most once a minute per database handle. */
function pruneSoon(db: Db, now: Date): void {
  const last = lastPrune.get(db) ?? 0;
  if (now.getTime() - last < PRUNE_EVERY_MS) return;
  lastPrune.set(db, now.getTime());
  void pruneThrottle(db, now).catch(() => undefined); // best effort: the next minute tries again
}

export async function pruneThrottle(db: Db, now = new Date()): Promise<void> {
  await db.delete(loginThrottle).where(lt(loginThrottle.expiresAt, now));
  const unused = new Date(now.getTime() - DEVICE_COOKIE_MAX_AGE_S * 1000);
  await db.delete(loginDevices).where(lt(loginDevices.lastUsedAt, unused));
}
