/**
 * The notifications page's reads and writes (contract/notifications.ts): a user's own
 * notifications of some organisations, filtered and paged, each joined with its event's unit, the
 * location and groups (containers) that hold the unit, the alarm as it is now and the task that
 * holds the event; counts of the unseen ones; marking several or all seen.
 *
 * Every statement is bounded by the user and his organisations, and every join by the
 * notification's organisation, so nothing of another user or organisation is read or changed.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  alarmStateOf,
  formatApiDate,
  isValidNotification,
  NOTIFICATION_PRIORITIES,
  type FwNotification,
  type NotificationCounts,
  type NotificationItem,
  type NotificationPage,
  type NotificationPriority,
  type NotificationSeenFilter,
  type NotificationSort,
  type NotificationsSeen,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { publishNew } from '../push/hub';

export interface NotificationFilter {
  priority?: readonly NotificationPriority[];
  seen?: NotificationSeenFilter;
  customer?: number;
}

const rowsOf = <R>(res: unknown): R[] => (res as { rows: R[] }).rows;
const list = (values: ReadonlyArray<string | number>) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const toDate = (v: unknown): Date | null => (v == null ? null : v instanceof Date ? v : new Date(String(v)));
const apiDate = (v: unknown): string | null => {
  const d = toDate(v);
  return d && !Number.isNaN(d.getTime()) ? formatApiDate(d) : null;
};

/** The organisations a filter keeps of `orgIds` (a customer outside them keeps none). */
function orgsOf(orgIds: readonly number[], f: NotificationFilter): number[] {
  return f.customer === undefined ? [...orgIds] : orgIds.filter((o) => o === f.customer);
}

const UNSEEN = sql`coalesce(n.doc->>'seen', '') = ''`;

/** The where clause of a user's notifications in `orgs` (not empty) matching a filter. */
function whereOf(userId: number, orgs: readonly number[], f: NotificationFilter): SQL {
  const parts: SQL[] = [
    sql`n.user_id = ${userId}`,
    sql`n.organization_id in (${list(orgs)})`,
    sql`n.doc->>'kind' = 'notification'`,
  ];
  const priorities = (f.priority ?? []).filter((p) => NOTIFICATION_PRIORITIES.includes(p));
  if (priorities.length > 0) parts.push(sql`n.doc->>'priority' in (${list(priorities)})`);
  if (f.seen === 'unseen') parts.push(UNSEEN);
  if (f.seen === 'seen') parts.push(sql`not ${UNSEEN}`);
  return sql.join(parts, sql` and `);
}

/** Critical first (then high, normal, low), newest first within one; or by time. */
function orderOf(sort: NotificationSort, alias: 'n' | 'p'): SQL {
  const a = sql.raw(alias);
  if (sort === 'newest') return sql`${a}.created desc, ${a}.id desc`;
  if (sort === 'oldest') return sql`${a}.created asc, ${a}.id asc`;
  return sql`case ${a}.doc->>'priority' when 'critical' then 0 when 'high' then 1 when 'normal' then 2 else 3 end,
    ${a}.created desc, ${a}.id desc`;
}

interface ItemRow {
  id: string;
  org: number;
  org_name: string;
  doc: FwNotification;
  unit_id: number | null;
  unit_name: string | null;
  alarm_id: string | null;
  alarm_type: number | null;
  active: boolean | null;
  acknowledged_at: unknown;
  acknowledged_by: string | null;
  cleared_at: unknown;
  cleared_by: string | null;
  task_id: string | null;
  location: string | null;
  groups: string[] | string | null;
}

function itemOf(r: ItemRow): NotificationItem {
  const alarmId = r.alarm_id == null ? null : Number(r.alarm_id);
  const ackAt = toDate(r.acknowledged_at);
  const groups = typeof r.groups === 'string' ? (JSON.parse(r.groups) as string[]) : (r.groups ?? []);
  return {
    ...r.doc,
    organizationId: Number(r.org),
    organizationName: r.org_name,
    unit: r.unit_id == null ? null : { id: Number(r.unit_id), name: r.unit_name ?? '' },
    location: r.location ?? null,
    groups,
    alarmType: r.alarm_type == null ? null : Number(r.alarm_type),
    alarm:
      alarmId == null || r.active == null
        ? null
        : {
            id: alarmId,
            type: Number(r.alarm_type),
            state: alarmStateOf({ active: r.active, acknowledgedAt: ackAt ? ackAt.toISOString() : null }),
            active: r.active,
            acknowledgedBy: ackAt ? (r.acknowledged_by ?? null) : null,
            acknowledgedAt: apiDate(ackAt),
            clearedBy: r.active ? null : r.cleared_by,
            clearedAt: r.active ? null : apiDate(r.cleared_at),
          },
    taskId: r.task_id ?? null,
  };
}

/** Positive whole number in a jsonb text field, else null (stored documents are not trusted). */
const intField = (path: SQL, max = 9) =>
  sql`case when ${path} ~ ${`^[0-9]{1,${max}}$`} then (${path})::bigint end`;

/** One page of the user's notifications in `orgIds` (the selected customers), each with what it is about. */
export async function listNotificationPage(
  db: Db,
  userId: number,
  orgIds: readonly number[],
  f: NotificationFilter & { sort: NotificationSort; offset: number; limit: number },
): Promise<NotificationPage> {
  const orgs = orgsOf(orgIds, f);
  const empty: NotificationPage = { items: [], total: 0, offset: f.offset, limit: f.limit };
  if (orgs.length === 0) return empty;
  const where = whereOf(userId, orgs, f);
  const [count] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from notifications n where ${where}`),
  );
  const total = Number(count?.total ?? 0);
  if (total === 0 || f.offset >= total) return { ...empty, total };
  const eventAlarmId = intField(sql`e.doc->'alarm'->>'id'`, 15);
  const alarmTime = sql`e.doc->'alarm'->>'time'`;
  const eventSecond = sql`(case when ${alarmTime} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$'
    then (${alarmTime} || 'Z')::timestamptz end)`;
  const res = await db.execute(sql`
    with page as (
      select n.id, n.organization_id, n.created, n.doc from notifications n
      where ${where}
      order by ${orderOf(f.sort, 'n')}
      limit ${f.limit} offset ${f.offset}
    )
    select p.id, p.organization_id as org, o.name as org_name, p.doc,
      u.id as unit_id, coalesce(u.name, e.doc->>'unitName') as unit_name,
      a.id::text as alarm_id,
      coalesce(a.alarm_type, case when e.doc->'alarm'->>'type' ~ '^-?[0-9]{1,9}$' then (e.doc->'alarm'->>'type')::int end) as alarm_type,
      a.active, a.acknowledged_at, a.acknowledged_by, a.cleared_at, a.cleared_by,
      coalesce(a.task_id, (
        select t.id from tasks t
        where t.organization_id = p.organization_id and t.doc->'eventIds' @> jsonb_build_array(p.doc->>'eventId')
        order by t.created desc limit 1
      )) as task_id,
      coalesce(loc.name, nullif(u.location, '')) as location,
      (select coalesce(json_agg(g.name order by g.name), '[]'::json) from containers g
        where loc.id is not null and g.organization_id = p.organization_id and g.kind = 'group'
          and g.content @> jsonb_build_array(jsonb_build_object('type', 'location', 'target', loc.id))) as groups
    from page p
    join organizations o on o.id = p.organization_id
    left join events e on e.id = p.doc->>'eventId' and e.organization_id = p.organization_id
    left join lateral (
      (select x.id, x.unit_id, x.alarm_type, x.active, x.acknowledged_at, x.acknowledged_by, x.cleared_at, x.cleared_by, x.task_id
        from alarms x join units xu on xu.id = x.unit_id and xu.organization_id = p.organization_id
        where x.id = ${eventAlarmId})
      union all
      -- Events that do not carry the alarm's row id (alarms from before the link, the demo seed):
      -- the alarm of the same unit, channel and type raised in the event's second.
      (select x.id, x.unit_id, x.alarm_type, x.active, x.acknowledged_at, x.acknowledged_by, x.cleared_at, x.cleared_by, x.task_id
        from alarms x join units xu on xu.id = x.unit_id and xu.organization_id = p.organization_id
        where e.id is not null and ${eventAlarmId} is null
          and x.unit_id = ${intField(sql`e.doc->>'unitId'`)}
          and x.channel_id = ${intField(sql`e.doc->'alarm'->>'channelId'`)}
          and x.alarm_type = ${intField(sql`e.doc->'alarm'->>'type'`)}
          and x.event_time >= ${eventSecond} and x.event_time < ${eventSecond} + interval '1 second'
        order by x.id limit 1)
      limit 1
    ) a on true
    left join units u on u.organization_id = p.organization_id
      and u.id = coalesce(a.unit_id, ${intField(sql`e.doc->>'unitId'`)})
    left join lateral (
      select c.id, c.name from containers c
      where u.id is not null and c.organization_id = p.organization_id and c.kind = 'location'
        and c.content @> jsonb_build_array(jsonb_build_object('type', 'unit', 'target', u.id::text))
      order by c.name limit 1
    ) loc on true
    order by ${orderOf(f.sort, 'p')}`);
  const items = rowsOf<ItemRow>(res)
    .filter((r) => isValidNotification(r.doc))
    .map(itemOf);
  return { items, total, offset: f.offset, limit: f.limit };
}

/** Unseen notifications of the user in `orgIds`: in all, critical, and by organisation. */
export async function countUnseen(db: Db, userId: number, orgIds: readonly number[]): Promise<NotificationCounts> {
  const out: NotificationCounts = { unseen: 0, critical: 0, byCustomer: {} };
  if (orgIds.length === 0) return out;
  const rows = rowsOf<{ org: number; unseen: number; critical: number }>(
    await db.execute(sql`
      select n.organization_id as org, count(*)::int as unseen,
        (count(*) filter (where n.doc->>'priority' = 'critical'))::int as critical
      from notifications n
      where ${whereOf(userId, orgIds, { seen: 'unseen' })}
      group by n.organization_id`),
  );
  for (const r of rows) {
    out.unseen += Number(r.unseen);
    out.critical += Number(r.critical);
    out.byCustomer[String(r.org)] = Number(r.unseen);
  }
  return out;
}

/**
 * Marks the user's unseen notifications seen: those of `ids` in `orgIds`, or all of `orgIds` that
 * match the filter. Ids of others, unknown or already seen are left as they are. Answers the ids
 * that changed; his other browsers are told (push).
 */
export async function markSeen(
  db: Db,
  userId: number,
  orgIds: readonly number[],
  target: { ids: readonly string[] } | { all: NotificationFilter },
  now = new Date(),
): Promise<NotificationsSeen> {
  const seen = now.toISOString();
  const orgs = 'all' in target ? orgsOf(orgIds, target.all) : [...orgIds];
  if (orgs.length === 0 || ('ids' in target && target.ids.length === 0)) return { ids: [], seen };
  const where =
    'all' in target
      ? whereOf(userId, orgs, { ...target.all, seen: 'unseen' })
      : sql`${whereOf(userId, orgs, { seen: 'unseen' })} and n.id in (${list([...new Set(target.ids)])})`;
  const rows = rowsOf<{ id: string; org: number }>(
    await db.execute(sql`
      update notifications n set doc = jsonb_set(n.doc, '{seen}', to_jsonb(${seen}::text))
      where ${where}
      returning n.id, n.organization_id as org`),
  );
  if (rows.length > 0)
    await publishNew(db, { seen: rows.map((r) => ({ organizationId: Number(r.org), userId, id: r.id, seen })) });
  return { ids: rows.map((r) => r.id), seen };
}
