/**
 * One Highcharts time chart of several series: a line per series (raw), or for hour/day rollups a
 * min–max band (arearange) under the mean line; one y-axis per unit of measure; alarm limits and
 * markers as plot lines; x zoom kept by the caller (so CSV exports what is shown) with our own
 * reset button; times in the user's zone and format; colours from the theme tokens.
 *
 * Markers can be live: with onPlotClick a click on the plot (not a zoom drag) tells the time under
 * the pointer, with onMarkerClick a click on a marker's line tells which one.
 *
 * Accessible (issue 23): Highcharts' accessibility module (highcharts.ts) describes the chart in
 * translated text — its title, time span, granularity and series — and lets a keyboard walk the
 * series and their points (each told as time, series, value with unit, and min–max in a band);
 * with asTable the same data is drawn as a table (TelemetryTable) in the chart's place.
 */
import { useEffect, useMemo, useRef } from 'react';
import HighchartsReact from 'highcharts-react-official';
import type { AlarmLimit, Granularity, SeriesPoint } from '@fieldwatch/shared';
import Highcharts from './highcharts';
import type { ChartTheme } from './theme';
import { formatDateTime, type TimeConfig } from '@fieldwatch/shared/remote';
import { TelemetryTable } from './ChartDataTable';
import { a11yLang, plainText, useChartTranslation } from './texts';
import css from './chart.module.css';

export interface ChartSeriesView {
  key: string;
  /** "Unit · Channel" */
  label: string;
  unitOfMeasure: string;
  color: string;
  points: SeriesPoint[];
}
export interface ChartMarker {
  at: number;
  name: string;
  /** Given: the marker's line answers onMarkerClick. */
  id?: number;
  /** A locked marker is drawn solid, an open one dotted. */
  locked?: boolean;
  /** Drawn stronger (the marker being edited). */
  selected?: boolean;
}

export interface TelemetryChartProps {
  series: ChartSeriesView[];
  granularity: Granularity;
  start: number;
  end: number;
  zoom: [number, number] | null;
  onZoom: (zoom: [number, number] | null) => void;
  /** Alarm limits, drawn on the axis of `limitsFor`'s unit of measure. */
  limits?: readonly AlarmLimit[] | null;
  markers?: readonly ChartMarker[];
  theme: ChartTheme;
  height: number;
  compact?: boolean;
  tc: TimeConfig;
  locale: string;
  formatValue: (n: number) => string;
  labels: { min: string; max: string; limit: (level: number, side: 'low' | 'high') => string };
  /** Called with the chart (synchronised crosshairs of the multichart). */
  onChart?: (chart: Highcharts.Chart | null) => void;
  /** A click on the plot (or on a point of a line): the time there, ms since the epoch. */
  onPlotClick?: (at: number) => void;
  /** A click on the line of a marker that has an id. */
  onMarkerClick?: (id: number) => void;
  /** What the chart shows ("Temperature", the widget's name): the name screen readers hear and the table's caption. */
  title?: string;
  /** Drawn as a table of its data instead (ChartTableToggle). */
  asTable?: boolean;
}

const toMs = (p: SeriesPoint) => Date.parse(p.ts);

function labelFormats(tc: TimeConfig) {
  const dayFirst = tc.dateFormat.startsWith('DD');
  const day = dayFirst ? '%e %b' : '%b %e';
  const time = tc.timeFormat === '12h' ? '%l:%M %p' : '%H:%M';
  return {
    millisecond: time,
    second: tc.timeFormat === '12h' ? '%l:%M:%S %p' : '%H:%M:%S',
    minute: time,
    hour: time,
    day,
    week: day,
    month: '%b %Y',
    year: '%Y',
  };
}

export function TelemetryChart(props: TelemetryChartProps) {
  const { series, granularity, theme, tc, compact = false, formatValue, labels, zoom, onZoom } = props;
  const chartRef = useRef<HighchartsReact.RefObject>(null);
  const onZoomRef = useRef(onZoom);
  onZoomRef.current = onZoom;
  const onPlotClickRef = useRef(props.onPlotClick);
  onPlotClickRef.current = props.onPlotClick;
  const onMarkerClickRef = useRef(props.onMarkerClick);
  onMarkerClickRef.current = props.onMarkerClick;
  const clickable = !!props.onPlotClick;
  const band = granularity !== 'raw';
  const { t } = useChartTranslation();
  const title = props.title || t('a11y.defaultTitle');
  // The chart goes when the table comes (and with the view): whoever keeps it must let it go.
  const onChartRef = useRef(props.onChart);
  onChartRef.current = props.onChart;
  useEffect(() => () => onChartRef.current?.(null), [props.asTable]);

  const options = useMemo((): Highcharts.Options => {
    const uoms: string[] = [];
    for (const s of series) if (!uoms.includes(s.unitOfMeasure)) uoms.push(s.unitOfMeasure);
    const pointsByKey = new Map(series.map((s) => [s.key, s]));
    const axisText = { color: theme.muted, fontSize: compact ? '10px' : '11px' };

    const limitLines: Highcharts.YAxisPlotLinesOptions[] = [];
    let softMin: number | undefined;
    let softMax: number | undefined;
    for (const l of props.limits ?? []) {
      if (!l.enabled) continue;
      for (const side of ['low', 'high'] as const) {
        const v = l[side];
        if (v === null || !Number.isFinite(v)) continue;
        softMin = softMin === undefined ? v : Math.min(softMin, v);
        softMax = softMax === undefined ? v : Math.max(softMax, v);
        limitLines.push({
          value: v,
          color: l.level >= 3 ? theme.danger : l.level === 2 ? theme.problem : theme.warning,
          width: 1,
          dashStyle: 'ShortDash',
          zIndex: 4,
          label: compact
            ? undefined
            : {
                text: labels.limit(l.level, side),
                align: 'right',
                x: -4,
                // A high limit's label under its line, a low one's above: inside the plot either way.
                y: side === 'high' ? 12 : -4,
                style: { color: theme.muted, fontSize: '10px' },
              },
        });
      }
    }

    const yAxis: Highcharts.YAxisOptions[] = (uoms.length ? uoms : ['']).map((uom, i) => ({
      title: { text: compact ? undefined : uom || undefined, style: axisText },
      opposite: i % 2 === 1,
      labels: { style: axisText, format: undefined },
      gridLineColor: theme.grid,
      gridLineWidth: i === 0 ? 1 : 0,
      lineColor: theme.border,
      tickPixelInterval: compact ? 40 : 56,
      plotLines: i === 0 ? limitLines : undefined,
      softMin: i === 0 ? softMin : undefined,
      softMax: i === 0 ? softMax : undefined,
      startOnTick: false,
      endOnTick: false,
    }));

    const hs: Highcharts.SeriesOptionsType[] = [];
    // The bands after all the lines (they draw below them by zIndex anyway): the keyboard's
    // up/down moves between neighbouring series, and the bands are left out of it.
    const bands: Highcharts.SeriesOptionsType[] = [];
    for (const s of series) {
      const y = Math.max(0, uoms.indexOf(s.unitOfMeasure));
      const data = s.points.map((p) => [toMs(p), p.value] as [number, number]);
      if (band) {
        bands.push({
          type: 'arearange',
          id: `${s.key}-band`,
          name: s.label,
          linkedTo: s.key,
          data: s.points.map((p) => [toMs(p), p.min, p.max] as [number, number, number]),
          yAxis: y,
          color: s.color,
          fillOpacity: 0.18,
          lineWidth: 0,
          enableMouseTracking: false,
          marker: { enabled: false },
          zIndex: 1,
          custom: { key: s.key },
          // The line's points tell the band's min and max: keyboard and screen readers skip the band.
          accessibility: { enabled: false },
        });
      }
      hs.push({
        type: 'line',
        id: s.key,
        name: s.label,
        data,
        yAxis: y,
        color: s.color,
        lineWidth: compact ? 1.25 : 1.5,
        marker: { enabled: data.length === 1, radius: 2 },
        zIndex: 2,
        custom: { key: s.key },
      });
    }
    hs.push(...bands);

    const fmt = (ms: number) => formatDateTime(ms, tc);
    const unitOf = (p: Highcharts.Point) => {
      const key = (p.series.userOptions.custom as { key?: string } | undefined)?.key ?? '';
      return pointsByKey.get(key);
    };
    const from = zoom ? zoom[0] : props.start;
    const to = zoom ? zoom[1] : props.end;
    const summary = [
      t('a11y.summary', { from: fmt(from), to: fmt(to), granularity: t(`granularity.${granularity}`) }),
      series.length ? t('a11y.seriesList', { names: series.map((s) => (s.unitOfMeasure ? `${s.label} (${s.unitOfMeasure})` : s.label)).join('; ') }) : t('a11y.empty'),
    ].join(' ');
    return {
      accessibility: {
        enabled: true,
        description: plainText(summary),
        landmarkVerbosity: 'one',
        keyboardNavigation: { enabled: true },
        screenReaderSection: {
          // Our own texts only (the module's defaults are English): the title, then the summary.
          beforeChartFormat: `<p>${plainText(title)}</p><p>{chartLongdesc}</p>`,
          afterChartFormat: '{endOfChartMarker}',
        },
        series: {
          descriptionFormatter(s: Highcharts.Series) {
            const v = pointsByKey.get((s.userOptions.custom as { key?: string } | undefined)?.key ?? '');
            return plainText(t('a11y.series', { name: s.name, count: s.points.length, unit: v?.unitOfMeasure || '—' }));
          },
        },
        point: {
          descriptionFormatter(p: Highcharts.Point) {
            const s = unitOf(p);
            const src = s?.points[p.index];
            const unit = s?.unitOfMeasure ? ` ${s.unitOfMeasure}` : '';
            const at = fmt(typeof p.x === 'number' ? p.x : Number(p.x));
            const value = `${formatValue(Number(p.y))}${unit}`;
            return plainText(
              band && src && src.count > 1
                ? t('a11y.pointBand', { time: at, series: p.series.name, value, min: formatValue(src.min), max: formatValue(src.max) })
                : t('a11y.point', { time: at, series: p.series.name, value }),
            );
          },
        },
      },
      credits: { enabled: false },
      title: { text: undefined },
      legend: { enabled: false },
      exporting: { enabled: false },
      lang: { locale: props.locale, accessibility: a11yLang(t, title), resetZoom: t('resetZoom') },
      time: { timezone: tc.timezone },
      chart: {
        backgroundColor: 'transparent',
        height: Math.max(80, Math.round(props.height)),
        spacing: compact ? [4, 2, 2, 2] : [8, 4, 4, 4],
        animation: false,
        zooming: { type: 'x', resetButton: { theme: { style: { display: 'none' } } } },
        style: { fontFamily: theme.font, color: theme.text, cursor: clickable ? 'crosshair' : undefined },
        events: {
          selection(e) {
            const ax = e.xAxis?.[0];
            if (ax && Number.isFinite(ax.min) && Number.isFinite(ax.max)) onZoomRef.current([ax.min, ax.max]);
            else onZoomRef.current(null);
            return false;
          },
          click(e) {
            const at = (e as Highcharts.PointerEventObject & { xAxis?: Array<{ value: number }> }).xAxis?.[0]?.value;
            if (typeof at === 'number' && Number.isFinite(at)) onPlotClickRef.current?.(Math.round(at));
          },
        },
      },
      xAxis: {
        type: 'datetime',
        min: zoom ? zoom[0] : props.start,
        max: zoom ? zoom[1] : props.end,
        labels: { style: axisText },
        lineColor: theme.border,
        tickColor: theme.border,
        crosshair: { color: theme.border, width: 1 },
        dateTimeLabelFormats: labelFormats(tc),
        ordinal: false,
        plotLines: (props.markers ?? []).map((m) => ({
          value: m.at,
          color: theme.accent,
          width: m.selected ? 3 : m.id !== undefined ? 2 : 1,
          dashStyle: m.locked ? ('Solid' as const) : ('Dot' as const),
          zIndex: 5,
          id: m.id !== undefined ? `marker-${m.id}` : undefined,
          className: m.id !== undefined ? 'fw-chart-marker' : undefined,
          events:
            m.id !== undefined
              ? {
                  click(e?: Event | Highcharts.Dictionary<unknown>) {
                    // Not a click on the plot as well (that would start a new marker).
                    if (e instanceof Event) e.stopPropagation();
                    onMarkerClickRef.current?.(m.id!);
                  },
                }
              : undefined,
          label: compact
            ? undefined
            : {
                text: escapeHtml(m.name),
                rotation: 0,
                y: 12,
                style: { color: m.selected ? theme.text : theme.muted, fontSize: '10px', fontWeight: m.selected ? '600' : undefined },
              },
        })),
      },
      yAxis,
      plotOptions: {
        series: {
          animation: false,
          turboThreshold: 0,
          boostThreshold: 0,
          states: { inactive: { enabled: false }, hover: { lineWidthPlus: 0 } },
          dataGrouping: { enabled: false },
          point: clickable
            ? {
                events: {
                  click(this: Highcharts.Point) {
                    if (typeof this.x === 'number') onPlotClickRef.current?.(this.x);
                  },
                },
              }
            : undefined,
        } as Highcharts.PlotSeriesOptions,
      },
      tooltip: {
        shared: true,
        outside: false,
        backgroundColor: theme.surface2,
        borderColor: theme.border,
        style: { color: theme.text, fontSize: '12px' },
        useHTML: true,
        formatter(this: Highcharts.Point & { points?: Highcharts.Point[] }) {
          const points = this.points ?? [this];
          const x = typeof this.x === 'number' ? this.x : Number(this.x);
          const rows = points
            .filter((p) => p.series.type === 'line')
            .map((p) => {
              const key = (p.series.userOptions.custom as { key?: string } | undefined)?.key ?? '';
              const s = pointsByKey.get(key);
              const src = s?.points[p.index];
              const unit = s?.unitOfMeasure ? ` ${escapeHtml(s.unitOfMeasure)}` : '';
              const range =
                band && src && src.count > 1
                  ? ` <span class="${css.tipRange}">${escapeHtml(labels.min)} ${formatValue(src.min)} · ${escapeHtml(labels.max)} ${formatValue(src.max)}</span>`
                  : '';
              return `<div class="${css.tipRow}"><span class="${css.tipDot}" style="background:${String(p.color)}"></span>${escapeHtml(p.series.name)}: <b>${formatValue(Number(p.y))}${unit}</b>${range}</div>`;
            });
          return `<div class="${css.tipHead}">${escapeHtml(fmt(x))}</div>${rows.join('')}`;
        },
      },
      series: hs,
    };
    // theme.version: the tokens were re-read
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [series, band, theme.version, tc, compact, props.height, props.start, props.end, zoom, props.limits, props.markers, props.locale, formatValue, labels, clickable, title, t]);

  if (props.asTable)
    return (
      <TelemetryTable
        caption={title}
        series={series}
        granularity={granularity}
        span={{ start: zoom ? zoom[0] : props.start, end: zoom ? zoom[1] : props.end }}
        tc={tc}
        formatValue={formatValue}
        height={Math.max(80, Math.round(props.height))}
      />
    );

  return (
    <div className={css.plot} data-testid="chart-plot">
      <HighchartsReact
        highcharts={Highcharts}
        options={options}
        ref={chartRef}
        updateArgs={[true, true, false]}
        callback={(c: Highcharts.Chart) => props.onChart?.(c)}
        containerProps={{ className: css.container }}
      />
    </div>
  );
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}
