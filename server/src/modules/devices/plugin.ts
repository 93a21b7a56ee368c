/** Device lists: v2 (enveloped, session-scoped) and v1 (bare array, filtered by ?orgs). */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { parseIdList } from '../../http/params';
import { auth } from '../auth/guard';
import { scopedOrgIds, userOrgIds } from '../auth/scope';
import ingestionPlugin from '../ingestion/plugin';
import simulatorPlugin from '../simulator/plugin';
import telemetryPlugin from '../telemetry/plugin';
import fleetPlugin from './fleet-plugin';
import { listUnits } from './service';

const v2Schema = {
  querystring: { type: 'object', properties: { use_context: { type: 'boolean', default: false } } },
} as const;
const v1Schema = {
  querystring: { type: 'object', properties: { orgs: { type: 'string', maxLength: 2000 } } },
} as const;

export default async function devicesPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db } = ctx;
  // Fleet, telemetry, ingestion and the demo simulator (issue 3 §2, §3, §6) hang off this plugin.
  await app.register(fleetPlugin, ctx);
  await app.register(telemetryPlugin, ctx);
  await app.register(ingestionPlugin, ctx);
  await app.register(simulatorPlugin, ctx);

  /** use_context=true: the session's selected customers; otherwise all of the user's organisations. */
  app.get<{ Querystring: { use_context: boolean } }>(
    '/api/v2/device/devices',
    { schema: v2Schema },
    async (request) => {
      const orgs = await scopedOrgIds(db, auth(request), request.query.use_context);
      return { data: await listUnits(db, orgs) };
    },
  );

  /** ?orgs=1,2: ids the user does not belong to are ignored; without orgs, all of his. */
  app.get<{ Querystring: { orgs?: string } }>('/api/v1/device', { schema: v1Schema }, async (request) => {
    const mine = await userOrgIds(db, auth(request).userId);
    const { orgs } = request.query;
    const wanted =
      orgs === undefined || orgs.trim() === ''
        ? mine
        : parseIdList(orgs, 'orgs').filter((id) => mine.includes(id));
    return listUnits(db, wanted);
  });
}
