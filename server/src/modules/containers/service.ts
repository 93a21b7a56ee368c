/**
 * Unit groups (v2 /groups, updateGroup, GetUnitGroups) and containers (v3 /containers: groups with
 * parent and subgroups, and locations). The `containers` table is the one source of truth for
 * groups and locations; the older GetUserData/SetUserData `_group` mapping writes it through the
 * same rules (validateContainer, wouldCreateCycle in @fieldwatch/shared and validateTargets here).
 *
 * Tenancy: every row carries its organisation; a row of an organisation the caller does not
 * belong to answers exactly like a missing one (404) and nothing changes.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  CONTAINER_PARENT_CYCLE,
  CONTAINER_PARENT_NOT_GROUP,
  MESSAGES,
  validateContainer,
  wouldCreateCycle,
  type Container,
  type ContainerKind,
  type ContainerReference,
  type UnitGroup,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { containers, unitGroupMembers, unitGroups, units } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/guard';
import { userOrgIds } from '../auth/scope';

export const GROUP_MESSAGES = {
  deleteFailed: 'Failed to delete group',
  moveFailed: 'Failed to move devices',
} as const;

export const CONTAINER_CONFLICT = 'The container was changed by someone else; reload it and try again';

export const conflict = (message: string) => new HttpError(409, message, 'conflict');

/**
 * The organisation a new row belongs to: the one asked for (must be the caller's, else 404), or
 * the first selected customer, or the caller's first organisation.
 */
export async function pickOrganization(db: Db, a: AuthContext, requested?: number): Promise<number> {
  const mine = await userOrgIds(db, a.userId);
  if (requested !== undefined) {
    if (!mine.includes(requested)) throw notFound();
    return requested;
  }
  const selected = mine.filter((id) => a.selectedCustomers.includes(id));
  const org = selected[0] ?? mine[0];
  if (org === undefined) throw badRequest('You belong to no organisation');
  return org;
}

// ───────────────────────────── unit groups ─────────────────────────────

export async function listUnitGroups(db: Db, orgIds: number[]): Promise<UnitGroup[]> {
  if (orgIds.length === 0) return [];
  const groups = await db
    .select()
    .from(unitGroups)
    .where(inArray(unitGroups.organizationId, orgIds))
    .orderBy(asc(unitGroups.id));
  if (groups.length === 0) return [];
  const members = await db
    .select()
    .from(unitGroupMembers)
    .where(
      inArray(
        unitGroupMembers.groupId,
        groups.map((g) => g.id),
      ),
    )
    .orderBy(asc(unitGroupMembers.unitId));
  return groups.map((g) => ({
    GroupId: g.id,
    Description: g.description,
    CustomerID: g.organizationId,
    Units: members.filter((m) => m.groupId === g.id).map((m) => m.unitId),
  }));
}

async function ownGroup(db: Db, a: AuthContext, id: number, message: string = MESSAGES.notFound) {
  const mine = await userOrgIds(db, a.userId);
  const [g] = await db.select().from(unitGroups).where(eq(unitGroups.id, id)).limit(1);
  if (!g || !mine.includes(g.organizationId)) throw notFound(message);
  return g;
}

function description(value: string): string {
  const d = value.trim();
  if (d === '') throw badRequest(MESSAGES.missingParameters);
  return d;
}

export async function createUnitGroup(
  db: Db,
  a: AuthContext,
  body: { description: string; organization?: number },
): Promise<UnitGroup> {
  const desc = description(body.description);
  const org = await pickOrganization(db, a, body.organization);
  const [g] = await db.insert(unitGroups).values({ organizationId: org, description: desc }).returning();
  return { GroupId: g!.id, Description: g!.description, CustomerID: g!.organizationId, Units: [] };
}

export async function renameUnitGroup(db: Db, a: AuthContext, id: number, desc: string): Promise<UnitGroup> {
  const d = description(desc);
  const g = await ownGroup(db, a, id);
  await db.update(unitGroups).set({ description: d }).where(eq(unitGroups.id, g.id));
  const [out] = await listUnitGroups(db, [g.organizationId]).then((l) => l.filter((x) => x.GroupId === id));
  return out!;
}

/** Deletes a group (its memberships go with it). A wrong or foreign group: "Failed to delete group". */
export async function deleteUnitGroup(db: Db, a: AuthContext, id: number, organization: number): Promise<void> {
  const g = await ownGroup(db, a, id, GROUP_MESSAGES.deleteFailed);
  if (g.organizationId !== organization) throw notFound(GROUP_MESSAGES.deleteFailed);
  await db.delete(unitGroups).where(eq(unitGroups.id, g.id));
}

/**
 * Moves units into a group, all or none: every unit must exist, be in the group's organisation
 * and that organisation must be the caller's; otherwise 404 "Failed to move devices".
 */
export async function moveUnitsToGroup(
  db: Db,
  a: AuthContext,
  groupId: number,
  devices: number[],
): Promise<UnitGroup> {
  const g = await ownGroup(db, a, groupId, GROUP_MESSAGES.moveFailed);
  const ids = [...new Set(devices)];
  const found = await db
    .select({ id: units.id })
    .from(units)
    .where(and(inArray(units.id, ids), eq(units.organizationId, g.organizationId)));
  if (found.length !== ids.length) throw notFound(GROUP_MESSAGES.moveFailed);
  await db
    .insert(unitGroupMembers)
    .values(ids.map((unitId) => ({ unitId, groupId: g.id })))
    .onConflictDoUpdate({ target: unitGroupMembers.unitId, set: { groupId: g.id } });
  const [out] = (await listUnitGroups(db, [g.organizationId])).filter((x) => x.GroupId === g.id);
  return out!;
}

// ───────────────────────────── containers ─────────────────────────────

type ContainerRow = typeof containers.$inferSelect;

export function toContainer(r: ContainerRow, subgroups: string[] = []): Container {
  return {
    id: r.id,
    kind: r.kind as ContainerKind,
    name: r.name,
    organizationId: r.organizationId,
    parentId: r.parentId,
    subgroups,
    content: r.content as ContainerReference[],
    revision: r.revision,
    updatedAt: r.updatedAt.toISOString(),
  };
}

async function withSubgroups(db: Db, rows: ContainerRow[]): Promise<Container[]> {
  const groupIds = rows.filter((r) => r.kind === 'group').map((r) => r.id);
  const children = groupIds.length
    ? await db
        .select({ id: containers.id, parentId: containers.parentId, org: containers.organizationId })
        .from(containers)
        .where(inArray(containers.parentId, groupIds))
        .orderBy(asc(containers.createdAt), asc(containers.id))
    : [];
  // Only subgroups of the group's own organisation (a parent is always one; never list others').
  return rows.map((r) =>
    toContainer(
      r,
      children.filter((c) => c.parentId === r.id && c.org === r.organizationId).map((c) => c.id),
    ),
  );
}

export async function listContainers(db: Db, orgIds: number[], kind?: ContainerKind): Promise<Container[]> {
  if (orgIds.length === 0) return [];
  const rows = await db
    .select()
    .from(containers)
    .where(
      and(inArray(containers.organizationId, orgIds), kind ? eq(containers.kind, kind) : undefined),
    )
    .orderBy(asc(containers.createdAt), asc(containers.id));
  return withSubgroups(db, rows);
}

/** The caller's container, or 404. */
async function ownContainer(db: Db, a: AuthContext, id: string): Promise<ContainerRow> {
  const mine = await userOrgIds(db, a.userId);
  const [row] = await db.select().from(containers).where(eq(containers.id, id)).limit(1);
  if (!row || !mine.includes(row.organizationId)) throw notFound();
  return row;
}

export async function getContainer(db: Db, a: AuthContext, id: string): Promise<Container> {
  const [c] = await withSubgroups(db, [await ownContainer(db, a, id)]);
  return c!;
}

/**
 * Targets of references must be the organisation's own: units for a location's content, location
 * containers for a group's. References with only a name are kept as they are.
 */
export async function validateTargets(
  db: Db,
  organizationId: number,
  kind: ContainerKind,
  content: ContainerReference[],
): Promise<void> {
  const targets = [...new Set(content.map((r) => r.target?.trim()).filter((t): t is string => !!t))];
  if (targets.length === 0) return;
  if (kind === 'location') {
    const ids = targets.map(Number);
    if (ids.some((n) => !Number.isInteger(n) || n < 1 || n > 2_147_483_647)) {
      throw badRequest('A unit reference needs a unit id as its target');
    }
    const found = await db
      .select({ id: units.id })
      .from(units)
      .where(and(inArray(units.id, ids), eq(units.organizationId, organizationId)));
    if (found.length !== ids.length) throw notFound('Unit not found');
  } else {
    const found = await db
      .select({ id: containers.id })
      .from(containers)
      .where(
        and(
          inArray(containers.id, targets),
          eq(containers.organizationId, organizationId),
          eq(containers.kind, 'location'),
        ),
      );
    if (found.length !== targets.length) throw notFound('Location not found');
  }
}

/** A parent must be a group of the same organisation, and never one of the group's descendants. */
export async function validateParent(
  db: Db,
  organizationId: number,
  kind: ContainerKind,
  id: string,
  parentId: string | null,
): Promise<void> {
  if (parentId === null) return;
  if (kind !== 'group') throw badRequest(CONTAINER_PARENT_NOT_GROUP);
  const groups = await db
    .select({ id: containers.id, parentId: containers.parentId })
    .from(containers)
    .where(and(eq(containers.organizationId, organizationId), eq(containers.kind, 'group')));
  if (!groups.some((g) => g.id === parentId)) throw notFound('Parent group not found');
  const parentOf = new Map(groups.map((g) => [g.id, g.parentId]));
  if (wouldCreateCycle(parentOf, id, parentId)) throw badRequest(CONTAINER_PARENT_CYCLE);
}

function checked(kind: ContainerKind, name: unknown, content: unknown): void {
  const err = validateContainer(kind, { name, content });
  if (err) throw badRequest(err);
}

function normalise(content: ContainerReference[]): ContainerReference[] {
  return content.map((r) => ({
    type: r.type,
    ...(r.name !== undefined ? { name: r.name } : {}),
    ...(r.target !== undefined ? { target: r.target.trim() } : {}),
  }));
}

export interface CreateContainerInput {
  kind: ContainerKind;
  name: string;
  content?: ContainerReference[];
  parentId?: string | null;
  organization?: number;
  /** The older API keeps its own ids; the v3 API lets the server choose. */
  id?: string;
}

export async function createContainer(db: Db, a: AuthContext, input: CreateContainerInput): Promise<Container> {
  const content = input.content ?? [];
  checked(input.kind, input.name, content);
  const org = await pickOrganization(db, a, input.organization);
  const id = input.id ?? randomUUID();
  const parentId = input.parentId ?? null;
  await validateParent(db, org, input.kind, id, parentId);
  await validateTargets(db, org, input.kind, content);
  const now = new Date();
  const [row] = await db
    .insert(containers)
    .values({
      id,
      organizationId: org,
      kind: input.kind,
      name: input.name.trim(),
      parentId,
      content: normalise(content),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict('A container with this id already exists');
  return toContainer(row);
}

export interface UpdateContainerInput {
  revision: number;
  name?: string;
  content?: ContainerReference[];
  parentId?: string | null;
}

/** Optimistic concurrency: the update applies only to the revision it was based on (else 409). */
export async function updateContainer(
  db: Db,
  a: AuthContext,
  id: string,
  input: UpdateContainerInput,
): Promise<Container> {
  const row = await ownContainer(db, a, id);
  const kind = row.kind as ContainerKind;
  if (row.revision !== input.revision) throw conflict(CONTAINER_CONFLICT);
  const name = input.name ?? row.name;
  const content = input.content ?? (row.content as ContainerReference[]);
  checked(kind, name, content);
  const parentId = input.parentId === undefined ? row.parentId : input.parentId;
  if (input.parentId !== undefined) await validateParent(db, row.organizationId, kind, id, parentId);
  if (input.content !== undefined) await validateTargets(db, row.organizationId, kind, content);
  const [updated] = await db
    .update(containers)
    .set({
      name: name.trim(),
      content: normalise(content),
      parentId,
      revision: sql`${containers.revision} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(containers.id, id), eq(containers.revision, input.revision)))
    .returning();
  // Someone else wrote between our read and our write: theirs stays, ours is refused.
  if (!updated) throw conflict(CONTAINER_CONFLICT);
  return getContainer(db, a, id);
}

export const NOT_A_LOCATION = 'Units can only be moved into a location';

/**
 * Puts units into a location, all or none: every unit must be of the location's organisation (else
 * 404 "Failed to move devices" and nothing changes), and each leaves any other location of that
 * organisation that held it (those locations' revisions move on). `revision`, when given, must be
 * the location's current one (else 409). Units already in the location stay where they are.
 */
export async function moveUnitsToLocation(
  db: Db,
  a: AuthContext,
  locationId: string,
  unitIds: readonly number[],
  revision?: number,
): Promise<Container> {
  const mine = await userOrgIds(db, a.userId);
  const [row] = await db.select().from(containers).where(eq(containers.id, locationId)).limit(1);
  if (!row || !mine.includes(row.organizationId)) throw notFound(GROUP_MESSAGES.moveFailed);
  if (row.kind !== 'location') throw badRequest(NOT_A_LOCATION);
  if (revision !== undefined && row.revision !== revision) throw conflict(CONTAINER_CONFLICT);
  const ids = [...new Set(unitIds)];
  const found = await db
    .select({ id: units.id, name: units.name })
    .from(units)
    .where(and(inArray(units.id, ids), eq(units.organizationId, row.organizationId)));
  if (found.length !== ids.length) throw notFound(GROUP_MESSAGES.moveFailed);
  const moving = new Set(ids.map(String));
  const nameOf = new Map(found.map((u) => [String(u.id), u.name]));

  await db.transaction(async (tx) => {
    const others = await tx
      .select()
      .from(containers)
      .where(and(eq(containers.organizationId, row.organizationId), eq(containers.kind, 'location')));
    for (const other of others) {
      if (other.id === row.id) continue;
      const content = other.content as ContainerReference[];
      const kept = content.filter((r) => !(r.type === 'unit' && r.target && moving.has(r.target)));
      if (kept.length === content.length) continue;
      const [saved] = await tx
        .update(containers)
        .set({ content: kept, revision: sql`${containers.revision} + 1`, updatedAt: new Date() })
        .where(and(eq(containers.id, other.id), eq(containers.revision, other.revision)))
        .returning({ id: containers.id });
      if (!saved) throw conflict(CONTAINER_CONFLICT);
    }
    const content = row.content as ContainerReference[];
    const present = new Set(content.filter((r) => r.type === 'unit' && r.target).map((r) => r.target!));
    const added: ContainerReference[] = ids
      .map(String)
      .filter((id) => !present.has(id))
      .map((id) => ({ type: 'unit', name: nameOf.get(id)!, target: id }));
    const next = [...content, ...added];
    checked('location', row.name, next);
    const [saved] = await tx
      .update(containers)
      .set({ content: next, revision: sql`${containers.revision} + 1`, updatedAt: new Date() })
      .where(and(eq(containers.id, row.id), eq(containers.revision, row.revision)))
      .returning({ id: containers.id });
    // Someone else wrote between our read and our write: theirs stays, ours is refused.
    if (!saved) throw conflict(CONTAINER_CONFLICT);
  });
  return getContainer(db, a, row.id);
}

/**
 * Deletes a container. Its subgroups become roots; a deleted location is removed from the content
 * of the groups that held it (their revision moves on). With a revision, a stale one is a 409.
 */
export async function deleteContainer(db: Db, a: AuthContext, id: string, revision?: number): Promise<void> {
  const row = await ownContainer(db, a, id);
  await db.transaction(async (tx) => removeContainer(tx, row, revision));
}

/**
 * The one way a container leaves the table (the v3 API and the older DeleteUserData alike): the
 * row goes, its subgroups become roots, and a location is taken out of the groups that held it.
 * Call inside a transaction. A stale `revision` (or a row changed since it was read) is a 409.
 */
export async function removeContainer(db: Db, row: ContainerRow, revision?: number): Promise<void> {
  if (revision !== undefined && row.revision !== revision) throw conflict(CONTAINER_CONFLICT);
  // Subgroups first (the foreign key would set their parent to null too, but without moving
  // their revision on): a reader holding one must see it changed.
  if (row.kind === 'group') {
    await db
      .update(containers)
      .set({ parentId: null, revision: sql`${containers.revision} + 1`, updatedAt: new Date() })
      .where(and(eq(containers.organizationId, row.organizationId), eq(containers.parentId, row.id)));
  }
  const deleted = await db
    .delete(containers)
    .where(and(eq(containers.id, row.id), revision !== undefined ? eq(containers.revision, revision) : undefined))
    .returning({ id: containers.id });
  if (deleted.length === 0) throw conflict(CONTAINER_CONFLICT);
  if (row.kind === 'location') {
    const holders = await db
      .select()
      .from(containers)
      .where(
        and(
          eq(containers.organizationId, row.organizationId),
          eq(containers.kind, 'group'),
          sql`${containers.content} @> ${JSON.stringify([{ target: row.id }])}::jsonb`,
        ),
      );
    for (const g of holders) {
      await db
        .update(containers)
        .set({
          content: (g.content as ContainerReference[]).filter((r) => r.target !== row.id),
          revision: sql`${containers.revision} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(containers.id, g.id));
    }
  }
}

/** Containers by id, of any organisation (the caller checks tenancy). */
export async function containersById(db: Db, ids: readonly string[]): Promise<ContainerRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(containers).where(inArray(containers.id, [...ids]));
}

export interface ContainerRecord {
  id: string;
  name: string;
  content: ContainerReference[];
  parentId: string | null;
}

/**
 * Stores a whole container record (the older API's SetUserData): a new id is inserted into
 * `newOrg`, an existing container (of `orgIds`, else 404) is replaced if `revision` is the stored
 * one (missing or stale: 409). References must be the organisation's own, as for the v3 API; the
 * parent is checked by the caller once a whole batch is stored (a batch may list a child before its
 * parent). Answers the organisation and the new revision, or null for a container of another kind.
 */
export async function storeContainer(
  db: Db,
  orgIds: readonly number[],
  newOrg: number,
  kind: ContainerKind,
  c: ContainerRecord,
  revision: number | undefined,
): Promise<{ organizationId: number; revision: number } | null> {
  const [old] = await containersById(db, [c.id]);
  if (old) {
    if (!orgIds.includes(old.organizationId)) throw notFound();
    if (old.kind !== kind) return null;
    if (revision === undefined || revision !== old.revision) throw conflict(CONTAINER_CONFLICT);
    await validateTargets(db, old.organizationId, kind, c.content);
    const [saved] = await db
      .update(containers)
      .set({
        name: c.name,
        content: c.content,
        parentId: c.parentId,
        revision: sql`${containers.revision} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(containers.id, c.id), eq(containers.revision, revision)))
      .returning({ revision: containers.revision });
    if (!saved) throw conflict(CONTAINER_CONFLICT);
    return { organizationId: old.organizationId, revision: saved.revision };
  }
  await validateTargets(db, newOrg, kind, c.content);
  const [saved] = await db
    .insert(containers)
    .values({ id: c.id, organizationId: newOrg, kind, name: c.name, parentId: c.parentId, content: c.content })
    .returning({ revision: containers.revision });
  return { organizationId: newOrg, revision: saved!.revision };
}
