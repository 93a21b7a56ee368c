/**
 * Cross-replica push of new events and notifications, and of created or changed tasks. Writers publish through the database with
 * NOTIFY on the `fw_events` channel (a few small messages per batch: ids, never documents, so the
 * 8,000-byte NOTIFY payload limit never bites); every replica LISTENs once and fans the documents
 * out to its own connected browsers.
 *
 * - PostgreSQL: one dedicated pool connection runs LISTEN fw_events (node-postgres `notification`).
 * - PGlite: its built-in `listen(channel, cb)`; NOTIFY from the same instance is delivered after
 *   commit, exactly like PostgreSQL. A single PGlite process has one replica by construction.
 * Both go through the same `publish()` (select pg_notify), so writers need nothing but `Db`.
 */
import { inArray, sql } from 'drizzle-orm';
import type { FwEvent, FwNotification, TaskWithRevision } from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { events, notifications, tasks } from '../../db/schema';

export const PUSH_CHANNEL = 'fw_events';
/** Ids per NOTIFY message: 100 uuids stay well under the payload limit. */
const IDS_PER_MESSAGE = 100;

export interface PushNotice {
  /** e: events of an organisation; n: notifications of one user; t: tasks of an organisation. */
  k: 'e' | 'n' | 't';
  o: number;
  u?: number;
  ids: string[];
}

export type PushDelivery =
  | { type: 'event'; organizationId: number; doc: FwEvent }
  | { type: 'notification'; organizationId: number; userId: number; doc: FwNotification }
  | { type: 'task'; organizationId: number; doc: TaskWithRevision };

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
  },
): Promise<void> {
  const groups = new Map<string, PushNotice>();
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

interface PgPoolLike {
  connect(): Promise<{
    query(q: string): Promise<unknown>;
    on(ev: 'notification', cb: (m: { channel: string; payload?: string }) => void): void;
    on(ev: 'error', cb: (e: Error) => void): void;
    release(err?: boolean | Error): void;
  }>;
}
interface PgliteLike {
  listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>>;
}

function parseNotice(payload: string | undefined): PushNotice | null {
  if (!payload) return null;
  try {
    const v = JSON.parse(payload) as PushNotice;
    if ((v.k === 'e' || v.k === 'n' || v.k === 't') && typeof v.o === 'number' && Array.isArray(v.ids)) return v;
  } catch {
    // not ours
  }
  return null;
}

/** One per app: listens on the database and hands loaded documents to the subscribed streams. */
export class PushHub {
  private readonly listeners = new Set<Listener>();
  private stop: (() => Promise<void>) | null = null;
  private starting: Promise<void> | null = null;
  /** Deliveries run one after another, so a stream sees documents in the order they were stored. */
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db) {}

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts listening (idempotent). */
  start(): Promise<void> {
    this.starting ??= this.listen();
    return this.starting;
  }

  private async listen(): Promise<void> {
    const client = (this.db as unknown as { $client: unknown }).$client;
    const onPayload = (payload: string | undefined) => {
      const notice = parseNotice(payload);
      if (!notice) return;
      this.chain = this.chain.then(() => this.deliver(notice)).catch(() => undefined);
    };
    if (client && typeof (client as PgliteLike).listen === 'function') {
      const unlisten = await (client as PgliteLike).listen(PUSH_CHANNEL, onPayload);
      this.stop = async () => {
        await unlisten().catch(() => undefined);
      };
      return;
    }
    if (client && typeof (client as PgPoolLike).connect === 'function') {
      const conn = await (client as PgPoolLike).connect();
      conn.on('notification', (m) => {
        if (m.channel === PUSH_CHANNEL) onPayload(m.payload);
      });
      conn.on('error', () => undefined);
      await conn.query(`LISTEN ${PUSH_CHANNEL}`);
      this.stop = async () => {
        await conn.query(`UNLISTEN ${PUSH_CHANNEL}`).catch(() => undefined);
        conn.release();
      };
      return;
    }
    throw new Error('push: the database driver supports neither PGlite listen nor pg LISTEN');
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
    this.listeners.clear();
    if (this.starting) await this.starting.catch(() => undefined);
    await this.stop?.();
    this.stop = null;
  }
}
