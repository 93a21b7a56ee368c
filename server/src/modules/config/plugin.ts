/**
 * GET /api/v3/config: what the browser needs of this deployment — nfcHost, the origin it asks for
 * tags ({host}/api/v1/nfc/tag; '' = this server, config NFC_HOST), whether weather is on, and the
 * maps' tile URL templates and attributions (MAP_TILE_URL, MAP_SATELLITE_URL; '' = no tiles).
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, type ClientConfig } from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { route } from '../../http/route';
import {
  DEFAULT_MAP_ATTRIBUTION,
  DEFAULT_MAP_SATELLITE_ATTRIBUTION,
  DEFAULT_MAP_SATELLITE_URL,
  DEFAULT_MAP_TILE_URL,
} from '../../config';

export default async function configPlugin(app: FastifyInstance, { config }: ServerContext): Promise<void> {
  route(app, ENDPOINTS.config, async (): Promise<{ data: ClientConfig }> => ({
    data: {
      nfcHost: config.nfcHost ?? '',
      weather: Boolean(config.weatherUrl),
      mapTileUrl: config.mapTileUrl ?? DEFAULT_MAP_TILE_URL,
      mapSatelliteUrl: config.mapSatelliteUrl ?? DEFAULT_MAP_SATELLITE_URL,
      mapAttribution: config.mapAttribution ?? DEFAULT_MAP_ATTRIBUTION,
      mapSatelliteAttribution: config.mapSatelliteAttribution ?? DEFAULT_MAP_SATELLITE_ATTRIBUTION,
    },
  }));
}
