/**
 * '@fieldwatch/shared/chart': the telemetry chart kit of every area that draws charts (the
 * dashboard's chart widgets, a unit's page): the Highcharts time chart with bands, limits and
 * markers, the time range picker, the series legend, the radar chart, chart colours from the theme
 * tokens, time ranges, the CSV of what a chart shows, and the data calls behind them.
 *
 * Not a Module Federation shared module: each remote that draws charts bundles this small kit, in
 * the chunk of its chart screens. Highcharts itself is a shared singleton (tools/webpack.base.cjs).
 * Its texts are the i18next namespace "chart", which the kit adds itself (texts.ts).
 */
export { default as Highcharts } from './highcharts';
export { TelemetryChart, type ChartMarker, type ChartSeriesView, type TelemetryChartProps } from './TelemetryChart';
export { TimeRangePicker, presetLabel, rangeText } from './TimeRangePicker';
export { SeriesLegend, type LegendEntry } from './SeriesLegend';
export { ChartDataTable, ChartTableToggle, TelemetryTable } from './ChartDataTable';
export { RadarChart, fetchRadarDates, fetchRadarScan, type RadarDate } from './radar';
export { derivePalette, hexToHsl, readChartTheme, useChartTheme, type ChartTheme } from './theme';
export { useElementHeight, useElementWidth, useValueFormat } from './chart-hooks';
export { chartCsv, chartRows, type CsvLabels } from './chart-csv';
export {
  defaultTimeRange,
  expectedGranularity,
  fromWallInput,
  fromWallText,
  isPreset,
  parseTimeRange,
  PRESET_HOURS,
  rangeKey,
  recordsFor,
  resolveRange,
  toWallInput,
  toWallText,
  wallTextPattern,
  type ResolvedRange,
  type TimeRange,
} from './time-range';
export {
  fetchChannelLimits,
  fetchChannels,
  fetchMarkers,
  fetchSeries,
  fetchTelemetry,
  parseRefKey,
  refKey,
  type ChannelLimits,
  type LoadedSeries,
  type SeriesRef,
  type TelemetryData,
} from './telemetry-data';
export { a11yLang, addChartTexts, CHART_NS, plainText, useChartLabels, useChartTranslation, type ChartLabels } from './texts';
/** The kit's CSS Module classes (plot, corner, cornerNote, updating, muted, input, legend…), for views around its parts. */
export { default as chartCss } from './chart.module.css';
