/**
 * Unit groups (v2 /api/v2/device/groups, PUT /devices/updateGroup) and containers (v3
 * /api/v3/containers: groups with a parent and subgroups, and locations). The names' presence and
 * the references' targets are the domain rules' (domain/containers.ts), so that a blank name
 * answers the spec's "Missing parameters".
 */
import * as T from 'typebox';
import { ID_CHUNK_SIZE } from '../constants';
import {
  CONTAINER_CONTENT_MAX,
  CONTAINER_KINDS,
  CONTAINER_NAME_MAX,
  REFERENCE_TYPES,
} from '../domain/containers';
import { Id, MAX_INT, Nullable, StringEnum, UseContext } from './common';

const Description = T.String({ maxLength: 200 });

/** GET /api/v2/device/groups?use_context */
export const UnitGroupsQuery = T.Object({ use_context: UseContext }, { additionalProperties: false });

/** POST /api/v2/device/groups. organization defaults to the first selected customer. */
export const CreateUnitGroupBody = T.Object(
  { description: Description, organization: T.Optional(Id) },
  { additionalProperties: false },
);
export type CreateUnitGroupBody = T.Static<typeof CreateUnitGroupBody>;

/** PUT /api/v2/device/groups (rename). */
export const RenameUnitGroupBody = T.Object({ id: Id, description: Description }, { additionalProperties: false });
export type RenameUnitGroupBody = T.Static<typeof RenameUnitGroupBody>;

/** DELETE /api/v2/device/groups (JSON body). */
export const DeleteUnitGroupBody = T.Object({ id: Id, organization: Id }, { additionalProperties: false });
export type DeleteUnitGroupBody = T.Static<typeof DeleteUnitGroupBody>;

/** PUT /api/v2/device/devices/updateGroup: moves the units into the group (all or none). */
export const MoveUnitsBody = T.Object(
  { groupId: Id, devices: T.Array(Id, { minItems: 1, maxItems: ID_CHUNK_SIZE }) },
  { additionalProperties: false },
);
export type MoveUnitsBody = T.Static<typeof MoveUnitsBody>;

/** A container's id (text). */
export const ContainerId = T.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' });
export const ContainerParams = T.Object({ id: ContainerId });
const Revision = T.Integer({ minimum: 1, maximum: MAX_INT });

const ContainerReference = T.Object(
  {
    name: T.Optional(T.String({ maxLength: CONTAINER_NAME_MAX })),
    type: StringEnum(REFERENCE_TYPES),
    target: T.Optional(T.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
const Content = T.Array(ContainerReference, { maxItems: CONTAINER_CONTENT_MAX });
const Name = T.String({ maxLength: CONTAINER_NAME_MAX });

/**
 * PUT /api/v3/containers/:id/units: puts the units into this location (all or none); each leaves
 * any other location of the organisation that held it. `revision`, when sent, must be the
 * location's current one (stale → 409).
 */
export const MoveUnitsToLocationBody = T.Object(
  { units: T.Array(T.Integer({ minimum: 1, maximum: MAX_INT }), { minItems: 1, maxItems: 1000 }), revision: T.Optional(Revision) },
  { additionalProperties: false },
);
export type MoveUnitsToLocationBody = T.Static<typeof MoveUnitsToLocationBody>;

/** GET /api/v3/containers?kind&use_context */
export const ContainersQuery = T.Object(
  { kind: T.Optional(StringEnum(CONTAINER_KINDS)), use_context: UseContext },
  { additionalProperties: false },
);

/** POST /api/v3/containers. organization defaults to the first selected customer. */
export const CreateContainerBody = T.Object(
  {
    kind: StringEnum(CONTAINER_KINDS),
    name: T.Optional(Name),
    content: T.Optional(Content),
    parentId: T.Optional(Nullable(ContainerId)),
    organization: T.Optional(Id),
  },
  { additionalProperties: false },
);
export type CreateContainerBody = T.Static<typeof CreateContainerBody>;

/** PUT /api/v3/containers/:id: fields to change, and the revision the change is based on. */
export const UpdateContainerBody = T.Object(
  {
    revision: Revision,
    name: T.Optional(Name),
    content: T.Optional(Content),
    parentId: T.Optional(Nullable(ContainerId)),
  },
  { additionalProperties: false },
);
export type UpdateContainerBody = T.Static<typeof UpdateContainerBody>;

/** DELETE /api/v3/containers/:id?revision */
export const DeleteContainerQuery = T.Object({ revision: T.Optional(Revision) }, { additionalProperties: false });
