/**
 * Changes of alarm state (shared domain/alarm-state.ts: active/cleared × unacknowledged/
 * acknowledged): a person's acknowledge or reset, and the system clearing an alarm whose condition
 * ended. One door for all of them, so each change is recorded the same way:
 * - the alarm row (acknowledged_at/by, active, cleared_at/by), written only where the shared rule
 *   alarmTransition says the cause changes the state the row is in NOW (rows are locked first, so
 *   of two people acknowledging the same alarm at once, one does it and the other is told it is
 *   already done);
 * - one alarm_history row per change;
 * - one activity of type `alarm` on the alarm's task (appended in the database: a concurrent task
 *   edit is neither lost nor overwritten), and the task's revision moves on;
 * - a push of the changes (and the changed tasks) to every open browser of the organisation.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  alarmActivity,
  alarmTransition,
  buildAlarmId,
  formatApiDate,
  type AlarmChange,
  type AlarmStateCause,
  type AlarmStatus,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { alarmHistory, alarms, events, tasks } from '../../db/schema';
import { publishNew } from '../push/hub';
import { stateOfRow, statusOfRow, type AlarmStateRow } from './read';

export { loadAlarmRows, statusOfRow, type AlarmStateRow } from './read';

export interface StateChangeOutcome {
  /** Every row asked for, as it is now, with whether this call changed it (order of `rows`). */
  statuses: Array<AlarmStatus & { changed: boolean }>;
  /** The changes made (pushed). */
  changes: AlarmChange[];
}

/**
 * Applies `cause` to alarm rows that the caller loaded with loadAlarmRows(…, lock = true) in the
 * same transaction `tx`. `by`: a username, or SYSTEM_USER for the system clearing alarms.
 */
export async function applyStateChange(
  tx: Db,
  rows: readonly AlarmStateRow[],
  cause: AlarmStateCause,
  by: string,
  now: Date,
): Promise<StateChangeOutcome> {
  const planned = rows.map((row) => ({ row, t: alarmTransition(stateOfRow(row), cause) }));
  const acknowledge = planned.filter((p) => p.t?.acknowledges).map((p) => p.row.id);
  const clear = planned.filter((p) => p.t?.clears).map((p) => p.row.id);
  if (acknowledge.length > 0)
    await tx
      .update(alarms)
      .set({ acknowledgedAt: now, acknowledgedBy: by })
      .where(inArray(alarms.id, acknowledge));
  if (clear.length > 0)
    await tx
      .update(alarms)
      .set({ active: false, clearedAt: now, clearedBy: cause === 'clear' ? null : by })
      .where(inArray(alarms.id, clear));

  const at = formatApiDate(now);
  const statuses: StateChangeOutcome['statuses'] = [];
  const changes: AlarmChange[] = [];
  for (const { row, t } of planned) {
    if (!t) {
      statuses.push({ ...statusOfRow(row), changed: false });
      continue;
    }
    const after: AlarmStateRow = {
      ...row,
      ...(t.acknowledges ? { acknowledgedAt: now, acknowledgedBy: by } : {}),
      ...(t.clears ? { active: false, clearedAt: now, clearedBy: cause === 'clear' ? null : by } : {}),
    };
    const status = statusOfRow(after);
    statuses.push({ ...status, changed: true });
    changes.push({ ...status, kind: t.kind, by, at });
  }
  if (changes.length === 0) return { statuses, changes };

  await tx.insert(alarmHistory).values(
    changes.map((c) => ({ alarmId: c.alarmId, at: now, kind: c.kind, by: c.by, state: c.state })),
  );
  const changedRows = planned.filter((p) => p.t).map((p) => p.row);
  const taskOf = await tasksOfAlarms(tx, changedRows);
  const activities = new Map<string, ReturnType<typeof alarmActivity>[]>();
  for (const c of changes) {
    const task = taskOf.get(c.alarmId);
    if (task) activities.set(task, [...(activities.get(task) ?? []), alarmActivity(c, now.toISOString())]);
  }
  const changedTasks: Array<{ organizationId: number; id: string }> = [];
  for (const [taskId, list] of activities) {
    const [saved] = await tx
      .update(tasks)
      .set({
        doc: sql`jsonb_set(${tasks.doc}, '{activities}', coalesce(${tasks.doc}->'activities', '[]'::jsonb) || ${JSON.stringify(list)}::jsonb)`,
        revision: sql`${tasks.revision} + 1`,
      })
      .where(eq(tasks.id, taskId))
      .returning({ org: tasks.organizationId });
    if (saved) changedTasks.push({ organizationId: saved.org, id: taskId });
  }
  await publishNew(tx, {
    alarms: changes.map((c) => ({ organizationId: c.organizationId, id: c.alarmId })),
    tasks: changedTasks,
  });
  return { statuses, changes };
}

/**
 * The task of each alarm: the one the pipeline recorded on the row, else (alarms from before
 * migration 0011, the demo's seeded ones) the task holding the alarm's event, found once and then
 * recorded on the row.
 */
async function tasksOfAlarms(tx: Db, rows: readonly AlarmStateRow[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const missing: AlarmStateRow[] = [];
  for (const r of rows) {
    if (r.taskId) out.set(r.id, r.taskId);
    else missing.push(r);
  }
  if (missing.length === 0) return out;
  const orgs = [...new Set(missing.map((r) => r.org))];
  const eventOf = new Map<number, string>();
  const byKey = new Map<string, AlarmStateRow[]>();
  for (const r of missing) {
    if (r.eventId) {
      eventOf.set(r.id, r.eventId);
      continue;
    }
    const key = buildAlarmId({
      UnitID: r.unitId,
      ChannelID: r.channelId,
      AlarmType: r.alarmType,
      AlarmEventTime: formatApiDate(r.eventTime),
    });
    byKey.set(key, [...(byKey.get(key) ?? []), r]);
  }
  if (byKey.size > 0) {
    const found = await tx
      .select({ id: events.id, key: sql<string>`${events.doc}->>'alarmId'` })
      .from(events)
      .where(
        and(
          inArray(events.organizationId, orgs),
          inArray(sql<string>`${events.doc}->>'alarmId'`, [...byKey.keys()]),
          eq(sql`${events.doc}->>'type'`, 'alarm'),
        ),
      )
      .orderBy(desc(events.created));
    for (const f of found) for (const r of byKey.get(f.key) ?? []) if (!eventOf.has(r.id)) eventOf.set(r.id, f.id);
  }
  const eventIds = [...new Set(eventOf.values())];
  if (eventIds.length > 0) {
    const holders = await tx
      .select({ id: tasks.id, eventIds: sql<string[]>`${tasks.doc}->'eventIds'` })
      .from(tasks)
      .where(
        and(
          inArray(tasks.organizationId, orgs),
          sql`jsonb_exists_any(${tasks.doc}->'eventIds', array(select jsonb_array_elements_text(${JSON.stringify(eventIds)}::jsonb)))`,
        ),
      )
      .orderBy(desc(tasks.created));
    const taskOfEvent = new Map<string, string>();
    for (const h of holders) for (const e of h.eventIds ?? []) if (!taskOfEvent.has(e)) taskOfEvent.set(e, h.id);
    for (const r of missing) {
      const e = eventOf.get(r.id);
      const t = e ? taskOfEvent.get(e) : undefined;
      if (t) out.set(r.id, t);
    }
  }
  // Found once: recorded on the rows, so the next change goes straight to it.
  const links = missing
    .filter((r) => eventOf.has(r.id))
    .map((r) => ({ id: r.id, e: eventOf.get(r.id)!, t: out.get(r.id) ?? null }));
  if (links.length > 0)
    await tx.execute(sql`
      update alarms a set event_id = x.e, task_id = coalesce(a.task_id, x.t)
      from jsonb_to_recordset(${JSON.stringify(links)}::jsonb) as x(id bigint, e text, t text)
      where a.id = x.id`);
  return out;
}
