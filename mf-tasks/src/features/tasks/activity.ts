/**
 * Every kind of task activity in words: which icon, and the sentence (a translation key with its
 * values) — who did it and when are shown beside it by the log. Pure: the log and its tests read it.
 */
import { renderAlarmType, type TextFunction } from '@fieldwatch/shared';
import type { IconName } from '@fieldwatch/shared/ui';

/** An activity as stored: the shared types, and the kinds the server added since (priority, due, …). */
export interface AnyActivity {
  date: string;
  user: string;
  type: string;
  [payload: string]: unknown;
}

export interface ActivityNames {
  /** username → name */
  user: (username: string) => string;
  unit: (unitId: number) => string;
  location: (locationId: string) => string;
  /** A date (YYYY-MM-DD or ISO) in the user's format. */
  date: (value: string) => string;
}

export interface ActivityWords {
  icon: IconName;
  /** The sentence, in the tasks namespace. */
  key: string;
  values: Record<string, unknown>;
  /** A chip after the sentence: status, category or priority. */
  chip?: { kind: 'status' | 'category' | 'priority'; value: string };
  /** Text shown under the sentence (a note). */
  body?: string;
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The words of one activity; unknown kinds get a plain "Changed" line. */
export function activityWords(a: AnyActivity, names: ActivityNames, t: TextFunction): ActivityWords {
  switch (a.type) {
    case 'status':
      return { icon: 'status', key: 'activity.status', values: {}, chip: { kind: 'status', value: String(a.status) } };
    case 'category':
      return { icon: 'category', key: 'activity.category', values: {}, chip: { kind: 'category', value: String(a.category) } };
    case 'priority':
      return { icon: 'alert', key: 'activity.priority', values: {}, chip: { kind: 'priority', value: String(a.priority) } };
    case 'note':
      return { icon: 'note', key: 'activity.note', values: {}, body: String(a.note ?? '') };
    case 'assignees': {
      const who = list(a.assignees).map((u) => names.user(String(u)));
      return who.length
        ? { icon: 'assignees', key: 'activity.assignees', values: { names: who.join(', ') } }
        : { icon: 'assignees', key: 'activity.unassigned', values: {} };
    }
    case 'events':
      return { icon: 'events', key: 'activity.events', values: { count: list(a.eventIds).length } };
    case 'title':
      return { icon: 'title', key: 'activity.title', values: { title: String(a.title ?? '') } };
    case 'due': {
      const due = str(a.due);
      return due
        ? { icon: 'clock', key: 'activity.due', values: { date: names.date(due) } }
        : { icon: 'clock', key: 'activity.dueCleared', values: {} };
    }
    case 'units': {
      const units = list(a.unitIds).map((u) => names.unit(Number(u)));
      return units.length
        ? { icon: 'unit', key: 'activity.units', values: { names: units.join(', ') } }
        : { icon: 'unit', key: 'activity.unitsCleared', values: {} };
    }
    case 'location': {
      const id = str(a.locationId);
      return id
        ? { icon: 'location', key: 'activity.location', values: { name: names.location(id) } }
        : { icon: 'location', key: 'activity.locationCleared', values: {} };
    }
    case 'file': {
      const file = (a.file ?? {}) as { name?: unknown; action?: unknown };
      const name = str(file.name) ?? '';
      const removed = file.action === 'deleted';
      return { icon: 'folder', key: removed ? 'activity.fileDeleted' : 'activity.fileAdded', values: { name } };
    }
    case 'alarm': {
      const alarm = (a.alarm ?? {}) as { alarmType?: unknown; unitId?: unknown; kind?: unknown };
      const kind = str(alarm.kind) ?? 'changed';
      return {
        icon: 'bell',
        key: `activity.alarm.${kind}`,
        values: {
          alarm: renderAlarmType(Number(alarm.alarmType), t),
          unit: names.unit(Number(alarm.unitId)),
        },
      };
    }
    case 'restore':
      return { icon: 'status', key: 'activity.restored', values: {} };
    default:
      return { icon: 'status', key: 'activity.other', values: {} };
  }
}

/** The log as shown: newest first, the log's own order kept for equal dates. */
export function newestFirst<A extends { date: string }>(activities: readonly A[]): A[] {
  return activities
    .map((a, i) => ({ a, i }))
    .sort((x, y) => y.a.date.localeCompare(x.a.date) || y.i - x.i)
    .map(({ a }) => a);
}
