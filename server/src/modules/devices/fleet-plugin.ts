/**
 * Fleet calls (issue 3 §2). Id-taking routes see the caller's organisations (404 'Not found'
 * otherwise); xrequest methods and ?use_context=true see the selected customers. Writes need
 * requireWriter (Readers: 403).
 *
 * - GET  /api/v1/device/{id}/details                         UnitDetails (bare object)
 * - GET  /api/v1/device/{id}/options                         UnitOptions (bare object)
 * - GET  /api/v2/device/devices/{id}/options                 { data: UnitOptions }
 * - GET  /api/v2/device/legacy/devices/{id}/settings         { data: UnitSettings }
 * - PUT  /api/v2/device/legacy/devices/{id}/settings         body UnitSettingsUpdate → { data: UnitSettings }; stale revision 409
 * - PUT  /api/v2/device/legacy/devices/{a}/{b}/{c}           a = unit id, b = settings section, c = key;
 *                                                            body UnitSettingUpdate { value, revision? } → { data: UnitSettings }
 * - POST /api/v2/device/deviceFilter?use_context             body DeviceFilter → { data: Unit[] }
 * - GET|POST /api/v2/device/legacy/devices/{id}/channel/{n}/markers, PUT|DELETE …/markers/{markerId}
 *                                                            n is the channel number (1-based: the chart's index + 1)
 * - GET|POST /api/v2/device/devices/{id}/relay               body RelayRequest → { data: Relay }; failure 409 "Error updating relay"
 * - GET  /api/v2/device/devices/{id}/actions                 { data: UnitActionRecord[] } (latest 100)
 * - GET  /api/v2/device/legacy/devices/{id}/radar/{channel}?timestamp=  { data: RadarScan }
 * - xrequest GetUnitsInfo, GetUnitType, GetChannel, EditChannel, GetAllMarks, EditMark, DeleteMark,
 *   SetRelay, UnitAction, GetRadarDates, GetRadar (params documented at each registration).
 */
import type { FastifyInstance } from 'fastify';
import {
  DEVICE_TYPES,
  ID_CHUNK_SIZE,
  MESSAGES,
  modelName,
  UNIT_ACTIONS,
  UNIT_STATUSES,
  unitStatus,
  type DeviceFilter,
  type MarkerInput,
  type RelayRequest,
  type UnitAction,
  type UnitSettingsUpdate,
  type UnitSettingUpdate,
} from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { badRequest, notFound } from '../../http/errors';
import { toApiDate } from '../../http/params';
import { auth } from '../auth/guard';
import { requireWriter } from '../auth/permissions';
import { scopedOrgIds, userOrgIds } from '../auth/scope';
import { registerLegacy } from '../legacy/registry';
import {
  createMarker,
  deleteMarker,
  editChannel,
  filterUnits,
  getRelay,
  getSettings,
  listMarkers,
  listUnitActions,
  putSetting,
  putSettings,
  radarDates,
  radarScan,
  requireChannel,
  requireMarker,
  runUnitAction,
  setRelay,
  unitChannels,
  unitDetails,
  unitOptions,
  updateMarker,
} from './fleet';
import {
  chunks,
  optionalBool,
  optionalIdList,
  optionalInt,
  optionalString,
  optionalTime,
  parseTime,
  requiredInt,
} from './legacy-params';
import { listUnits, requireUnit } from './service';

const INT = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const CHANNEL = { type: 'integer', minimum: 0, maximum: 32767 } as const;
const NAME_RE = '^[A-Za-z][A-Za-z0-9_]{0,63}$';
/** Any JSON here (ajv's type coercion would turn 5 into "5"); checkSettingValue validates it. */
const SETTING_VALUE = {} as const;
const idParams = { type: 'object', required: ['id'], properties: { id: INT } } as const;
const channelParams = { type: 'object', required: ['id', 'n'], properties: { id: INT, n: CHANNEL } } as const;
const markerParams = {
  type: 'object',
  required: ['id', 'n', 'markerId'],
  properties: { id: INT, n: CHANNEL, markerId: INT },
} as const;
const markerFields = {
  name: { type: 'string', minLength: 1, maxLength: 200 },
  position: { type: 'string', minLength: 1, maxLength: 40 },
  locked: { type: 'boolean' },
  comments: { type: 'string', maxLength: 2000 },
} as const;
const settingsDoc = {
  type: 'object',
  maxProperties: 20,
  propertyNames: { pattern: NAME_RE },
  additionalProperties: {
    type: 'object',
    maxProperties: 50,
    propertyNames: { pattern: NAME_RE },
    additionalProperties: SETTING_VALUE,
  },
} as const;

type IdP = { Params: { id: number } };

/** A settings value is text (≤ 500 characters), a finite number, true/false or null; else 400. */
function checkSettingValue(value: unknown, name: string): void {
  const ok =
    value === null ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value)) ||
    (typeof value === 'string' && value.length <= 500);
  if (!ok) throw badRequest(`${name} must be text (at most 500 characters), a number, true/false or null`);
}

export default async function fleetPlugin(app: FastifyInstance, { db }: ServerContext): Promise<void> {
  /** The unit of an id-taking route: one of the caller's organisations, else 404. */
  const unitOf = async (request: { auth: unknown }, id: number) =>
    requireUnit(db, id, await userOrgIds(db, auth(request as never).userId));
  const writableUnitOf = async (request: { auth: unknown }, id: number) => {
    requireWriter(auth(request as never));
    return unitOf(request, id);
  };

  app.get<IdP>('/api/v1/device/:id/details', { schema: { params: idParams } }, async (req) =>
    unitDetails(db, await unitOf(req, req.params.id)),
  );
  app.get<IdP>('/api/v1/device/:id/options', { schema: { params: idParams } }, async (req) =>
    unitOptions(db, await unitOf(req, req.params.id)),
  );
  app.get<IdP>('/api/v2/device/devices/:id/options', { schema: { params: idParams } }, async (req) => ({
    data: await unitOptions(db, await unitOf(req, req.params.id)),
  }));

  app.get<IdP>('/api/v2/device/legacy/devices/:id/settings', { schema: { params: idParams } }, async (req) => ({
    data: await getSettings(db, await unitOf(req, req.params.id)),
  }));
  app.put<IdP & { Body: UnitSettingsUpdate }>(
    '/api/v2/device/legacy/devices/:id/settings',
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['revision', 'settings'],
          properties: { revision: { type: 'integer', minimum: 0, maximum: 2147483647 }, settings: settingsDoc },
        },
      },
    },
    async (req) => {
      const unit = await writableUnitOf(req, req.params.id);
      for (const [section, keys] of Object.entries(req.body.settings))
        for (const [key, value] of Object.entries(keys)) checkSettingValue(value, `${section}.${key}`);
      return { data: await putSettings(db, unit, req.body.revision, req.body.settings) };
    },
  );
  app.put<{ Params: { a: number; b: string; c: string }; Body: UnitSettingUpdate }>(
    '/api/v2/device/legacy/devices/:a/:b/:c',
    {
      schema: {
        params: {
          type: 'object',
          required: ['a', 'b', 'c'],
          properties: { a: INT, b: { type: 'string', pattern: NAME_RE }, c: { type: 'string', pattern: NAME_RE } },
        },
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['value'],
          properties: { value: SETTING_VALUE, revision: { type: 'integer', minimum: 0, maximum: 2147483647 } },
        },
      },
    },
    async (req) => {
      const unit = await writableUnitOf(req, req.params.a);
      checkSettingValue(req.body.value, 'value');
      return { data: await putSetting(db, unit, req.params.b, req.params.c, req.body.value, req.body.revision) };
    },
  );

  app.post<{ Querystring: { use_context: boolean }; Body: DeviceFilter }>(
    '/api/v2/device/deviceFilter',
    {
      schema: {
        querystring: { type: 'object', properties: { use_context: { type: 'boolean', default: false } } },
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            statuses: { type: 'array', maxItems: 10, items: { type: 'string', enum: [...UNIT_STATUSES] } },
            unitTypes: { type: 'array', maxItems: 500, items: { type: 'integer', minimum: 0, maximum: 100000 } },
            alarmTypes: { type: 'array', maxItems: 500, items: { type: 'integer', minimum: 0, maximum: 1000 } },
            search: { type: 'string', maxLength: 200 },
          },
        },
      },
    },
    async (req) => {
      const orgs = await scopedOrgIds(db, auth(req), req.query.use_context);
      return { data: await filterUnits(db, orgs, req.body ?? {}) };
    },
  );

  // markers
  type ChP = { Params: { id: number; n: number } };
  type MkP = { Params: { id: number; n: number; markerId: number } };
  app.get<ChP>('/api/v2/device/legacy/devices/:id/channel/:n/markers', { schema: { params: channelParams } }, async (req) => {
    const unit = await unitOf(req, req.params.id);
    await requireChannel(db, unit.id, req.params.n);
    return { data: await listMarkers(db, unit.id, req.params.n) };
  });
  app.post<ChP & { Body: MarkerInput }>(
    '/api/v2/device/legacy/devices/:id/channel/:n/markers',
    {
      schema: {
        params: channelParams,
        body: { type: 'object', additionalProperties: false, required: ['name', 'position'], properties: markerFields },
      },
    },
    async (req, reply) => {
      const unit = await writableUnitOf(req, req.params.id);
      const marker = await createMarker(
        db,
        unit.id,
        req.params.n,
        { ...req.body, position: parseTime(req.body.position, 'position') },
        auth(req).userId,
      );
      return reply.code(201).send({ data: marker });
    },
  );
  app.put<MkP & { Body: Partial<MarkerInput> }>(
    '/api/v2/device/legacy/devices/:id/channel/:n/markers/:markerId',
    {
      schema: {
        params: markerParams,
        body: { type: 'object', additionalProperties: false, minProperties: 1, properties: markerFields },
      },
    },
    async (req) => {
      const a = auth(req);
      requireWriter(a);
      const orgs = await userOrgIds(db, a.userId);
      const m = await requireMarker(db, req.params.markerId, orgs, { unitId: req.params.id, channel: req.params.n });
      const { position, ...rest } = req.body;
      return {
        data: await updateMarker(db, m, { ...rest, ...(position !== undefined ? { position: parseTime(position, 'position') } : {}) }),
      };
    },
  );
  app.delete<MkP>('/api/v2/device/legacy/devices/:id/channel/:n/markers/:markerId', { schema: { params: markerParams } }, async (req) => {
    const a = auth(req);
    requireWriter(a);
    const orgs = await userOrgIds(db, a.userId);
    const m = await requireMarker(db, req.params.markerId, orgs, { unitId: req.params.id, channel: req.params.n });
    await deleteMarker(db, m);
    return { data: { id: m.id } };
  });
  // relay, actions, radar
  app.get<IdP>('/api/v2/device/devices/:id/relay', { schema: { params: idParams } }, async (req) => ({
    data: await getRelay(db, (await unitOf(req, req.params.id)).id),
  }));
  app.post<IdP & { Body: RelayRequest }>(
    '/api/v2/device/devices/:id/relay',
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: { on: { type: 'boolean' }, reset: { type: 'boolean' } },
        },
      },
    },
    async (req) => {
      const unit = await writableUnitOf(req, req.params.id);
      return { data: await setRelay(db, unit, req.body, auth(req).userId) };
    },
  );
  app.get<IdP>('/api/v2/device/devices/:id/actions', { schema: { params: idParams } }, async (req) => ({
    data: await listUnitActions(db, (await unitOf(req, req.params.id)).id),
  }));
  app.get<{ Params: { id: number; channel: number }; Querystring: { timestamp?: string } }>(
    '/api/v2/device/legacy/devices/:id/radar/:channel',
    {
      schema: {
        params: { type: 'object', required: ['id', 'channel'], properties: { id: INT, channel: CHANNEL } },
        querystring: { type: 'object', properties: { timestamp: { type: 'string', minLength: 1, maxLength: 40 } } },
      },
    },
    async (req) => {
      const unit = await unitOf(req, req.params.id);
      const at = req.query.timestamp !== undefined ? parseTime(req.query.timestamp, 'timestamp') : undefined;
      const scan = await radarScan(db, unit.id, req.params.channel, at);
      if (!scan) throw notFound(MESSAGES.noMeasurementData);
      return { data: scan };
    },
  );

  // ───────────── xrequest ─────────────
  const UNIT = ['UnitID', 'unitId', 'UnitId'];
  const CH = ['ChannelID', 'channelId', 'Channel', 'channel'];
  const scoped = async (a: Parameters<typeof scopedOrgIds>[1]) => scopedOrgIds(db, a, true);
  const scopedUnit = async (a: Parameters<typeof scopedOrgIds>[1], params: Record<string, unknown>) =>
    requireUnit(db, requiredInt(params, UNIT, 1), await scoped(a));

  /** UnitID (id list, optional: all units of the selected customers), in chunks of ID_CHUNK_SIZE. */
  registerLegacy('GetUnitsInfo', async ({ auth: a, params }) => {
    const orgs = await scoped(a);
    const all = await listUnits(db, orgs);
    const ids = optionalIdList(params, [...UNIT, 'UnitIDs']);
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
  registerLegacy('GetUnitType', async ({ auth: a, params }) => {
    if (optionalInt(params, UNIT, 1) === undefined)
      return DEVICE_TYPES.map((t) => ({ UnitType: t.code, ModelName: t.model, DeviceFamily: t.family, ThirdParty: t.thirdParty }));
    const unit = await scopedUnit(a, params);
    return [{ UnitID: unit.id, UnitType: unit.type, ModelName: modelName(unit.type) }];
  });

  /** UnitID, optional ChannelID → [{ UnitID, ChannelID, ChannelName, ChannelKind, UnitOfMeasure }]. */
  registerLegacy('GetChannel', async ({ auth: a, params }) => {
    const unit = await scopedUnit(a, params);
    const ch = optionalInt(params, CH, 0);
    return (await unitChannels(db, unit.id))
      .filter((c) => ch === undefined || c.ChannelID === ch)
      .map((c) => ({ UnitID: unit.id, ...c }));
  });

  /** UnitID, ChannelID, and ChannelName and/or UnitOfMeasure (≤ 100 characters). */
  registerLegacy('EditChannel', async ({ auth: a, params }) => {
    requireWriter(a);
    const unit = await scopedUnit(a, params);
    const ch = requiredInt(params, CH, 0);
    const name = optionalString(params, ['ChannelName', 'Name', 'name'], 100);
    const uom = optionalString(params, ['UnitOfMeasure', 'unitOfMeasure'], 100);
    if (name === undefined && uom === undefined) throw badRequest(`${MESSAGES.missingParameters}: ChannelName or UnitOfMeasure`);
    if (name !== undefined && name.trim() === '') throw badRequest('ChannelName should not be blank');
    return [{ UnitID: unit.id, ...(await editChannel(db, unit.id, ch, { name: name?.trim(), unitOfMeasure: uom })) }];
  });

  const legacyMarker = (m: Awaited<ReturnType<typeof listMarkers>>[number]) => ({
    MarkID: m.id,
    UnitID: m.unitId,
    ChannelID: m.channel,
    Name: m.name,
    Position: toApiDate(new Date(m.position)),
    Locked: m.locked,
    Comments: m.comments,
  });
  /** UnitID, optional ChannelID. */
  registerLegacy('GetAllMarks', async ({ auth: a, params }) => {
    const unit = await scopedUnit(a, params);
    return (await listMarkers(db, unit.id, optionalInt(params, CH, 0))).map(legacyMarker);
  });
  /** MarkID: update that marker; without: create one (UnitID, ChannelID, Name, Position required). */
  registerLegacy('EditMark', async ({ auth: a, params }) => {
    requireWriter(a);
    const name = optionalString(params, ['Name', 'name'], 200);
    const position = optionalTime(params, ['Position', 'position']);
    const locked = optionalBool(params, ['Locked', 'locked']);
    const comments = optionalString(params, ['Comments', 'comments'], 2000);
    if (name !== undefined && name.trim() === '') throw badRequest('Name should not be blank');
    const markId = optionalInt(params, ['MarkID', 'markId', 'MarkerID'], 1);
    if (markId !== undefined) {
      const m = await requireMarker(db, markId, await scoped(a));
      return [legacyMarker(await updateMarker(db, m, { name, position, locked, comments }))];
    }
    const unit = await scopedUnit(a, params);
    const ch = requiredInt(params, CH, 0);
    if (name === undefined || position === undefined) throw badRequest(`${MESSAGES.missingParameters}: Name, Position`);
    return [legacyMarker(await createMarker(db, unit.id, ch, { name, position, locked, comments }, a.userId))];
  });
  registerLegacy('DeleteMark', async ({ auth: a, params }) => {
    requireWriter(a);
    const m = await requireMarker(db, requiredInt(params, ['MarkID', 'markId', 'MarkerID'], 1), await scoped(a));
    await deleteMarker(db, m);
    return [{ MarkID: m.id, Deleted: true }];
  });

  /** UnitID and On (true/false) or Reset → [{ UnitID, State, On }]; failure 409 "Error updating relay". */
  registerLegacy('SetRelay', async ({ auth: a, params }) => {
    requireWriter(a);
    const unit = await scopedUnit(a, params);
    const on = optionalBool(params, ['On', 'on', 'State', 'state', 'Value']);
    const reset = optionalBool(params, ['Reset', 'reset']);
    if (on === undefined && !reset) throw badRequest(`${MESSAGES.missingParameters}: On or Reset`);
    const r = await setRelay(db, unit, { on, reset }, a.userId);
    return [{ UnitID: r.unitId, State: r.state, On: r.on }];
  });

  /** UnitID and Action (UNIT_ACTIONS) → [{ ActionID, UnitID, Action, Status, Result, RequestedAt }]. */
  registerLegacy('UnitAction', async ({ auth: a, params }) => {
    requireWriter(a);
    const action = optionalString(params, ['Action', 'action'], 40);
    if (!action || !(UNIT_ACTIONS as readonly string[]).includes(action))
      throw badRequest(`Action must be one of ${UNIT_ACTIONS.join(', ')}`);
    const unit = await scopedUnit(a, params);
    const r = await runUnitAction(db, unit, action as UnitAction, a.userId);
    return [
      { ActionID: r.id, UnitID: r.unitId, Action: r.action, Status: r.status, Result: r.result, RequestedAt: toApiDate(new Date(r.requestedAt)) },
    ];
  });

  /** UnitID, optional ChannelID → [{ UnitID, ChannelID, RadarDate }], newest first. */
  registerLegacy('GetRadarDates', async ({ auth: a, params }) => {
    const unit = await scopedUnit(a, params);
    return (await radarDates(db, unit.id, optionalInt(params, CH, 0))).map((r) => ({
      UnitID: unit.id,
      ChannelID: r.channel,
      RadarDate: toApiDate(r.ts),
    }));
  });
  /** UnitID, ChannelID, optional Date (the scan at or before it) → [{ UnitID, ChannelID, RadarDate, RadarData }]. */
  registerLegacy('GetRadar', async ({ auth: a, params }) => {
    const unit = await scopedUnit(a, params);
    const scan = await radarScan(db, unit.id, requiredInt(params, CH, 0), optionalTime(params, ['Date', 'date', 'Timestamp', 'timestamp']));
    return scan ? [{ UnitID: unit.id, ChannelID: scan.channel, RadarDate: toApiDate(new Date(scan.ts)), RadarData: scan.data }] : [];
  });
}
