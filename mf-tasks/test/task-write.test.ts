import { AxiosError, type AxiosResponse } from 'axios';
import type { TaskWithRevision } from '@fieldwatch/shared';
import { TaskWriteError, writeWithReapply } from '../src/features/tasks/task-write';
import { task } from './fixtures';

const at = (revision: number): TaskWithRevision => ({ ...task('t1'), revision });
const httpError = (status: number, message: string) =>
  new AxiosError(message, 'ERR', undefined, undefined, {
    status,
    data: { message },
  } as AxiosResponse);

describe('writing a task at a revision, re-applied once on a conflict', () => {
  test('no conflict: one write', async () => {
    const send = jest.fn(async (_op: unknown, rev: number) => at(rev + 1));
    const reread = jest.fn();
    await expect(writeWithReapply({ op: 'note', note: 'x' }, 3, { send, reread })).resolves.toEqual({ task: at(4), reapplied: false });
    expect(reread).not.toHaveBeenCalled();
  });

  test('409: the task is read again and the same operation (the typed text) is sent at the fresh revision', async () => {
    const send = jest
      .fn()
      .mockRejectedValueOnce(httpError(409, 'The task was changed by someone else'))
      .mockResolvedValueOnce(at(8));
    const reread = jest.fn(async () => at(7));
    const op = { op: 'note', note: 'Float switch replaced' };
    await expect(writeWithReapply(op, 5, { send, reread })).resolves.toEqual({ task: at(8), reapplied: true });
    expect(send.mock.calls).toEqual([
      [op, 5],
      [op, 7],
    ]);
  });

  test('a second failure is given back with its text (the caller keeps the text in the field)', async () => {
    const send = jest.fn().mockRejectedValueOnce(httpError(409, 'conflict')).mockRejectedValueOnce(httpError(400, 'User not assigned'));
    const err = await writeWithReapply({ op: 'unassign', user: 'bo' }, 1, { send, reread: async () => at(2) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TaskWriteError);
    expect((err as TaskWriteError).message).toBe('User not assigned');
    expect((err as TaskWriteError).status).toBe(400);
    expect(send).toHaveBeenCalledTimes(2);
  });

  test('other errors are not retried', async () => {
    const send = jest.fn().mockRejectedValue(httpError(400, 'User not assigned'));
    const reread = jest.fn();
    await expect(writeWithReapply({ op: 'unassign', user: 'bo' }, 1, { send, reread })).rejects.toThrow('User not assigned');
    expect(send).toHaveBeenCalledTimes(1);
    expect(reread).not.toHaveBeenCalled();
  });
});
