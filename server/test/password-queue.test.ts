/**
 * Issue 14 §3: password hashing runs with bounded concurrency (BoundedQueue around argon2), so a
 * login flood cannot take every core and every thread of libuv's pool.
 */
import { BoundedQueue, QueueFullError } from '../src/modules/auth/queue';
import { hashConcurrency, hashPassword, verifyPassword } from '../src/modules/auth/passwords';

/** A job that finishes when the test says so. */
function deferred<T = void>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('BoundedQueue', () => {
  it('never runs more than its concurrency, whatever arrives', async () => {
    const q = new BoundedQueue(2, 100);
    let running = 0;
    let peak = 0;
    const jobs = Array.from({ length: 40 }, (_, i) =>
      q.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 1 + (i % 3)));
        running--;
        return i;
      }),
    );
    expect(await Promise.all(jobs)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(peak).toBe(2);
    expect(q.active).toBe(0);
    expect(q.pending).toBe(0);
  });

  it('starts waiting jobs in arrival order', async () => {
    const q = new BoundedQueue(1, 10);
    const started: number[] = [];
    const gates = Array.from({ length: 5 }, () => deferred());
    const runs = gates.map((g, i) =>
      q.run(async () => {
        started.push(i);
        await g.promise;
      }),
    );
    await tick();
    expect(started).toEqual([0]);
    // Finish them out of order: the next to start is still the next that arrived.
    gates[0]!.resolve();
    await tick();
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve();
    await tick();
    // A late arrival does not jump ahead of those already waiting.
    const late = q.run(async () => void started.push(99));
    gates[2]!.resolve();
    gates[3]!.resolve();
    gates[4]!.resolve();
    await Promise.all([...runs, late]);
    expect(started).toEqual([0, 1, 2, 3, 4, 99]);
  });

  it('frees the slot of a job that throws', async () => {
    const q = new BoundedQueue(1, 10);
    const failing = q.run(async () => {
      throw new Error('boom');
    });
    const next = q.run(async () => 'ran');
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ran');
    expect(q.active).toBe(0);
    // A synchronous throw too.
    await expect(
      q.run(() => {
        throw new Error('sync');
      }),
    ).rejects.toThrow('sync');
    await expect(q.run(async () => 1)).resolves.toBe(1);
  });

  it('refuses at once beyond maxWaiting, and accepts again once there is room', async () => {
    const q = new BoundedQueue(1, 2);
    const gate = deferred();
    const first = q.run(() => gate.promise);
    const waiting = [q.run(async () => 'a'), q.run(async () => 'b')];
    await expect(q.run(async () => 'c')).rejects.toBeInstanceOf(QueueFullError);
    expect(q.pending).toBe(2);
    gate.resolve();
    await first;
    expect(await Promise.all(waiting)).toEqual(['a', 'b']);
    await expect(q.run(async () => 'd')).resolves.toBe('d');
  });

  it('rejects a nonsensical size', () => {
    expect(() => new BoundedQueue(0, 1)).toThrow(RangeError);
    expect(() => new BoundedQueue(1, -1)).toThrow(RangeError);
  });
});

describe('password hashing concurrency', () => {
  it('is sized to the cores, leaving one core to the event loop and a pool thread free', () => {
    expect(hashConcurrency(2, 4)).toBe(1);
    expect(hashConcurrency(3, 4)).toBe(2);
    expect(hashConcurrency(16, 4)).toBe(3);
    expect(hashConcurrency(16, 64)).toBe(15);
    expect(hashConcurrency(1, 4)).toBe(1);
    expect(hashConcurrency(8, 1)).toBe(1);
  });

  it('still hashes and verifies through the queue, 12 at once', async () => {
    const hashes = await Promise.all(Array.from({ length: 6 }, (_, i) => hashPassword(`pw-${i}`)));
    const checks = await Promise.all([
      ...hashes.map((h, i) => verifyPassword(h, `pw-${i}`)),
      ...hashes.map((h) => verifyPassword(h, 'wrong')),
    ]);
    expect(checks).toEqual([...hashes.map(() => true), ...hashes.map(() => false)]);
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });
});
