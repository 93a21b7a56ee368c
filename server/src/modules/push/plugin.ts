/**
 * GET /api/v3/events/stream: server-sent events for the signed-in user — `event` for new events of
 * his organisations, `notification` for his own new notifications — within a second or so of the
 * write, on any replica (see hub.ts). A comment line every PUSH_HEARTBEAT_MS keeps proxies from
 * closing an idle stream; the browser's 30-minute alarm poll stays the fallback.
 */
import type { FastifyInstance } from 'fastify';
import { PUSH_HEARTBEAT_MS, PUSH_STREAM_PATH } from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { auth } from '../auth/guard';
import { userOrgIds } from '../auth/scope';
import { PushHub } from './hub';

/** Tunables; tests shorten the heartbeat. */
export const pushSettings = { heartbeatMs: PUSH_HEARTBEAT_MS };

let openStreams = 0;
/** Streams open in this process (tests check that a disconnect cleans up). */
export function openPushStreams(): number {
  return openStreams;
}

export default async function pushPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const hub = new PushHub(ctx.db);
  const open = new Set<() => void>();

  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });
  app.addHook('onClose', async () => {
    await hub.close();
  });

  app.get(PUSH_STREAM_PATH, async (request, reply) => {
    const a = auth(request);
    const orgs = new Set(await userOrgIds(ctx.db, a.userId));
    await hub.start();

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: 5000\n: connected\n\n`);

    const unsubscribe = hub.subscribe((d) => {
      if (!orgs.has(d.organizationId)) return;
      if (d.type === 'notification' && d.userId !== a.userId) return;
      res.write(`event: ${d.type}\nid: ${d.doc.id}\ndata: ${JSON.stringify(d.doc)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(`: heartbeat\n\n`), pushSettings.heartbeatMs);
    heartbeat.unref();

    let ended = false;
    openStreams += 1;
    const end = () => {
      if (ended) return;
      ended = true;
      openStreams -= 1;
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
      if (!res.writableEnded) res.end();
    };
    open.add(end);
    request.raw.on('close', end);
    res.on('close', end);
  });
}
