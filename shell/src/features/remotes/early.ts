/**
 * The remote map is fetched by index.ts before the shell's own code (React, single-spa, i18next…)
 * has loaded, so it has arrived by the time bootstrap registers the remotes. Kept free of imports:
 * it is part of the tiny entry chunk.
 */
let early: Promise<Response> | undefined;

export const REMOTES_URL = '/remotes.json';

export function fetchRemotesEarly(): void {
  early = fetch(REMOTES_URL, { cache: 'no-store', credentials: 'same-origin' });
  // Consumed by fetchRemotes; a failure is reported there.
  early.catch(() => undefined);
}

/** The early request, once: a later call (Retry) fetches afresh. */
export function takeEarlyRemotes(): Promise<Response> | undefined {
  const p = early;
  early = undefined;
  return p;
}
