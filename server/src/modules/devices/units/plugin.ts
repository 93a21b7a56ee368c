/**
 * One unit, and the unit list filtered:
 * - GET  /api/v1/device/{id}/details                         UnitDetails (bare object)
 * - GET  /api/v1/device/{id}/options                         UnitOptions (bare object)
 * - GET  /api/v2/device/devices/{id}/options                 { data: UnitOptions }
 * - POST /api/v2/device/deviceFilter?use_context             body DeviceFilter → { data: Unit[] }
 * - GET  /api/v3/device/table?…                              { data: DeviceTablePage } (table.ts)
 * - GET  /api/v3/device/table.csv?…                          the filtered set as CSV
 * - POST /api/v3/device/devices                              add a unit (write.ts) → 201 { data: Unit }
 * - PUT  /api/v3/device/devices/{id}                         a unit's name, location, position
 * - xrequest GetUnitsInfo, GetUnitType
 */
import type { FastifyInstance } from 'fastify';
import {
  ENDPOINTS,
  DEVICE_TYPES,
  ID_CHUNK_SIZE,
  modelName,
  unitStatus,
  toCsv,
} from '@fieldwatch/shared';
import type { ServerContext } from '../../../context';
import { route } from '../../../http/route';
import { auth } from '../../auth/guard';
import { scopedOrgIds } from '../../auth/scope';
import { chunks, optionalIdList, optionalInt } from '../../legacy/params';
import { UNIT_PARAM, unitAccess } from '../access';
import { listUnits } from '../service';
import { filterUnits, unitDetails, unitOptions } from './service';
import { DEVICE_TABLE_CSV_HEADER, deviceTableCsvRows, deviceTablePage } from './table';
import { addUnit, updateUnit } from './write';

export default async function unitsPlugin(app: FastifyInstance, { db, legacy }: ServerContext): Promise<void> {
  const { unitOf, scoped, scopedUnit } = unitAccess(db);
  route(app, ENDPOINTS.deviceDetailsV1, async (req) =>
    unitDetails(db, await unitOf(req, req.params.id)),
  );
  route(app, ENDPOINTS.deviceOptionsV1, async (req) =>
    unitOptions(db, await unitOf(req, req.params.id)),
  );
  route(app, ENDPOINTS.deviceOptions, async (req) => ({
    data: await unitOptions(db, await unitOf(req, req.params.id)),
  }));

  route(app, ENDPOINTS.deviceFilter, async (req) => {
    const orgs = await scopedOrgIds(db, auth(req), req.query.use_context);
    return { data: await filterUnits(db, orgs, req.body) };
  });

  route(app, ENDPOINTS.deviceTable, async (req) => {
    const orgs = await scopedOrgIds(db, auth(req), req.query.use_context === true);
    return { data: await deviceTablePage(db, orgs, req.query) };
  });

  /** The filtered set, sorted as asked; cut at DEVICE_TABLE_CSV_MAX_ROWS rows (then X-Truncated: true). */
  route(app, ENDPOINTS.deviceTableCsv, async (req, reply) => {
    const orgs = await scopedOrgIds(db, auth(req), req.query.use_context === true);
    const { rows, matched, truncated } = await deviceTableCsvRows(db, orgs, req.query);
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="devices.csv"')
      .header('x-matched', String(matched))
      .header('x-truncated', String(truncated));
    return toCsv(DEVICE_TABLE_CSV_HEADER, rows);
  });

  route(app, ENDPOINTS.addDevice, async (req, reply) => {
    const unit = await addUnit(db, auth(req), req.body);
    void reply.code(201);
    return { data: unit };
  });

  route(app, ENDPOINTS.updateUnit, async (req) => ({
    data: await updateUnit(db, auth(req), req.params.id, req.body),
  }));

  /** UnitID (id list, optional: all units of the selected customers), in chunks of ID_CHUNK_SIZE. */
  legacy.register('GetUnitsInfo', async ({ auth: a, params }) => {
    const orgs = await scoped(a);
    const all = await listUnits(db, orgs);
    const ids = optionalIdList(params, [...UNIT_PARAM, 'UnitIDs']);
    const wanted = ids ? new Set(chunks(ids, ID_CHUNK_SIZE).flat()) : null;
    return all
      .filter((u) => !wanted || wanted.has(u.UnitID))
      .map((u) => ({
        UnitID: u.UnitID,
        UnitName: u.UnitName,
        UnitLocation: u.UnitLocation,
        UnitType: u.UnitType,
        ModelName: modelName(u.UnitType),
        UnitGPSLatitude: u.UnitGPSLatitude,
        UnitGPSLongitude: u.UnitGPSLongitude,
        CustomerID: u.CustomerID,
        Status: unitStatus(u),
      }));
  });

  /** With UnitID: that unit's type; without: every known type code. */
  legacy.register('GetUnitType', async ({ auth: a, params }) => {
    if (optionalInt(params, UNIT_PARAM, 1) === undefined)
      return DEVICE_TYPES.map((t) => ({ UnitType: t.code, ModelName: t.model, DeviceFamily: t.family, ThirdParty: t.thirdParty }));
    const unit = await scopedUnit(a, params);
    return [{ UnitID: unit.id, UnitType: unit.type, ModelName: modelName(unit.type) }];
  });
}
