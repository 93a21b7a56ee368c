/**
 * A server-sent event stream on a Fastify reply (the push events, the dev loop's reloads): the
 * reply is taken over from Fastify (no compression, no serialisation), the headers keep proxies from
 * buffering or transforming it, and the first lines tell the browser how soon to reconnect.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

export function openEventStream(reply: FastifyReply, retryMs: number, comment: string): ServerResponse {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write(`retry: ${retryMs}\n: ${comment}\n\n`);
  return res;
}
