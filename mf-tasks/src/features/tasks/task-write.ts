/**
 * Writing a task: one operation at the revision the screen read. When someone else changed the task
 * in between, the server answers 409; the operation is then applied once more on the fresh task —
 * the note or title the user typed is not lost — and the caller tells the user the task had
 * changed. If that second write fails too, the error goes back to the caller, who keeps the text.
 */
import { isAxiosError } from 'axios';
import { errorMessage, type TaskWithRevision } from '@fieldwatch/shared';

export class TaskWriteError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = 'TaskWriteError';
  }
  get conflict(): boolean {
    return this.status === 409;
  }
}

/** The error of a failed call as a TaskWriteError with the server's text (e.g. "User not assigned"). */
export function toWriteError(err: unknown): TaskWriteError {
  if (err instanceof TaskWriteError) return err;
  return new TaskWriteError(errorMessage(err), isAxiosError(err) ? err.response?.status : undefined);
}

export interface WriteOutcome {
  task: TaskWithRevision;
  /** The first write met a newer task (409) and the operation was applied again on it. */
  reapplied: boolean;
}

/**
 * Sends `op` at `revision`; on a conflict reads the task again and sends `op` once more at the
 * fresh revision. Any other failure, or a second failure, throws a TaskWriteError.
 */
export async function writeWithReapply<Op>(
  op: Op,
  revision: number,
  deps: {
    send: (op: Op, revision: number) => Promise<TaskWithRevision>;
    reread: () => Promise<TaskWithRevision>;
  },
): Promise<WriteOutcome> {
  try {
    return { task: await deps.send(op, revision), reapplied: false };
  } catch (first) {
    const err = toWriteError(first);
    if (!err.conflict) throw err;
  }
  let fresh: TaskWithRevision;
  try {
    fresh = await deps.reread();
  } catch (e) {
    throw toWriteError(e);
  }
  try {
    return { task: await deps.send(op, fresh.revision), reapplied: true };
  } catch (second) {
    throw toWriteError(second);
  }
}
