/**
 * The runtime remote map. The shell is built without remote URLs: it asks the server where each
 * remote lives (GET /remotes.json) and registers them with the Module Federation runtime.
 */
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, type RemoteName, type RemotesMap } from '@fieldwatch/shared';
import { REMOTES_URL, takeEarlyRemotes } from './early';

let current: RemotesMap = {};

export async function fetchRemotes(): Promise<RemotesMap> {
  try {
    const res = await (takeEarlyRemotes() ?? fetch(REMOTES_URL, { cache: 'no-store', credentials: 'same-origin' }));
    if (!res.ok) throw new Error(`remotes.json answered ${res.status}`);
    const body = (await res.json()) as Record<string, unknown>;
    const map: RemotesMap = {};
    for (const name of REMOTE_NAMES) {
      const entry = body[name];
      if (typeof entry === 'string' && entry) map[name] = new URL(entry, window.location.origin).href;
    }
    return map;
  } catch (err) {
    // Without the map no area can load; each shows its "unavailable, retry" panel.
    console.error('Fieldwatch: could not read /remotes.json', err);
    return {};
  }
}

export function registerAll(map: RemotesMap): void {
  current = map;
  registerRemotes(
    Object.entries(map).map(([name, entry]) => ({ name, entry: entry as string })),
    { force: true },
  );
}

/** Re-registers one remote so the next load fetches its manifest again (retry after a failure). */
export async function refreshRemote(name: RemoteName): Promise<boolean> {
  if (!current[name]) registerAll(await fetchRemotes());
  const entry = current[name];
  if (!entry) return false;
  registerRemotes([{ name, entry }], { force: true });
  return true;
}

export function remoteEntry(name: RemoteName): string | undefined {
  return current[name];
}
