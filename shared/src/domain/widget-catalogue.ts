/**
 * The widget catalogue (spec §2 "Widgets"): what GET /api/v3/user/dashboard/widget answers and
 * what the dashboard editor offers. Minimum sizes are in md grid units (12 columns); the smaller
 * breakpoints clamp them to their column count.
 */
import { MAP_WIDGETS, WIDGET_COMPONENTS, type WidgetComponent } from './dashboard-content';

export interface WidgetCatalogueItem {
  /** The widget's component id (DashboardWidget.component). */
  id: WidgetComponent;
  /** Translation key of the widget's name (namespace dashboard: catalogue.<id>.name). */
  nameKey: string;
  /** English name, for logs and as a fallback. */
  name: string;
  minW: number;
  minH: number;
  defaultW: number;
  defaultH: number;
  /** A map widget: at most one per dashboard. */
  map: boolean;
  /** Announced but not yet available (the widget store, spec §2: "announced for 2023"). */
  announced: boolean;
}

const NAMES: Record<WidgetComponent, string> = {
  multichart: 'Multichart',
  groupAlarm: 'Group alarm',
  alarmList: 'Alarm list',
  alarmMap: 'Alarm map',
  alarms: 'Alarms',
  battery: 'Battery',
  charts: 'Charts',
  parkingList: 'Parking list',
  parkingMap: 'Parking map',
  parkingStats: 'Parking statistics',
  status: 'Status',
  indoorClimate: 'Indoor climate',
  alarmMonitor: 'Alarm monitor',
  unitList: 'Unit list',
  unitMap: 'Unit map',
  waterLevel: 'Water level',
  weather: 'Weather',
  relay: 'Relay',
  temp: 'Temperature',
  widgetStore: 'Widget store',
  list: 'List',
  airQuality: 'Air quality',
  consumption: 'Consumption',
};

/** Larger minimums for widgets that need room (lists, maps, charts); 2×3 otherwise. */
const SIZES: Partial<Record<WidgetComponent, [minW: number, minH: number, w: number, h: number]>> = {
  multichart: [4, 4, 12, 8],
  charts: [4, 4, 12, 8],
  alarmList: [4, 4, 6, 10],
  unitList: [4, 4, 6, 10],
  parkingList: [4, 4, 6, 10],
  alarmMap: [4, 4, 6, 10],
  unitMap: [4, 4, 12, 8],
  parkingMap: [4, 4, 6, 10],
  parkingStats: [4, 3, 12, 5],
  list: [4, 4, 6, 8],
  alarms: [3, 4, 6, 6],
  weather: [3, 4, 6, 6],
};

export const WIDGET_CATALOGUE: readonly WidgetCatalogueItem[] = WIDGET_COMPONENTS.map((id) => {
  const [minW, minH, defaultW, defaultH] = SIZES[id] ?? [2, 3, 4, 4];
  return {
    id,
    nameKey: `catalogue.${id}.name`,
    name: NAMES[id],
    minW,
    minH,
    defaultW,
    defaultH,
    map: MAP_WIDGETS.includes(id),
    announced: id === 'widgetStore',
  };
});

export function widgetCatalogueItem(id: string): WidgetCatalogueItem | undefined {
  return WIDGET_CATALOGUE.find((w) => w.id === id);
}
