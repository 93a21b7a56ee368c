/**
 * The demo simulator's side of unit commands: it plays the units, so open commands move on as a
 * real unit would move them — handed over (sent) 1–3 s after they were queued, answered 1–4 s
 * later, about 1 in 12 refused. Delays and refusals are decided by the command id alone, so a
 * test can tell in advance what happens to a command. The step takes the clock as a parameter.
 */
import type { Db } from '../../db/client';
import { moveCommand, openCommands } from '../devices/actions/commands';

/** A fixed mix of the id (32-bit, well spread): the same id always gives the same numbers. */
function mix(id: number, salt: number): number {
  let h = Math.imul(id ^ salt, 0x9e3779b1) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** Milliseconds from queued to sent (1,000–3,000). */
export const sendDelayMs = (id: number): number => 1000 + (mix(id, 0x51) % 2001);
/** Milliseconds from sent to the unit's answer (1,000–4,000). */
export const answerDelayMs = (id: number): number => 1000 + (mix(id, 0xa7) % 3001);
/** Whether the simulated unit refuses this command (about 1 in 12). */
export const refusesCommand = (id: number): boolean => mix(id, 0x3c) % 12 === 0;

/** Shortest delay of either step: commands younger than this are not even looked at. */
const MIN_DELAY_MS = 1000;

/**
 * Moves every open command whose time has come at `now` one step on (queued → sent, sent →
 * acknowledged or failed). Answers how many moved.
 */
export async function advanceCommands(db: Db, now = new Date()): Promise<{ sent: number; answered: number }> {
  const before = new Date(now.getTime() - MIN_DELAY_MS);
  let sent = 0;
  let answered = 0;
  for (const c of await openCommands(db, 'queued', before))
    if (
      c.requestedAt.getTime() + sendDelayMs(c.id) <= now.getTime() &&
      (await moveCommand(db, c.id, 'sent', now))
    )
      sent += 1;
  for (const c of await openCommands(db, 'sent', before)) {
    if (!c.sentAt || c.sentAt.getTime() + answerDelayMs(c.id) > now.getTime()) continue;
    if (await moveCommand(db, c.id, refusesCommand(c.id) ? 'failed' : 'acknowledged', now)) answered += 1;
  }
  return { sent, answered };
}

/** How often the simulated units look at their commands. */
export const COMMAND_STEP_MS = 500;

/** Runs advanceCommands every COMMAND_STEP_MS until stopped. */
export function startCommandSimulator(
  db: Db,
  log: (err: unknown) => void,
  everyMs = COMMAND_STEP_MS,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped || busy) return;
    busy = true;
    running = advanceCommands(db)
      .catch(log)
      .finally(() => {
        busy = false;
      });
  }, everyMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
