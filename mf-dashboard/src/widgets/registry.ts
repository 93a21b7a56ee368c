/**
 * Every widget by component id, each loaded on demand (its own chunk: Leaflet and Highcharts are
 * fetched only by dashboards that show a map or a chart). A widget's code is in ./<folder>/, whose
 * index.tsx default-exports the WidgetView.
 */
import { lazy, type LazyExoticComponent } from 'react';
import type { WidgetComponent } from '@fieldwatch/shared';
import type { WidgetView } from './contract';

export const WIDGET_VIEWS: Record<WidgetComponent, LazyExoticComponent<WidgetView>> = {
  unitList: lazy(() => import(/* webpackChunkName: "w-unit-list" */ './unit-list')),
  alarmList: lazy(() => import(/* webpackChunkName: "w-alarm-list" */ './alarm-list')),
  alarms: lazy(() => import(/* webpackChunkName: "w-alarms" */ './alarms')),
  groupAlarm: lazy(() => import(/* webpackChunkName: "w-group-alarm" */ './group-alarm')),
  alarmMonitor: lazy(() => import(/* webpackChunkName: "w-alarm-monitor" */ './alarm-monitor')),
  list: lazy(() => import(/* webpackChunkName: "w-list" */ './list')),
  relay: lazy(() => import(/* webpackChunkName: "w-relay" */ './relay')),
  parkingList: lazy(() => import(/* webpackChunkName: "w-parking-list" */ './parking-list')),
  unitMap: lazy(() => import(/* webpackChunkName: "w-unit-map" */ './unit-map')),
  alarmMap: lazy(() => import(/* webpackChunkName: "w-alarm-map" */ './alarm-map')),
  parkingMap: lazy(() => import(/* webpackChunkName: "w-parking-map" */ './parking-map')),
  charts: lazy(() => import(/* webpackChunkName: "w-charts" */ './charts')),
  multichart: lazy(() => import(/* webpackChunkName: "w-multichart" */ './multichart')),
  status: lazy(() => import(/* webpackChunkName: "w-status" */ './status')),
  temp: lazy(() => import(/* webpackChunkName: "w-temp" */ './temp')),
  battery: lazy(() => import(/* webpackChunkName: "w-battery" */ './battery')),
  parkingStats: lazy(() => import(/* webpackChunkName: "w-parking-stats" */ './parking-stats')),
  weather: lazy(() => import(/* webpackChunkName: "w-weather" */ './weather')),
  airQuality: lazy(() => import(/* webpackChunkName: "w-air-quality" */ './air-quality')),
  indoorClimate: lazy(() => import(/* webpackChunkName: "w-indoor-climate" */ './indoor-climate')),
  waterLevel: lazy(() => import(/* webpackChunkName: "w-water-level" */ './water-level')),
  consumption: lazy(() => import(/* webpackChunkName: "w-consumption" */ './consumption')),
  widgetStore: lazy(() => import(/* webpackChunkName: "w-widget-store" */ './widget-store')),
};
