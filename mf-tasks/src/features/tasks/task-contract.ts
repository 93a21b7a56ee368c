/** The operations a task takes (PATCH /api/v3/events/tasks/:id, one at a time with the revision read). */
import type { TaskOperation } from '@fieldwatch/shared';

export type TaskOp = TaskOperation;
