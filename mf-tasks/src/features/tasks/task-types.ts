/**
 * The task area's view of the task contract (@fieldwatch/shared contract/tasks.ts): the types the
 * screens use, in one place.
 */
import { TASK_PRIORITIES, type TaskListItem, type TaskPriority } from '@fieldwatch/shared';

export const TASK_PRIORITY_LIST = TASK_PRIORITIES;
export type Priority = TaskPriority;

/** A task as the v3 endpoints answer it: writes answer at least FwTask + revision, lists and detail more. */
export type Task = TaskListItem;

export type {
  AssignableUser as TaskUserRef,
  TaskDetail,
  TaskEventDetail,
  TaskFile,
  TaskListItem as TaskSearchRow,
  TaskSearchPage,
} from '@fieldwatch/shared';
