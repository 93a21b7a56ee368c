/**
 * Live reload for a team's loop (`npm run dev`, DEV_RELOAD; issue 21 §1): the server watches the
 * front ends' dist folders and tells every open page, over a server-sent event stream, when a
 * build has changed; the page reloads itself (its state is not kept: this is live reload, not hot
 * module replacement — the production builds that run on both sides of Module Federation have no
 * HMR runtime). The page's index.html gets the small client script; nothing of it exists unless
 * DEV_RELOAD is set.
 */
import { existsSync, watch, type FSWatcher } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { openEventStream } from '../../http/event-stream';

export const DEV_RELOAD_SCRIPT = '/__dev/reload.js';
export const DEV_RELOAD_STREAM = '/__dev/reload';

/** The client: reload on the server's 'reload' event. */
const CLIENT = `(() => {
  const events = new EventSource(${JSON.stringify(DEV_RELOAD_STREAM)});
  events.addEventListener('reload', () => location.reload());
})();
`;

/** How long the folders must stay quiet before a build counts as written (webpack writes many files). */
const SETTLE_MS = 400;

/** The index.html with the client script (before </head>). */
export function withReloadClient(html: string): string {
  const tag = `<script src="${DEV_RELOAD_SCRIPT}" defer></script>`;
  return html.includes('</head>') ? html.replace('</head>', `${tag}</head>`) : `${tag}${html}`;
}

/** Watches `dirs` and calls `changed` once a burst of writes in them has settled. */
export function watchBuilds(dirs: readonly string[], changed: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const watchers: FSWatcher[] = [];
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    try {
      watchers.push(
        watch(dir, () => {
          clearTimeout(timer);
          timer = setTimeout(changed, SETTLE_MS);
        }),
      );
    } catch {
      /* a folder that cannot be watched: no reload for it */
    }
  }
  return () => {
    clearTimeout(timer);
    for (const w of watchers) w.close();
  };
}

/** Registers the client script and the event stream, and watches `dirs` while the app runs. */
export function installDevReload(app: FastifyInstance, dirs: readonly string[]): void {
  const pages = new Set<(event: string) => void>();
  let stop: (() => void) | undefined;
  app.addHook('onReady', async () => {
    stop = watchBuilds(dirs, () => {
      app.log.info('a front-end build changed: reloading the open pages');
      for (const send of pages) send('reload');
    });
  });
  app.addHook('onClose', async () => {
    stop?.();
    for (const send of pages) send('end');
  });

  app.get(DEV_RELOAD_SCRIPT, { compress: false }, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(CLIENT),
  );
  app.get(DEV_RELOAD_STREAM, { compress: false }, (request, reply) => {
    const res = openEventStream(reply, 1000, 'watching the builds');
    const send = (event: string) => {
      if (event === 'end') res.end();
      else res.write(`event: ${event}\ndata: {}\n\n`);
    };
    pages.add(send);
    request.raw.on('close', () => pages.delete(send));
  });
}
