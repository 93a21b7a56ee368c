/**
 * Unit groups — GET/POST/PUT/DELETE /api/v2/device/groups, PUT /api/v2/device/devices/updateGroup,
 * xrequest GetUnitGroups — and containers — GET/POST /api/v3/containers, GET/PUT/DELETE
 * /api/v3/containers/:id (groups with parent and subgroups, and locations), PUT
 * /api/v3/containers/:id/units (units into a location, all or none).
 * Reads are scoped to the caller's organisations (use_context: the selected customers); writes
 * need a writer (Readers: 403) and answer 404 for rows of other organisations.
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { route } from '../../http/route';
import { auth } from '../auth/guard';
import { requireWriter } from '../auth/permissions';
import { scopedOrgIds } from '../auth/scope';
import {
  createContainer,
  createUnitGroup,
  deleteContainer,
  deleteUnitGroup,
  getContainer,
  listContainers,
  listUnitGroups,
  moveUnitsToGroup,
  moveUnitsToLocation,
  renameUnitGroup,
  updateContainer,
} from './service';

export default async function containersPlugin(app: FastifyInstance, { db, legacy }: ServerContext): Promise<void> {
  // ───────── v2 unit groups ─────────
  route(app, ENDPOINTS.unitGroups, async (request) => {
    const orgs = await scopedOrgIds(db, auth(request), request.query.use_context);
    return { data: await listUnitGroups(db, orgs) };
  });

  route(app, ENDPOINTS.createUnitGroup, async (request, reply) => {
    const a = auth(request);
    requireWriter(a);
    reply.code(201);
    return { data: await createUnitGroup(db, a, request.body) };
  });

  route(app, ENDPOINTS.renameUnitGroup, async (request) => {
    const a = auth(request);
    requireWriter(a);
    return { data: await renameUnitGroup(db, a, request.body.id, request.body.description) };
  });

  route(app, ENDPOINTS.deleteUnitGroup, async (request) => {
    const a = auth(request);
    requireWriter(a);
    await deleteUnitGroup(db, a, request.body.id, request.body.organization);
    return { data: { id: request.body.id } };
  });

  route(app, ENDPOINTS.moveUnits, async (request) => {
    const a = auth(request);
    requireWriter(a);
    return { data: await moveUnitsToGroup(db, a, request.body.groupId, request.body.devices) };
  });

  /** Older API: the groups of the selected customers, PascalCase (GroupId, Description, …). */
  legacy.register('GetUnitGroups', async ({ auth: a }) => {
    const orgs = await scopedOrgIds(db, a, true);
    return listUnitGroups(db, orgs);
  });

  // ───────── v3 containers ─────────
  route(app, ENDPOINTS.containers, async (request) => {
    const orgs = await scopedOrgIds(db, auth(request), request.query.use_context);
    return { data: await listContainers(db, orgs, request.query.kind) };
  });

  route(app, ENDPOINTS.container, async (request) => ({
    data: await getContainer(db, auth(request), request.params.id),
  }));

  route(app, ENDPOINTS.createContainer, async (request, reply) => {
    const a = auth(request);
    requireWriter(a);
    const b = request.body;
    reply.code(201);
    return {
      data: await createContainer(db, a, {
        kind: b.kind,
        name: b.name ?? '',
        content: b.content,
        parentId: b.parentId,
        organization: b.organization,
      }),
    };
  });

  route(app, ENDPOINTS.updateContainer, async (request) => {
    const a = auth(request);
    requireWriter(a);
    return { data: await updateContainer(db, a, request.params.id, request.body) };
  });

  route(app, ENDPOINTS.moveUnitsToLocation, async (request) => {
    const a = auth(request);
    requireWriter(a);
    const { units, revision } = request.body;
    return { data: await moveUnitsToLocation(db, a, request.params.id, units, revision) };
  });

  route(app, ENDPOINTS.deleteContainer, async (request) => {
    const a = auth(request);
    requireWriter(a);
    await deleteContainer(db, a, request.params.id, request.query.revision);
    return { data: { id: request.params.id } };
  });
}
