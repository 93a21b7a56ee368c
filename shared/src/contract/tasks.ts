/**
 * The task screens (/api/v3/tasks): search with server paging and its CSV export, one task in
 * detail (linked events resolved to names, alarm states, files), who can be assigned, and files.
 *
 * Writes of a task stay on /api/v3/events/tasks (POST creates, PATCH/PUT takes one operation and
 * the revision it was read at: TaskUpdateRequest). A stale revision answers 409 with code
 * 'conflict' and the message "The task was changed by someone else; reload it and try again":
 * the client re-reads the task (GET /api/v3/tasks/:id), re-applies the user's change (keeping any
 * text the user typed) and sends it again with the fresh revision. Every write, file added or
 * deleted and archive job move pushes the changed task (push event `task`, a TaskWithRevision) to
 * every open browser of its organisation.
 *
 * Errors are { error: { code, message } } as everywhere: 400 bad input (e.g. "Unknown unit 123",
 * "Unknown user x", "Unknown location L1", "User not assigned"), 403 a Reader writes, 404 no such
 * task in the user's organisations, 409 stale revision, 413 file too large, 415 file type not allowed.
 */
import * as T from 'typebox';
import type { AlarmStatus } from '../domain/alarm-state';
import {
  EVENT_CATEGORIES,
  TASK_PRIORITIES,
  TASK_STATUSES,
  type FwEvent,
  type FwTask,
  type TaskPriority,
} from '../domain/events';
import { Id, StringEnum, WithDefault } from './common';

/** Which tasks a list shows: mine = assigned to me and not archived, all = not archived, archive = archived. */
export const TASK_VIEWS = ['mine', 'all', 'archive'] as const;
export type TaskView = (typeof TASK_VIEWS)[number];
/** Sort keys: created and updated times, priority (TASK_PRIORITY_RANK), due (tasks without one last), status (workflow order of TASK_STATUSES), title. */
export const TASK_SORTS = ['created', 'updated', 'priority', 'due', 'status', 'title'] as const;
export type TaskSort = (typeof TASK_SORTS)[number];
/** Rank used by sort=priority: critical 4 … notice 1, so dir=desc lists critical first. */
export const TASK_PRIORITY_RANK: Record<TaskPriority, number> = { critical: 4, alert: 3, warning: 2, notice: 1 };
/** Page sizes of the task list. */
export const TASK_PAGE_LIMITS = { default: 50, max: 500 } as const;
/** The most rows one CSV export writes (more matched: header X-Truncated: true). */
export const TASK_CSV_MAX_ROWS = 10_000;

const listOf = (values: readonly string[]) =>
  T.String({ maxLength: 200, pattern: `^((${values.join('|')})(,(${values.join('|')}))*)?$` });
const TaskDate = T.String({ maxLength: 40, pattern: '^\\d{4}-\\d{2}-\\d{2}([T ][0-9:.]+(Z|[+-]\\d{2}:?\\d{2})?)?$' });

/**
 * GET /api/v3/tasks (and /api/v3/tasks.csv, or ?format=csv): tasks of the selected customers.
 * Lists are comma-separated; an empty list does not filter. `from`/`to`: the task's created time,
 * a day (YYYY-MM-DD, `to` includes the whole day) or an ISO time. `q`: every word must appear in
 * the title or a note (case-insensitive). `unit`: tasks about that unit (alarm task's unit or a
 * custom task's units). `status` narrows within the view (archive holds only archived tasks).
 */
export const TaskSearchQuery = T.Object(
  {
    view: WithDefault(StringEnum(TASK_VIEWS, { default: 'all' })),
    status: T.Optional(listOf(TASK_STATUSES)),
    /** A username: tasks assigned to him. */
    assignee: T.Optional(T.String({ minLength: 1, maxLength: 200 })),
    category: T.Optional(listOf(EVENT_CATEGORIES)),
    /** Effective priority (taskPriority: own, else from the category). */
    priority: T.Optional(listOf(TASK_PRIORITIES)),
    unit: T.Optional(Id),
    /** A location container id: tasks at that location, or about one of its units. */
    location: T.Optional(T.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' })),
    from: T.Optional(TaskDate),
    to: T.Optional(TaskDate),
    q: T.Optional(T.String({ maxLength: 200 })),
    sort: WithDefault(StringEnum(TASK_SORTS, { default: 'created' })),
    dir: WithDefault(StringEnum(['asc', 'desc'] as const, { default: 'desc' })),
    page: WithDefault(T.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    pageSize: WithDefault(T.Integer({ minimum: 1, maximum: TASK_PAGE_LIMITS.max, default: TASK_PAGE_LIMITS.default })),
    /** csv: answer the CSV export instead (as /api/v3/tasks.csv). */
    format: T.Optional(StringEnum(['json', 'csv'] as const)),
  },
  { additionalProperties: false },
);
export type TaskSearchQuery = T.Static<typeof TaskSearchQuery>;

/** A task id in a path: /api/v3/tasks/:id */
export const TaskParams = T.Object({ id: T.String({ minLength: 1, maxLength: 200 }) });
/** A file of a task: /api/v3/tasks/:id/files/:fileId */
export const TaskFileParams = T.Object({
  id: T.String({ minLength: 1, maxLength: 200 }),
  fileId: T.String({ minLength: 1, maxLength: 200 }),
});
/**
 * POST /api/v3/tasks/:id/files?name=photo.jpg — the body is the file itself (any content type;
 * send the file's own). Checked by content: png, jpeg, webp, gif, pdf by their magic bytes, and
 * text/plain, text/csv (UTF-8 text). Too large: 413; another type: 415 (the message lists the allowed ones).
 */
export const TaskFileUploadQuery = T.Object(
  { name: T.String({ minLength: 1, maxLength: 255 }) },
  { additionalProperties: false },
);
/** GET /api/v3/tasks/users?organizationId= (default: the first selected customer). */
export const TaskUsersQuery = T.Object({ organizationId: T.Optional(Id) }, { additionalProperties: false });

/** The content types a task file may have (checked by content). */
export const TASK_FILE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'application/pdf',
  'text/plain',
  'text/csv',
] as const;
export type TaskFileType = (typeof TASK_FILE_TYPES)[number];
/** Default upload limit (the server's TASK_FILE_MAX_BYTES; its value is in the 413 message). */
export const TASK_FILE_DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

// ───────────────────────── answers ─────────────────────────

export interface NamedRef<I = number> {
  id: I;
  name: string;
}

/** A file of a task (GET …/files, and in TaskDetail). `url` downloads it (inline for images). */
export interface TaskFile {
  id: string;
  taskId: string;
  name: string;
  contentType: TaskFileType;
  size: number;
  /** API date (UTC). */
  created: string;
  /** Username of who added it. */
  createdBy: string;
  url: string;
}

/** One task as lists show it (and what writes answer, plus these fields where the list needs them). */
export type TaskListItem = FwTask & {
  revision: number;
  organizationId: number;
  /** ISO time of the last change (its last activity). */
  updated: string;
  /** The effective priority (taskPriority). */
  priority: TaskPriority;
  /** The task's units by name (an alarm task's unit, a custom task's units). */
  units: NamedRef[];
  /** The task's own location, else the location holding its first unit that has one (alarm tasks). */
  location: NamedRef<string> | null;
};

/** GET /api/v3/tasks: one page. */
export interface TaskSearchPage {
  items: TaskListItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** A linked event resolved for the task page: names, not ids. */
export interface TaskEventDetail {
  event: FwEvent;
  unit: NamedRef | null;
  /** The unit's location container, if any. */
  location: NamedRef<string> | null;
  /** Groups holding that location (and their parent groups), by name. */
  groups: Array<NamedRef<string>>;
  /** The alarm type's name (alarmTypeName), when the event is an alarm's. */
  alarmTypeName: string | null;
  /** The alarm row's current state; null when the event has no alarm row (older events) or it is gone. */
  alarm: AlarmStatus | null;
}

/** GET /api/v3/tasks/:id */
export type TaskDetail = TaskListItem & {
  events: TaskEventDetail[];
  files: TaskFile[];
};

/** GET /api/v3/tasks/:id/users, /api/v3/tasks/users: who can be assigned. */
export interface AssignableUser {
  username: string;
  name: string;
}

/** POST /api/v3/tasks/:id/files: the file and the task with its file activity and new revision. */
export interface TaskFileAdded {
  file: TaskFile;
  task: TaskListItem;
}

/** The header of the task CSV export (English column names, as the other CSV exports). */
export const TASK_CSV_HEADER = [
  'Id',
  'Title',
  'Status',
  'Priority',
  'Category',
  'Type',
  'Assignees',
  'Units',
  'Location',
  'Due',
  'Created',
  'Updated',
] as const;
