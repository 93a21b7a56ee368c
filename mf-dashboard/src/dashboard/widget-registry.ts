/**
 * Every widget by component id, each loaded on demand (its own chunk: Leaflet and Highcharts are
 * fetched only by dashboards that show a map or a chart). A widget's code is in ../widgets/<folder>/,
 * whose index.tsx default-exports the WidgetView.
 */
import { lazy, type LazyExoticComponent } from 'react';
import { MAP_WIDGETS, type WidgetComponent } from '@fieldwatch/shared';
import { prewarmClusterWorker } from '../widgets/kit/map/cluster-worker-start';
import type { WidgetView } from '../widgets/kit/widget-contract';

type Loader = () => Promise<{ default: WidgetView }>;

const LOADERS: Record<WidgetComponent, Loader> = {
  unitList: () => import(/* webpackChunkName: "w-unit-list" */ '../widgets/unit-list'),
  alarmList: () => import(/* webpackChunkName: "w-alarm-list" */ '../widgets/alarm-list'),
  alarms: () => import(/* webpackChunkName: "w-alarms" */ '../widgets/alarms'),
  groupAlarm: () => import(/* webpackChunkName: "w-group-alarm" */ '../widgets/group-alarm'),
  alarmMonitor: () => import(/* webpackChunkName: "w-alarm-monitor" */ '../widgets/alarm-monitor'),
  list: () => import(/* webpackChunkName: "w-list" */ '../widgets/list'),
  relay: () => import(/* webpackChunkName: "w-relay" */ '../widgets/relay'),
  parkingList: () => import(/* webpackChunkName: "w-parking-list" */ '../widgets/parking-list'),
  unitMap: () => import(/* webpackChunkName: "w-unit-map" */ '../widgets/unit-map'),
  alarmMap: () => import(/* webpackChunkName: "w-alarm-map" */ '../widgets/alarm-map'),
  parkingMap: () => import(/* webpackChunkName: "w-parking-map" */ '../widgets/parking-map'),
  charts: () => import(/* webpackChunkName: "w-charts" */ '../widgets/charts'),
  multichart: () => import(/* webpackChunkName: "w-multichart" */ '../widgets/multichart'),
  status: () => import(/* webpackChunkName: "w-status" */ '../widgets/status'),
  temp: () => import(/* webpackChunkName: "w-temp" */ '../widgets/temp'),
  battery: () => import(/* webpackChunkName: "w-battery" */ '../widgets/battery'),
  parkingStats: () => import(/* webpackChunkName: "w-parking-stats" */ '../widgets/parking-stats'),
  weather: () => import(/* webpackChunkName: "w-weather" */ '../widgets/weather'),
  airQuality: () => import(/* webpackChunkName: "w-air-quality" */ '../widgets/air-quality'),
  indoorClimate: () => import(/* webpackChunkName: "w-indoor-climate" */ '../widgets/indoor-climate'),
  waterLevel: () => import(/* webpackChunkName: "w-water-level" */ '../widgets/water-level'),
  consumption: () => import(/* webpackChunkName: "w-consumption" */ '../widgets/consumption'),
  widgetStore: () => import(/* webpackChunkName: "w-widget-store" */ '../widgets/widget-store'),
};

/** Widgets whose code has arrived, by component id (filled by every load, lazy or preload). */
const loaded = new Map<string, WidgetView>();

function loadWidget(component: string): Promise<{ default: WidgetView }> | undefined {
  const load = (LOADERS as Record<string, Loader | undefined>)[component];
  return load?.().then((m) => {
    loaded.set(component, m.default);
    return m;
  });
}

export const WIDGET_VIEWS = Object.fromEntries(
  Object.keys(LOADERS).map((id) => [id, lazy(() => loadWidget(id)!)]),
) as Record<WidgetComponent, LazyExoticComponent<WidgetView>>;

/**
 * The widget's view to render: the component itself once its code is here, else the lazy one.
 * A lazy component suspends on its first render even when its chunk has already arrived, and React
 * reveals suspended content in throttled batches: on a first load the widgets' data requests,
 * which start when a widget commits, waited for that.
 */
export function widgetView(component: WidgetComponent): WidgetView | LazyExoticComponent<WidgetView> {
  return loaded.get(component) ?? WIDGET_VIEWS[component];
}

/**
 * Widgets whose first draw is heavy (Leaflet, Highcharts): they mount after the light widgets
 * have drawn, one per idle turn (./heavy-widget-turns.ts), and their code is not preloaded with the
 * light widgets' so that evaluating it does not compete with their first draw either. Their turn
 * loads their code first (prepareWidget), so that they mount as themselves, not as a lazy view.
 */
export const DEFERRED_WIDGETS: ReadonlySet<string> = new Set<WidgetComponent>([
  'unitMap',
  'alarmMap',
  'parkingMap',
  'charts',
  'multichart',
]);

/**
 * Starts loading the code of these widgets now (webpack fetches each chunk once; widgetView then
 * finds it loaded) and resolves when it is here — also when a chunk failed: its frame then tries
 * again lazily and shows the failure itself. The dashboard calls it with a built-in's widgets while
 * it fetches the dashboard's content, so code and content arrive side by side.
 */
export async function preloadWidgets(components: readonly string[]): Promise<void> {
  await Promise.all(components.filter((c) => !DEFERRED_WIDGETS.has(c)).map(loadWidgetCode));
}

/**
 * Loads one widget's code, deferred or not; resolves when it is here or has failed (the frame's
 * lazy view then tries again and shows the failure). A heavy widget's turn waits for it: mounted
 * lazily, the widget would suspend and be revealed by a retry render that React throttles and
 * every other update interrupts, and the map's first draw would come noticeably later.
 */
function loadWidgetCode(component: string): Promise<void> {
  if (loaded.has(component)) return Promise.resolve();
  const pending = loadWidget(component);
  return pending
    ? pending.then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
}

/**
 * What a heavy widget's turn prepares before it mounts: its code and, for a map, its cluster worker,
 * whose start-up (script, a new JavaScript context) then runs on its own thread while Leaflet's code
 * arrives and evaluates. Not earlier: on the overview a worker started with the board competed with
 * the light widgets' first draw.
 */
export function prepareWidget(component: WidgetComponent): Promise<void> {
  if (MAP_WIDGETS.includes(component)) prewarmClusterWorker();
  return loadWidgetCode(component);
}

/**
 * What a board prepares as it is made: with only heavy widgets, a map among them (the map
 * template), nothing light draws first, so the map's cluster worker starts now, not on its turn.
 */
export function prepareBoard(components: readonly WidgetComponent[]): void {
  const onlyHeavy = components.every((c) => DEFERRED_WIDGETS.has(c));
  if (onlyHeavy && components.some((c) => MAP_WIDGETS.includes(c))) prewarmClusterWorker();
}
