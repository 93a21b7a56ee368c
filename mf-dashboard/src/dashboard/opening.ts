/**
 * Which dashboard a /dashboard address opens, and opening it as early as possible.
 *
 * Between the area's mount and the dashboard screen's first effect lie React's first render of the
 * area, the UI kit's code and the route (~0.3-0.4 s on a busy first load on the 2-core machine).
 * `openEarly`, called when the area mounts, spends that time fetching: the dashboard's document,
 * for a built-in its widgets' code, and the answers every dashboard's widgets share (preferences,
 * configuration). The screen then takes what was started (`takeOpening`,
 * once, for the same dashboard) instead of starting it itself.
 */
import {
  decodeDashboardId,
  defaultDashboardContent,
  showsParking,
  type DashboardDocument,
  type DashboardSummary,
  type RemoteProps,
} from '@fieldwatch/shared';
import { preloadWidgets } from '../widgets/registry';
import { preloadSharedAnswers } from '../widgets/data/shared-answers';
import { call, dashboardUrl, type CallResult } from './board';

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

export interface Opening {
  id: number;
  content: Promise<CallResult<DashboardDocument>>;
  /** A built-in's widget code (resolves when it is here, also after a failed chunk). */
  code: Promise<void> | undefined;
}

/** Starts loading a dashboard: its document and, for a built-in, its widgets' code. */
export function startOpening(api: RemoteProps['api'], summary: DashboardSummary): Opening {
  return {
    id: summary.id,
    content: call<DashboardDocument>(api, { method: 'GET', url: dashboardUrl(summary.id) }),
    code: summary.static
      ? preloadWidgets(defaultDashboardContent(summary.static).widgets.map((w) => w.component))
      : undefined,
  };
}

let early: Opening | null = null;

/** At the area's mount: starts opening the dashboard in the address bar, when it is known yet. */
export function openEarly(
  props: Pick<RemoteProps, 'api' | 'session'>,
  path = window.location.pathname,
): void {
  early = null;
  const match = /^\/dashboard(?:\/([^/?#]+))?\/?$/.exec(path);
  if (!match) return;
  const summary = dashboardFor(decodeURIComponent(match[1] ?? 'default'), props.session.getState());
  if (!summary) return;
  early = startOpening(props.api, summary);
  preloadSharedAnswers(props.api);
}

/** What openEarly started for this dashboard, once; null when nothing was (then start it). */
export function takeOpening(id: number): Opening | null {
  const taken = early;
  early = null;
  return taken && taken.id === id ? taken : null;
}
