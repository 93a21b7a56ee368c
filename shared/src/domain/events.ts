/**
 * Events, notifications and tasks, and the rules that turn a new alarm into them (spec §3–§5).
 * Pure functions: the server's alarm pipeline and any browser view use exactly this code.
 */
import { VERSIONS } from '../constants';
import { alarmTypeName, isCriticalAlarm } from './alarm-types';
import { alarmEventTitleText, alarmMessageText, alarmTextLocal, type LocalText } from './local-text';
import {
  ALARM_HISTORY_KINDS,
  ALARM_STATES,
  type AlarmActivity,
  type AlarmHistoryKind,
  type AlarmState,
} from './alarm-state';

export const EVENT_CATEGORIES = ['notice', 'warning', 'pre-alert', 'alert', 'critical'] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];
export const NOTIFICATION_PRIORITIES = ['low', 'normal', 'high', 'critical'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];
export const TASK_STATUSES = ['resting', 'working', 'reported', 'done', 'archived'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** Task priority levels (spec §4), most urgent first. */
export const TASK_PRIORITIES = ['critical', 'alert', 'warning', 'notice'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
/** The priority a task without one of its own has: from its category (an alarm task's: the alarm's criticality). */
export function priorityOfCategory(category: EventCategory): TaskPriority {
  if (category === 'critical') return 'critical';
  if (category === 'alert') return 'alert';
  if (category === 'warning' || category === 'pre-alert') return 'warning';
  return 'notice';
}
/** A task's priority: its own, else its category's. */
export function taskPriority(task: Pick<FwTask, 'priority' | 'category'>): TaskPriority {
  return task.priority && TASK_PRIORITIES.includes(task.priority) ? task.priority : priorityOfCategory(task.category);
}
/** Statuses in which a task still collects new alarm events of its signature. */
export const ACTIVE_TASK_STATUSES: readonly TaskStatus[] = ['resting', 'working', 'reported'];
export const SYSTEM_USER = 'system';
export const DEFAULT_TASK_SIGNATURE = '1';

export interface AlarmInput {
  AlarmID?: number | string;
  AlarmType: number;
  AlarmEventText: string;
  AlarmEventTime: string;
  UnitID: number;
  ChannelID: number;
  UnitName: string;
  UnitType: number;
  latitude?: number | null;
  longitude?: number | null;
  address?: string;
  groups?: string[];
}

export interface FwEvent {
  id: string;
  created: string;
  version: string;
  kind: 'event';
  type: 'system' | 'alarm';
  title: string;
  /** The title as a translation key (local-text.ts): readers show it in their language; title stays English. */
  titleText?: LocalText;
  position?: { location: { latitude: number; longitude: number }; address?: string };
  category: EventCategory;
  unitId?: number;
  unitName?: string;
  unitType?: number;
  alarmId?: string;
  /** id: the alarm's row id on the server (events the pipeline made since alarms have states). */
  alarm?: { type: number; text: string; time: string; channelId: number; id?: number; textLocal?: LocalText };
  groups?: string[];
}

export interface FwNotification {
  id: string;
  created: string;
  version: string;
  kind: 'notification';
  eventId: string;
  type: 'alarm';
  message: string;
  /** The message as a translation key (local-text.ts): readers show it in their language; message stays English. */
  messageText?: LocalText;
  priority: NotificationPriority;
  seen?: string;
  /** A reminder of an alarm still active and not acknowledged (the unit's repeat interval): 1, 2, … */
  repeat?: number;
}

export type Activity =
  | { date: string; user: string; type: 'status'; status: TaskStatus }
  | { date: string; user: string; type: 'note'; note: string }
  | { date: string; user: string; type: 'assignees'; assignees: string[] }
  | { date: string; user: string; type: 'events'; eventIds: string[] }
  | { date: string; user: string; type: 'title'; title: string }
  | { date: string; user: string; type: 'category'; category: EventCategory }
  /** A linked alarm changed state (alarm-state.ts): acknowledged, reset or cleared. */
  | { date: string; user: string; type: 'alarm'; alarm: AlarmActivity }
  | { date: string; user: string; type: 'priority'; priority: TaskPriority }
  /** due: a day (YYYY-MM-DD) or an ISO time; null: the due date was cleared. */
  | { date: string; user: string; type: 'due'; due: string | null }
  | { date: string; user: string; type: 'units'; unitIds: number[] }
  /** locationId: a container of kind location; null: cleared. */
  | { date: string; user: string; type: 'location'; locationId: string | null }
  /** A file was added to or deleted from the task. */
  | { date: string; user: string; type: 'file'; file: TaskFileActivity };

export interface TaskFileActivity {
  id: string;
  name: string;
  action: 'added' | 'deleted';
}

export interface FwTask {
  id: string;
  created: string;
  version: string;
  kind: 'task';
  title: string;
  /** The server-written title as a translation key; gone once a user renames the task (rename()). */
  titleText?: LocalText;
  category: EventCategory;
  type: 'custom' | 'alarm';
  signature: string;
  eventIds: string[];
  assignees: string[];
  status: TaskStatus;
  activities: Activity[];
  unitId?: number;
  /** Own priority; unset: taskPriority() derives it from the category. */
  priority?: TaskPriority;
  /** Due day (YYYY-MM-DD) or ISO time. */
  due?: string;
  /** Units the task is about (custom tasks; an alarm task has unitId). */
  unitIds?: number[];
  /** A container id of kind location. */
  locationId?: string;
}

/** alarmId is built from unit id, channel id, alarm type and alarm event time (spec §3). */
export function buildAlarmId(
  a: Pick<AlarmInput, 'UnitID' | 'ChannelID' | 'AlarmType' | 'AlarmEventTime'>,
): string {
  return `${a.UnitID}-${a.ChannelID}-${a.AlarmType}-${a.AlarmEventTime}`;
}

export function alarmTaskSignature(unitId: number): string {
  return `Alarm${unitId}`;
}

export function eventFromAlarm(alarm: AlarmInput, id: string, now: string): FwEvent {
  const event: FwEvent = {
    id,
    created: now,
    version: VERSIONS.event,
    kind: 'event',
    type: 'alarm',
    title: `${alarmTypeName(alarm.AlarmType)}: ${alarm.UnitName}`,
    titleText: alarmEventTitleText(alarm.AlarmType, alarm.UnitName),
    category: isCriticalAlarm(alarm.AlarmType) ? 'alert' : 'notice',
    unitId: alarm.UnitID,
    unitName: alarm.UnitName,
    unitType: alarm.UnitType,
    alarmId: buildAlarmId(alarm),
    alarm: {
      type: alarm.AlarmType,
      text: alarm.AlarmEventText,
      time: alarm.AlarmEventTime,
      channelId: alarm.ChannelID,
      ...withTextLocal(alarm.AlarmEventText),
      ...(typeof alarm.AlarmID === 'number' && Number.isSafeInteger(alarm.AlarmID) ? { id: alarm.AlarmID } : {}),
    },
    groups: alarm.groups ?? [],
  };
  if (alarm.latitude != null && alarm.longitude != null) {
    event.position = {
      location: { latitude: alarm.latitude, longitude: alarm.longitude },
      ...(alarm.address ? { address: alarm.address } : {}),
    };
  }
  return event;
}

function withTextLocal(text: string): { textLocal?: LocalText } {
  const textLocal = alarmTextLocal(text);
  return textLocal ? { textLocal } : {};
}

/** Message: the alarm type label, then the alarm text. */
export function notificationFromEvent(event: FwEvent, id: string, now: string): FwNotification {
  const type = event.alarm?.type ?? -1;
  return {
    id,
    created: now,
    version: VERSIONS.notification,
    kind: 'notification',
    eventId: event.id,
    type: 'alarm',
    message: `${alarmTypeName(type)} ${event.alarm?.text ?? ''}`.trim(),
    messageText: alarmMessageText(type, event.alarm?.text, event.alarm?.textLocal),
    priority: isCriticalAlarm(type) ? 'critical' : 'normal',
  };
}

export function newAlarmTask(event: FwEvent, id: string, now: string): FwTask {
  return {
    id,
    created: now,
    version: VERSIONS.task,
    kind: 'task',
    title: event.title,
    ...(event.titleText ? { titleText: event.titleText } : {}),
    category: event.category,
    type: 'alarm',
    signature: alarmTaskSignature(event.unitId ?? 0),
    eventIds: [event.id],
    assignees: [],
    status: 'resting',
    activities: [{ date: now, user: SYSTEM_USER, type: 'status', status: 'resting' }],
    ...(event.unitId != null ? { unitId: event.unitId } : {}),
  };
}

export function isActiveTask(task: Pick<FwTask, 'status'>): boolean {
  return ACTIVE_TASK_STATUSES.includes(task.status);
}

/**
 * A new alarm event joins the active task of the same signature (with an events activity), or
 * starts a new alarm task. Returns the task to store and whether it is new.
 */
export function routeEventToTask(
  event: FwEvent,
  tasks: readonly FwTask[],
  newId: string,
  now: string,
): { task: FwTask; created: boolean } {
  const signature = alarmTaskSignature(event.unitId ?? 0);
  const open = tasks.find((t) => t.signature === signature && isActiveTask(t));
  if (open) return { task: addEvents(open, [event.id], SYSTEM_USER, now), created: false };
  return { task: newAlarmTask(event, newId, now), created: true };
}

export class TaskRuleError extends Error {}

export function setStatus(task: FwTask, status: TaskStatus, user: string, now: string): FwTask {
  if (!TASK_STATUSES.includes(status)) throw new TaskRuleError(`Unknown status ${String(status)}`);
  return { ...task, status, activities: [...task.activities, { date: now, user, type: 'status', status }] };
}

export function assign(task: FwTask, assignee: string, user: string, now: string): FwTask {
  const assignees = task.assignees.includes(assignee) ? task.assignees : [...task.assignees, assignee];
  return {
    ...task,
    assignees,
    activities: [...task.activities, { date: now, user, type: 'assignees', assignees }],
  };
}

export function unassign(task: FwTask, assignee: string, user: string, now: string): FwTask {
  if (!task.assignees.includes(assignee)) throw new TaskRuleError('User not assigned');
  const assignees = task.assignees.filter((a) => a !== assignee);
  return {
    ...task,
    assignees,
    activities: [...task.activities, { date: now, user, type: 'assignees', assignees }],
  };
}

export function addNote(task: FwTask, note: string, user: string, now: string): FwTask {
  if (!note.trim()) throw new TaskRuleError('A note needs text');
  return { ...task, activities: [...task.activities, { date: now, user, type: 'note', note }] };
}

export function rename(task: FwTask, title: string, user: string, now: string): FwTask {
  if (!title.trim()) throw new TaskRuleError('A title needs text');
  // The user's own words replace the server-written title in every language: titleText goes.
  const { titleText: _serverTitle, ...rest } = task;
  return { ...rest, title, activities: [...task.activities, { date: now, user, type: 'title', title }] };
}

export function addEvents(task: FwTask, eventIds: string[], user: string, now: string): FwTask {
  if (eventIds.length === 0) throw new TaskRuleError('No events to add');
  const merged = [...task.eventIds, ...eventIds.filter((e) => !task.eventIds.includes(e))];
  return {
    ...task,
    eventIds: merged,
    activities: [...task.activities, { date: now, user, type: 'events', eventIds }],
  };
}

export function setCategory(task: FwTask, category: EventCategory, user: string, now: string): FwTask {
  if (!EVENT_CATEGORIES.includes(category)) throw new TaskRuleError(`Unknown category ${String(category)}`);
  return {
    ...task,
    category,
    activities: [...task.activities, { date: now, user, type: 'category', category }],
  };
}

/** What a new custom task is made of (NewTaskRequest without its organisation). */
export interface NewTaskFields {
  title: string;
  category?: EventCategory;
  eventIds?: string[];
  assignees?: string[];
  priority?: TaskPriority;
  due?: string | null;
  unitIds?: number[];
  locationId?: string | null;
}

/** A custom task (spec §3: type custom, signature "1"): resting with one status activity. */
export function newCustomTask(
  fields: NewTaskFields,
  id: string,
  user: string,
  now: string,
): FwTask {
  if (!fields.title.trim()) throw new TaskRuleError('A title needs text');
  const category = fields.category ?? 'notice';
  if (!EVENT_CATEGORIES.includes(category)) throw new TaskRuleError(`Unknown category ${String(category)}`);
  if (fields.priority !== undefined && !TASK_PRIORITIES.includes(fields.priority))
    throw new TaskRuleError(`Unknown priority ${String(fields.priority)}`);
  if (fields.due != null && !isTaskDue(fields.due)) throw new TaskRuleError(`Unreadable due date ${fields.due}`);
  const unitIds = [...new Set(fields.unitIds ?? [])];
  return {
    ...(fields.priority ? { priority: fields.priority } : {}),
    ...(fields.due ? { due: fields.due } : {}),
    ...(unitIds.length > 0 ? { unitIds } : {}),
    ...(fields.locationId ? { locationId: fields.locationId } : {}),
    id,
    created: now,
    version: VERSIONS.task,
    kind: 'task',
    title: fields.title,
    category,
    type: 'custom',
    signature: DEFAULT_TASK_SIGNATURE,
    eventIds: [...new Set(fields.eventIds ?? [])],
    assignees: [...new Set(fields.assignees ?? [])],
    status: 'resting',
    activities: [{ date: now, user, type: 'status', status: 'resting' }],
  };
}

/** One change of a task, as the task endpoints take it; each appends its activity. */
export type TaskOperation =
  | { op: 'status'; status: TaskStatus }
  | { op: 'assign'; user: string }
  | { op: 'unassign'; user: string }
  | { op: 'note'; note: string }
  | { op: 'title'; title: string }
  | { op: 'category'; category: EventCategory }
  | { op: 'events'; eventIds: string[] }
  | { op: 'priority'; priority: TaskPriority }
  /** null clears the due date. */
  | { op: 'due'; due: string | null }
  /** The whole list of units (empty clears it). */
  | { op: 'units'; unitIds: number[] }
  /** null clears the location. */
  | { op: 'location'; locationId: string | null }
  /** An archived task goes back to the status it had before it was archived (done if none). */
  | { op: 'restore' };
export const TASK_OPERATIONS = [
  'status',
  'assign',
  'unassign',
  'note',
  'title',
  'category',
  'events',
  'priority',
  'due',
  'units',
  'location',
  'restore',
] as const;

/** A due date: a day (YYYY-MM-DD) or an ISO time that parses. */
export function isTaskDue(v: unknown): v is string {
  return (
    typeof v === 'string' &&
    v.length <= 40 &&
    /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) &&
    Number.isFinite(Date.parse(v.length === 10 ? `${v}T00:00:00Z` : v))
  );
}

export function setPriority(task: FwTask, priority: TaskPriority, user: string, now: string): FwTask {
  if (!TASK_PRIORITIES.includes(priority)) throw new TaskRuleError(`Unknown priority ${String(priority)}`);
  return { ...task, priority, activities: [...task.activities, { date: now, user, type: 'priority', priority }] };
}

export function setDue(task: FwTask, due: string | null, user: string, now: string): FwTask {
  if (due !== null && !isTaskDue(due)) throw new TaskRuleError(`Unreadable due date ${String(due)}`);
  const { due: _old, ...rest } = task;
  return {
    ...rest,
    ...(due !== null ? { due } : {}),
    activities: [...task.activities, { date: now, user, type: 'due', due }],
  };
}

export function setUnits(task: FwTask, unitIds: number[], user: string, now: string): FwTask {
  const ids = [...new Set(unitIds)];
  const { unitIds: _old, ...rest } = task;
  return {
    ...rest,
    ...(ids.length > 0 ? { unitIds: ids } : {}),
    activities: [...task.activities, { date: now, user, type: 'units', unitIds: ids }],
  };
}

export function setLocation(task: FwTask, locationId: string | null, user: string, now: string): FwTask {
  const { locationId: _old, ...rest } = task;
  return {
    ...rest,
    ...(locationId ? { locationId } : {}),
    activities: [...task.activities, { date: now, user, type: 'location', locationId: locationId || null }],
  };
}

/** The status an archived task had before it was archived (its status activities), else done. */
export function statusBeforeArchive(task: Pick<FwTask, 'activities'>): TaskStatus {
  const statuses = task.activities.flatMap((a) => (a.type === 'status' ? [a.status] : []));
  let i = statuses.length - 1;
  while (i >= 0 && statuses[i] === 'archived') i--;
  return i >= 0 ? statuses[i]! : 'done';
}

export function restore(task: FwTask, user: string, now: string): FwTask {
  if (task.status !== 'archived') throw new TaskRuleError('Only an archived task can be restored');
  return setStatus(task, statusBeforeArchive(task), user, now);
}

/** When the task last moved to done (its latest status activity to done), if it is done. */
export function doneSince(task: Pick<FwTask, 'status' | 'activities'>): string | undefined {
  if (task.status !== 'done') return undefined;
  for (let i = task.activities.length - 1; i >= 0; i--) {
    const a = task.activities[i]!;
    if (a.type === 'status') return a.status === 'done' ? a.date : undefined;
  }
  return undefined;
}

/** A file added to or deleted from a task: its activity. */
export function recordFile(task: FwTask, file: TaskFileActivity, user: string, now: string): FwTask {
  return { ...task, activities: [...task.activities, { date: now, user, type: 'file', file }] };
}

const PAYLOAD_OF: Record<(typeof TASK_OPERATIONS)[number], string> = {
  status: 'status',
  assign: 'user',
  unassign: 'user',
  note: 'note',
  title: 'title',
  category: 'category',
  events: 'eventIds',
  priority: 'priority',
  due: 'due',
  units: 'unitIds',
  location: 'locationId',
  restore: 'op',
};

/**
 * Applies one operation (spec §4, §5). The payload of the operation's activity type is required:
 * a missing or mistyped one throws TaskRuleError, as do the rules' own errors ("User not assigned").
 */
export function applyTaskOperation(
  task: FwTask,
  input: Record<string, unknown>,
  user: string,
  now: string,
): FwTask {
  const op = input.op as (typeof TASK_OPERATIONS)[number];
  if (!TASK_OPERATIONS.includes(op)) throw new TaskRuleError(`Unknown operation ${String(input.op)}`);
  const key = PAYLOAD_OF[op];
  const v = input[key];
  const missing = () => new TaskRuleError(`Operation ${op} needs ${key}`);
  if (op === 'events') {
    if (!Array.isArray(v) || v.length === 0 || !v.every((e) => typeof e === 'string' && e !== ''))
      throw missing();
    return addEvents(task, v as string[], user, now);
  }
  if (op === 'restore') return restore(task, user, now);
  if (op === 'units') {
    if (!Array.isArray(v) || !v.every((u) => Number.isSafeInteger(u) && (u as number) > 0)) throw missing();
    return setUnits(task, v as number[], user, now);
  }
  if (op === 'due' || op === 'location') {
    if (v !== null && (typeof v !== 'string' || v === '')) throw missing();
    return op === 'due' ? setDue(task, v, user, now) : setLocation(task, v, user, now);
  }
  if (typeof v !== 'string' || v === '') throw missing();
  switch (op) {
    case 'status':
      return setStatus(task, v as TaskStatus, user, now);
    case 'assign':
      return assign(task, v, user, now);
    case 'unassign':
      return unassign(task, v, user, now);
    case 'note':
      return addNote(task, v, user, now);
    case 'title':
      return rename(task, v, user, now);
    case 'category':
      return setCategory(task, v as EventCategory, user, now);
    case 'priority':
      return setPriority(task, v as TaskPriority, user, now);
  }
}

/** The payload each activity type needs (spec §5); false when it is missing. */
export function isValidActivity(a: unknown): a is Activity {
  if (!isObj(a) || typeof a.date !== 'string' || typeof a.user !== 'string') return false;
  switch (a.type) {
    case 'status':
      return TASK_STATUSES.includes(a.status as TaskStatus);
    case 'note':
      return typeof a.note === 'string';
    case 'assignees':
      return Array.isArray(a.assignees);
    case 'events':
      return Array.isArray(a.eventIds);
    case 'title':
      return typeof a.title === 'string';
    case 'category':
      return EVENT_CATEGORIES.includes(a.category as EventCategory);
    case 'alarm':
      return (
        isObj(a.alarm) &&
        typeof a.alarm.id === 'number' &&
        ALARM_HISTORY_KINDS.includes(a.alarm.kind as AlarmHistoryKind) &&
        ALARM_STATES.includes(a.alarm.state as AlarmState)
      );
    case 'priority':
      return TASK_PRIORITIES.includes(a.priority as TaskPriority);
    case 'due':
      return a.due === null || typeof a.due === 'string';
    case 'units':
      return Array.isArray(a.unitIds) && a.unitIds.every((u) => typeof u === 'number');
    case 'location':
      return a.locationId === null || typeof a.locationId === 'string';
    case 'file':
      return (
        isObj(a.file) &&
        typeof a.file.id === 'string' &&
        typeof a.file.name === 'string' &&
        (a.file.action === 'added' || a.file.action === 'deleted')
      );
    default:
      return false;
  }
}

/** Notification: unseen, then seen with a timestamp. Marking a missing one does nothing. */
export function markSeen(list: readonly FwNotification[], id: string, now: string): FwNotification[] {
  return list.map((n) => (n.id === id && !n.seen ? { ...n, seen: now } : n));
}

/** Version-1 events migrate to version 2 with category notice. */
export function migrateEvent(raw: Record<string, unknown>): FwEvent {
  if (raw.version === '1' || raw.version === 1 || raw.version === undefined) {
    return { ...(raw as unknown as FwEvent), version: VERSIONS.event, category: 'notice' };
  }
  return raw as unknown as FwEvent;
}

const has = (o: Record<string, unknown>, keys: string[]) =>
  keys.every((k) => o[k] !== undefined && o[k] !== null);
const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Stored records are accepted only if valid, else ignored (spec §5). */
export function isValidNotification(v: unknown): v is FwNotification {
  return (
    isObj(v) &&
    v.kind === 'notification' &&
    has(v, ['created', 'id', 'type', 'message', 'eventId', 'priority'])
  );
}
export function isValidEvent(v: unknown): boolean {
  return isObj(v) && v.kind === 'event' && has(v, ['created', 'id', 'type']);
}
export function isValidTask(v: unknown): v is FwTask {
  return (
    isObj(v) &&
    v.kind === 'task' &&
    has(v, ['created', 'id', 'type', 'status']) &&
    Array.isArray(v.activities)
  );
}
