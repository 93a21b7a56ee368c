/**
 * The platform API of remote releases (contract/releases.ts): publish a version, switch the live
 * one, set a canary, roll back — for `npm run release` and an operator's scripts. Authenticated by
 * the deploy key (RELEASE_KEY) as `Authorization: Bearer`, never by a session; without RELEASE_KEY
 * every call answers 404 with how to turn releases on. (A bearer call is exempt from the
 * cross-site check: a page on another site cannot add that header.)
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ENDPOINTS, RELEASE_MESSAGES } from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { HttpError } from '../../http/errors';
import { DEFAULT_RELEASES_DIR } from '../../paths';
import { route } from '../../http/route';
import { bearerToken } from '../ingestion/tokens';
import {
  allDeployments,
  deploy,
  deploymentOf,
  publishRelease,
  rollback,
  type ReleaseSettings,
} from './service';

export function releaseSettings(config: ServerContext['config']): ReleaseSettings {
  return {
    releasesDir: config.releasesDir ?? DEFAULT_RELEASES_DIR,
    remoteOrigins: config.remoteOrigins ?? [],
    remoteUrls: config.remoteUrls,
  };
}

const digest = (s: string) => createHash('sha256').update(s).digest();

export default async function releasesPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db, config } = ctx;
  const settings = releaseSettings(config);
  const key = config.releaseKey ? digest(config.releaseKey) : null;

  function operator(request: FastifyRequest): void {
    if (!key) throw new HttpError(404, RELEASE_MESSAGES.keyMissing, 'releases_off');
    const given = bearerToken(request.headers.authorization);
    if (given === undefined || !timingSafeEqual(digest(given), key))
      throw new HttpError(401, RELEASE_MESSAGES.keyWrong, 'unauthorized');
  }

  route(app, ENDPOINTS.remoteDeployments, async (request, reply) => {
    operator(request);
    reply.header('cache-control', 'no-store');
    return { data: await allDeployments(db, settings) };
  });

  route(app, ENDPOINTS.publishRelease, async (request, reply) => {
    operator(request);
    const { name } = request.params;
    const { version, entry, contract } = request.body;
    const { created } = await publishRelease(db, name, version, entry, contract, settings);
    request.log.info({ remote: name, version, created }, 'remote release published');
    reply.code(created ? 201 : 200);
    return { data: await deploymentOf(db, name, settings) };
  });

  route(app, ENDPOINTS.deployRemote, async (request) => {
    operator(request);
    const { name } = request.params;
    const { version, canary } = request.body;
    await deploy(db, name, version, canary);
    request.log.info({ remote: name, version, canary: canary ?? undefined }, 'remote deployment switched');
    return { data: await deploymentOf(db, name, settings) };
  });

  route(app, ENDPOINTS.rollbackRemote, async (request) => {
    operator(request);
    const { name } = request.params;
    await rollback(db, name);
    const now = await deploymentOf(db, name, settings);
    request.log.info({ remote: name, version: now.version }, 'remote rolled back');
    return { data: now };
  });
}
