/** A unit's channels: xrequest GetChannel and EditChannel. */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@fieldwatch/shared';
import type { ServerContext } from '../../../context';
import { badRequest } from '../../../http/errors';
import { requireWriter } from '../../auth/permissions';
import { optionalInt, optionalString, requiredInt } from '../../legacy/params';
import { CHANNEL_PARAM, unitAccess } from '../access';
import { editChannel, unitChannels } from './service';

export default async function channelsPlugin(_app: FastifyInstance, { db, legacy }: ServerContext): Promise<void> {
  const { scopedUnit } = unitAccess(db);
  /** UnitID, optional ChannelID → [{ UnitID, ChannelID, ChannelName, ChannelKind, UnitOfMeasure }]. */
  legacy.register('GetChannel', async ({ auth: a, params }) => {
    const unit = await scopedUnit(a, params);
    const ch = optionalInt(params, CHANNEL_PARAM, 0);
    return (await unitChannels(db, unit.id))
      .filter((c) => ch === undefined || c.ChannelID === ch)
      .map((c) => ({ UnitID: unit.id, ...c }));
  });

  /** UnitID, ChannelID, and ChannelName and/or UnitOfMeasure (≤ 100 characters). */
  legacy.register('EditChannel', async ({ auth: a, params }) => {
    requireWriter(a);
    const unit = await scopedUnit(a, params);
    const ch = requiredInt(params, CHANNEL_PARAM, 0);
    const name = optionalString(params, ['ChannelName', 'Name', 'name'], 100);
    const uom = optionalString(params, ['UnitOfMeasure', 'unitOfMeasure'], 100);
    if (name === undefined && uom === undefined) throw badRequest(`${MESSAGES.missingParameters}: ChannelName or UnitOfMeasure`);
    if (name !== undefined && name.trim() === '') throw badRequest('ChannelName should not be blank');
    return [{ UnitID: unit.id, ...(await editChannel(db, unit.id, ch, { name: name?.trim(), unitOfMeasure: uom })) }];
  });
}
