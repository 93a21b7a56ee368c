/**
 * XChart, telemetry mode: the link group's units (or ones picked here), one series per unit ×
 * channel (the group's channel binding, else each unit's first analogue/PT channel), over the
 * group's time range. Several units of measure: one y-axis each. One series: its alarm limits.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chartChannels, defaultChartChannel, TELEMETRY_MAX_POINTS, type ChannelInfo } from '@fieldwatch/shared';
import { Button } from '@fieldwatch/shared/ui';
import type { WidgetProps } from '../kit/widget-contract';
import { WidgetState } from '../kit/WidgetState';
import { useTimeConfig } from '../kit/time-format';
import { downloadCsv } from '../kit/csv-download';
import {
  chartCss,
  chartCsv,
  ChartTableToggle,
  parseRefKey,
  rangeKey,
  recordsFor,
  refKey,
  SeriesLegend,
  TelemetryChart,
  TimeRangePicker,
  useChartLabels,
  useChartTheme,
  useElementHeight,
  useValueFormat,
  type ChartSeriesView,
  type LegendEntry,
  type SeriesRef,
} from '@fieldwatch/shared/chart';
import { UnitPicker } from '../kit/chart/UnitPicker';
import { useChannelLimits, useMarkers, useTelemetry, useUnitChannels } from '../kit/chart/telemetry-queries';
import { useUnitLabel } from '../kit/unit-label';
import { widgetTitle } from '../../dashboard/grid/widget-names';
import css from './charts.module.css';

/** Most units charted at once, and most series. */
export const MAX_UNITS = 8;
export const MAX_SERIES = 12;
/** Markers are fetched for this few series at most (plot lines of many series would be noise). */
const MARKERS_MAX_SERIES = 3;

export function TelemetryView(props: WidgetProps & { modeSwitch?: React.ReactNode }) {
  const { units, bindings, setBinding, refreshKey, size, widget, modeSwitch } = props;
  const { t, i18n } = useTranslation('dashboard');
  const tc = useTimeConfig();
  const theme = useChartTheme();
  const formatValue = useValueFormat();

  const unitById = useMemo(() => new Map(units.map((u) => [u.UnitID, u])), [units]);
  const bound = useMemo(() => bindings.units.filter((id) => unitById.has(id)), [bindings.units, unitById]);
  const ids = useMemo(() => bound.slice(0, MAX_UNITS), [bound]);

  const channels = useUnitChannels(ids, refreshKey);
  // Each unit offers the channels its type has (a CO2 sensor no "Analogue 1 (mA)" input).
  const channelMap = useMemo(
    () =>
      channels.data &&
      new Map([...channels.data].map(([id, list]) => [id, chartChannels(unitById.get(id)?.UnitType, list)])),
    [channels.data, unitById],
  );
  const unitLabel = useUnitLabel(units);

  /** The series: chosen channels of the charted units, else each unit's default one. */
  const refs = useMemo((): SeriesRef[] => {
    if (!channelMap) return [];
    const chosen = bindings.channels.map(parseRefKey).filter((r): r is SeriesRef => !!r);
    const out: SeriesRef[] = [];
    for (const id of ids) {
      const list = channelMap.get(id) ?? [];
      const mine = chosen.filter((r) => r.unitId === id && list.some((c) => c.ChannelID === r.channel));
      if (mine.length) out.push(...mine);
      else {
        const d = defaultChartChannel(unitById.get(id)?.UnitType, list);
        if (d) out.push({ unitId: id, channel: d.ChannelID });
      }
    }
    return out.slice(0, MAX_SERIES);
  }, [channelMap, bindings.channels, ids, unitById]);

  const records = recordsFor(size.width, TELEMETRY_MAX_POINTS);
  const tele = useTelemetry(refs, bindings.timeRange, records, refreshKey);
  const limits = useChannelLimits(refs.length === 1 ? refs[0]! : null, refreshKey);
  const markerMap = useMarkers(refs.length <= MARKERS_MAX_SERIES ? refs : [], refreshKey);

  const [zoom, setZoom] = useState<[number, number] | null>(null);
  const [asTable, setAsTable] = useState(false);
  const rk = rangeKey(bindings.timeRange);
  useEffect(() => setZoom(null), [rk]);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback(
    (key: string) =>
      setHidden((h) => {
        const n = new Set(h);
        if (n.has(key)) n.delete(key);
        else n.add(key);
        return n;
      }),
    [],
  );

  const [plotRef, plotHeight] = useElementHeight<HTMLDivElement>(Math.max(120, size.height - 96));

  const channelName = useCallback(
    (unitId: number, ch: number, fallback: string) =>
      channelMap?.get(unitId)?.find((c) => c.ChannelID === ch)?.ChannelName || fallback || t('widgets.chart.channelN', { n: ch }),
    [channelMap, t],
  );

  const entries = useMemo((): LegendEntry[] => {
    const data = tele.data;
    if (!data) return [];
    return data.series.map((s, i) => {
      const unit = unitById.get(s.unitId);
      const uom = s.unitOfMeasure || channelMap?.get(s.unitId)?.find((c) => c.ChannelID === s.channel)?.UnitOfMeasure || '';
      return {
        key: s.key,
        label: `${unit ? unitLabel(s.unitId) : `#${s.unitId}`} · ${channelName(s.unitId, s.channel, s.name)}`,
        unitOfMeasure: uom,
        color: theme.palette[i % theme.palette.length]!,
        points: s.points,
        hidden: hidden.has(s.key),
        empty: s.points.length === 0,
        failed: s.failed,
      };
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- unitLabel follows units
  }, [tele.data, unitById, channelMap, channelName, theme.palette, hidden, units]);

  const shown = useMemo((): ChartSeriesView[] => entries.filter((e) => !e.hidden && e.points.length > 0), [entries]);
  const markers = useMemo(() => {
    const out: Array<{ at: number; name: string }> = [];
    for (const r of refs) for (const m of markerMap.get(refKey(r)) ?? []) out.push({ at: Date.parse(m.position), name: m.name });
    return out;
  }, [markerMap, refs]);
  const chartTexts = useChartLabels();
  const labels = chartTexts.chart;

  const setChannels = (unitId: number, list: ChannelInfo[], on: Set<number>) => {
    const others = refs.filter((r) => r.unitId !== unitId).map(refKey);
    const mine = list.filter((c) => on.has(c.ChannelID)).map((c) => refKey({ unitId, channel: c.ChannelID }));
    setBinding('channels', [...others, ...mine]);
  };

  const exportCsv = () => {
    const data = tele.data;
    if (!data) return;
    const span = zoom ? { start: zoom[0], end: zoom[1] } : { start: data.start, end: data.end };
    const csv = chartCsv(shown, data.granularity, span, tc, chartTexts.csv);
    downloadCsv(widget.name || t('widgets.charts.csvName'), csv);
  };

  // ── no units: say where units come from, and offer to pick some here
  if (ids.length === 0)
    return (
      <div className={css.root} data-testid="charts-widget">
        {modeSwitch && <div className={css.toolbar}>{modeSwitch}</div>}
        <div className={css.body}>
          <WidgetState kind="empty" title={t('widgets.chart.noUnits')}>
            <UnitPicker
              units={units}
              max={MAX_UNITS}
              onPick={(picked) => setBinding('units', picked)}
            />
          </WidgetState>
        </div>
      </div>
    );

  const loading = channels.status === 'loading' && !channelMap;
  // Data of other series than the current ones (channels being resolved, a unit added) is stale:
  // shown only while reloading, and only if it had something to show.
  const fresh = !!tele.data && tele.data.series.map((s) => s.key).join(',') === refs.map(refKey).join(',');
  const data = fresh || (tele.status === 'loading' && (tele.data?.series.length ?? 0) > 0) ? tele.data : undefined;
  const allEmpty = !!data && data.series.every((s) => s.points.length === 0);
  const granularityNote = data
    ? chartTexts.granularity(data.granularity)
    : null;

  let body: React.ReactNode;
  if (channels.status === 'error' && !channelMap)
    body = (
      <WidgetState kind="error" title={t('widgets.chart.error')} retryLabel={t('widgets.chart.retry')} onRetry={channels.reload} />
    );
  else if (loading) body = <WidgetState kind="loading" label={t('widgets.chart.loading')} />;
  else if (channelMap && refs.length === 0)
    body = <WidgetState kind="empty" title={t('widgets.chart.noChannels')} />;
  else if (!data && tele.status !== 'error') body = <WidgetState kind="loading" label={t('widgets.chart.loading')} />;
  else if (tele.status === 'error' && !data)
    body = <WidgetState kind="error" title={t('widgets.chart.error')} retryLabel={t('widgets.chart.retry')} onRetry={tele.reload} />;
  else if (allEmpty)
    body = (
      <WidgetState kind="empty" title={t('widgets.chart.noData')}>
        {t('widgets.chart.noDataHint')}
      </WidgetState>
    );
  else if (data)
    body = (
      <>
        <div className={chartCss.corner}>
          {asTable ? (
            <span />
          ) : (
            <span className={chartCss.cornerNote} data-testid="chart-granularity">
              {granularityNote}
              {tele.status === 'loading' ? ` · ${chartTexts.updating}` : ''}
            </span>
          )}
          {zoom && (
            <Button size="small" variant="ghost" onClick={() => setZoom(null)}>
              {chartTexts.resetZoom}
            </Button>
          )}
        </div>
        <TelemetryChart
          series={shown}
          granularity={data.granularity}
          start={data.start}
          end={data.end}
          zoom={zoom}
          onZoom={setZoom}
          limits={refs.length === 1 ? (limits?.levels ?? null) : null}
          markers={markers}
          theme={theme}
          height={plotHeight}
          tc={tc}
          locale={i18n.language}
          formatValue={formatValue}
          labels={labels}
          title={widgetTitle(t, widget)}
          asTable={asTable}
        />
      </>
    );

  return (
    <div className={css.root} data-testid="charts-widget">
      <div className={css.toolbar}>
        {modeSwitch}
        {channelMap && (
          <details className={css.channels}>
            <summary>{t('widgets.chart.channels', { n: refs.length })}</summary>
            <div className={css.channelMenu}>
              {ids.map((id) => {
                const list = channelMap.get(id) ?? [];
                const on = new Set(refs.filter((r) => r.unitId === id).map((r) => r.channel));
                return (
                  <fieldset key={id} className={css.channelGroup}>
                    <legend>{unitLabel(id)}</legend>
                    {list.length === 0 && <span className={chartCss.muted}>{t('widgets.chart.noChannels')}</span>}
                    {list.map((c) => (
                      <label key={c.ChannelID} className={css.channelItem}>
                        <input
                          type="checkbox"
                          checked={on.has(c.ChannelID)}
                          disabled={!on.has(c.ChannelID) && refs.length >= MAX_SERIES}
                          onChange={() => {
                            const next = new Set(on);
                            if (next.has(c.ChannelID)) next.delete(c.ChannelID);
                            else next.add(c.ChannelID);
                            setChannels(id, list, next);
                          }}
                        />
                        <span>{c.ChannelName}</span>
                        {c.UnitOfMeasure && <span className={css.channelUom}>{c.UnitOfMeasure}</span>}
                      </label>
                    ))}
                  </fieldset>
                );
              })}
            </div>
          </details>
        )}
        {/* After the Channels button: a custom range's fields open here without moving it. */}
        <TimeRangePicker value={bindings.timeRange} onChange={(r) => setBinding('timeRange', r)} tc={tc} compact={size.width < 520} />
        <span className={css.spacer} />
        <ChartTableToggle asTable={asTable} onToggle={() => setAsTable((v) => !v)} disabled={!data || allEmpty} />
        <Button size="small" variant="ghost" onClick={exportCsv} disabled={!data || shown.length === 0} title={t('widgets.chart.csvTitle')}>
          {t('widgets.chart.csv')}
        </Button>
      </div>
      {bound.length > MAX_UNITS && <p className={css.note}>{t('widgets.chart.firstUnits', { n: MAX_UNITS, total: bound.length })}</p>}
      <div className={css.body} ref={plotRef}>
        {body}
      </div>
      {data && !allEmpty && entries.length > 0 && <SeriesLegend entries={entries} onToggle={toggle} formatValue={formatValue} />}
    </div>
  );
}

