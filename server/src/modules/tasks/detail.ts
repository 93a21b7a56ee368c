/**
 * One task for its page (GET /api/v3/tasks/:id): the task with its revision, its linked events
 * resolved to names (unit, location, groups — containers, by name), each alarm's current state
 * (alarms/read.ts), and its files. Also who can be assigned: the members of an organisation.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  alarmTypeName,
  buildAlarmId,
  formatApiDate,
  isValidEvent,
  migrateEvent,
  type AlarmStatus,
  type AssignableUser,
  type FwEvent,
  type NamedRef,
  type TaskDetail,
  type TaskEventDetail,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { alarms, containers, events, units, userOrganizations, users } from '../../db/schema';
import { loadAlarmRows, statusOfRow, alarmStateColumns } from '../alarms/read';
import { listFiles } from './files';
import { namesOf, taskRowOf, toListItem, unitIdsOf } from './items';

/** Members of an organisation by username (who may be assigned to its tasks). */
export async function assignableUsers(db: Db, orgId: number): Promise<AssignableUser[]> {
  const rows = await db
    .select({ username: users.username, name: users.name })
    .from(users)
    .innerJoin(userOrganizations, eq(userOrganizations.userId, users.id))
    .where(eq(userOrganizations.organizationId, orgId))
    .orderBy(asc(users.username));
  return rows.map((r) => ({ username: r.username, name: r.name }));
}

interface ContainerInfo {
  id: string;
  kind: string;
  name: string;
  parentId: string | null;
  content: Array<{ type: string; target?: string }>;
}

/** The location holding a unit, and the groups holding that location (with their parents), by name. */
function placesOf(all: readonly ContainerInfo[], unitId: number | undefined) {
  if (unitId === undefined) return { location: null, groups: [] };
  const loc = all
    .filter((c) => c.kind === 'location' && c.content.some((r) => r.type === 'unit' && r.target === String(unitId)))
    .sort((a, b) => a.name.localeCompare(b.name))[0];
  if (!loc) return { location: null, groups: [] };
  const byId = new Map(all.map((c) => [c.id, c]));
  const seen = new Set<string>();
  const queue = all.filter(
    (c) => c.kind === 'group' && c.content.some((r) => r.type === 'location' && r.target === loc.id),
  );
  const groups: Array<NamedRef<string>> = [];
  while (queue.length > 0) {
    const g = queue.shift()!;
    if (seen.has(g.id)) continue;
    seen.add(g.id);
    groups.push({ id: g.id, name: g.name });
    const parent = g.parentId ? byId.get(g.parentId) : undefined;
    if (parent && parent.kind === 'group') queue.push(parent);
  }
  return { location: { id: loc.id, name: loc.name }, groups };
}

/** The task's events with their units, places and alarm states, in the task's order. */
async function eventDetails(db: Db, orgId: number, eventIds: readonly string[]): Promise<TaskEventDetail[]> {
  if (eventIds.length === 0) return [];
  const rows = await db
    .select({ id: events.id, doc: events.doc })
    .from(events)
    .where(and(eq(events.organizationId, orgId), inArray(events.id, [...eventIds])));
  const docs = new Map<string, FwEvent>();
  for (const r of rows) if (isValidEvent(r.doc)) docs.set(r.id, migrateEvent(r.doc as unknown as Record<string, unknown>));
  const list = eventIds.flatMap((id) => (docs.has(id) ? [docs.get(id)!] : []));

  // Alarm rows: by the id the event carries, else by the alarm's link to the event.
  const byEvent = new Map<string, AlarmStatus>();
  const alarmIds = list.flatMap((e) => (typeof e.alarm?.id === 'number' ? [e.alarm.id] : []));
  const byId = new Map((await loadAlarmRows(db, alarmIds, [orgId])).map((r) => [r.id, statusOfRow(r)]));
  for (const e of list) if (typeof e.alarm?.id === 'number' && byId.has(e.alarm.id)) byEvent.set(e.id, byId.get(e.alarm.id)!);
  const unlinked = list.filter((e) => !byEvent.has(e.id)).map((e) => e.id);
  if (unlinked.length > 0) {
    const linked = await db
      .select(alarmStateColumns)
      .from(alarms)
      .innerJoin(units, eq(units.id, alarms.unitId))
      .where(and(inArray(alarms.eventId, unlinked), eq(units.organizationId, orgId)));
    for (const r of linked) if (r.eventId && !byEvent.has(r.eventId)) byEvent.set(r.eventId, statusOfRow(r));
  }
  // Events from before alarms were linked: by the alarm key (unit, channel, type, time; shared buildAlarmId).
  const keyed = list.filter((e) => !byEvent.has(e.id) && typeof e.alarmId === 'string' && typeof e.unitId === 'number');
  if (keyed.length > 0) {
    const rows = await db
      .select(alarmStateColumns)
      .from(alarms)
      .innerJoin(units, eq(units.id, alarms.unitId))
      .where(and(inArray(alarms.unitId, [...new Set(keyed.map((e) => e.unitId!))]), eq(units.organizationId, orgId)));
    const byKey = new Map(
      rows.map((r) => [
        buildAlarmId({ UnitID: r.unitId, ChannelID: r.channelId, AlarmType: r.alarmType, AlarmEventTime: formatApiDate(r.eventTime) }),
        r,
      ]),
    );
    for (const e of keyed) {
      const r = byKey.get(e.alarmId!);
      if (r) byEvent.set(e.id, statusOfRow(r));
    }
  }

  const unitOf = (e: FwEvent) => byEvent.get(e.id)?.unitId ?? (typeof e.unitId === 'number' ? e.unitId : undefined);
  const names = await namesOf(db, [orgId], list.flatMap((e) => (unitOf(e) !== undefined ? [unitOf(e)!] : [])), []);
  const all = (await db
    .select({
      id: containers.id,
      kind: containers.kind,
      name: containers.name,
      parentId: containers.parentId,
      content: containers.content,
    })
    .from(containers)
    .where(eq(containers.organizationId, orgId))) as ContainerInfo[];
  return list.map((event) => {
    const unitId = unitOf(event);
    const unit: NamedRef | null =
      unitId === undefined ? null : { id: unitId, name: names.unit.get(unitId) ?? event.unitName ?? String(unitId) };
    const places = placesOf(all, unitId !== undefined && names.unit.has(unitId) ? unitId : undefined);
    const type = byEvent.get(event.id)?.alarmType ?? event.alarm?.type;
    return {
      event,
      unit,
      location: places.location,
      groups: places.groups,
      alarmTypeName: event.type === 'alarm' && typeof type === 'number' ? alarmTypeName(type) : null,
      alarm: byEvent.get(event.id) ?? null,
    };
  });
}

export async function taskDetail(db: Db, orgIds: readonly number[], id: string): Promise<TaskDetail> {
  const row = await taskRowOf(db, orgIds, id);
  const org = row.organizationId;
  const names = await namesOf(
    db,
    [org],
    unitIdsOf(row.doc),
    typeof row.doc.locationId === 'string' ? [row.doc.locationId] : [],
  );
  return {
    ...toListItem(row, names),
    events: await eventDetails(db, org, Array.isArray(row.doc.eventIds) ? row.doc.eventIds : []),
    files: await listFiles(db, org, id),
  };
}
