/**
 * The alarm pipeline: each new alarm becomes an event, a notification for every user of
 * the unit's organisation, and joins the open task of its unit or starts a new alarm task. The
 * rules themselves are @fieldwatch/shared's; this file only feeds them and stores the results.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  formatApiDate,
  ACTIVE_TASK_STATUSES,
  alarmTaskSignature,
  eventFromAlarm,
  notificationFromEvent,
  routeEventToTask,
  type AlarmInput,
  type FwEvent,
  type FwNotification,
  type FwTask,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import {
  alarms as alarmsTable,
  events,
  notifications,
  tasks,
  units,
  userOrganizations,
} from '../../db/schema';
import { publishNew } from '../push/hub';

export interface PipelineAlarm extends AlarmInput {
  organizationId: number;
  /** When the alarm happened (ISO); becomes the created time of what it produces. */
  at: string;
}

export interface StoredTask {
  organizationId: number;
  task: FwTask;
  /** New in this run (insert) rather than changed (update). */
  isNew: boolean;
}

export interface PipelineResult {
  events: Array<{ organizationId: number; event: FwEvent }>;
  notifications: Array<{ organizationId: number; userId: number; notification: FwNotification }>;
  tasks: StoredTask[];
  /**
   * For alarms with a row id (AlarmID): the event and task made of it, recorded on the alarm row,
   * so a later change of the alarm's state finds its task (alarms/state.ts) and a repeat its event.
   */
  links?: Array<{ alarmId: number; eventId: string; taskId: string }>;
}

/** Pure core: no I/O, so the seed, the simulator and tests see exactly the same behaviour. */
export function runAlarmPipeline(
  alarms: readonly PipelineAlarm[],
  openTasks: ReadonlyArray<{ organizationId: number; task: FwTask }>,
  recipients: ReadonlyMap<number, readonly number[]>,
  newId: () => string,
): PipelineResult {
  const result: PipelineResult = { events: [], notifications: [], tasks: [], links: [] };
  const byOrg = new Map<number, FwTask[]>();
  for (const t of openTasks) byOrg.set(t.organizationId, [...(byOrg.get(t.organizationId) ?? []), t.task]);
  const touched = new Map<string, StoredTask>();
  const ordered = [...alarms].sort((a, b) => a.at.localeCompare(b.at));

  for (const alarm of ordered) {
    const org = alarm.organizationId;
    const event = eventFromAlarm(alarm, newId(), alarm.at);
    result.events.push({ organizationId: org, event });
    for (const userId of recipients.get(org) ?? []) {
      result.notifications.push({
        organizationId: org,
        userId,
        notification: notificationFromEvent(event, newId(), alarm.at),
      });
    }
    const orgTasks = byOrg.get(org) ?? [];
    const { task, created } = routeEventToTask(event, orgTasks, newId(), alarm.at);
    byOrg.set(org, created ? [...orgTasks, task] : orgTasks.map((t) => (t.id === task.id ? task : t)));
    const wasNew = touched.get(task.id)?.isNew ?? created;
    touched.set(task.id, { organizationId: org, task, isNew: wasNew });
    const rowId = Number(alarm.AlarmID);
    if (alarm.AlarmID !== undefined && Number.isSafeInteger(rowId) && rowId > 0)
      result.links!.push({ alarmId: rowId, eventId: event.id, taskId: task.id });
  }
  result.tasks = [...touched.values()];
  return result;
}

/** Who is notified of an organisation's alarms: its members, by organisation (user ids ascending). */
export async function recipientsOf(db: Db, orgIds: readonly number[]): Promise<Map<number, number[]>> {
  const recipients = new Map<number, number[]>();
  if (orgIds.length === 0) return recipients;
  const members = await db
    .select({ userId: userOrganizations.userId, org: userOrganizations.organizationId })
    .from(userOrganizations)
    .where(inArray(userOrganizations.organizationId, [...orgIds]));
  for (const m of members) recipients.set(m.org, [...(recipients.get(m.org) ?? []), m.userId]);
  for (const list of recipients.values()) list.sort((a, b) => a - b);
  return recipients;
}

/** Runs the pipeline for new alarms against the database (one batch, a handful of queries). */
export async function processAlarms(
  db: Db,
  alarms: readonly PipelineAlarm[],
  newId: () => string = randomUUID,
): Promise<PipelineResult> {
  if (alarms.length === 0) return { events: [], notifications: [], tasks: [] };
  const orgIds = [...new Set(alarms.map((a) => a.organizationId))];
  const signatures = [...new Set(alarms.map((a) => alarmTaskSignature(a.UnitID)))];

  const recipients = await recipientsOf(db, orgIds);

  const open = await db
    .select({ organizationId: tasks.organizationId, task: tasks.doc })
    .from(tasks)
    .where(
      and(
        inArray(tasks.organizationId, orgIds),
        inArray(sql<string>`${tasks.doc}->>'signature'`, signatures),
        inArray(sql<string>`${tasks.doc}->>'status'`, [...ACTIVE_TASK_STATUSES]),
      ),
    );

  const result = runAlarmPipeline(alarms, open, recipients, newId);
  await storePipelineResult(db, result);
  await publishNew(db, {
    events: result.events.map((e) => ({ organizationId: e.organizationId, id: e.event.id })),
    notifications: result.notifications.map((n) => ({
      organizationId: n.organizationId,
      userId: n.userId,
      id: n.notification.id,
    })),
    tasks: result.tasks.map((t) => ({ organizationId: t.organizationId, id: t.task.id })),
  });
  return result;
}

/**
 * The one path from new rows of the `alarms` table to events, notifications and tasks: whoever
 * inserts alarms (limit evaluation, the simulator, ingestion) passes their ids here.
 */
export async function processAlarmRows(
  db: Db,
  alarmIds: readonly number[],
  newId: () => string = randomUUID,
): Promise<PipelineResult> {
  if (alarmIds.length === 0) return { events: [], notifications: [], tasks: [] };
  const rows: Array<{
    id: number;
    unitId: number;
    channelId: number;
    alarmType: number;
    text: string;
    eventTime: Date;
    org: number;
    name: string;
    type: number;
    lat: number | null;
    lon: number | null;
    location: string;
  }> = [];
  const ids = [...new Set(alarmIds)];
  for (let i = 0; i < ids.length; i += BATCH) {
    rows.push(
      ...(await db
        .select({
          id: alarmsTable.id,
          unitId: alarmsTable.unitId,
          channelId: alarmsTable.channelId,
          alarmType: alarmsTable.alarmType,
          text: alarmsTable.text,
          eventTime: alarmsTable.eventTime,
          org: units.organizationId,
          name: units.name,
          type: units.type,
          lat: units.lat,
          lon: units.lon,
          location: units.location,
        })
        .from(alarmsTable)
        .innerJoin(units, eq(units.id, alarmsTable.unitId))
        .where(inArray(alarmsTable.id, ids.slice(i, i + BATCH)))),
    );
  }
  return processAlarms(
    db,
    rows.map((r) => ({
      organizationId: r.org,
      at: r.eventTime.toISOString(),
      AlarmID: r.id,
      AlarmType: r.alarmType,
      AlarmEventText: r.text,
      AlarmEventTime: formatApiDate(r.eventTime),
      UnitID: r.unitId,
      ChannelID: r.channelId,
      UnitName: r.name,
      UnitType: r.type,
      latitude: r.lat,
      longitude: r.lon,
      address: r.location,
    })),
    newId,
  );
}

const BATCH = 500;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

export async function storePipelineResult(db: Db, r: PipelineResult): Promise<void> {
  await insertInBatches(
    r.events.map((e) => ({
      id: e.event.id,
      organizationId: e.organizationId,
      created: new Date(e.event.created),
      doc: e.event,
    })),
    (batch) => db.insert(events).values(batch),
  );
  await insertInBatches(
    r.notifications.map((n) => ({
      id: n.notification.id,
      organizationId: n.organizationId,
      userId: n.userId,
      created: new Date(n.notification.created),
      doc: n.notification,
    })),
    (batch) => db.insert(notifications).values(batch),
  );
  const fresh = r.tasks.filter((t) => t.isNew);
  await insertInBatches(
    fresh.map((t) => ({
      id: t.task.id,
      organizationId: t.organizationId,
      created: new Date(t.task.created),
      doc: t.task,
    })),
    (batch) => db.insert(tasks).values(batch),
  );
  for (const t of r.tasks.filter((x) => !x.isNew)) await saveTask(db, t.task);
  await insertInBatches(r.links ?? [], (batch) =>
    db.execute(sql`
      update alarms a set event_id = x.e, task_id = x.t
      from jsonb_to_recordset(${JSON.stringify(batch.map((l) => ({ id: l.alarmId, e: l.eventId, t: l.taskId })))}::jsonb)
        as x(id bigint, e text, t text)
      where a.id = x.id`),
  );
}

/** Writes a changed task document and bumps its revision. */
export async function saveTask(db: Db, task: FwTask): Promise<void> {
  await db
    .update(tasks)
    .set({ doc: task, revision: sql`${tasks.revision} + 1` })
    .where(eq(tasks.id, task.id));
}
