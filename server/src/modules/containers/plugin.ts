/**
 * Unit groups — GET/POST/PUT/DELETE /api/v2/device/groups, PUT /api/v2/device/devices/updateGroup,
 * xrequest GetUnitGroups — and containers — GET/POST /api/v3/containers, GET/PUT/DELETE
 * /api/v3/containers/:id (groups with parent and subgroups, and locations).
 * Reads are scoped to the caller's organisations (use_context: the selected customers); writes
 * need a writer (Readers: 403) and answer 404 for rows of other organisations.
 */
import type { FastifyInstance } from 'fastify';
import {
  CONTAINER_CONTENT_MAX,
  CONTAINER_KINDS,
  CONTAINER_NAME_MAX,
  ID_CHUNK_SIZE,
  REFERENCE_TYPES,
  type ContainerKind,
  type ContainerReference,
  type CreateContainerBody,
  type CreateUnitGroupBody,
  type DeleteUnitGroupBody,
  type MoveUnitsBody,
  type RenameUnitGroupBody,
  type UpdateContainerBody,
} from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { auth } from '../auth/guard';
import { requireWriter } from '../auth/permissions';
import { scopedOrgIds } from '../auth/scope';
import { registerLegacy } from '../legacy/registry';
import {
  createContainer,
  createUnitGroup,
  deleteContainer,
  deleteUnitGroup,
  getContainer,
  listContainers,
  listUnitGroups,
  moveUnitsToGroup,
  renameUnitGroup,
  updateContainer,
} from './service';

const ID = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const DESCRIPTION = { type: 'string', maxLength: 200 } as const;
const CONTAINER_ID = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' } as const;
const REVISION = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

const reference = {
  type: 'object',
  required: ['type'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', maxLength: CONTAINER_NAME_MAX },
    type: { type: 'string', enum: [...REFERENCE_TYPES] },
    target: { type: 'string', maxLength: 100 },
  },
} as const;
const content = { type: 'array', maxItems: CONTAINER_CONTENT_MAX, items: reference } as const;
// The name's presence is checked by the shared rule, so a blank one answers "Missing parameters".
const name = { type: 'string', maxLength: CONTAINER_NAME_MAX } as const;

const groupsQuery = {
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: { use_context: { type: 'boolean', default: false } },
  },
} as const;

const containerError = {
  type: 'object',
  properties: { message: { type: 'string' }, code: { type: 'string' } },
} as const;

export default async function containersPlugin(app: FastifyInstance, { db }: ServerContext): Promise<void> {
  // ───────── v2 unit groups ─────────
  app.get<{ Querystring: { use_context: boolean } }>(
    '/api/v2/device/groups',
    { schema: groupsQuery },
    async (request) => {
      const orgs = await scopedOrgIds(db, auth(request), request.query.use_context);
      return { data: await listUnitGroups(db, orgs) };
    },
  );

  app.post<{ Body: CreateUnitGroupBody }>(
    '/api/v2/device/groups',
    {
      schema: {
        body: {
          type: 'object',
          required: ['description'],
          additionalProperties: false,
          properties: { description: DESCRIPTION, organization: ID },
        },
      },
    },
    async (request, reply) => {
      const a = auth(request);
      requireWriter(a);
      reply.code(201);
      return { data: await createUnitGroup(db, a, request.body) };
    },
  );

  app.put<{ Body: RenameUnitGroupBody }>(
    '/api/v2/device/groups',
    {
      schema: {
        body: {
          type: 'object',
          required: ['id', 'description'],
          additionalProperties: false,
          properties: { id: ID, description: DESCRIPTION },
        },
      },
    },
    async (request) => {
      const a = auth(request);
      requireWriter(a);
      return { data: await renameUnitGroup(db, a, request.body.id, request.body.description) };
    },
  );

  app.delete<{ Body: DeleteUnitGroupBody }>(
    '/api/v2/device/groups',
    {
      schema: {
        body: {
          type: 'object',
          required: ['id', 'organization'],
          additionalProperties: false,
          properties: { id: ID, organization: ID },
        },
      },
    },
    async (request) => {
      const a = auth(request);
      requireWriter(a);
      await deleteUnitGroup(db, a, request.body.id, request.body.organization);
      return { data: { id: request.body.id } };
    },
  );

  app.put<{ Body: MoveUnitsBody }>(
    '/api/v2/device/devices/updateGroup',
    {
      schema: {
        body: {
          type: 'object',
          required: ['groupId', 'devices'],
          additionalProperties: false,
          properties: {
            groupId: ID,
            devices: { type: 'array', minItems: 1, maxItems: ID_CHUNK_SIZE, items: ID },
          },
        },
      },
    },
    async (request) => {
      const a = auth(request);
      requireWriter(a);
      return { data: await moveUnitsToGroup(db, a, request.body.groupId, request.body.devices) };
    },
  );

  /** Older API: the groups of the selected customers, PascalCase (GroupId, Description, …). */
  registerLegacy('GetUnitGroups', async ({ auth: a }) => {
    const orgs = await scopedOrgIds(db, a, true);
    return listUnitGroups(db, orgs);
  });

  // ───────── v3 containers ─────────
  app.get<{ Querystring: { kind?: ContainerKind; use_context: boolean } }>(
    '/api/v3/containers',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            kind: { type: 'string', enum: [...CONTAINER_KINDS] },
            use_context: { type: 'boolean', default: false },
          },
        },
      },
    },
    async (request) => {
      const orgs = await scopedOrgIds(db, auth(request), request.query.use_context);
      return { data: await listContainers(db, orgs, request.query.kind) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/v3/containers/:id',
    { schema: { params: { type: 'object', required: ['id'], properties: { id: CONTAINER_ID } } } },
    async (request) => ({ data: await getContainer(db, auth(request), request.params.id) }),
  );

  app.post<{ Body: CreateContainerBody }>(
    '/api/v3/containers',
    {
      schema: {
        body: {
          type: 'object',
          required: ['kind'],
          additionalProperties: false,
          properties: {
            kind: { type: 'string', enum: [...CONTAINER_KINDS] },
            name,
            content,
            parentId: { anyOf: [CONTAINER_ID, { type: 'null' }] },
            organization: ID,
          },
        },
        response: { 409: containerError },
      },
    },
    async (request, reply) => {
      const a = auth(request);
      requireWriter(a);
      const b = request.body;
      reply.code(201);
      return {
        data: await createContainer(db, a, {
          kind: b.kind,
          name: b.name ?? '',
          content: b.content as ContainerReference[] | undefined,
          parentId: b.parentId,
          organization: b.organization,
        }),
      };
    },
  );

  app.put<{ Params: { id: string }; Body: UpdateContainerBody }>(
    '/api/v3/containers/:id',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: CONTAINER_ID } },
        body: {
          type: 'object',
          required: ['revision'],
          additionalProperties: false,
          properties: {
            revision: REVISION,
            name,
            content,
            parentId: { anyOf: [CONTAINER_ID, { type: 'null' }] },
          },
        },
      },
    },
    async (request) => {
      const a = auth(request);
      requireWriter(a);
      return { data: await updateContainer(db, a, request.params.id, request.body) };
    },
  );

  app.delete<{ Params: { id: string }; Querystring: { revision?: number } }>(
    '/api/v3/containers/:id',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: CONTAINER_ID } },
        querystring: { type: 'object', additionalProperties: false, properties: { revision: REVISION } },
      },
    },
    async (request) => {
      const a = auth(request);
      requireWriter(a);
      await deleteContainer(db, a, request.params.id, request.query.revision);
      return { data: { id: request.params.id } };
    },
  );
}
