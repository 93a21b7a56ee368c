/**
 * Which dashboard a /dashboard address opens, and opening it as early as possible.
 *
 * Between the area's mount and the dashboard screen's first effect lie React's first render of the
 * area, the UI kit's code and the route. `openEarly`, called when the area mounts, spends that time
 * fetching into the page's data cache: the dashboard's document, for a built-in its widgets' code,
 * and the answers every dashboard's widgets share (preferences, configuration). The screen then
 * opens the dashboard with `openDashboard`, which joins what was started instead of starting it
 * again.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  decodeDashboardId,
  defaultDashboardContent,
  showsParking,
  type DashboardDocument,
  type DashboardSummary,
  type RemoteProps,
} from '@fieldwatch/shared';
import { preloadWidgets } from './widget-registry';
import { configQuery, preferencesQuery } from '../widgets/kit/data/config-and-preferences';
import { DashboardCallFailed, dashboardDocumentQuery, type CallResult } from './board/dashboard-api';

type SessionView = Parameters<typeof showsParking>[0] & { dashboards: DashboardSummary[] };

/**
 * The dashboard an address names: "default" is the overview (or the first dashboard the user may
 * see), anything else an encoded id among the visible dashboards (parking only with the parking
 * right); null when there is none.
 */
export function dashboardFor(id: string, session: SessionView): DashboardSummary | null {
  const parking = showsParking(session);
  const visible = session.dashboards.filter((d) => d.static !== 'parking' || parking);
  if (id === 'default') return visible.find((d) => d.static === 'overview') ?? visible[0] ?? null;
  const serverId = decodeDashboardId(id);
  return visible.find((d) => d.id === serverId) ?? null;
}

/** How long a document fetched as the area mounted counts as current for the screen that opens it. */
export const EARLY_DOCUMENT_FRESH_MS = 10_000;

export interface Opening {
  content: Promise<CallResult<DashboardDocument>>;
  /** A built-in's widget code (resolves when it is here, also after a failed chunk). */
  code: Promise<void> | undefined;
}

/** Starts loading a built-in's widget code; undefined for a dashboard of the user's own. */
function widgetCode(summary: DashboardSummary): Promise<void> | undefined {
  return summary.static
    ? preloadWidgets(defaultDashboardContent(summary.static).widgets.map((w) => w.component))
    : undefined;
}

/**
 * Opens a dashboard: its document (joining or taking the one fetched as the area mounted, when it is
 * younger than `freshMs`) and, for a built-in, its widgets' code. The board that is made from the
 * document owns it from then on, so it leaves the cache: the next visit fetches it afresh.
 */
export function openDashboard(
  queryClient: QueryClient,
  api: RemoteProps['api'],
  summary: DashboardSummary,
  freshMs = EARLY_DOCUMENT_FRESH_MS,
): Opening {
  const query = dashboardDocumentQuery(api, summary.id);
  const content = queryClient.fetchQuery({ ...query, staleTime: freshMs }).then(
    (data): CallResult<DashboardDocument> => ({ ok: true, data }),
    (err: unknown): CallResult<DashboardDocument> => ({
      ok: false,
      status: err instanceof DashboardCallFailed ? err.status : undefined,
      message: err instanceof Error ? err.message : String(err),
    }),
  );
  void content.then(() => queryClient.removeQueries({ queryKey: query.queryKey, exact: true }));
  return { content, code: widgetCode(summary) };
}

/** At the area's mount: starts opening the dashboard in the address bar, when it is known yet. */
export function openEarly(
  props: Pick<RemoteProps, 'api' | 'session' | 'queryClient'>,
  path = window.location.pathname,
): void {
  const match = /^\/dashboard(?:\/([^/?#]+))?\/?$/.exec(path);
  if (!match) return;
  const summary = dashboardFor(decodeURIComponent(match[1] ?? 'default'), props.session.getState());
  if (!summary) return;
  const { api, queryClient } = props;
  void queryClient.prefetchQuery(dashboardDocumentQuery(api, summary.id));
  void widgetCode(summary);
  void queryClient.prefetchQuery(preferencesQuery(api));
  void queryClient.prefetchQuery(configQuery(api));
}
