/**
 * Counts API calls per token (issue 18 §1, usage statistics): every request that carried
 * "Authorization: Bearer <token>" of a live API token adds one to that token's counter of the day
 * (usage_daily, metric "api.calls"), whatever the route answered.
 *
 * Kept cheap: the work happens after the answer went out (onResponse); the token's row is looked
 * up by its hash and remembered for a minute (misses too, so a flood of unknown tokens does not
 * reach the database); counts gather in memory and go out as one upsert per counter every couple
 * of seconds, and when the app closes. The statistics route flushes first, so it is up to date.
 */
import type { FastifyInstance } from 'fastify';
import { USAGE_API_CALLS } from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { apiTokens } from '../../db/schema';
import { eq, sql } from 'drizzle-orm';
import { hashToken } from '../auth/tokens';

interface TokenHit {
  id: number;
  org: number;
  /** ms; null: never expires. */
  expiresAt: number | null;
}

export interface UsageCounterOptions {
  /** How long a token's look-up is remembered. */
  cacheMs?: number;
  /** How long counts gather before they are written. */
  flushMs?: number;
  /** Most tokens remembered (the oldest are forgotten first). */
  cacheSize?: number;
}

export class UsageCounter {
  private readonly cache = new Map<string, { at: number; hit: TokenHit | null }>();
  /** "org|day|tokenId" → calls not yet written. */
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private readonly cacheMs: number;
  private readonly flushMs: number;
  private readonly cacheSize: number;

  constructor(
    private readonly db: Db,
    opts: UsageCounterOptions = {},
  ) {
    this.cacheMs = opts.cacheMs ?? 60_000;
    this.flushMs = opts.flushMs ?? 2_000;
    this.cacheSize = opts.cacheSize ?? 1_000;
  }

  /** The live token of a hash, or null (unknown, revoked or expired: the server refused the call). */
  async resolve(hash: string, now = Date.now()): Promise<TokenHit | null> {
    const live = (hit: TokenHit | null) => (hit && (hit.expiresAt === null || hit.expiresAt > now) ? hit : null);
    const cached = this.cache.get(hash);
    if (cached && now - cached.at < this.cacheMs) return live(cached.hit);
    const [row] = await this.db
      .select({ id: apiTokens.id, org: apiTokens.organizationId, revokedAt: apiTokens.revokedAt, expiresAt: apiTokens.expiresAt })
      .from(apiTokens)
      .where(eq(apiTokens.tokenHash, hash))
      .limit(1);
    const hit = row && !row.revokedAt ? { id: row.id, org: row.org, expiresAt: row.expiresAt?.getTime() ?? null } : null;
    if (this.cache.size >= this.cacheSize) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(hash, { at: now, hit });
    return live(hit);
  }

  /** One call of `hit`'s token at `at`. */
  count(hit: TokenHit, at = new Date()): void {
    const key = `${hit.org}|${at.toISOString().slice(0, 10)}|${hit.id}`;
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      this.timer.unref();
    }
  }

  /** Writes what has gathered (and waits for a write under way). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = new Map();
    const write = this.writing.then(() => this.write(batch));
    this.writing = write.catch(() => undefined);
    return write;
  }

  private async write(batch: Map<string, number>): Promise<void> {
    for (const [key, n] of batch) {
      const [org, day, token] = key.split('|');
      try {
        // A token deleted meanwhile: its calls go with it (the row would break its key).
        await this.db.execute(sql`
          insert into usage_daily (organization_id, day, metric, token_id, count)
          select ${Number(org)}, ${day}::date, ${USAGE_API_CALLS}, t.id, ${n}
          from api_tokens t where t.id = ${Number(token)}
          on conflict (organization_id, day, metric, (coalesce(token_id, 0)))
          do update set count = usage_daily.count + excluded.count`);
      } catch {
        // Statistics are best effort: a failed write must not break anything else.
      }
    }
  }

  forget(): void {
    this.cache.clear();
  }
}

/**
 * The token of an "Authorization: Bearer <token>" header, if it could be one of ours (any format
 * the API tokens had: letters, digits, '_' and '-'); anything else is not looked up.
 */
export function bearerOf(header: string | undefined): string | null {
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(header ?? '');
  return m?.[1] ?? null;
}

const counters = new WeakMap<Db, UsageCounter>();

/** The counter of a database (the statistics route flushes it). */
export function usageCounterOf(db: Db): UsageCounter | undefined {
  return counters.get(db);
}

/** Counts API calls of every route of `app` (call on the root instance, before the plugins). */
export function installUsageCounter(app: FastifyInstance, db: Db, opts: UsageCounterOptions = {}): UsageCounter {
  const counter = new UsageCounter(db, opts);
  counters.set(db, counter);
  app.addHook('onResponse', async (request) => {
    const token = bearerOf(request.headers.authorization);
    if (!token) return;
    try {
      const hit = await counter.resolve(hashToken(token));
      if (hit) counter.count(hit);
    } catch (err) {
      request.log.warn({ err }, 'could not count an API call');
    }
  });
  app.addHook('onClose', async () => counter.flush());
  return counter;
}
