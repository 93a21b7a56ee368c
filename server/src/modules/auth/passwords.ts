/** Password hashing: argon2id with the library's (OWASP) defaults: 19 MiB, 2 passes. */
import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { LOGIN_BUSY_CODE, LOGIN_BUSY_MESSAGE } from '@fieldwatch/shared';
import { HttpError } from '../../http/errors';
import { BoundedQueue, QueueFullError } from './queue';

// `Algorithm` is an ambient const enum, which isolatedModules builds cannot read; 2 is Argon2id.
const ARGON2ID = 2;

/**
 * How many argon2 computations run at once. Each one keeps a core busy and holds a thread of
 * libuv's pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), the same pool that serves
 * file reads (static pages), DNS lookups and zlib. Unbounded, a login flood fills that pool and
 * every core, and every other page waits behind it. So: one core is left to the event loop (which
 * answers every other request, and runs PGlite), and one pool thread to everything else.
 */
export function hashConcurrency(
  cores = os.availableParallelism(),
  threadPool = Number(process.env.UV_THREADPOOL_SIZE) || 4,
): number {
  return Math.max(1, Math.min(cores - 1, threadPool - 1));
}

/**
 * Checks that may wait for a slot. A full queue is already a long wait for the last one in it;
 * more would only hold requests (and their memory) until the client gives up, so the
 * next one is refused at once with 503 (LOGIN_BUSY_MESSAGE).
 */
export const HASH_QUEUE_MAX_WAITING = 128;

const queue = new BoundedQueue(hashConcurrency(), HASH_QUEUE_MAX_WAITING);

/** Runs one argon2 computation in the queue; a full queue is a 503 the client may retry. */
async function queued<T>(job: () => Promise<T>): Promise<T> {
  try {
    return await queue.run(job);
  } catch (err) {
    if (err instanceof QueueFullError) throw new HttpError(503, LOGIN_BUSY_MESSAGE, LOGIN_BUSY_CODE);
    throw err;
  }
}

export function hashPassword(password: string): Promise<string> {
  return queued(() => hash(password, { algorithm: ARGON2ID }));
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password. With no stored hash (unknown user) it still runs one verification against
 * a throw-away hash, so a response's timing does not reveal whether a username exists.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('not-a-real-password').catch((err: unknown) => {
      dummyHash = undefined; // a full queue: try again next time, do not keep the failure
      throw err;
    });
    const dummy = await dummyHash;
    await queued(() => verify(dummy, password)).catch((err: unknown) => {
      if (err instanceof HttpError) throw err;
      return false;
    });
    return false;
  }
  try {
    return await queued(() => verify(stored, password));
  } catch (err) {
    if (err instanceof HttpError) throw err; // the queue is full: 503, not a wrong password
    return false; // a malformed stored hash is a failed login, not a crash
  }
}
