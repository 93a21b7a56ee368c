/**
 * The contract between the dashboard (page, grid, link groups) and its widgets. A widget is a
 * React component that receives WidgetProps and renders the BODY of its card; the dashboard draws
 * the frame around it (title, link-group colour, menu, remove) and gives it its size.
 *
 * Rules every widget keeps:
 * - Data: the selected customers' units come in `units` (the session's unit list, refreshed by
 *   auto refresh; `unitsLoadedAt` says when). Anything else a widget asks for with
 *   useWidgetQuery (./data/widget-query.ts: a query on the page's data cache, through
 *   `useRemote().api`, the shared API client that toasts network errors), which asks again when
 *   `refreshKey` changes. Never fetch 100,000 rows into the DOM: page or virtualise.
 * - States: loading, empty and error (with Retry) are shown with WidgetState (./WidgetState.tsx),
 *   in every language; texts live under `widgets.<component>.*` of the dashboard namespace.
 * - Link groups: read `bindings` (the values of the widget's link group) and write with
 *   `setBinding` — the dashboard records who updated it (this widget's id). The selected units are
 *   view state, kept for the browser session and not saved into the dashboard; the time range and
 *   channels are saved (board-store VIEW_BINDINGS). Likewise a tab a widget switches to through
 *   `updateSettings` (VIEW_SETTINGS: the alarm list's History, the group alarm's kind) is kept for
 *   the session only.
 * - Settings that should survive a reload go through `updateSettings` (saved with the dashboard,
 *   DASHBOARD_SAVE_DEBOUNCE_MS after the last change). `readOnly` users (Readers) can still filter and select, but
 *   the change is not saved.
 */
import type { ComponentType } from 'react';
import type { DashboardWidget, LinkGroup, Unit } from '@fieldwatch/shared';
import type { TimeRange } from '@fieldwatch/shared/chart';

/** A chart time range: one of TIME_RANGES_HOURS back from now, or a custom from–to (ISO 8601). */
export type { TimeRange };

/** What a link group carries (DashboardContent.bindings[linkGroupId][kind].value). */
export interface LinkBindings {
  /** Units selected in the group, in selection order; [] = none selected. */
  units: number[];
  /** The group's chart time range (default: TIME_RANGES_HOURS[preferences.dateInterval]). */
  timeRange: TimeRange;
  /** Channels chosen for the group's charts, as "unitId:channelNo"; [] = the widget's default. */
  channels: string[];
}
export type BindingKind = keyof LinkBindings;

export interface WidgetSize {
  width: number;
  height: number;
}

export interface WidgetProps<S extends object = Record<string, unknown>> {
  widget: Omit<DashboardWidget, 'settings'> & { settings: Partial<S> };
  /** The widget's link group (colour and name for legends). */
  linkGroup: LinkGroup;
  /** The selected customers' units. */
  units: Unit[];
  /** When `units` arrived (null until the session's unit list is here: show loading, not "none"). */
  unitsLoadedAt: number | null;
  /** Bumped by auto refresh and the refresh button: refetch. */
  refreshKey: number;
  bindings: LinkBindings;
  setBinding<K extends BindingKind>(kind: K, value: LinkBindings[K]): void;
  /** Merges into widget.settings; saved with the dashboard (unless readOnly). */
  updateSettings(patch: Partial<S>): void;
  /** The pixel size of the widget body (0×0 until measured). */
  size: WidgetSize;
  readOnly: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type WidgetView = ComponentType<WidgetProps<any>>;
