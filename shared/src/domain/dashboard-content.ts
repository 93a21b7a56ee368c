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
  // A list beside a map: the list gets the larger share, so that on a laptop screen it keeps its
  // main columns readable; 12 rows fill a 900 px high window below the page header.
  units: [
    { component: 'unitList', w: 7, h: 12, props: { multiSelect: true } },
    { component: 'unitMap', w: 5, h: 12 },
  ],
  alarms: [
    { component: 'alarmList', w: 7, h: 12 },
    { component: 'alarmMap', w: 5, h: 12, settings: { filter: { statuses: ['alarm'] } } },
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
    { component: 'parkingList', w: 7, h: 10 },
    { component: 'parkingMap', w: 5, h: 10, settings: { filter: { unitTypes: [...PARKING_TYPE_CODES] } } },
  ],
};

const MIN_W = 2;
const MIN_H = 3;

/** Flows items left to right, wrapping rows, on the md grid (12 columns). */
function flowMd(specs: readonly WidgetSpec[], ids: readonly string[]): LayoutItem[] {
  const cols = GRID_COLUMNS.md;
  const items: LayoutItem[] = [];
  let x = 0;
  let y = 0;
  let rowH = 0;
  specs.forEach((s, n) => {
    const w = Math.max(1, Math.min(cols, s.w));
    if (x + w > cols) {
      x = 0;
      y += rowH;
      rowH = 0;
    }
    items.push({ i: ids[n] as string, x, y, w, h: s.h, mW: MIN_W, mH: MIN_H });
    x += w;
    rowH = Math.max(rowH, s.h);
  });
  return items;
}

/**
 * The md layout on a grid of `cols` columns. On the phone grid (xs, 2 columns) every widget takes
 * the whole width, one under the other: half of a phone is too narrow for any widget. Otherwise the
 * rows stay as they are and each widget keeps its share: both edges are scaled and rounded, so the
 * widths of a row always add up as they did (a 7 + 5 row on 12 columns is 4 + 2 on 6).
 */
function scaleLayout(md: readonly LayoutItem[], cols: number): LayoutItem[] {
  if (cols <= GRID_COLUMNS.xs) {
    let y = 0;
    return md.map((it) => {
      const item = { ...it, x: 0, y, w: cols, mW: Math.min(MIN_W, cols) };
      y += it.h;
      return item;
    });
  }
  const edge = (x: number) => Math.round((x * cols) / GRID_COLUMNS.md);
  return md.map((it) => {
    const x = edge(it.x);
    return { ...it, x, w: Math.max(1, edge(it.x + it.w) - x), mW: Math.min(MIN_W, cols) };
  });
}

function contentOf(specs: readonly WidgetSpec[]): DashboardContent {
  const ids = specs.map((s, n) => `${s.component}-${n + 1}`);
  const md = flowMd(specs, ids);
  const layouts = Object.fromEntries(
    BREAKPOINTS.map((bp) => [bp, bp === 'md' ? md : scaleLayout(md, GRID_COLUMNS[bp])]),
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
