/**
 * Device lists: v2 (enveloped, session-scoped), v3 paged (one page of UNITS_PER_PAGE, with the
 * total) and v1 (bare array, filtered by ?orgs).
 */
import type { FastifyInstance } from 'fastify';
import { UNITS_PER_PAGE } from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { parseIdList } from '../../http/params';
import { auth } from '../auth/guard';
import { scopedOrgIds, userOrgIds } from '../auth/scope';
import ingestionPlugin from '../ingestion/plugin';
import simulatorPlugin from '../simulator/plugin';
import telemetryPlugin from '../telemetry/plugin';
import fleetPlugin from './fleet-plugin';
import { listUnitPage, listUnits } from './service';

const v2Schema = {
  querystring: { type: 'object', properties: { use_context: { type: 'boolean', default: false } } },
} as const;
/** Largest page of the paged list (the browser's page is UNITS_PER_PAGE). */
const MAX_PAGE_SIZE = 1000;
const v3PageSchema = {
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      use_context: { type: 'boolean', default: false },
      page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
      pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: UNITS_PER_PAGE },
    },
  },
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

  /**
   * One page of the same list, in unit id order: { data: Unit[], page, pageSize, total }. A page
   * past the end answers no units (and the total).
   */
  app.get<{ Querystring: { use_context: boolean; page: number; pageSize: number } }>(
    '/api/v3/device/devices',
    { schema: v3PageSchema },
    async (request) => {
      const { use_context: useContext, page, pageSize } = request.query;
      const orgs = await scopedOrgIds(db, auth(request), useContext);
      const result = await listUnitPage(db, orgs, { offset: (page - 1) * pageSize, limit: pageSize });
      return { data: result.units, page, pageSize, total: result.total };
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
