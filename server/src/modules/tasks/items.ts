/**
 * A task row as the task screens show it (TaskListItem): the document with its revision,
 * organisation, last change, effective priority and the names of its units and location.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { isValidTask, taskPriority, type FwTask, type NamedRef, type TaskListItem } from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { containers, tasks, units } from '../../db/schema';
import { notFound } from '../../http/errors';

export interface TaskRow {
  doc: FwTask;
  revision: number;
  organizationId: number;
  updated: string | null;
}

/** The task's units: an alarm task's unit and a custom task's units, each once. */
export function unitIdsOf(task: Pick<FwTask, 'unitId' | 'unitIds'>): number[] {
  const ids = [...(Array.isArray(task.unitIds) ? task.unitIds : []), ...(task.unitId != null ? [task.unitId] : [])];
  return [...new Set(ids.filter((u) => Number.isSafeInteger(u) && u > 0 && u <= 2_147_483_647))];
}

export interface Names {
  unit: Map<number, string>;
  location: Map<string, string>;
  /** The location container holding each unit (for tasks without a location of their own). */
  unitLocation: Map<number, NamedRef<string>>;
}

/**
 * Names of units and locations of `orgIds`, by id (others' ids are left out: never shown), and
 * the location of each unit: the location containers of the organisations whose content names it.
 */
export async function namesOf(
  db: Db,
  orgIds: readonly number[],
  unitIds: readonly number[],
  locationIds: readonly string[],
): Promise<Names> {
  const names: Names = { unit: new Map(), location: new Map(), unitLocation: new Map() };
  if (orgIds.length === 0) return names;
  if (unitIds.length > 0) {
    const rows = await db
      .select({ id: units.id, name: units.name })
      .from(units)
      .where(and(inArray(units.organizationId, [...orgIds]), inArray(units.id, [...new Set(unitIds)])));
    for (const r of rows) names.unit.set(r.id, r.name);
  }
  if (unitIds.length > 0 || locationIds.length > 0) {
    const rows = await db
      .select({ id: containers.id, name: containers.name, content: containers.content })
      .from(containers)
      .where(and(inArray(containers.organizationId, [...orgIds]), eq(containers.kind, 'location')))
      .orderBy(asc(containers.name), asc(containers.id));
    for (const r of rows) {
      names.location.set(r.id, r.name);
      for (const ref of r.content) {
        const u = ref.type === 'unit' ? Number(ref.target) : NaN;
        if (names.unit.has(u) && !names.unitLocation.has(u)) names.unitLocation.set(u, { id: r.id, name: r.name });
      }
    }
  }
  return names;
}

/** The rows as list items, with one lookup of unit and location names for all of them. */
export async function toListItems(db: Db, rows: readonly TaskRow[]): Promise<TaskListItem[]> {
  const orgs = [...new Set(rows.map((r) => r.organizationId))];
  const names = await namesOf(
    db,
    orgs,
    rows.flatMap((r) => unitIdsOf(r.doc)),
    rows.flatMap((r) => (typeof r.doc.locationId === 'string' ? [r.doc.locationId] : [])),
  );
  return rows.map((r) => toListItem(r, names));
}

/**
 * The list item of a row. Its location: the task's own, else the location of its first unit that
 * has one (an alarm task's unit), so lists can show where every task is.
 */
export function toListItem(r: TaskRow, names: Names): TaskListItem {
  const unitRefs: NamedRef[] = unitIdsOf(r.doc).map((id) => ({ id, name: names.unit.get(id) ?? String(id) }));
  const own = typeof r.doc.locationId === 'string' ? r.doc.locationId : null;
  const fromUnit = unitRefs.map((u) => names.unitLocation.get(u.id)).find((l) => l !== undefined);
  const last = r.doc.activities[r.doc.activities.length - 1]?.date;
  return {
    ...r.doc,
    revision: r.revision,
    organizationId: r.organizationId,
    updated: r.updated ?? last ?? r.doc.created,
    priority: taskPriority(r.doc),
    units: unitRefs,
    location: own ? { id: own, name: names.location.get(own) ?? own } : (fromUnit ?? null),
  };
}

/** A task of `orgIds` (the user's organisations), or 404: another organisation's task is not there. */
export async function taskRowOf(db: Db, orgIds: readonly number[], id: string): Promise<TaskRow> {
  if (orgIds.length === 0) throw notFound();
  const [row] = await db
    .select({ doc: tasks.doc, revision: tasks.revision, organizationId: tasks.organizationId, updated: tasks.updated })
    .from(tasks)
    .where(and(eq(tasks.id, id), inArray(tasks.organizationId, [...orgIds])))
    .limit(1);
  if (!row || !isValidTask(row.doc)) throw notFound();
  return row as TaskRow;
}

