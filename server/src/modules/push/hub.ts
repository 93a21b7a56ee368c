/**
 * Cross-replica push of new events and notifications, of created or changed tasks, and of unit
 * commands, relays and alarm state changes. Writers publish through the database with
 * NOTIFY on the `fw_events` channel (a few small messages per batch: ids, never documents, so the
 * 8,000-byte NOTIFY payload limit never bites); every replica LISTENs once and fans the documents
 * out to its own connected browsers.
 *
 * - PostgreSQL: one dedicated pool connection runs LISTEN fw_events (node-postgres `notification`).
 *   When it drops (server restart, failover, pg_terminate_backend, a half-open TCP link the
 *   periodic ping finds) it reconnects with a growing delay and LISTENs again.
 * - PGlite: its built-in `listen(channel, cb)`; NOTIFY from the same instance is delivered after
 *   commit, exactly like PostgreSQL. A single PGlite process has one replica by construction.
 * Both go through the same `publish()` (select pg_notify), so writers need nothing but `Db`.
 *
 * Ended sessions arrive on the same channel as `{ k: 's', ids: [publicId…] }`, sent by a trigger on
 * `sessions` (migration 0006): every replica closes those sessions' streams.
 */
import { inArray, sql } from 'drizzle-orm';
import type {
  AlarmChange,
  FwEvent,
  FwNotification,
  NotificationsSeen,
  Relay,
  TaskWithRevision,
  UnitActionRecord,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { events, notifications, sessions, tasks } from '../../db/schema';
import { loadAlarmChanges } from '../alarms/read';
import { loadCommands } from '../devices/actions/records';
import { loadRelays } from '../devices/relay/state';
import { sessionCache, type SessionCache } from '../auth/session-cache';

export const PUSH_CHANNEL = 'fw_events';
/** Ids per NOTIFY message: 100 uuids stay well under the payload limit. */
const IDS_PER_MESSAGE = 100;

export interface PushNotice {
  /**
   * e: events of an organisation; n: notifications of one user; t: tasks of an organisation;
   * c: unit commands (ids) of an organisation; r: relays (unit ids) of an organisation;
   * a: alarms (ids) of an organisation that were acknowledged, reset or cleared;
   * v: notifications of one user that were marked seen (ids; `s` the time they were).
   */
  k: 'e' | 'n' | 't' | 'c' | 'r' | 'a' | 'v';
  s?: string;
  o: number;
  u?: number;
  ids: string[];
}

export type PushDelivery =
  | { type: 'event'; organizationId: number; doc: FwEvent }
  | { type: 'notification'; organizationId: number; userId: number; doc: FwNotification }
  | { type: 'task'; organizationId: number; doc: TaskWithRevision }
  | { type: 'command'; organizationId: number; doc: UnitActionRecord }
  | { type: 'relay'; organizationId: number; doc: Relay }
  | { type: 'alarm'; organizationId: number; doc: AlarmChange }
  | { type: 'notificationsSeen'; organizationId: number; userId: number; doc: NotificationsSeen };

/**
 * Announces new events and notifications, and created or changed tasks, to every replica. Call it
 * inside the writing transaction or after it: NOTIFY is delivered at commit, never for a rollback.
 * Never throws (push is best effort).
 */
export async function publishNew(
  db: Db,
  created: {
    events?: ReadonlyArray<{ organizationId: number; id: string }>;
    notifications?: ReadonlyArray<{ organizationId: number; userId: number; id: string }>;
    tasks?: ReadonlyArray<{ organizationId: number; id: string }>;
    /** Unit commands created or moved on (by command id). */
    commands?: ReadonlyArray<{ organizationId: number; id: number }>;
    /** Relays that changed (by unit id). */
    relays?: ReadonlyArray<{ organizationId: number; unitId: number }>;
    /** Alarms whose state changed (acknowledged, reset, cleared), by alarm id. */
    alarms?: ReadonlyArray<{ organizationId: number; id: number }>;
    /** Notifications of one user marked seen at `seen` (his other browsers mark them too). */
    seen?: ReadonlyArray<{ organizationId: number; userId: number; id: string; seen: string }>;
  },
): Promise<void> {
  const groups = new Map<string, PushNotice>();
  const add = (k: 'c' | 'r' | 'a', o: number, id: string) => {
    const g = groups.get(`${k}:${o}`) ?? { k, o, ids: [] };
    if (!g.ids.includes(id)) g.ids.push(id);
    groups.set(`${k}:${o}`, g);
  };
  for (const c of created.commands ?? []) add('c', c.organizationId, String(c.id));
  for (const r of created.relays ?? []) add('r', r.organizationId, String(r.unitId));
  for (const a of created.alarms ?? []) add('a', a.organizationId, String(a.id));
  for (const t of created.tasks ?? []) {
    const key = `t:${t.organizationId}`;
    const g = groups.get(key) ?? { k: 't', o: t.organizationId, ids: [] };
    if (!g.ids.includes(t.id)) g.ids.push(t.id);
    groups.set(key, g);
  }
  for (const e of created.events ?? []) {
    const key = `e:${e.organizationId}`;
    const g = groups.get(key) ?? { k: 'e', o: e.organizationId, ids: [] };
    g.ids.push(e.id);
    groups.set(key, g);
  }
  for (const v of created.seen ?? []) {
    const key = `v:${v.organizationId}:${v.userId}:${v.seen}`;
    const g = groups.get(key) ?? { k: 'v', o: v.organizationId, u: v.userId, s: v.seen, ids: [] };
    g.ids.push(v.id);
    groups.set(key, g);
  }
  for (const n of created.notifications ?? []) {
    const key = `n:${n.organizationId}:${n.userId}`;
    const g = groups.get(key) ?? { k: 'n', o: n.organizationId, u: n.userId, ids: [] };
    g.ids.push(n.id);
    groups.set(key, g);
  }
  try {
    for (const g of groups.values()) {
      for (let i = 0; i < g.ids.length; i += IDS_PER_MESSAGE) {
        const payload = JSON.stringify({ ...g, ids: g.ids.slice(i, i + IDS_PER_MESSAGE) });
        await db.execute(sql`select pg_notify(${PUSH_CHANNEL}, ${payload})`);
      }
    }
  } catch {
    // The browsers' 30-minute alarm poll is the fallback; a failed NOTIFY must not fail a write.
  }
}

type Listener = (d: PushDelivery) => void;

interface PgClientLike {
  query(q: string): Promise<unknown>;
  on(ev: 'notification', cb: (m: { channel: string; payload?: string }) => void): void;
  on(ev: 'error', cb: (e: Error) => void): void;
  on(ev: 'end', cb: () => void): void;
  release(err?: boolean | Error): void;
}
interface PgPoolLike {
  connect(): Promise<PgClientLike>;
}
interface PgliteLike {
  listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>>;
}

/** Sessions that ended (deleted rows of `sessions`), by public id. */
interface SessionsEnded {
  k: 's';
  ids: string[];
}

/**
 * Users whose sessions changed (customer selection, expiry; migration 0026) or whose user type
 * did: cached look-ups of their sessions are dropped (session-cache.ts).
 */
interface SessionsChanged {
  k: 'x';
  u: number[];
}

function parseNotice(payload: string | undefined): PushNotice | SessionsEnded | SessionsChanged | null {
  if (!payload) return null;
  try {
    const v = JSON.parse(payload) as PushNotice | SessionsEnded | SessionsChanged;
    if (v.k === 's' && Array.isArray(v.ids)) return v;
    if (v.k === 'x') return Array.isArray(v.u) ? v : null;
    if (v.k !== 's' && ['e', 'n', 't', 'c', 'r', 'a', 'v'].includes(v.k) && typeof v.o === 'number' && Array.isArray(v.ids)) return v;
  } catch {
    // not ours
  }
  return null;
}

/** Reconnection delays of the LISTEN connection: 250 ms doubling up to 10 s. */
export const listenRetry = { firstMs: 250, maxMs: 10_000 };
/**
 * How often the LISTEN connection is pinged, and how long the ping may take: a connection whose
 * peer vanished without a FIN (a cut cable, a dead NAT entry) only shows itself when used.
 */
export const listenPing = { everyMs: 15_000, timeoutMs: 5_000 };

/** idle: nobody listened yet; listening; reconnecting: the connection dropped; closed. */
export type ListenerState = 'idle' | 'listening' | 'reconnecting' | 'closed';

/** One per app: listens on the database and hands loaded documents to the subscribed streams. */
export class PushHub {
  private readonly listeners = new Set<Listener>();
  /** Stream closers by session public id. */
  private readonly sessionWatchers = new Map<string, Set<() => void>>();
  private stop: (() => Promise<void>) | null = null;
  private starting: Promise<void> | null = null;
  private closed = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryMs = listenRetry.firstMs;
  /** Deliveries run one after another, so a stream sees documents in the order they were stored. */
  private chain: Promise<void> = Promise.resolve();
  state: ListenerState = 'idle';
  /** Times the LISTEN connection was re-established after a drop (tests and readiness read it). */
  reconnects = 0;

  /** The session cache of this database: trusted while LISTEN is up, told what others changed. */
  private readonly sessions: SessionCache;

  constructor(private readonly db: Db) {
    this.sessions = sessionCache(db);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Calls `end` when the session with this public id ends (on any replica). */
  watchSession(publicId: string, end: () => void): () => void {
    let set = this.sessionWatchers.get(publicId);
    if (!set) this.sessionWatchers.set(publicId, (set = new Set()));
    set.add(end);
    return () => {
      set.delete(end);
      if (set.size === 0 && this.sessionWatchers.get(publicId) === set) this.sessionWatchers.delete(publicId);
    };
  }

  /** Starts listening (idempotent). */
  start(): Promise<void> {
    this.starting ??= this.listen().catch((err: unknown) => {
      // A failed first attempt must not stick: the next stream tries again.
      this.starting = null;
      throw err;
    });
    return this.starting;
  }

  private onPayload = (payload: string | undefined): void => {
    const notice = parseNotice(payload);
    if (!notice) return;
    if (notice.k === 'x') {
      this.sessions.forgetUsers(notice.u.map(Number));
      return;
    }
    if (notice.k === 's') {
      this.sessions.forgetPublicIds(notice.ids);
      for (const id of notice.ids) for (const end of [...(this.sessionWatchers.get(id) ?? [])]) end();
      return;
    }
    this.chain = this.chain.then(() => this.deliver(notice)).catch(() => undefined);
  };

  private async listen(): Promise<void> {
    const client = (this.db as unknown as { $client: unknown }).$client;
    if (client && typeof (client as PgliteLike).listen === 'function') {
      const unlisten = await (client as PgliteLike).listen(PUSH_CHANNEL, this.onPayload);
      this.state = 'listening';
      this.sessions.setTrusted(true);
      this.stop = async () => {
        await unlisten().catch(() => undefined);
      };
      return;
    }
    if (client && typeof (client as PgPoolLike).connect === 'function') {
      await this.listenPg(client as PgPoolLike);
      return;
    }
    throw new Error('push: the database driver supports neither PGlite listen nor pg LISTEN');
  }

  /** One dedicated connection with LISTEN; on any sign of death it is dropped and replaced. */
  private async listenPg(pool: PgPoolLike): Promise<void> {
    const conn = await pool.connect();
    let dead = false;
    let ping: NodeJS.Timeout | null = null;
    const drop = (err?: Error) => {
      if (dead) return;
      dead = true;
      if (ping) clearInterval(ping);
      this.stop = null;
      // Changes made elsewhere are not heard now: no session is answered from memory.
      this.sessions.setTrusted(false);
      // release(err) destroys the client instead of returning a broken one to the pool.
      try {
        conn.release(err ?? new Error('push: LISTEN connection lost'));
      } catch {
        // already released
      }
      if (!this.closed) this.scheduleReconnect(pool);
    };
    conn.on('error', (e) => drop(e));
    conn.on('end', () => drop());
    conn.on('notification', (m) => {
      if (m.channel === PUSH_CHANNEL) this.onPayload(m.payload);
    });
    try {
      await conn.query(`SET application_name = 'fieldwatch-push'`);
      await conn.query(`LISTEN ${PUSH_CHANNEL}`);
    } catch (err) {
      dead = true;
      conn.release(err as Error);
      throw err;
    }
    this.state = 'listening';
    this.sessions.setTrusted(true);
    this.retryMs = listenRetry.firstMs;
    ping = setInterval(() => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('push: LISTEN connection ping timed out')), listenPing.timeoutMs);
      });
      Promise.race([conn.query('SELECT 1'), timeout])
        .catch((e: Error) => drop(e))
        .finally(() => clearTimeout(timer));
    }, listenPing.everyMs);
    ping.unref();
    this.stop = async () => {
      if (dead) return;
      dead = true;
      if (ping) clearInterval(ping);
      await conn.query(`UNLISTEN ${PUSH_CHANNEL}`).catch(() => undefined);
      conn.release();
    };
  }

  private scheduleReconnect(pool: PgPoolLike): void {
    this.state = 'reconnecting';
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, listenRetry.maxMs);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.closed) return;
      this.listenPg(pool).then(
        () => {
          this.reconnects += 1;
          // Sessions that ended while nobody listened were never announced: look them up.
          void this.endVanishedSessions().catch(() => undefined);
        },
        () => {
          if (!this.closed) this.scheduleReconnect(pool);
        },
      );
    }, delay);
    this.retryTimer.unref();
  }

  /** Closes the streams of watched sessions that no longer exist. */
  private async endVanishedSessions(): Promise<void> {
    const watched = [...this.sessionWatchers.keys()];
    if (watched.length === 0) return;
    const alive = await this.db
      .select({ publicId: sessions.publicId })
      .from(sessions)
      .where(inArray(sessions.publicId, watched));
    const still = new Set(alive.map((r) => r.publicId));
    this.onPayload(JSON.stringify({ k: 's', ids: watched.filter((id) => !still.has(id)) }));
  }

  private async deliver(n: PushNotice): Promise<void> {
    if (this.listeners.size === 0) return;
    const out: PushDelivery[] = [];
    if (n.k === 'e') {
      const rows = await this.db.select({ doc: events.doc }).from(events).where(inArray(events.id, n.ids));
      const order = new Map(n.ids.map((id, i) => [id, i]));
      rows.sort((a, b) => (order.get(a.doc.id) ?? 0) - (order.get(b.doc.id) ?? 0));
      for (const r of rows) out.push({ type: 'event', organizationId: n.o, doc: r.doc });
    } else if (n.k === 't') {
      const rows = await this.db
        .select({ doc: tasks.doc, revision: tasks.revision, org: tasks.organizationId })
        .from(tasks)
        .where(inArray(tasks.id, n.ids));
      for (const r of rows)
        out.push({ type: 'task', organizationId: r.org, doc: { ...r.doc, revision: r.revision } });
    } else if (n.k === 'c') {
      for (const c of await loadCommands(this.db, n.ids.map(Number)))
        out.push({ type: 'command', organizationId: c.organizationId, doc: c.record });
    } else if (n.k === 'r') {
      for (const r of await loadRelays(this.db, n.ids.map(Number)))
        out.push({ type: 'relay', organizationId: r.organizationId, doc: r.relay });
    } else if (n.k === 'a') {
      for (const c of await loadAlarmChanges(this.db, n.ids.map(Number)))
        out.push({ type: 'alarm', organizationId: c.organizationId, doc: c });
    } else if (n.k === 'v') {
      if (n.u !== undefined && typeof n.s === 'string')
        out.push({ type: 'notificationsSeen', organizationId: n.o, userId: n.u, doc: { ids: n.ids, seen: n.s } });
    } else if (n.u !== undefined) {
      const rows = await this.db
        .select({ doc: notifications.doc, userId: notifications.userId })
        .from(notifications)
        .where(inArray(notifications.id, n.ids));
      for (const r of rows)
        out.push({ type: 'notification', organizationId: n.o, userId: r.userId, doc: r.doc });
    }
    for (const d of out) for (const l of this.listeners) l(d);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.sessionWatchers.clear();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.starting) await this.starting.catch(() => undefined);
    await this.stop?.();
    this.stop = null;
    this.state = 'closed';
    this.sessions.setTrusted(false);
  }
}
