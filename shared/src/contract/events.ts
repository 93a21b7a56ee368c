/**
 * Events, notifications and tasks (/api/v3/events): the lists, marking a notification seen,
 * creating a task and one operation on a task. Which payload an operation needs is the domain
 * rule's (applyTaskOperation), so a missing payload answers with the rule's own message.
 */
import * as T from 'typebox';
import {
  EVENT_CATEGORIES,
  TASK_OPERATIONS,
  TASK_PRIORITIES,
  TASK_STATUSES,
  type TaskOperation,
} from '../domain/events';
import { Id, MAX_INT, Nullable, StringEnum, WithDefault } from './common';

/** How many items a list answers by default, and at most. */
export const EVENT_LIST_LIMITS = { default: 200, max: 1000 } as const;

/** GET /api/v3/events/{events,notifications,tasks}?limit */
export const EventListQuery = T.Object({
  limit: WithDefault(T.Integer({ minimum: 1, maximum: EVENT_LIST_LIMITS.max, default: EVENT_LIST_LIMITS.default })),
});

const text = (max: number) => T.String({ minLength: 1, maxLength: max });
const EventIds = T.Array(text(200), { maxItems: 500 });
/** Units of a task (of its organisation, else 400 "Unknown unit …"). */
const TaskUnitIds = T.Array(Id, { maxItems: 500 });
/** A due day (YYYY-MM-DD) or ISO time (domain isTaskDue). */
const TaskDue = T.String({ minLength: 10, maxLength: 40, pattern: '^\\d{4}-\\d{2}-\\d{2}([T ][0-9:.]+(Z|[+-]\\d{2}:?\\d{2})?)?$' });
/** A container id of kind location, of the task's organisation. */
const TaskLocationId = T.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' });

/** An event, notification or task id: /…/:id */
export const EventItemParams = T.Object({ id: text(200) });

/** POST /api/v3/events/tasks. */
export const NewTaskRequest = T.Object(
  {
    title: text(500),
    category: T.Optional(StringEnum(EVENT_CATEGORIES)),
    eventIds: T.Optional(EventIds),
    assignees: T.Optional(T.Array(text(200), { maxItems: 100 })),
    /** Own priority; left out: derived from the category (taskPriority). */
    priority: T.Optional(StringEnum(TASK_PRIORITIES)),
    due: T.Optional(Nullable(TaskDue)),
    unitIds: T.Optional(TaskUnitIds),
    locationId: T.Optional(Nullable(TaskLocationId)),
    /** Organisation of the task; default the first selected customer. */
    organizationId: T.Optional(Id),
  },
  { additionalProperties: false },
);
export type NewTaskRequest = T.Static<typeof NewTaskRequest>;

/** PATCH or PUT /api/v3/events/tasks/:id: one operation and the revision it was read at. */
export type TaskUpdateRequest = TaskOperation & { revision: number };
export const TaskUpdateRequest = T.Unsafe<TaskUpdateRequest>(
  T.Object(
    {
      op: StringEnum(TASK_OPERATIONS),
      revision: T.Integer({ minimum: 1, maximum: MAX_INT }),
      status: T.Optional(StringEnum(TASK_STATUSES)),
      user: T.Optional(text(200)),
      note: T.Optional(text(10_000)),
      title: T.Optional(text(500)),
      category: T.Optional(StringEnum(EVENT_CATEGORIES)),
      eventIds: T.Optional(EventIds),
      priority: T.Optional(StringEnum(TASK_PRIORITIES)),
      due: T.Optional(Nullable(TaskDue)),
      unitIds: T.Optional(TaskUnitIds),
      locationId: T.Optional(Nullable(TaskLocationId)),
    },
    { additionalProperties: false },
  ),
);
