/**
 * Telemetry calls:
 * - GET /api/v3/device/devices/{id}/data?start&end&records[&channel] — start/end ISO (or API date
 *   format); default the last TIME_RANGES_HOURS[DEFAULT_DATE_INTERVAL] hours up to now; records:
 *   most points per channel (default and max TELEMETRY_MAX_POINTS). { data: DeviceData }.
 * - GET /api/v2/device/devices/{id}/data?start&stop — the same with `stop` for the end.
 * - xrequest GetUnitsShowValue (UnitID: id list; default all units in the selected customers):
 *   the latest value per channel, [{ UnitID, ChannelID, ChannelName, ChannelKind, UnitOfMeasure,
 *   Value, MeasureTime }].
 * - xrequest GetUnitsDataCSV (UnitID: id list, at most 100; Start/End or start/end): one element
 *   per unit, [{ UnitID, UnitName, Granularity, CSV }], CSV as seriesCsv() writes it.
 * Nothing measured in the range: 404 "No measurement data found".
 */
import type { FastifyInstance } from 'fastify';
import {
  ENDPOINTS,
  DEFAULT_DATE_INTERVAL,
  type DeviceDataQuery,
  type Received,
  HOUR_MS,
  MESSAGES,
  TELEMETRY_MAX_RANGE_MS,
  TIME_RANGES_HOURS,
} from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { badRequest, HttpError } from '../../http/errors';
import { route } from '../../http/route';
import { auth } from '../auth/guard';
import { scopedOrgIds, userOrgIds } from '../auth/scope';
import { optionalIdList, optionalTime, parseTime } from '../legacy/params';
import { listUnits, requireUnit } from '../devices/service';
import { ensureDemoHistory } from '../simulator/history';
import { simulatorEnabled } from '../simulator/simulator';
import { latestValues, readSeries, seriesCsv } from './service';

const DEFAULT_RANGE_MS = (TIME_RANGES_HOURS[DEFAULT_DATE_INTERVAL] ?? 168) * HOUR_MS;
const CSV_MAX_UNITS = 100;

export const noMeasurementData = () => new HttpError(404, MESSAGES.noMeasurementData, 'no_data');

/** [start, end) of a data query, validated. */
export function queryRange(start: string | undefined, end: string | undefined, now = new Date()): { start: Date; end: Date } {
  const e = end !== undefined ? parseTime(end, 'end') : now;
  const s = start !== undefined ? parseTime(start, 'start') : new Date(e.getTime() - DEFAULT_RANGE_MS);
  if (s.getTime() >= e.getTime()) throw badRequest('start must be before end');
  if (e.getTime() - s.getTime() > TELEMETRY_MAX_RANGE_MS) throw badRequest('The range may be at most 400 days');
  return { start: s, end: e };
}

/** What the two data routes' queries have in common (they differ in the name of the end). */
type DataQuery = Pick<Received<typeof DeviceDataQuery>, 'start' | 'records' | 'channel'>;

export default async function telemetryPlugin(app: FastifyInstance, { db, config, legacy }: ServerContext): Promise<void> {
  const lazyHistory = simulatorEnabled(config);

  const data = async (unitId: number, userId: number, q: DataQuery, endValue: string | undefined) => {
    const unit = await requireUnit(db, unitId, await userOrgIds(db, userId));
    const range = queryRange(q.start, endValue);
    if (lazyHistory) await ensureDemoHistory(db, unit.id);
    const series = await readSeries(db, {
      unitId: unit.id,
      ...range,
      records: q.records,
      channels: q.channel !== undefined ? [q.channel] : undefined,
    });
    if (series.channels.length === 0) throw noMeasurementData();
    return { data: series };
  };

  route(app, ENDPOINTS.deviceData, async (request) =>
    data(request.params.id, auth(request).userId, request.query, request.query.end),
  );
  route(app, ENDPOINTS.deviceDataV2, async (request) =>
    data(request.params.id, auth(request).userId, request.query, request.query.stop),
  );

  legacy.register('GetUnitsShowValue', async ({ auth: a, params }) => {
    const orgs = await scopedOrgIds(db, a, true);
    const ids = optionalIdList(params, ['UnitID', 'UnitIDs', 'unitIds']) ?? (await listUnits(db, orgs)).map((u) => u.UnitID);
    return latestValues(db, ids, orgs);
  });

  legacy.register('GetUnitsDataCSV', async ({ auth: a, params }) => {
    const orgs = await scopedOrgIds(db, a, true);
    const ids = optionalIdList(params, ['UnitID', 'UnitIDs', 'unitIds']);
    if (!ids) throw badRequest(`${MESSAGES.missingParameters}: UnitID`);
    if (ids.length > CSV_MAX_UNITS) throw badRequest(`At most ${CSV_MAX_UNITS} units per CSV`);
    const start = optionalTime(params, ['Start', 'start', 'StartDate']);
    const end = optionalTime(params, ['End', 'end', 'Stop', 'stop', 'EndDate']);
    const range = queryRange(start?.toISOString(), end?.toISOString());
    const out: unknown[] = [];
    for (const id of ids) {
      let unit;
      try {
        unit = await requireUnit(db, id, orgs);
      } catch {
        continue; // not one of the selected customers' units: left out, like an unknown id
      }
      if (lazyHistory) await ensureDemoHistory(db, unit.id);
      const series = await readSeries(db, { unitId: unit.id, ...range });
      out.push({ UnitID: unit.id, UnitName: unit.name, Granularity: series.granularity, CSV: seriesCsv(series) });
    }
    return out;
  });
}
