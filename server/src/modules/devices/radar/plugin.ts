/**
 * Radar scans:
 * - GET  /api/v2/device/legacy/devices/{id}/radar/{channel}?timestamp=  { data: RadarScan }
 * - xrequest GetRadarDates, GetRadar
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, formatApiDate, MESSAGES } from '@fieldwatch/shared';
import type { ServerContext } from '../../../context';
import { notFound } from '../../../http/errors';
import { route } from '../../../http/route';
import { optionalInt, optionalTime, parseTime, requiredInt } from '../../legacy/params';
import { CHANNEL_PARAM, unitAccess } from '../access';
import { radarDates, radarScan } from './service';

export default async function radarPlugin(app: FastifyInstance, { db, legacy }: ServerContext): Promise<void> {
  const { unitOf, scopedUnit } = unitAccess(db);
  route(app, ENDPOINTS.radar, async (req) => {
    const unit = await unitOf(req, req.params.id);
    const at = req.query.timestamp !== undefined ? parseTime(req.query.timestamp, 'timestamp') : undefined;
    const scan = await radarScan(db, unit.id, req.params.channel, at);
    if (!scan) throw notFound(MESSAGES.noMeasurementData);
    return { data: scan };
  });

  /** UnitID, optional ChannelID → [{ UnitID, ChannelID, RadarDate }], newest first. */
  legacy.register('GetRadarDates', async ({ auth: a, params }) => {
    const unit = await scopedUnit(a, params);
    return (await radarDates(db, unit.id, optionalInt(params, CHANNEL_PARAM, 0))).map((r) => ({
      UnitID: unit.id,
      ChannelID: r.channel,
      RadarDate: formatApiDate(r.ts),
    }));
  });
  /** UnitID, ChannelID, optional Date (the scan at or before it) → [{ UnitID, ChannelID, RadarDate, RadarData }]. */
  legacy.register('GetRadar', async ({ auth: a, params }) => {
    const unit = await scopedUnit(a, params);
    const scan = await radarScan(db, unit.id, requiredInt(params, CHANNEL_PARAM, 0), optionalTime(params, ['Date', 'date', 'Timestamp', 'timestamp']));
    return scan ? [{ UnitID: unit.id, ChannelID: scan.channel, RadarDate: formatApiDate(new Date(scan.ts)), RadarData: scan.data }] : [];
  });
}
