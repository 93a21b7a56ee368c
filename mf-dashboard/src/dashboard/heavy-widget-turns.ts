/**
 * Heavy widgets take turns. A Leaflet map or a Highcharts chart costs a lot of main-thread time to
 * evaluate and draw the first time; drawn in the same task as the light widgets they
 * hold back the numbers an operator reads first (status, temperatures, alarms) and make one long
 * task of the whole dashboard. So each heavy widget mounts in its own turn: after the page has
 * painted and the browser reports idle time (or `IDLE_TIMEOUT_MS` at the latest), one at a time.
 * The turn then brings what the widget needs (its code) and mounts it once that is here.
 */
import { useEffect, useRef, useState } from 'react';

/** The latest a waiting heavy widget mounts when the page never goes idle. */
export const IDLE_TIMEOUT_MS = 1500;

/** A waiting widget: `prepare` starts what it needs (its code), `mount` mounts it once that is here. */
interface Turn {
  prepare(): Promise<unknown>;
  mount(): void;
}
let queue: Turn[] = [];
let busy = false;

function whenIdle(cb: () => void): void {
  const w = window as Window & { requestIdleCallback?: (cb: () => void, o: { timeout: number }) => number };
  if (typeof w.requestIdleCallback === 'function') w.requestIdleCallback(cb, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(cb, 0);
}

function afterPaint(cb: () => void): void {
  // A rAF callback runs before the next paint; the timeout after it runs once that paint is done.
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(cb, 0));
  else setTimeout(cb, 0);
}

function next(): void {
  if (busy) return;
  const turn = queue.shift();
  if (!turn) return;
  busy = true;
  afterPaint(() =>
    whenIdle(() => {
      void turn
        .prepare()
        .catch(() => undefined)
        .then(() => {
          turn.mount();
          busy = false;
          next();
        });
    }),
  );
}

/**
 * Whether the widget may mount now: at once for a light widget; for a heavy one once its turn has
 * come and `prepare` (its code, say; started when the turn comes) has settled — the
 * next heavy widget waits for that too. A widget that unmounts while waiting gives its turn up.
 */
export function useTurn(heavy: boolean, prepare?: () => Promise<unknown>): boolean {
  const [ready, setReady] = useState(!heavy);
  const prepareRef = useRef(prepare);
  prepareRef.current = prepare;
  useEffect(() => {
    if (ready) return;
    let live = true;
    const turn: Turn = {
      prepare: () => (live && prepareRef.current ? prepareRef.current() : Promise.resolve()),
      mount: () => {
        if (live) setReady(true);
      },
    };
    queue.push(turn);
    next();
    return () => {
      live = false;
      queue = queue.filter((t) => t !== turn);
    };
  }, [ready]);
  return ready;
}
