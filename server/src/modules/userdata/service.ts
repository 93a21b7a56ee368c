/**
 * The older key-value store: GetUserData, SetUserData, DeleteUserData (the older API).
 *
 * Parameters: ValueType is the namespace, ValueID the key, JSonData the value as JSON text (or a
 * JSON value), Default 'Y' for the organisation-wide default and 'N' (default) for the caller's
 * own value, CustomerID the organisation (default: the first selected customer), Revision (or an
 * If-Match header) the revision the writer read.
 *
 * One source of truth: the typed keys are views of the typed tables, not copies, read and written
 * only through the domain services that own them (events/service.ts, containers/service.ts), the
 * same operations the v3 routes call; this module maps keys and shapes —
 * - `_event_management` / events, notifications, tasks → the events, notifications (the caller's)
 *   and tasks tables;
 * - `_group` / groups, locations → the containers table (kind group / location);
 * - any other namespace/key → the user_data table (key = ValueID, value_id = '*' for the default
 *   or 'u<userId>' for a personal value, value_type = ValueType).
 * For typed keys JSonData is a list of records (a single record is accepted too). Invalid records
 * (the spec's record rules) are ignored, not stored; valid ones are inserted, or update the stored record.
 *
 * Two writers never silently overwrite each other: tasks, containers and plain values carry a
 * revision, and an update must send the revision it read (records: their `revision` field; plain
 * values: Revision or If-Match) — a missing or stale one is 409 'conflict' and the whole call
 * changes nothing. Events are immutable (a different document under an existing id is a
 * conflict); notifications only ever gain their `seen` stamp, which cannot be lost. A record id
 * of another organisation answers 404 and the call changes nothing.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  isApiDateRange,
  ID_CHUNK_SIZE,
  isValidActivity,
  isValidEvent,
  isValidNotification,
  isValidTask,
  USER_DATA_NAMESPACES,
  type FwEvent,
  type FwNotification,
  type FwTask,
  type UserDataRecord,
  type UserDataWriteResult,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { userData } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { checkJsonValue } from '../../http/input';
import {
  containersById,
  listContainers,
  removeContainer,
  storeContainer,
  validateParent,
  type ContainerRecord,
} from '../containers/service';
import {
  conflict,
  deleteRecords,
  listEvents,
  listNotifications,
  listTasksWithRevision,
  storeEvent,
  storeNotification,
  storeTask,
} from '../events/service';
import { publishNew } from '../push/hub';

/** Records a typed read answers at most (newest first). */
export const USER_DATA_MAX_RECORDS = 5_000;

export type TypedKey =
  { table: 'events' | 'notifications' | 'tasks' } | { table: 'containers'; kind: 'group' | 'location' };

export function typedKey(namespace: string, key: string): TypedKey | null {
  if (namespace === USER_DATA_NAMESPACES.eventManagement) {
    if (key === 'events' || key === 'notifications' || key === 'tasks') return { table: key };
  }
  if (namespace === USER_DATA_NAMESPACES.group) {
    if (key === 'groups') return { table: 'containers', kind: 'group' };
    if (key === 'locations') return { table: 'containers', kind: 'location' };
  }
  return null;
}

export interface Caller {
  userId: number;
  /** Organisations a read sees (selected customers). */
  readOrgs: number[];
  /** Organisations of the user: where existing records are looked up for writes. */
  orgs: number[];
  /** Organisation of new records. */
  org: number;
}

export interface Address {
  namespace: string;
  key: string;
  isDefault: boolean;
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const ownerTag = (a: Address, userId: number) => (a.isDefault ? '*' : `u${userId}`);
const revisionOf = (r: Record<string, unknown>): number | undefined =>
  typeof r.revision === 'number' && Number.isInteger(r.revision) ? r.revision : undefined;
const withoutRevision = <T extends Record<string, unknown>>(r: T): T => {
  const { revision: _drop, ...rest } = r;
  void _drop;
  return rest as T;
};
const validDate = (v: unknown) => typeof v === 'string' && isApiDateRange(new Date(v));
const MAX_ID = 200;
const validId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= MAX_ID;

// ───────────────────────── Containers ─────────────────────────


/** A container record: name, id and a content object; each reference needs a name or a target. */
export function toContainer(v: unknown): ContainerRecord | null {
  if (
    !isObj(v) ||
    !validId(v.id) ||
    typeof v.name !== 'string' ||
    v.name.trim() === '' ||
    v.name.length > 500
  )
    return null;
  if (typeof v.content !== 'object' || v.content === null) return null;
  const refs = Array.isArray(v.content) ? v.content : Object.values(v.content);
  const content: ContainerRecord['content'] = [];
  for (const r of refs) {
    if (!isObj(r)) return null;
    const name = typeof r.name === 'string' && r.name !== '' ? r.name : undefined;
    const target =
      typeof r.target === 'string' && r.target !== ''
        ? r.target
        : typeof r.target === 'number'
          ? String(r.target)
          : undefined;
    if (name === undefined && target === undefined) return null;
    const type: 'unit' | 'location' = r.type === 'unit' || r.type === 'location' ? r.type : 'unit';
    content.push({
      ...(name !== undefined ? { name } : {}),
      type,
      ...(target !== undefined ? { target } : {}),
    });
  }
  const parent = v.parentId ?? v.parent;
  return { id: v.id, name: v.name, content, parentId: validId(parent) ? parent : null };
}

// ───────────────────────── Reads ─────────────────────────

export async function readTyped(db: Db, caller: Caller, k: TypedKey): Promise<unknown[]> {
  const orgs = caller.readOrgs;
  switch (k.table) {
    case 'events':
      return listEvents(db, orgs, USER_DATA_MAX_RECORDS);
    case 'notifications':
      return listNotifications(db, caller.userId, orgs, USER_DATA_MAX_RECORDS);
    case 'tasks':
      return listTasksWithRevision(db, orgs, USER_DATA_MAX_RECORDS);
    case 'containers':
      return (await listContainers(db, orgs, k.kind)).slice(0, USER_DATA_MAX_RECORDS).map((c) => ({
        id: c.id,
        name: c.name,
        content: c.content,
        ...(c.parentId ? { parentId: c.parentId } : {}),
        organizationId: c.organizationId,
        revision: c.revision,
      }));
  }
}

export async function getUserData(db: Db, caller: Caller, a: Address): Promise<UserDataRecord[]> {
  const k = typedKey(a.namespace, a.key);
  if (k) {
    const list = await readTyped(db, caller, k);
    return [
      {
        ValueType: a.namespace,
        ValueID: a.key,
        JSonData: JSON.stringify(list),
        Default: 'N',
        Revision: 0,
        CustomerID: caller.org,
      },
    ];
  }
  // Personal value first, else the organisation's default (unless the default is asked for).
  const owners = a.isDefault ? ['*'] : [`u${caller.userId}`, '*'];
  const rows = await db
    .select()
    .from(userData)
    .where(
      and(
        eq(userData.organizationId, caller.org),
        eq(userData.namespace, a.namespace),
        eq(userData.key, a.key),
        inArray(userData.valueId, owners),
      ),
    );
  const row = owners.map((o) => rows.find((r) => r.valueId === o)).find(Boolean);
  if (!row) return [];
  return [
    {
      ValueType: a.namespace,
      ValueID: a.key,
      JSonData: JSON.stringify(row.json),
      Default: row.valueId === '*' ? 'Y' : 'N',
      Revision: row.revision,
      CustomerID: row.organizationId,
    },
  ];
}

// ───────────────────────── Writes ─────────────────────────

/**
 * JSonData as a value: JSON text is parsed, other values are taken as they are (the request body
 * was checked as a whole). Parsed text gets the same checks as any body (checkJsonValue).
 */
export function parseJsonData(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  let value: unknown;
  try {
    value = JSON.parse(v) as unknown;
  } catch {
    throw badRequest('JSonData must be JSON');
  }
  checkJsonValue(value, 'JSonData');
  return value;
}

const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

export async function setUserData(
  db: Db,
  caller: Caller,
  a: Address,
  value: unknown,
  revision: number | undefined,
): Promise<UserDataWriteResult> {
  const k = typedKey(a.namespace, a.key);
  if (!k) return setPlain(db, caller, a, value, revision);
  const records = asList(value);
  if (records.length > USER_DATA_MAX_RECORDS)
    throw badRequest(`At most ${USER_DATA_MAX_RECORDS} records per call`);
  return db.transaction(async (tx) => {
    const out: UserDataWriteResult = { ValueType: a.namespace, ValueID: a.key, Stored: 0, Ignored: 0 };
    const revisions: Record<string, number> = {};
    switch (k.table) {
      case 'events':
        for (const r of records) {
          if (!isValidEvent(r) || !validId((r as FwEvent).id) || !validDate((r as FwEvent).created)) {
            out.Ignored += 1;
            continue;
          }
          await storeEvent(tx, caller.orgs, caller.org, withoutRevision(r as Record<string, unknown>) as unknown as FwEvent);
          out.Stored += 1;
        }
        break;
      case 'notifications':
        for (const r of records) {
          if (!isValidNotification(r) || !validId(r.id) || !validDate(r.created)) {
            out.Ignored += 1;
            continue;
          }
          const doc = withoutRevision(r as unknown as Record<string, unknown>) as unknown as FwNotification;
          await storeNotification(tx, caller.userId, caller.orgs, caller.org, doc);
          out.Stored += 1;
        }
        break;
      case 'tasks': {
        const pushed: Array<{ organizationId: number; id: string }> = [];
        for (const r of records) {
          if (
            !isValidTask(r) ||
            !validId(r.id) ||
            !validDate(r.created) ||
            !r.activities.every(isValidActivity) ||
            !Array.isArray(r.eventIds ?? []) ||
            !Array.isArray(r.assignees ?? [])
          ) {
            out.Ignored += 1;
            continue;
          }
          const given = revisionOf(r as unknown as Record<string, unknown>);
          const doc = withoutRevision(r as unknown as Record<string, unknown>) as unknown as FwTask;
          const saved = await storeTask(tx, caller.orgs, caller.org, doc, given);
          revisions[doc.id] = saved.revision;
          pushed.push({ organizationId: saved.organizationId, id: doc.id });
          out.Stored += 1;
        }
        // Delivered at commit, like the write itself.
        await publishNew(tx, { tasks: pushed });
        break;
      }
      case 'containers': {
        // Parents are checked once every record is written, so a batch may list a child before
        // its parent group.
        const parented: Array<{ org: number; id: string; parentId: string }> = [];
        for (const r of records) {
          const c = toContainer(r);
          const saved = c && (await storeContainer(tx, caller.orgs, caller.org, k.kind, c, isObj(r) ? revisionOf(r) : undefined));
          if (!c || !saved) {
            out.Ignored += 1;
            continue;
          }
          revisions[c.id] = saved.revision;
          if (c.parentId !== null) parented.push({ org: saved.organizationId, id: c.id, parentId: c.parentId });
          out.Stored += 1;
        }
        for (const p of parented) await validateParent(tx, p.org, k.kind, p.id, p.parentId);
        break;
      }
    }
    if (Object.keys(revisions).length > 0) out.Revisions = revisions;
    return out;
  });
}

async function setPlain(
  db: Db,
  caller: Caller,
  a: Address,
  value: unknown,
  revision: number | undefined,
): Promise<UserDataWriteResult> {
  if (value === undefined) throw badRequest('JSonData is required');
  const owner = ownerTag(a, caller.userId);
  const where = and(
    eq(userData.organizationId, caller.org),
    eq(userData.namespace, a.namespace),
    eq(userData.key, a.key),
    eq(userData.valueId, owner),
  );
  const [old] = await db.select({ revision: userData.revision }).from(userData).where(where).limit(1);
  const base = { ValueType: a.namespace, ValueID: a.key, Stored: 1, Ignored: 0 };
  if (old) {
    if (revision === undefined) throw conflict('The value exists: send the Revision you read');
    if (revision !== old.revision)
      throw conflict('The value was changed by someone else; reload it and try again');
    const [saved] = await db
      .update(userData)
      .set({ json: value, revision: sql`${userData.revision} + 1`, updatedAt: new Date() })
      .where(and(where, eq(userData.revision, revision)))
      .returning({ revision: userData.revision });
    if (!saved) throw conflict('The value was changed by someone else; reload it and try again');
    return { ...base, Revision: saved.revision };
  }
  if (revision !== undefined && revision !== 0) throw conflict('The value was deleted by someone else');
  const [saved] = await db
    .insert(userData)
    .values({
      organizationId: caller.org,
      userId: a.isDefault ? null : caller.userId,
      namespace: a.namespace,
      key: a.key,
      valueId: owner,
      valueType: a.namespace,
      json: value,
      isDefault: a.isDefault,
    })
    .onConflictDoNothing()
    .returning({ revision: userData.revision });
  if (!saved) throw conflict('The value was created by someone else; reload it and try again');
  return { ...base, Revision: saved.revision };
}

/** Ids to delete: "a,b", ["a", "b"], or records with an id (and, for tasks/containers, a revision). */
function deleteTargets(value: unknown): Array<{ id: string; revision?: number }> {
  const list =
    typeof value === 'string' && !value.trim().startsWith('[') && !value.trim().startsWith('{')
      ? value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : asList(parseJsonData(value));
  return list.map((v) => {
    if (typeof v === 'string' && validId(v)) return { id: v };
    if (isObj(v) && validId(v.id)) {
      const rev = revisionOf(v);
      return rev === undefined ? { id: v.id } : { id: v.id, revision: rev };
    }
    throw badRequest('JSonData must name the ids to delete');
  });
}

/**
 * Deletes records of a typed key (ids in JSonData; every id must be one of the caller's, else 404
 * and nothing is deleted) or the caller's plain value (answers false when there was none).
 */
export async function deleteUserData(
  db: Db,
  caller: Caller,
  a: Address,
  value: unknown,
  revision: number | undefined,
): Promise<{ deleted: number }> {
  const k = typedKey(a.namespace, a.key);
  if (!k) {
    const owner = ownerTag(a, caller.userId);
    const where = and(
      eq(userData.organizationId, caller.org),
      eq(userData.namespace, a.namespace),
      eq(userData.key, a.key),
      eq(userData.valueId, owner),
      ...(a.isDefault ? [isNull(userData.userId)] : [eq(userData.userId, caller.userId)]),
    );
    const [old] = await db.select({ revision: userData.revision }).from(userData).where(where).limit(1);
    if (!old) return { deleted: 0 };
    if (revision !== undefined && revision !== old.revision)
      throw conflict('The value was changed by someone else; reload it and try again');
    const gone = await db
      .delete(userData)
      .where(and(where, eq(userData.revision, old.revision)))
      .returning({ id: userData.id });
    if (gone.length === 0) throw conflict('The value was changed by someone else; reload it and try again');
    return { deleted: gone.length };
  }
  if (value === undefined) throw badRequest('JSonData must name the ids to delete');
  const targets = deleteTargets(value);
  if (targets.length === 0) return { deleted: 0 };
  const ids = [...new Set(targets.map((t) => t.id))];
  if (ids.length > ID_CHUNK_SIZE) throw badRequest(`At most ${ID_CHUNK_SIZE} ids per call`);
  return db.transaction(async (tx) => {
    if (k.table !== 'containers') return { deleted: await deleteRecords(tx, k.table, caller.userId, caller.orgs, targets) };
    // The same operation as DELETE /api/v3/containers/:id, for each: subgroups are re-rooted and a
    // deleted location leaves the groups that held it.
    const found = (await containersById(tx, ids)).filter((f) => f.kind === k.kind);
    const mine = new Map(found.filter((f) => caller.orgs.includes(f.organizationId)).map((f) => [f.id, f]));
    if (ids.some((id) => !mine.has(id))) throw notFound();
    for (const t of targets) {
      const f = mine.get(t.id)!;
      if (t.revision !== undefined && t.revision !== f.revision) throw conflict();
    }
    for (const id of ids) {
      // Re-read: deleting an earlier one may have re-rooted this one (its revision moved on).
      const [row] = await containersById(tx, [id]);
      if (!row) throw notFound();
      await removeContainer(tx, row);
    }
    return { deleted: ids.length };
  });
}
