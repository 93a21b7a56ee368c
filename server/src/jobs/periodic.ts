/**
 * A job the server runs at start and then every `everyMs`: the rounds never overlap (the next one
 * waits for the one before), a failing round is logged and the next still runs, the timer does not
 * keep the process alive, and stop() waits for the round in progress. The alarm repeater, the task
 * archiver and the task-file sweeper are such jobs; each is given a clock so tests move time.
 */
export interface PeriodicHandle {
  stop(): Promise<void>;
}

export function startPeriodic(
  round: (now: Date) => Promise<unknown>,
  opts: { everyMs: number; now?: () => Date; log: (err: unknown) => void },
): PeriodicHandle {
  const clock = opts.now ?? (() => new Date());
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = running.then(() => round(clock())).catch((err) => opts.log(err));
  };
  const timer = setInterval(tick, opts.everyMs);
  timer.unref();
  tick();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
