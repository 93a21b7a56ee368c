/**
 * A unit's channels and their port settings:
 * - GET /api/v3/device/devices/{id}/channels        { data: UnitPorts } — kind, name, unit of measure and scaling per channel
 * - PUT /api/v3/device/devices/{id}/channels/{n}    body PortUpdate → { data: UnitPorts }; stale revision 409
 * - xrequest GetChannel (UnitID, optional ChannelID) and EditChannel (the same write as the PUT).
 */
import type { FastifyInstance } from 'fastify';
import { CHANNEL_KINDS, ENDPOINTS, MESSAGES, type ChannelKind, type PortPatch } from '@fieldwatch/shared';
import type { ServerContext } from '../../../context';
import { badRequest } from '../../../http/errors';
import { route } from '../../../http/route';
import { requireWriter } from '../../auth/permissions';
import { optionalInt, optionalString, requiredInt } from '../../legacy/params';
import type { LegacyParams } from '../../legacy/registry';
import { CHANNEL_PARAM, unitAccess } from '../access';
import { editPort, unitPorts } from './service';

/** A number parameter of the older API (a number, or text such as "0.5" or "-2,5"); undefined when absent. */
function optionalNumber(params: LegacyParams, names: readonly string[]): number | undefined {
  const raw = optionalString(params, names, 40);
  if (raw === undefined) return undefined;
  const n = Number(raw.trim().replace(',', '.'));
  if (raw.trim() === '' || !Number.isFinite(n)) throw badRequest(`${names[0]} must be a number`);
  return n;
}

export default async function channelsPlugin(app: FastifyInstance, { db, legacy }: ServerContext): Promise<void> {
  const { unitOf, writableUnitOf, scopedUnit } = unitAccess(db);

  route(app, ENDPOINTS.unitPorts, async (req) => ({ data: await unitPorts(db, await unitOf(req, req.params.id)) }));

  route(app, ENDPOINTS.setUnitPort, async (req) => {
    const unit = await writableUnitOf(req, req.params.id);
    const { revision, ...patch } = req.body;
    return { data: await editPort(db, unit, req.params.n, patch, revision) };
  });

  /** UnitID, optional ChannelID → [{ UnitID, ChannelID, ChannelName, ChannelKind, UnitOfMeasure, Factor, Offset }]. */
  legacy.register('GetChannel', async ({ auth: a, params }) => {
    const unit = await scopedUnit(a, params);
    const ch = optionalInt(params, CHANNEL_PARAM, 0);
    return (await unitPorts(db, unit)).channels
      .filter((c) => ch === undefined || c.channelNo === ch)
      .map((c) => ({
        UnitID: unit.id,
        ChannelID: c.channelNo,
        ChannelName: c.name,
        ChannelKind: c.kind,
        UnitOfMeasure: c.unitOfMeasure,
        Factor: c.factor,
        Offset: c.offset,
      }));
  });

  /**
   * UnitID, ChannelID, and any of ChannelKind (analog, formula, pt, switch), ChannelName,
   * UnitOfMeasure (≤ 100 characters), Factor, Offset → [the channel as GetChannel answers it].
   */
  legacy.register('EditChannel', async ({ auth: a, params }) => {
    requireWriter(a);
    const unit = await scopedUnit(a, params);
    const ch = requiredInt(params, CHANNEL_PARAM, 0);
    const kind = optionalString(params, ['ChannelKind', 'Kind', 'kind'], 20);
    if (kind !== undefined && !(CHANNEL_KINDS as readonly string[]).includes(kind))
      throw badRequest(`ChannelKind must be one of ${CHANNEL_KINDS.join(', ')}`);
    const patch: PortPatch = {
      ...(kind !== undefined ? { kind: kind as ChannelKind } : {}),
      ...optionalField('name', optionalString(params, ['ChannelName', 'Name', 'name'], 100)),
      ...optionalField('unitOfMeasure', optionalString(params, ['UnitOfMeasure', 'unitOfMeasure'], 100)),
      ...optionalField('factor', optionalNumber(params, ['Factor', 'factor'])),
      ...optionalField('offset', optionalNumber(params, ['Offset', 'offset'])),
    };
    if (Object.keys(patch).length === 0)
      throw badRequest(`${MESSAGES.missingParameters}: ChannelKind, ChannelName, UnitOfMeasure, Factor or Offset`);
    const port = (await editPort(db, unit, ch, patch)).channels.find((c) => c.channelNo === ch)!;
    return [
      {
        UnitID: unit.id,
        ChannelID: port.channelNo,
        ChannelName: port.name,
        ChannelKind: port.kind,
        UnitOfMeasure: port.unitOfMeasure,
        Factor: port.factor,
        Offset: port.offset,
      },
    ];
  });
}

const optionalField = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;
