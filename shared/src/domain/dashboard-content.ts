/**
 * Dashboard documents (spec §2–§3) and the default layout of each built-in kind. Shared because
 * the server creates missing built-ins with this content and the dashboard area's "restore"
 * resets a built-in to exactly the same content.
 */
import { GRID_COLUMNS, VERSIONS } from '../constants';
import type { DashboardKind, DashboardSummary } from '../api/types';
import { PARKING_TYPE_CODES } from './device-types';

export const WIDGET_COMPONENTS = [
  'multichart',
  'groupAlarm',
  'alarmList',
  'alarmMap',
  'alarms',
  'battery',
  'charts',
  'parkingList',
  'parkingMap',
  'parkingStats',
  'status',
  'indoorClimate',
  'alarmMonitor',
  'unitList',
  'unitMap',
  'waterLevel',
  'weather',
  'relay',
  'temp',
  'widgetStore',
  'list',
  'airQuality',
  'consumption',
] as const;
export type WidgetComponent = (typeof WIDGET_COMPONENTS)[number];
/** Map widgets: only one of them may be on a dashboard (spec §5, "Only one map is allowed"). */
export const MAP_WIDGETS: readonly WidgetComponent[] = ['alarmMap', 'parkingMap', 'unitMap'];

export type Breakpoint = keyof typeof GRID_COLUMNS;
export const BREAKPOINTS = Object.keys(GRID_COLUMNS) as Breakpoint[];

export interface LayoutItem {
  /** The widget id. */
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
  /** Minimum width and height. */
  mW: number;
  mH: number;
}

export interface LinkGroup {
  id: string;
  name: string;
  color: string;
}
export const DEFAULT_LINK_GROUP: LinkGroup = { id: 'default', name: 'default', color: 'group-one' };

export interface DashboardWidget {
  id: string;
  component: WidgetComponent;
  name: string;
  /** Link group id. */
  group: string;
  props: Record<string, unknown>;
  settings: Record<string, unknown>;
}

/** A binding value and who set it last: 'manual' or the id of the widget that set it. */
export interface DashboardBinding {
  value: unknown;
  updatedBy: string;
}

export interface DashboardContent {
  unitGroups: Array<{ GroupId: number; Description: string }>;
  linkGroups: LinkGroup[];
  /** Keyed by link group or widget id, then by binding kind (e.g. 'units', 'timeRange'). */
  bindings: Record<string, Record<string, DashboardBinding>>;
  layouts: Record<Breakpoint, LayoutItem[]>;
  widgets: DashboardWidget[];
}

/** GET /api/v3/user/dashboard/:id (and the list without excludeContent). */
export interface Dashboard extends DashboardSummary {
  content: DashboardContent;
}

/** Name of a new custom dashboard (spec §2). */
export const CUSTOM_DASHBOARD_NAME = 'Default';

interface WidgetSpec {
  component: WidgetComponent;
  /** Width in md columns (of 12) and height in rows. */
  w: number;
  h: number;
  props?: Record<string, unknown>;
  settings?: Record<string, unknown>;
}

const BUILT_INS: Record<DashboardKind, WidgetSpec[]> = {
  overview: [
    { component: 'status', w: 4, h: 5 },
    { component: 'temp', w: 4, h: 5 },
    { component: 'battery', w: 4, h: 5 },
    { component: 'alarms', w: 6, h: 6 },
    { component: 'weather', w: 6, h: 6 },
    { component: 'unitMap', w: 12, h: 8 },
  ],
  units: [
    { component: 'unitList', w: 6, h: 10, props: { multiSelect: true } },
    { component: 'unitMap', w: 6, h: 10 },
  ],
  alarms: [
    { component: 'alarmList', w: 6, h: 10 },
    { component: 'alarmMap', w: 6, h: 10, settings: { filter: { statuses: ['alarm'] } } },
  ],
  map: [
    { component: 'unitMap', w: 12, h: 10 },
    { component: 'charts', w: 12, h: 6 },
  ],
  telemetry: [
    { component: 'charts', w: 12, h: 8 },
    { component: 'unitList', w: 12, h: 8 },
  ],
  parking: [
    { component: 'parkingStats', w: 12, h: 5 },
    { component: 'parkingList', w: 6, h: 10 },
    { component: 'parkingMap', w: 6, h: 10, settings: { filter: { unitTypes: [...PARKING_TYPE_CODES] } } },
  ],
};

const MIN_W = 2;
const MIN_H = 3;

/** Flows items left to right, wrapping rows, on a grid of `cols` columns. */
function flow(specs: readonly WidgetSpec[], ids: readonly string[], cols: number): LayoutItem[] {
  const items: LayoutItem[] = [];
  let x = 0;
  let y = 0;
  let rowH = 0;
  specs.forEach((s, n) => {
    // On the phone grid (xs, 2 columns) every widget takes the whole width: half of a phone is
    // too narrow for any widget.
    const w = cols <= GRID_COLUMNS.xs ? cols : Math.max(1, Math.min(cols, Math.round((s.w * cols) / GRID_COLUMNS.md)));
    if (x + w > cols) {
      x = 0;
      y += rowH;
      rowH = 0;
    }
    items.push({ i: ids[n] as string, x, y, w, h: s.h, mW: Math.min(MIN_W, cols), mH: MIN_H });
    x += w;
    rowH = Math.max(rowH, s.h);
  });
  return items;
}

function contentOf(specs: readonly WidgetSpec[]): DashboardContent {
  const ids = specs.map((s, n) => `${s.component}-${n + 1}`);
  const layouts = Object.fromEntries(
    BREAKPOINTS.map((bp) => [bp, flow(specs, ids, GRID_COLUMNS[bp])]),
  ) as Record<Breakpoint, LayoutItem[]>;
  return {
    unitGroups: [],
    linkGroups: [{ ...DEFAULT_LINK_GROUP }],
    bindings: {},
    layouts,
    widgets: specs.map((s, n) => ({
      id: ids[n] as string,
      component: s.component,
      name: s.component,
      group: DEFAULT_LINK_GROUP.id,
      props: { ...(s.props ?? {}) },
      settings: structuredCloneish(s.settings ?? {}),
    })),
  };
}

// The defaults are module constants: hand out deep copies so a caller can never mutate them.
function structuredCloneish<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

/** The default content of a built-in dashboard (what "restore" resets to). */
export function defaultDashboardContent(kind: DashboardKind): DashboardContent {
  return contentOf(BUILT_INS[kind]);
}

/** A new custom dashboard starts empty (spec §2). */
export function emptyDashboardContent(): DashboardContent {
  return contentOf([]);
}

export const DASHBOARD_VERSION = VERSIONS.dashboard;
