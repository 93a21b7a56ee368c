/**
 * The fleet at a glance, over the selected customers: xrequest GetKPIAlarms, GetKPIBattery,
 * GetKPISwitch (the KPIs), GetGISData (the map) and GetUnitsByPos (units near a position).
 */
import type { FastifyInstance } from 'fastify';
import { UNITS_BY_POS_DEFAULT_DISTANCE_KM, UNITS_BY_POS_DEFAULT_ROWS } from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { badRequest } from '../../http/errors';
import { scopedOrgIds } from '../auth/scope';
import { Params } from '../legacy/params';
import { kpiAlarms, kpiBattery, kpiSwitch } from './kpi';
import { gisData, unitsByPos } from './map';

export default async function fleetPlugin(_app: FastifyInstance, { db, legacy }: ServerContext): Promise<void> {
  legacy.register('GetKPIAlarms', async ({ auth: a }) => [
    await kpiAlarms(db, await scopedOrgIds(db, a, true)),
  ]);
  legacy.register('GetKPIBattery', async ({ auth: a }) => kpiBattery(db, await scopedOrgIds(db, a, true)));
  legacy.register('GetKPISwitch', async ({ auth: a }) => [
    await kpiSwitch(db, await scopedOrgIds(db, a, true)),
  ]);
  legacy.register('GetGISData', async ({ auth: a }) => gisData(db, await scopedOrgIds(db, a, true)));

  legacy.register('GetUnitsByPos', async ({ auth: a, params }) => {
    const p = new Params(params);
    const lat = p.number(['Lat', 'Latitude', 'UnitGPSLatitude'], { min: -90, max: 90 });
    const lon = p.number(['Lon', 'Lng', 'Longitude', 'UnitGPSLongitude'], { min: -180, max: 180 });
    if (lat === undefined || lon === undefined) throw badRequest('Lat and Lon are required');
    const distanceKm =
      p.number(['Distance', 'DistanceKm', 'Radius'], { min: 0, max: UNITS_BY_POS_DEFAULT_DISTANCE_KM }) ??
      UNITS_BY_POS_DEFAULT_DISTANCE_KM;
    const rows =
      p.number(['Rows', 'Limit', 'Count'], { min: 1, max: UNITS_BY_POS_DEFAULT_ROWS * 10, integer: true }) ??
      UNITS_BY_POS_DEFAULT_ROWS;
    return unitsByPos(db, await scopedOrgIds(db, a, true), { lat, lon, distanceKm, rows });
  });
}
