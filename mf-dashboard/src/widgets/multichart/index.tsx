/**
 * multichart: one small chart per unit of the link group (or picked here), all of the same channel
 * name (e.g. "PT 1"), over the group's shared time range; zoom and crosshair are synchronised across
 * the small charts. settings.channelName: the chosen channel name.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chartChannels, defaultChartChannel, TELEMETRY_MAX_POINTS, type ChannelInfo } from '@fieldwatch/shared';
import { Button, Select } from '@fieldwatch/shared/ui';
import type { WidgetProps } from '../kit/widget-contract';
import { WidgetState } from '../kit/WidgetState';
import { useTimeConfig } from '../kit/time-format';
import { downloadCsv } from '../kit/csv-download';
import {
  chartCss,
  chartCsv,
  ChartTableToggle,
  type Highcharts,
  rangeKey,
  recordsFor,
  refKey,
  type ChartSeriesView,
  type SeriesRef,
  TelemetryChart,
  TimeRangePicker,
  useChartLabels,
  useChartTheme,
  useValueFormat,
} from '@fieldwatch/shared/chart';
import { UnitPicker } from '../kit/chart/UnitPicker';
import { useTelemetry, useUnitChannels } from '../kit/chart/telemetry-queries';
import { unitLabels } from '../kit/unit-label';
import css from './multichart.module.css';

export interface MultichartSettings {
  channelName: string;
}

/** Most small charts in one widget. */
export const MAX_CHARTS = 12;
const CELL_MIN_WIDTH = 220;
const CELL_MIN_HEIGHT = 96;
const HEAD_HEIGHT = 20;

const norm = (s: string) => s.trim().toLowerCase();

/** Channel names over the units, most common first (ties: first seen). */
export function channelNames(map: Map<number, ChannelInfo[]>, ids: readonly number[]): string[] {
  const count = new Map<string, { name: string; n: number; first: number }>();
  let i = 0;
  for (const id of ids)
    for (const c of map.get(id) ?? []) {
      const k = norm(c.ChannelName);
      const hit = count.get(k);
      if (hit) hit.n += 1;
      else count.set(k, { name: c.ChannelName, n: 1, first: i++ });
    }
  return [...count.values()].sort((a, b) => b.n - a.n || a.first - b.first).map((c) => c.name);
}

export default function MultichartWidget(props: WidgetProps<MultichartSettings>) {
  const { units, bindings, setBinding, refreshKey, size, widget, updateSettings } = props;
  const { t, i18n } = useTranslation('dashboard');
  const tc = useTimeConfig();
  const theme = useChartTheme();
  const formatValue = useValueFormat();

  const unitById = useMemo(() => new Map(units.map((u) => [u.UnitID, u])), [units]);
  const bound = useMemo(() => bindings.units.filter((id) => unitById.has(id)), [bindings.units, unitById]);
  const ids = useMemo(() => bound.slice(0, MAX_CHARTS), [bound]);
  const channels = useUnitChannels(ids, refreshKey);
  // Each unit offers the channels its type has.
  const channelMap = useMemo(
    () =>
      channels.data &&
      new Map([...channels.data].map(([id, list]) => [id, chartChannels(unitById.get(id)?.UnitType, list)])),
    [channels.data, unitById],
  );
  const unitNames = useMemo(() => unitLabels(units), [units]);

  const names = useMemo(() => (channelMap ? channelNames(channelMap, ids) : []), [channelMap, ids]);
  const chosen = widget.settings.channelName;
  const channelName = useMemo(() => {
    if (chosen && names.some((n) => norm(n) === norm(chosen))) return chosen;
    if (!channelMap) return chosen ?? '';
    for (const id of ids) {
      const d = defaultChartChannel(unitById.get(id)?.UnitType, channelMap.get(id));
      if (d) return d.ChannelName;
    }
    return names[0] ?? '';
  }, [chosen, names, channelMap, ids, unitById]);

  /** Each unit's channel of that name (undefined: the unit has none). */
  const perUnit = useMemo(
    () =>
      ids.map((id) => ({
        id,
        channel: channelMap?.get(id)?.find((c) => norm(c.ChannelName) === norm(channelName)),
      })),
    [ids, channelMap, channelName],
  );
  const refs = useMemo(
    (): SeriesRef[] => perUnit.filter((p) => p.channel).map((p) => ({ unitId: p.id, channel: p.channel!.ChannelID })),
    [perUnit],
  );

  const cols = Math.max(1, Math.min(ids.length || 1, Math.floor(Math.max(size.width - 24, CELL_MIN_WIDTH) / CELL_MIN_WIDTH)));
  const rows = Math.ceil(ids.length / cols) || 1;
  const bodyHeight = Math.max(CELL_MIN_HEIGHT, size.height - 56);
  const chartHeight = Math.max(CELL_MIN_HEIGHT - HEAD_HEIGHT, Math.floor((bodyHeight - (rows - 1) * 8) / rows) - HEAD_HEIGHT - 6);
  const records = recordsFor(size.width / cols, TELEMETRY_MAX_POINTS);
  const tele = useTelemetry(refs, bindings.timeRange, records, refreshKey);

  const [zoom, setZoom] = useState<[number, number] | null>(null);
  const [asTable, setAsTable] = useState(false);
  const rk = rangeKey(bindings.timeRange);
  useEffect(() => setZoom(null), [rk]);

  // ── synchronised crosshair: the hovered chart's time shown on every other chart
  const charts = useRef(new Map<number, Highcharts.Chart>());
  const sync = useCallback((source: number, e: React.MouseEvent) => {
    const src = charts.current.get(source);
    if (!src?.pointer || !src.xAxis[0]) return;
    const x = src.xAxis[0].toValue(src.pointer.normalize(e.nativeEvent).chartX);
    for (const [id, c] of charts.current) {
      if (id === source) continue;
      const s = c.series.find((x2) => x2.type === 'line');
      const pts = s?.points ?? [];
      if (!pts.length) continue;
      let lo = 0;
      let hi = pts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((pts[mid]!.x as number) < x) lo = mid + 1;
        else hi = mid;
      }
      const p = lo > 0 && Math.abs((pts[lo - 1]!.x as number) - x) < Math.abs((pts[lo]!.x as number) - x) ? pts[lo - 1]! : pts[lo]!;
      try {
        p.onMouseOver();
        c.xAxis[0]?.drawCrosshair(undefined, p);
      } catch {
        /* a chart being redrawn */
      }
    }
  }, []);
  const unsync = useCallback(() => {
    for (const c of charts.current.values()) {
      try {
        c.pointer?.reset(false, 0);
        c.xAxis[0]?.hideCrosshair();
      } catch {
        /* ignore */
      }
    }
  }, []);

  const chartTexts = useChartLabels();
  const labels = chartTexts.chart;

  const fresh = !!tele.data && tele.data.series.map((s) => s.key).join(',') === refs.map(refKey).join(',');
  const data = fresh || (tele.status === 'loading' && (tele.data?.series.length ?? 0) > 0) ? tele.data : undefined;
  const byUnit = useMemo(() => new Map((data?.series ?? []).map((s) => [s.unitId, s])), [data]);
  const color = theme.palette[0]!;
  const views = useMemo(() => {
    const m = new Map<number, ChartSeriesView>();
    for (const s of data?.series ?? [])
      m.set(s.unitId, {
        key: s.key,
        label: unitNames.get(s.unitId) ?? `#${s.unitId}`,
        unitOfMeasure: s.unitOfMeasure,
        color,
        points: s.points,
      });
    return m;
  }, [data, unitNames, color]);

  const exportCsv = () => {
    if (!data) return;
    const span = zoom ? { start: zoom[0], end: zoom[1] } : { start: data.start, end: data.end };
    const list = [...views.values()].map((v) => ({ ...v, label: `${v.label} · ${channelName}` }));
    downloadCsv(
      widget.name || channelName || 'multichart',
      chartCsv(list, data.granularity, span, tc, chartTexts.csv),
    );
  };

  if (ids.length === 0)
    return (
      <div className={css.root} data-testid="multichart-widget">
        <div className={css.body}>
          <WidgetState kind="empty" title={t('widgets.chart.noUnits')}>
            <UnitPicker units={units} max={MAX_CHARTS} onPick={(picked) => setBinding('units', picked)} />
          </WidgetState>
        </div>
      </div>
    );

  let body: React.ReactNode;
  if (channels.status === 'error' && !channelMap)
    body = <WidgetState kind="error" title={t('widgets.chart.error')} retryLabel={t('widgets.chart.retry')} onRetry={channels.reload} />;
  else if ((channels.status === 'loading' && !channelMap) || (refs.length > 0 && !data && tele.status !== 'error'))
    body = <WidgetState kind="loading" label={t('widgets.chart.loading')} />;
  else if (names.length === 0) body = <WidgetState kind="empty" title={t('widgets.chart.noChannels')} />;
  else if (tele.status === 'error' && !data)
    body = <WidgetState kind="error" title={t('widgets.chart.error')} retryLabel={t('widgets.chart.retry')} onRetry={tele.reload} />;
  else
    body = (
      <div className={css.grid} style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))` }} role="list" aria-label={t('widgets.multichart.charts')}>
        {perUnit.map(({ id, channel }) => {
          const unit = unitById.get(id);
          const s = byUnit.get(id);
          const view = views.get(id);
          const last = s?.points.at(-1);
          return (
            <div key={id} className={css.cell} role="listitem" data-testid="multichart-cell" onMouseMove={(e) => sync(id, e)} onMouseLeave={unsync}>
              <div className={css.cellHead} data-testid="chart-series">
                <button type="button" className={css.cellName} title={unitNames.get(id)} onClick={() => setBinding('units', [id])}>
                  {unit ? unitNames.get(id) : `#${id}`}
                </button>
                {last && (
                  <span className={css.cellValue}>
                    {formatValue(last.value)}
                    {s?.unitOfMeasure ? ` ${s.unitOfMeasure}` : ''}
                  </span>
                )}
              </div>
              {!channel ? (
                <div className={css.cellEmpty} style={{ height: chartHeight }}>
                  {t('widgets.multichart.noChannel', { channel: channelName })}
                </div>
              ) : !view || view.points.length === 0 || s?.failed ? (
                <div className={css.cellEmpty} style={{ height: chartHeight }}>
                  {s?.failed ? t('widgets.chart.error') : t('widgets.multichart.noData')}
                </div>
              ) : (
                <TelemetryChart
                  series={[view]}
                  granularity={data!.granularity}
                  start={data!.start}
                  end={data!.end}
                  zoom={zoom}
                  onZoom={setZoom}
                  theme={theme}
                  height={chartHeight}
                  compact
                  tc={tc}
                  locale={i18n.language}
                  formatValue={formatValue}
                  labels={labels}
                  title={`${unit ? unitNames.get(id) : `#${id}`} · ${channelName}`}
                  asTable={asTable}
                  onChart={(c) => {
                    if (c) charts.current.set(id, c);
                    else charts.current.delete(id);
                  }}
                />
              )}
            </div>
          );
        })}
      </div>
    );

  return (
    <div className={css.root} data-testid="multichart-widget">
      <div className={css.toolbar}>
        {names.length > 0 && (
          <Select
            compact
            aria-label={t('widgets.multichart.channel')}
            value={names.find((n) => norm(n) === norm(channelName)) ?? ''}
            onChange={(e) => updateSettings({ channelName: e.target.value })}
          >
            {names.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        )}
        <TimeRangePicker value={bindings.timeRange} onChange={(r) => setBinding('timeRange', r)} tc={tc} compact={size.width < 560} />
        {data && (
          <span className={css.note} data-testid="chart-granularity">
            {chartTexts.granularity(data.granularity)}
            {tele.status === 'loading' ? ` · ${chartTexts.updating}` : ''}
          </span>
        )}
        <span className={css.spacer} />
        {zoom && (
          <Button size="small" variant="ghost" onClick={() => setZoom(null)}>
            {chartTexts.resetZoom}
          </Button>
        )}
        <ChartTableToggle asTable={asTable} onToggle={() => setAsTable((v) => !v)} disabled={!data || views.size === 0} />
        <Button size="small" variant="ghost" onClick={exportCsv} disabled={!data || views.size === 0} title={t('widgets.chart.csvTitle')}>
          {t('widgets.chart.csv')}
        </Button>
      </div>
      {bound.length > MAX_CHARTS && <p className={chartCss.muted}>{t('widgets.chart.firstUnits', { n: MAX_CHARTS, total: bound.length })}</p>}
      <div className={css.body}>{body}</div>
    </div>
  );
}
