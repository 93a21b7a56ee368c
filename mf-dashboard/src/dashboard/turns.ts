/**
 * Heavy widgets take turns. A Leaflet map or a Highcharts chart costs hundreds of milliseconds of
 * main thread to evaluate and draw the first time; drawn in the same task as the light widgets they
 * hold back the numbers an operator reads first (status, temperatures, alarms) and make one long
 * task of the whole dashboard. So each heavy widget mounts in its own turn: after the page has
 * painted and the browser reports idle time (or `IDLE_TIMEOUT_MS` at the latest), one at a time.
 */
import { useEffect, useState } from 'react';

/** The latest a waiting heavy widget mounts when the page never goes idle. */
export const IDLE_TIMEOUT_MS = 1500;

type Go = () => void;
let queue: Go[] = [];
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
  const go = queue.shift();
  if (!go) return;
  busy = true;
  afterPaint(() =>
    whenIdle(() => {
      busy = false;
      go();
      next();
    }),
  );
}

/**
 * Whether the widget may mount now: at once for a light widget; for a heavy one once its turn has
 * come. A widget that unmounts while waiting gives its turn up.
 */
export function useTurn(heavy: boolean): boolean {
  const [ready, setReady] = useState(!heavy);
  useEffect(() => {
    if (ready) return;
    let live = true;
    const go: Go = () => {
      if (live) setReady(true);
    };
    queue.push(go);
    next();
    return () => {
      live = false;
      queue = queue.filter((g) => g !== go);
    };
  }, [ready]);
  return ready;
}
