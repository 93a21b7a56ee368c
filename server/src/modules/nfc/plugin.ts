/**
 * GET /api/v1/nfc/tag?unit=<id>: the tag of one of the user's units ({ tag_uuid: '' } when none).
 * GET /api/v3/config: what the browser needs of this deployment — nfcHost, the origin it asks for
 * tags ({host}/api/v1/nfc/tag; '' = this server, config NFC_HOST), whether weather is on, and the
 * maps' tile URL templates and attributions (MAP_TILE_URL, MAP_SATELLITE_URL; '' = no tiles).
 */
import type { FastifyInstance } from 'fastify';
import type { ClientConfig } from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import {
  DEFAULT_MAP_ATTRIBUTION,
  DEFAULT_MAP_SATELLITE_ATTRIBUTION,
  DEFAULT_MAP_SATELLITE_URL,
  DEFAULT_MAP_TILE_URL,
} from '../../config';
import { notFound } from '../../http/errors';
import { auth } from '../auth/guard';
import { userOrgIds } from '../auth/scope';
import { unitOrganization } from '../devices/service';
import { tagOfUnit } from './service';

const schema = {
  querystring: {
    type: 'object',
    required: ['unit'],
    properties: { unit: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  },
} as const;

export default async function nfcPlugin(app: FastifyInstance, { db, config }: ServerContext): Promise<void> {
  app.get('/api/v3/config', async (): Promise<{ data: ClientConfig }> => ({
    data: {
      nfcHost: config.nfcHost ?? '',
      weather: Boolean(config.weatherUrl),
      mapTileUrl: config.mapTileUrl ?? DEFAULT_MAP_TILE_URL,
      mapSatelliteUrl: config.mapSatelliteUrl ?? DEFAULT_MAP_SATELLITE_URL,
      mapAttribution: config.mapAttribution ?? DEFAULT_MAP_ATTRIBUTION,
      mapSatelliteAttribution: config.mapSatelliteAttribution ?? DEFAULT_MAP_SATELLITE_ATTRIBUTION,
    },
  }));

  app.get<{ Querystring: { unit: number } }>('/api/v1/nfc/tag', { schema }, async (request) => {
    const org = await unitOrganization(db, request.query.unit);
    // A unit of another organisation answers exactly like a missing one.
    if (org === null || !(await userOrgIds(db, auth(request).userId)).includes(org)) throw notFound();
    return { tag_uuid: await tagOfUnit(db, request.query.unit) };
  });
}
