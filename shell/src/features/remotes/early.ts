/**
 * The remote map is asked for by index.ts before the shell's own code (React, single-spa,
 * i18next…) has loaded, so it has arrived by the time bootstrap registers the remotes. It imports
 * only the contract version (a constant): it is part of the tiny entry chunk.
 *
 * The shell says which platform contract it offers, so the server never hands it a remote version
 * built for a newer one (it gets the newest deployed version that fits; issue 21 §3).
 */
import { CONTRACT_VERSION } from '@fieldwatch/shared/contract-version';

export const REMOTES_URL = `/remotes.json?contract=${CONTRACT_VERSION}`;

export function startRemotesEarly(): Promise<Response> {
  const request = fetch(REMOTES_URL, { cache: 'no-store', credentials: 'same-origin' });
  // Read by bootstrap (fetchRemotes), which reports a failure.
  request.catch(() => undefined);
  return request;
}
