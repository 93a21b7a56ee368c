/**
 * Answers that several parts of an open dashboard need, as queries on the page's data cache, so
 * they are asked once instead of once per widget:
 *
 * - The deployment's configuration (the maps' tile URLs, whether weather is set up). It does not
 *   change while the page is open: asked once per page load; a failed answer is not kept, so the
 *   next widget that needs it asks again.
 * - The client preferences (the default chart range, the weather shown per unit). The dashboard
 *   asks for them when it opens and on auto refresh; its widgets read the cached answer. An answer
 *   younger than PREFERENCES_FRESH_MS is taken as it is: the one asked as the area mounted
 *   (open-dashboard.ts) is the one the dashboard then shows.
 *
 * A failed request answers null: callers use the defaults then.
 */
import {
  ENDPOINTS,
  pathFor,
  type AnswerOf,
  type ApiClient,
  type ClientConfig,
  type ClientPreferences,
} from '@fieldwatch/shared';
import { dashboardKey } from './widget-query';

/** How long an answer to the preferences counts as current for a dashboard that opens. */
export const PREFERENCES_FRESH_MS = 10_000;

export function configQuery(api: ApiClient) {
  return {
    queryKey: dashboardKey('config'),
    queryFn: async (): Promise<ClientConfig> => {
      const [data, failed] = await api.get<AnswerOf<typeof ENDPOINTS.config>>(pathFor(ENDPOINTS.config));
      if (failed || !data) throw new Error('configuration request failed');
      return data;
    },
    staleTime: Infinity,
    gcTime: Infinity,
  };
}

export function preferencesQuery(api: ApiClient) {
  return {
    queryKey: dashboardKey('preferences'),
    queryFn: async (): Promise<ClientPreferences | null> => {
      const [data, failed] = await api.get<AnswerOf<typeof ENDPOINTS.preferences>>(
        pathFor(ENDPOINTS.preferences),
      );
      return failed || !data ? null : data;
    },
    staleTime: PREFERENCES_FRESH_MS,
  };
}
