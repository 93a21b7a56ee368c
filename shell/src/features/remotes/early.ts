/**
 * The remote map is asked for by index.ts before the shell's own code (React, single-spa,
 * i18next…) has loaded, so it has arrived by the time bootstrap registers the remotes. Kept free
 * of imports: it is part of the tiny entry chunk.
 */
export const REMOTES_URL = '/remotes.json';

export function startRemotesEarly(): Promise<Response> {
  const request = fetch(REMOTES_URL, { cache: 'no-store', credentials: 'same-origin' });
  // Read by bootstrap (fetchRemotes), which reports a failure.
  request.catch(() => undefined);
  return request;
}
