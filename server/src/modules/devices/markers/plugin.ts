/**
 * Markers on a unit's channel chart (n is the channel number, 1-based: the chart's index + 1):
 * - GET|POST /api/v2/device/legacy/devices/{id}/channel/{n}/markers, PUT|DELETE …/markers/{markerId}
 * - xrequest GetAllMarks (UnitID, optional ChannelID), EditMark, DeleteMark
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, formatApiDate, MESSAGES } from '@fieldwatch/shared';
import type { ServerContext } from '../../../context';
import { badRequest } from '../../../http/errors';
import { route } from '../../../http/route';
import { auth } from '../../auth/guard';
import { requireWriter } from '../../auth/permissions';
import { userOrgIds } from '../../auth/scope';
import { optionalBool, optionalInt, optionalString, optionalTime, parseTime, requiredInt } from '../../legacy/params';
import { CHANNEL_PARAM, unitAccess } from '../access';
import { requireChannel } from '../channels/service';
import { createMarker, deleteMarker, listMarkers, requireMarker, updateMarker } from './service';

export default async function markersPlugin(app: FastifyInstance, { db, legacy }: ServerContext): Promise<void> {
  const { unitOf, writableUnitOf, scoped, scopedUnit } = unitAccess(db);
  route(app, ENDPOINTS.markers, async (req) => {
    const unit = await unitOf(req, req.params.id);
    await requireChannel(db, unit.id, req.params.n);
    return { data: await listMarkers(db, unit.id, req.params.n) };
  });
  route(app, ENDPOINTS.createMarker, async (req, reply) => {
    const unit = await writableUnitOf(req, req.params.id);
    const marker = await createMarker(
      db,
      unit.id,
      req.params.n,
      { ...req.body, position: parseTime(req.body.position, 'position') },
      auth(req).userId,
    );
    return reply.code(201).send({ data: marker });
  });
  route(app, ENDPOINTS.updateMarker, async (req) => {
    const a = auth(req);
    requireWriter(a);
    const orgs = await userOrgIds(db, a.userId);
    const m = await requireMarker(db, req.params.markerId, orgs, { unitId: req.params.id, channel: req.params.n });
    const { position, ...rest } = req.body;
    return {
      data: await updateMarker(db, m, { ...rest, ...(position !== undefined ? { position: parseTime(position, 'position') } : {}) }),
    };
  });
  route(app, ENDPOINTS.deleteMarker, async (req) => {
    const a = auth(req);
    requireWriter(a);
    const orgs = await userOrgIds(db, a.userId);
    const m = await requireMarker(db, req.params.markerId, orgs, { unitId: req.params.id, channel: req.params.n });
    await deleteMarker(db, m);
    return { data: { id: m.id } };
  });

  const legacyMarker = (m: Awaited<ReturnType<typeof listMarkers>>[number]) => ({
    MarkID: m.id,
    UnitID: m.unitId,
    ChannelID: m.channel,
    Name: m.name,
    Position: formatApiDate(new Date(m.position)),
    Locked: m.locked,
    Comments: m.comments,
  });
  /** UnitID, optional ChannelID. */
  legacy.register('GetAllMarks', async ({ auth: a, params }) => {
    const unit = await scopedUnit(a, params);
    return (await listMarkers(db, unit.id, optionalInt(params, CHANNEL_PARAM, 0))).map(legacyMarker);
  });
  /** MarkID: update that marker; without: create one (UnitID, ChannelID, Name, Position required). */
  legacy.register('EditMark', async ({ auth: a, params }) => {
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
    const ch = requiredInt(params, CHANNEL_PARAM, 0);
    if (name === undefined || position === undefined) throw badRequest(`${MESSAGES.missingParameters}: Name, Position`);
    return [legacyMarker(await createMarker(db, unit.id, ch, { name, position, locked, comments }, a.userId))];
  });
  legacy.register('DeleteMark', async ({ auth: a, params }) => {
    requireWriter(a);
    const m = await requireMarker(db, requiredInt(params, ['MarkID', 'markId', 'MarkerID'], 1), await scoped(a));
    await deleteMarker(db, m);
    return [{ MarkID: m.id, Deleted: true }];
  });
}
