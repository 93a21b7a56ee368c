/**
 * The task list (GET /api/v3/tasks and its CSV): view, filters, sort and paging in SQL, on the
 * columns migration 0012 generates from each task's document (status, priority_rank, due,
 * updated, title_key, search, unit_ids, location_id), so a page of 10,000 tasks stays fast.
 */
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  apiDateMs,
  formatApiDate,
  isValidTask,
  TASK_CSV_MAX_ROWS,
  TASK_PRIORITY_RANK,
  TASK_STATUSES,
  taskPriority,
  type CsvCell,
  type Received,
  type TaskListItem,
  type TaskPriority,
  type TaskSearchPage,
  type TaskSearchQuery,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { containers, tasks } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { toListItems, type TaskRow } from './items';

export type TaskSearch = Received<typeof TaskSearchQuery>;

const DAY_MS = 86_400_000;
const list = (v: string | undefined): string[] => (v ? [...new Set(v.split(',').filter(Boolean))] : []);
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** A day alone (YYYY-MM-DD). */
const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

function dateOf(name: string, text: string, endOfDay: boolean): Date {
  const ms = apiDateMs(text);
  if (!Number.isFinite(ms)) throw badRequest(`Unreadable date in ${name}: "${text}"; use YYYY-MM-DD or an ISO time`);
  // A day alone as the end of a range: its last millisecond (9999-12-31 stays in the year 9999).
  return new Date(endOfDay && isDay(text) ? ms + DAY_MS - 1 : ms);
}

/** The units a location container of `orgIds` holds (the location filter also finds tasks about them). */
export async function unitsOfLocation(db: Db, orgIds: readonly number[], location: string | undefined): Promise<number[]> {
  if (!location || orgIds.length === 0) return [];
  const [row] = await db
    .select({ content: containers.content })
    .from(containers)
    .where(and(eq(containers.id, location), inArray(containers.organizationId, [...orgIds]), eq(containers.kind, 'location')))
    .limit(1);
  const ids = (row?.content ?? []).flatMap((r) => (r.type === 'unit' && /^\d{1,9}$/.test(r.target ?? '') ? [Number(r.target)] : []));
  return [...new Set(ids)].slice(0, 2000);
}

/**
 * The WHERE of a search: the organisations, the view and every filter given. `locationUnits`:
 * the units of the `location` filter's container (unitsOfLocation).
 */
export function searchWhere(
  orgIds: readonly number[],
  username: string,
  q: TaskSearch,
  locationUnits: readonly number[] = [],
): SQL | undefined {
  const conds: Array<SQL | undefined> = [inArray(tasks.organizationId, [...orgIds])];
  const notArchived = sql`coalesce(${tasks.status}, '') <> 'archived'`;
  const assignedTo = (u: string) => sql`(${tasks.doc}->'assignees') @> ${JSON.stringify([u])}::jsonb`;
  if (q.view === 'archive') conds.push(eq(tasks.status, 'archived'));
  else conds.push(notArchived);
  if (q.view === 'mine') conds.push(assignedTo(username));
  const statuses = list(q.status);
  if (statuses.length > 0) conds.push(inArray(tasks.status, statuses));
  if (q.assignee) conds.push(assignedTo(q.assignee));
  const categories = list(q.category);
  if (categories.length > 0) conds.push(inArray(sql<string>`${tasks.doc}->>'category'`, categories));
  const priorities = list(q.priority) as TaskPriority[];
  if (priorities.length > 0) conds.push(inArray(tasks.priorityRank, priorities.map((p) => TASK_PRIORITY_RANK[p])));
  if (q.unit !== undefined) conds.push(sql`${tasks.unitIds} @> ${JSON.stringify([q.unit])}::jsonb`);
  // The task's own location, or one of its units in that location.
  if (q.location)
    conds.push(
      locationUnits.length > 0
        ? sql`(${tasks.locationId} = ${q.location} or ${tasks.unitIds} @> any(${sql.raw(`array[${locationUnits.map((u) => `'[${u}]'`).join(',')}]`)}::jsonb[]))`
        : eq(tasks.locationId, q.location),
    );
  if (q.from) conds.push(gte(tasks.created, dateOf('from', q.from, false)));
  // A day alone includes all of it; a time is the last moment included.
  if (q.to) conds.push(lte(tasks.created, dateOf('to', q.to, true)));
  for (const word of (q.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 20))
    conds.push(sql`${tasks.search} like ${`%${escapeLike(word)}%`}`);
  return and(...conds);
}

const statusRank = sql`(case ${tasks.status} ${sql.join(
  TASK_STATUSES.map((s, i) => sql`when ${s} then ${i}`),
  sql` `,
)} else ${TASK_STATUSES.length} end)`;

/** ORDER BY of a search: the key, then newest first and the id, so pages never overlap. */
export function searchOrder(q: Pick<TaskSearch, 'sort' | 'dir'>): SQL[] {
  const d = q.dir === 'asc' ? asc : desc;
  const tail = [desc(tasks.created), asc(tasks.id)];
  switch (q.sort) {
    case 'updated':
      return [d(tasks.updated), ...tail];
    case 'priority':
      return [d(tasks.priorityRank), ...tail];
    case 'due':
      // Tasks without a due date come last either way.
      return [sql`${tasks.due} is null`, d(tasks.due), ...tail];
    case 'status':
      return [d(statusRank), ...tail];
    case 'title':
      return [d(tasks.titleKey), ...tail];
    case 'created':
    default:
      return [d(tasks.created), asc(tasks.id)];
  }
}

const rowColumns = {
  doc: tasks.doc,
  revision: tasks.revision,
  organizationId: tasks.organizationId,
  updated: tasks.updated,
};

export async function searchTasks(
  db: Db,
  orgIds: readonly number[],
  username: string,
  q: TaskSearch,
): Promise<TaskSearchPage> {
  const empty: TaskSearchPage = { items: [], total: 0, page: q.page, pageSize: q.pageSize };
  if (orgIds.length === 0) return empty;
  const where = searchWhere(orgIds, username, q, await unitsOfLocation(db, orgIds, q.location));
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(tasks).where(where);
  const total = Number(count?.n ?? 0);
  const offset = (q.page - 1) * q.pageSize;
  if (total === 0 || offset >= total) return { ...empty, total };
  const rows = (await db
    .select(rowColumns)
    .from(tasks)
    .where(where)
    .orderBy(...searchOrder(q))
    .limit(q.pageSize)
    .offset(offset)) as TaskRow[];
  return { items: await toListItems(db, rows.filter((r) => isValidTask(r.doc))), total, page: q.page, pageSize: q.pageSize };
}

/** One CSV row of a task (TASK_CSV_HEADER's columns; times as API dates, UTC). */
function csvRow(t: TaskListItem): CsvCell[] {
  const time = (iso: string) => {
    const d = new Date(iso);
    return Number.isFinite(d.getTime()) ? formatApiDate(d) : iso;
  };
  return [
    t.id,
    t.title,
    t.status,
    taskPriority(t),
    t.category,
    t.type,
    t.assignees.join(' '),
    t.units.map((u) => u.name).join('; '),
    t.location?.name ?? '',
    t.due ?? '',
    time(t.created),
    time(t.updated),
  ];
}

/** The whole filtered, sorted set as CSV rows, cut at TASK_CSV_MAX_ROWS. */
export async function searchTasksCsv(
  db: Db,
  orgIds: readonly number[],
  username: string,
  q: TaskSearch,
): Promise<{ rows: CsvCell[][]; matched: number; truncated: boolean }> {
  if (orgIds.length === 0) return { rows: [], matched: 0, truncated: false };
  const where = searchWhere(orgIds, username, q, await unitsOfLocation(db, orgIds, q.location));
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(tasks).where(where);
  const matched = Number(count?.n ?? 0);
  const rows = (await db
    .select(rowColumns)
    .from(tasks)
    .where(where)
    .orderBy(...searchOrder(q))
    .limit(TASK_CSV_MAX_ROWS)) as TaskRow[];
  const items = await toListItems(db, rows.filter((r) => isValidTask(r.doc)));
  return { rows: items.map(csvRow), matched, truncated: matched > TASK_CSV_MAX_ROWS };
}
