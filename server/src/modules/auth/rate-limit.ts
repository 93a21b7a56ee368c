/**
 * A plain rate limit for public calls that cost us something besides a password check — mail
 * sent, accounts made (registration): at most `cap` calls per key (e.g. a client address) in a
 * fixed window. Counted in the sign-in throttle's table (login_throttle, throttle.ts), so every
 * replica counts the same and its pruning removes old rows; keys are sha256 hashes of the kind and
 * its parts, so no address is stored readable, and they never meet the sign-in's own keys.
 *
 * One statement counts and reads (an upsert): concurrent calls cannot slip past the cap.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginThrottle } from '../../db/schema';
import { hashToken } from './tokens';

export interface RateLimit {
  /** Names the limit; part of the key. */
  kind: string;
  cap: number;
  windowMs: number;
}

/**
 * Counts one call under (limit, parts). Answers 0 when it is within the cap, else the seconds until
 * the window ends (the call is refused; it still counts, so hammering does not shorten the wait).
 */
export async function countCall(
  db: Db,
  limit: RateLimit,
  parts: readonly string[],
  now = new Date(),
): Promise<number> {
  const key = hashToken(['rate', limit.kind, ...parts].join('\u0000'));
  const windowEnd = new Date(now.getTime() + limit.windowMs);
  const at = sql`${now.toISOString()}::timestamptz`;
  const end = sql`${windowEnd.toISOString()}::timestamptz`;
  // A row whose window has ended starts a new one.
  const over = sql`(${loginThrottle.windowStart} + ${`${limit.windowMs} milliseconds`}::interval <= ${at} or ${loginThrottle.expiresAt} <= ${at})`;
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStart: now, lockedUntil: null, expiresAt: windowEnd })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${over} then 1 else ${loginThrottle.failures} + 1 end`,
        windowStart: sql`case when ${over} then ${at} else ${loginThrottle.windowStart} end`,
        expiresAt: sql`case when ${over} then ${end} else ${loginThrottle.expiresAt} end`,
      },
    })
    .returning({ count: loginThrottle.failures, windowStart: loginThrottle.windowStart });
  if (!row || row.count <= limit.cap) return 0;
  const ends = row.windowStart.getTime() + limit.windowMs;
  return Math.max(1, Math.ceil((ends - now.getTime()) / 1000));
}
