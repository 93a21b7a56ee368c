/**
 * Answers that several parts of an open dashboard need, asked once instead of once per widget:
 *
 * - The deployment's configuration (GET /api/v3/config: the maps' tile URLs, whether weather is set
 *   up). It does not change while the page is open: one request per page load and API client; a
 *   failed request is not kept, so the next widget that asks tries again.
 * - The client preferences (GET /api/v3/user/preferences: the default chart range, the weather shown
 *   per unit). The dashboard asks once per visit and auto refresh and hands the answer to its widgets
 *   (BoardContextValue.preferences); a widget shown outside a dashboard asks for itself.
 *
 * On the overview this took the first load from four of these requests to two; the weather widget
 * asks both side by side, then for weather only when there is a provider. Both are also started as
 * the area mounts on a dashboard address (`preloadSharedAnswers`, from opening.ts), so that on a
 * first load they arrive while the widgets' code still evaluates instead of after their first render.
 */
import type { ApiClient, ClientConfig, ClientPreferences } from '@fieldwatch/shared';

const configs = new WeakMap<ApiClient, Promise<ClientConfig | null>>();

/** The deployment's configuration, or null when the request failed. */
export function clientConfig(api: ApiClient): Promise<ClientConfig | null> {
  const known = configs.get(api);
  if (known) return known;
  const pending = api.get<ClientConfig>('/api/v3/config').then(([data, failed]) => {
    if (failed || !data) {
      if (configs.get(api) === pending) configs.delete(api);
      return null;
    }
    return data;
  });
  configs.set(api, pending);
  return pending;
}

async function askPreferences(api: ApiClient): Promise<ClientPreferences | null> {
  const [data, failed] = await api.get<ClientPreferences>('/api/v3/user/preferences');
  return failed || !data ? null : data;
}

/** Preferences asked before the dashboard screen mounted: taken once, and only while fresh. */
let early: { api: ApiClient; at: number; pending: Promise<ClientPreferences | null> } | null = null;
const EARLY_FRESH_MS = 10_000;

/** The client preferences, or null when the request failed (callers then use the defaults). */
export function loadPreferences(api: ApiClient): Promise<ClientPreferences | null> {
  const taken = early;
  early = null;
  if (taken && taken.api === api && Date.now() - taken.at < EARLY_FRESH_MS) return taken.pending;
  return askPreferences(api);
}

/** Starts both answers for the dashboard about to open; its screen's first loadPreferences takes them. */
export function preloadSharedAnswers(api: ApiClient): void {
  early = { api, at: Date.now(), pending: askPreferences(api) };
  void clientConfig(api);
}
