/**
 * The runtime remote map. The shell is built without remote URLs: it asks the server where each
 * remote lives (GET /remotes.json, a query of the page's data cache) and registers them with the
 * Module Federation runtime.
 */
import { registerRemotes } from '@module-federation/enhanced/runtime';
import {
  AREA_LOAD_TIMEOUT_RANGE,
  AREA_TIMEOUT_HEADER,
  CONTRACT_VERSION,
  DEFAULT_AREA_LOAD_TIMEOUT_MS,
  manifestContract,
  neededPlatform,
  queryKeys,
  REMOTE_NAMES,
  satisfiesContract,
  type RemoteName,
  type RemotesMap,
} from '@fieldwatch/shared';
import { queryClient } from '../../platform';
import { REMOTES_URL } from './early';

let areaLoadTimeout: number = DEFAULT_AREA_LOAD_TIMEOUT_MS;

/**
 * How long an area's code may take to load, all files and retries together: the server's
 * AREA_LOAD_TIMEOUT_MS, sent with the map (AREA_TIMEOUT_HEADER); 20 s until the map has come.
 */
export function areaLoadTimeoutMs(): number {
  return areaLoadTimeout;
}

async function readRemotes(response: Promise<Response>): Promise<RemotesMap> {
  const res = await response;
  if (!res.ok) throw new Error(`remotes.json answered ${res.status}`);
  const timeout = Number(res.headers?.get(AREA_TIMEOUT_HEADER));
  if (Number.isInteger(timeout) && timeout >= AREA_LOAD_TIMEOUT_RANGE.min && timeout <= AREA_LOAD_TIMEOUT_RANGE.max) areaLoadTimeout = timeout;
  const body = (await res.json()) as Record<string, unknown>;
  const map: RemotesMap = {};
  for (const name of REMOTE_NAMES) {
    const entry = body[name];
    if (typeof entry === 'string' && entry) map[name] = new URL(entry, window.location.origin).href;
  }
  return map;
}

/**
 * The remote map: from `early` (the request index.ts started before the shell's code loaded) or
 * asked afresh. Kept for the page's life; a failure leaves nothing cached.
 */
export async function fetchRemotes(early?: Promise<Response>): Promise<RemotesMap> {
  try {
    return await queryClient.fetchQuery({
      queryKey: queryKeys.remotes(),
      queryFn: () => readRemotes(early ?? fetch(REMOTES_URL, { cache: 'no-store', credentials: 'same-origin' })),
      gcTime: Infinity,
    });
  } catch (err) {
    // Without the map no area can load; each shows its "unavailable, retry" panel.
    console.error('Fieldwatch: could not read /remotes.json', err);
    return {};
  }
}

export function registerAll(map: RemotesMap): void {
  registerRemotes(
    Object.entries(map).map(([name, entry]) => ({ name, entry: entry as string })),
    { force: true },
  );
}

/**
 * How old the map may be when an area's code starts loading before it is asked for again: a
 * release or roll back (`npm run release`) reaches an open tab on its next navigation to an area it
 * has not loaded yet. An area already loaded keeps the version it has until the page is reloaded
 * (every version's files stay on the server, so its lazy chunks keep loading).
 */
export const REMOTES_FRESH_MS = 5_000;

/** Whether the map is older than REMOTES_FRESH_MS (a page's first area loads at once, on the map just read). */
export function remotesMapIsStale(): boolean {
  const state = queryClient.getQueryState<RemotesMap>(queryKeys.remotes());
  return !!state?.data && Date.now() - state.dataUpdatedAt >= REMOTES_FRESH_MS;
}

/** Asks for the map again when it is stale and points the remote at its entry now. */
let freshening: Promise<RemotesMap> | null = null;

export async function freshenRemote(name: RemoteName): Promise<void> {
  if (!remotesMapIsStale() && !freshening) return;
  const before = queryClient.getQueryData<RemotesMap>(queryKeys.remotes())?.[name];
  try {
    // One request for the loads that ask at once (the area's code and its contract check).
    freshening ??= queryClient
      .fetchQuery({
        queryKey: queryKeys.remotes(),
        queryFn: () => readRemotes(fetch(REMOTES_URL, { cache: 'no-store', credentials: 'same-origin' })),
        staleTime: 0,
        gcTime: Infinity,
      })
      .finally(() => (freshening = null));
    const map = await freshening;
    const entry = map[name];
    if (entry && entry !== before) registerRemotes([{ name, entry }], { force: true });
  } catch {
    // The map we have stays in use; the load reports its own failure if it has one.
  }
}

/** Re-registers one remote so the next load fetches its manifest again (retry after a failure). */
export async function refreshRemote(name: RemoteName): Promise<boolean> {
  let entry = queryClient.getQueryData<RemotesMap>(queryKeys.remotes())?.[name];
  if (!entry) {
    registerAll(await fetchRemotes());
    entry = queryClient.getQueryData<RemotesMap>(queryKeys.remotes())?.[name];
  }
  if (!entry) return false;
  registerRemotes([{ name, entry }], { force: true });
  return true;
}

/**
 * The platform version a remote needs when this shell's contract (CONTRACT_VERSION) is not in the
 * range its manifest declares for @fieldwatch/shared (issue 21 §3); null when it fits or cannot be
 * told (no manifest, no range: the load itself then says what is wrong).
 */
export async function contractShortfall(name: RemoteName): Promise<string | null> {
  const entry = queryClient.getQueryData<RemotesMap>(queryKeys.remotes())?.[name];
  if (!entry) return null;
  try {
    const res = await fetch(entry, { credentials: 'same-origin' });
    if (!res.ok) return null;
    const range = manifestContract(await res.json());
    return range !== null && !satisfiesContract(CONTRACT_VERSION, range) ? neededPlatform(range) : null;
  } catch {
    return null;
  }
}
