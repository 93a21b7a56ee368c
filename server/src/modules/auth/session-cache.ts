/**
 * Sessions resolved from memory (issue 22 §3): the guard's look-up of a session cookie costs a
 * database round trip on every request; a burst of requests of one browser (a dashboard's first
 * load, a CSV export, a script) asks for the same row again and again. This keeps the answer for
 * a few seconds, per database (one per app; tests run several apps side by side).
 *
 * It is only trusted while the push hub LISTENs on the database (hub.ts), because that is how a
 * change made by another replica reaches this one:
 * - a deleted session (logout, revocation, password change, a user's removal, expiry clean-up) is
 *   announced by the `sessions_end_push` trigger (migration 0006) by public id;
 * - a changed one (customer selection, expiry) and a user whose type changed are announced by the
 *   `sessions_changed_push` and `users_type_push` triggers (migration 0026) by user id.
 * The writes of this process also forget at once (forgetSession/forgetUsers at the write), so a
 * logout answered here is never followed by a cached yes, whatever the NOTIFY's delay. When the
 * LISTEN connection drops the cache is emptied and bypassed until it is back, and an entry never
 * outlives SESSION_CACHE_MS nor the session's own expiry.
 */
import type { Db } from '../../db/client';

/** How long a looked-up session is answered from memory. */
export const SESSION_CACHE_MS = 10_000;
/** Most sessions kept; the oldest entry goes first. */
const MAX_ENTRIES = 10_000;

/** A session as the guard reads it (sessions joined with the user's type). */
export interface SessionRow {
  id: string;
  publicId: string;
  userId: number;
  userType: number;
  lastSeenAt: Date;
  selectedCustomers: number[];
  expiresAt: Date;
}

interface Entry {
  row: SessionRow;
  until: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Set by the push hub while its LISTEN is up; nothing is kept or answered otherwise. */
  private trusted = false;
  hits = 0;
  misses = 0;

  /** The push hub's LISTEN came up (true) or dropped (false); either way, start afresh. */
  setTrusted(trusted: boolean): void {
    this.trusted = trusted;
    this.entries.clear();
  }

  get(id: string, now: number): SessionRow | null {
    if (!this.trusted) return null;
    const e = this.entries.get(id);
    if (!e) {
      this.misses += 1;
      return null;
    }
    if (e.until <= now || e.row.expiresAt.getTime() <= now) {
      this.entries.delete(id);
      this.misses += 1;
      return null;
    }
    this.hits += 1;
    return e.row;
  }

  set(row: SessionRow, now: number): void {
    if (!this.trusted) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(row.id, { row, until: now + SESSION_CACHE_MS });
  }

  /** This process touched the session: the cached row says so too. */
  touched(id: string, at: Date): void {
    const e = this.entries.get(id);
    if (e) e.row = { ...e.row, lastSeenAt: at };
  }

  forgetSession(id: string): void {
    this.entries.delete(id);
  }

  forgetPublicIds(publicIds: readonly string[]): void {
    if (publicIds.length === 0 || this.entries.size === 0) return;
    const gone = new Set(publicIds);
    for (const [id, e] of this.entries) if (gone.has(e.row.publicId)) this.entries.delete(id);
  }

  forgetUsers(userIds: readonly number[]): void {
    if (userIds.length === 0 || this.entries.size === 0) return;
    const gone = new Set(userIds);
    for (const [id, e] of this.entries) if (gone.has(e.row.userId)) this.entries.delete(id);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<Db, SessionCache>();

/** The session cache of the app on this database. */
export function sessionCache(db: Db): SessionCache {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new SessionCache()));
  return c;
}
