/**
 * GET /api/v3/events/stream: server-sent events for the signed-in user — `event` for new events of
 * his organisations, `notification` for his own new notifications, `task` for changed tasks,
 * `command` and `relay` for his organisations' unit commands and relays, `alarm` for their alarms
 * acknowledged, reset or cleared — within a second or so of the
 * write, on any replica (see hub.ts). A comment line every PUSH_HEARTBEAT_MS keeps proxies from
 * closing an idle stream; the browser's 30-minute alarm poll stays the fallback.
 *
 * A stream lives no longer than its session: it ends when the session is deleted (logout,
 * revocation, password change — announced by the database on every replica, see hub.ts) and at
 * the session's expiry. A session holds at most MAX_STREAMS_PER_SESSION streams on a replica; a
 * further one ends the oldest (a reloading tab never waits for its old stream to time out).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, PUSH_HEARTBEAT_MS } from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { openEventStream } from '../../http/event-stream';
import { unauthorized } from '../../http/errors';
import { route } from '../../http/route';
import { auth } from '../auth/guard';
import { userOrgIds } from '../auth/scope';
import { PushHub, type ListenerState } from './hub';

/** Tunables; tests shorten the heartbeat. */
export const pushSettings = { heartbeatMs: PUSH_HEARTBEAT_MS };

/** Open streams one session may hold on a replica: a few tabs; a further one ends the oldest. */
export const MAX_STREAMS_PER_SESSION = 4;
/**
 * An evicted stream's browser reconnects after this long instead of PUSH's 5 s, so a sixth tab
 * does not start a round of tabs evicting each other every few seconds.
 */
export const EVICTED_RETRY_MS = 60_000;
/** setTimeout's longest delay (about 24.8 days); a later expiry is reached in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const hubs = new WeakMap<Db, PushHub>();
/** The push listener of the app on this database (readiness): undefined before the plugin loaded. */
export function pushListenerState(db: Db): ListenerState | undefined {
  return hubs.get(db)?.state;
}
/** The hub of the app on this database (tests cut its connection). */
export function pushHubOf(db: Db): PushHub | undefined {
  return hubs.get(db);
}

let openStreams = 0;
/** Streams open in this process (tests check that a disconnect cleans up). */
export function openPushStreams(): number {
  return openStreams;
}

export default async function pushPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const hub = new PushHub(ctx.db);
  hubs.set(ctx.db, hub);
  const open = new Set<() => void>();
  /** Evictions of the open streams by session public id, oldest first. */
  const bySession = new Map<string, Array<() => void>>();

  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });
  app.addHook('onClose', async () => {
    await hub.close();
  });
  // Listening from the start, not from the first stream: the session cache (auth/session-cache.ts)
  // is trusted only while changes made by other replicas are heard. A failure here is not fatal
  // (sessions are then looked up in the database; the first stream tries again).
  app.addHook('onReady', async () => {
    await hub.start().catch(() => undefined);
  });

  route(app, ENDPOINTS.pushStream, async (request, reply) => {
    const a = auth(request);
    const orgs = new Set(await userOrgIds(ctx.db, a.userId));
    await hub.start();
    // Read after LISTEN is up: a session deleted from here on is announced to the hub, one
    // deleted before is not found here. Either way no stream outlives its session.
    const [session] = await ctx.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.id, a.sessionId));
    if (!session) throw unauthorized();

    const res = openEventStream(reply, 5000, 'connected');

    const unsubscribe = hub.subscribe((d) => {
      if (!orgs.has(d.organizationId)) return;
      if ((d.type === 'notification' || d.type === 'notificationsSeen') && d.userId !== a.userId) return;
      // Relays have no id of their own: the unit's stands in.
      const id =
        d.type === 'relay'
          ? `relay-${d.doc.unitId}`
          : d.type === 'command'
            ? `command-${d.doc.id}`
            : d.type === 'alarm'
              ? `alarm-${d.doc.alarmId}-${d.doc.kind}`
              : d.type === 'notificationsSeen'
                ? `seen-${d.doc.seen}-${d.doc.ids[0] ?? ''}`
                : d.doc.id;
      res.write(`event: ${d.type}\nid: ${id}\ndata: ${JSON.stringify(d.doc)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(`: heartbeat\n\n`), pushSettings.heartbeatMs);
    heartbeat.unref();

    let ended = false;
    let expiry: NodeJS.Timeout | undefined;
    openStreams += 1;
    const end = () => {
      if (ended) return;
      ended = true;
      openStreams -= 1;
      clearInterval(heartbeat);
      clearTimeout(expiry);
      unsubscribe();
      unwatch();
      open.delete(end);
      const mine = bySession.get(a.publicId);
      const at = mine?.indexOf(evict) ?? -1;
      if (mine && at >= 0) mine.splice(at, 1);
      if (mine?.length === 0) bySession.delete(a.publicId);
      if (!res.writableEnded) res.end();
    };
    const evict = () => {
      if (!ended) res.write(`retry: ${EVICTED_RETRY_MS}\n: superseded by a newer stream of this session\n\n`);
      end();
    };
    const unwatch = hub.watchSession(a.publicId, end);
    const expireAt = session.expiresAt.getTime();
    const armExpiry = () => {
      const left = expireAt - Date.now();
      if (left <= 0) return end();
      expiry = setTimeout(armExpiry, Math.min(left, MAX_TIMER_MS));
      expiry.unref();
    };
    open.add(end);
    const mine = bySession.get(a.publicId) ?? [];
    bySession.set(a.publicId, mine);
    mine.push(evict);
    while (mine.length > MAX_STREAMS_PER_SESSION) mine[0]!();
    armExpiry();
    request.raw.on('close', end);
    res.on('close', end);
  });
}
