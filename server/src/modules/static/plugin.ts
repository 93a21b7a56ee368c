/**
 * Static hosting: /remotes.json (where each remote lives: data kept by ../releases), each remote's
 * build under /remotes/<name>/, its published versions under /remotes/<name>/<version>/ (from the
 * release store, RELEASES_DIR), and the shell with an SPA fallback. Built files are read at
 * request time, so a remote can be rebuilt, released or rolled back without restarting the server.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  AREA_TIMEOUT_HEADER,
  CONTRACT_VERSION,
  CONTRACT_VERSION_PATTERN,
  DEFAULT_AREA_LOAD_TIMEOUT_MS,
  REMOTES_CONTRACT_PARAM,
  firstAreaOfPage,
  MESSAGES,
  REMOTE_NAMES,
  type ApiErrorBody,
  type RemoteName,
  type RemotesMap,
} from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { originHeader } from '../../http/partner-cors';
import { cookieSession, isApiPath } from '../auth/guard';
import { releaseSettings } from '../releases/plugin';
import { releaseDir, remoteMapFor } from '../releases/service';
import { cacheControlFor, IMMUTABLE, NO_CACHE, NO_STORE } from './cache';
import { installDevReload, withReloadClient } from './dev-reload';
import { areaPreloadLinks } from './preload';

const CONTRACT_VERSION_RE = new RegExp(CONTRACT_VERSION_PATTERN);

export const BUILD_FIRST_MESSAGE = 'Build the front end first: npm start';

/** The onboarding loader in mf-onboarding/dist, served as /onboarding/embed.js. */
export const EMBED_LOADER_FILE = 'embed.js';

/** The onboarding remote is embeddable by partner sites on other origins (the spec; ARCHITECTURE). */
const CORS_REMOTES: ReadonlySet<RemoteName> = new Set(['onboarding']);

function isRemoteName(name: string): name is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(name);
}

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Whether `rel` names a regular file inside `root`. Checked before sending so that a miss goes
 * straight to the 404/SPA handling (no half-started file stream), and so that no decoded `..`
 * can ever leave the build folder.
 */
function isFileIn(root: string, rel: string): boolean {
  const full = path.resolve(root, rel);
  if (!full.startsWith(root + path.sep)) return false;
  try {
    return statSync(full).isFile();
  } catch {
    return false;
  }
}

/**
 * A built file, or its .br/.gz sibling when the browser accepts one (the static plugin's
 * preCompressed). Files go out as they were built: never compressed again per request (the
 * routes say `compress: false`), and caches keep one copy per encoding (Vary).
 */
function sendBuilt(reply: FastifyReply, file: string, dir: string) {
  return reply.header('vary', 'Accept-Encoding').sendFile(file, dir);
}

function notFoundBody(): ApiErrorBody {
  return { message: MESSAGES.notFound, code: 'not_found' };
}

async function staticPlugin(app: FastifyInstance, { config, db }: ServerContext): Promise<void> {
  const releases = releaseSettings(config);
  const shellDist = path.join(config.staticRoot, 'shell', 'dist');
  const remoteDist = (name: RemoteName) => path.join(config.staticRoot, `mf-${name}`, 'dist');

  // Only the reply.sendFile decorator; routes below decide what is served from where. A file's
  // .br or .gz sibling (written at build time, tools/webpack.base.cjs) goes to a browser that
  // accepts it, with Vary: Accept-Encoding.
  await app.register(fastifyStatic, { root: config.staticRoot, serve: false, cacheControl: false, preCompressed: true });

  async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
    if (!existsSync(path.join(shellDist, 'index.html'))) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', NO_STORE)
        .send(BUILD_FIRST_MESSAGE);
    }
    // The code of the area this page shows first travels with the shell's (see ./preload): only
    // while that remote is the build in its dist folder (a release's files may live elsewhere, and
    // the page's user may be in its canary).
    const area = firstAreaOfPage(request.url.split('?')[0] ?? '/');
    const links =
      area && !config.devStandalone && (await servesDist(area)) ? areaPreloadLinks(area, remoteDist(area)) : [];
    if (links.length > 0) reply.header('link', links.join(', '));
    // Development: a remote's standalone page instead of the shell (DEV_STANDALONE), and/or the
    // live-reload client (DEV_RELOAD).
    if (config.devReload || config.devStandalone) {
      const page = config.devStandalone
        ? path.join(remoteDist(config.devStandalone), 'standalone.html')
        : path.join(shellDist, 'index.html');
      if (!existsSync(page))
        return reply.code(503).type('text/plain; charset=utf-8').header('cache-control', NO_STORE).send(BUILD_FIRST_MESSAGE);
      const html = readFileSync(page, 'utf8');
      return reply
        .header('cache-control', NO_STORE)
        .type('text/html; charset=utf-8')
        .send(config.devReload ? withReloadClient(html) : html);
    }
    return sendBuilt(reply.header('cache-control', NO_CACHE), 'index.html', shellDist);
  }

  // `npm run dev`: pages reload themselves when a build changes (./dev-reload.ts).
  if (config.devReload)
    installDevReload(app, [shellDist, ...REMOTE_NAMES.map(remoteDist)]);

  async function servesDist(area: RemoteName): Promise<boolean> {
    if (config.remoteUrls[area]) return false;
    const map = await remoteMapFor(db, releases, null);
    return map[area] === `/remotes/${area}/mf-manifest.json`;
  }

  /**
   * The remote map of this page's user (his canaries), or of nobody (no session), for the platform
   * contract the page's shell reports (?contract=; a tab opened before an upgrade of the server
   * keeps versions its shell can mount). A missing or malformed one is this server's own.
   */
  async function mapFor(request: FastifyRequest): Promise<RemotesMap> {
    const session = await cookieSession(db, request);
    const asked = (request.query as Record<string, unknown> | undefined)?.[REMOTES_CONTRACT_PARAM];
    const platform = typeof asked === 'string' && CONTRACT_VERSION_RE.test(asked) ? asked : CONTRACT_VERSION;
    return remoteMapFor(
      db,
      releases,
      session ? { id: session.userId, organizations: session.selectedCustomers } : null,
      platform,
    );
  }

  const partners = new Set(config.partnerOrigins ?? []);
  app.get('/remotes.json', async (request, reply) => {
    reply.header('cache-control', NO_STORE);
    reply.header(AREA_TIMEOUT_HEADER, String(config.areaLoadTimeoutMs ?? DEFAULT_AREA_LOAD_TIMEOUT_MS));
    // The onboarding loader on a partner page (PARTNER_ORIGINS) reads it to find the remote.
    const origin = originHeader(request);
    if (partners.has(origin)) reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    return mapFor(request);
  });

  app.get<{ Params: { name: string; '*': string } }>('/remotes/:name/*', { compress: false }, (request, reply) => {
    const { name } = request.params;
    const file = request.params['*'];
    if (CORS_REMOTES.has(name as RemoteName)) reply.header('access-control-allow-origin', '*');
    if (!isRemoteName(name) || !file) return reply.callNotFound();
    // A published version (RELEASES_DIR/<name>/<version>/…): immutable, every file of it.
    const slash = file.indexOf('/');
    const dir = slash > 0 ? releaseDir(releases.releasesDir, name, file.slice(0, slash)) : null;
    if (dir && isFileIn(dir, file.slice(slash + 1))) {
      reply.header('cache-control', IMMUTABLE);
      return sendBuilt(reply, file.slice(slash + 1), dir);
    }
    if (!isFileIn(remoteDist(name), file)) return reply.callNotFound();
    reply.header('cache-control', cacheControlFor(file));
    return sendBuilt(reply, file, remoteDist(name));
  });

  // The partner pages' one script tag (docs/partners.md): the onboarding remote's loader, built
  // next to the remote (mf-onboarding/src/loader). Not content-hashed, so revalidated on each load.
  app.get('/onboarding/embed.js', { compress: false }, (_request, reply) => {
    const dist = remoteDist('onboarding');
    if (!isFileIn(dist, EMBED_LOADER_FILE)) {
      return reply.code(503).type('text/plain; charset=utf-8').header('cache-control', NO_STORE).send(BUILD_FIRST_MESSAGE);
    }
    reply.header('cache-control', NO_CACHE).header('access-control-allow-origin', '*');
    return reply.type('text/javascript; charset=utf-8').sendFile(EMBED_LOADER_FILE, dist);
  });

  // Preflight for partner pages that fetch the embeddable remote with custom headers.
  app.options<{ Params: { name: string; '*': string } }>('/remotes/:name/*', (request, reply) => {
    if (!CORS_REMOTES.has(request.params.name as RemoteName)) return reply.callNotFound();
    return reply
      .code(204)
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', 'GET, HEAD, OPTIONS')
      .header('access-control-allow-headers', '*')
      .header('access-control-max-age', '86400')
      .send();
  });

  // The shell: real files from shell/dist; everything else falls to the not-found handler below.
  app.get<{ Params: { '*': string } }>('/*', { compress: false }, (request, reply) => {
    const file = request.params['*'];
    if (isApiPath(request.url) || request.url.startsWith('/remotes/')) return reply.callNotFound();
    if (!file || file.endsWith('/') || file === 'index.html') return sendIndex(request, reply);
    if (!isFileIn(shellDist, file)) return reply.callNotFound();
    reply.header('cache-control', cacheControlFor(file));
    return sendBuilt(reply, file, shellDist);
  });

  // SPA fallback: a page navigation (accepts html) outside /api and /remotes gets the shell.
  app.setNotFoundHandler((request, reply) => {
    const pagePath =
      !isApiPath(request.url) && !request.url.startsWith('/remotes/') && request.url !== '/remotes.json';
    if ((request.method === 'GET' || request.method === 'HEAD') && pagePath && acceptsHtml(request)) {
      reply.removeHeader('cache-control');
      return sendIndex(request, reply);
    }
    reply.removeHeader('cache-control');
    return reply.code(404).send(notFoundBody());
  });
}

// Registered without encapsulation (what fastify-plugin does): the not-found handler must be the
// root one, so that unknown /api paths answer the JSON 404 too.
(staticPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export default staticPlugin;
