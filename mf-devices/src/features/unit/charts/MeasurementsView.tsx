/**
 * One channel of a unit over a time range: the shared TelemetryChart (raw points, or hourly/daily
 * means with their min–max band), the channel's alarm limits as dashed lines, its markers as
 * vertical lines, x zoom with a reset; under it the channel's markers. A user who may change the
 * unit adds a marker by clicking the chart (at that time) or with Add marker.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ENDPOINTS,
  pathFor,
  queryKeys,
  TELEMETRY_MAX_POINTS,
  type ChannelInfo,
  type Result,
  type UnitDetails,
} from '@fieldwatch/shared';
import {
  chartCss,
  ChartTableToggle,
  fetchTelemetry,
  rangeKey,
  recordsFor,
  resolveRange,
  TelemetryChart,
  TimeRangePicker,
  useChartLabels,
  useChartTheme,
  useElementWidth,
  useValueFormat,
  type ChannelLimits,
  type ChartMarker,
  type ChartSeriesView,
  type TelemetryData,
  type TimeRange,
} from '@fieldwatch/shared/chart';
import { formatDateTime, loadViewLabels, useApiQuery, useRemote, useTimeConfig } from '@fieldwatch/shared/remote';
import { Button, Card, LoadView, Select } from '@fieldwatch/shared/ui';
import { MarkersPanel, type MarkerEditor } from './MarkersPanel';
import { useChannelMarkers } from './markers';
import css from './charts.module.css';

export const CHART_HEIGHT = 320;
const DAY_MS = 24 * 3_600_000;

export function channelLabel(c: ChannelInfo): string {
  return c.UnitOfMeasure ? `${c.ChannelName} (${c.UnitOfMeasure})` : c.ChannelName;
}

export function MeasurementsView(props: {
  unitId: number;
  details: UnitDetails;
  canEdit: boolean;
  channel: ChannelInfo;
  onChannel: (n: number) => void;
  range: TimeRange;
  onRange: (r: TimeRange) => void;
}) {
  const { unitId, details, canEdit, channel, range } = props;
  const n = channel.ChannelID;
  const { t, i18n } = useTranslation('devices');
  const { api } = useRemote();
  const tc = useTimeConfig();
  const theme = useChartTheme();
  const texts = useChartLabels();
  const formatValue = useValueFormat();
  // Until measured: about the plot's width on this screen, so the first request is the right size.
  const [boxRef, width] = useElementWidth<HTMLDivElement>(
    typeof window === 'undefined' ? 600 : Math.max(280, Math.min(window.innerWidth - 40, 600)),
  );
  const records = recordsFor(width, TELEMETRY_MAX_POINTS);

  const tele = useApiQuery(
    queryKeys.unitPart(unitId, 'telemetry', { channel: n, range: rangeKey(range), records }),
    async (): Promise<Result<TelemetryData>> => {
      try {
        return [await fetchTelemetry(api, [{ unitId, channel: n }], resolveRange(range), records), false];
      } catch {
        return [undefined, true];
      }
    },
  );
  // The alarm tab's entry (its unitKeys.limits): a limit saved there moves the lines here.
  const limits = useApiQuery(queryKeys.unitPart(unitId, 'limits', n), () =>
    api.get<ChannelLimits>(pathFor(ENDPOINTS.channelLimits, { id: unitId, n })),
  );
  const markers = useChannelMarkers(unitId, n);

  const [zoom, setZoom] = useState<[number, number] | null>(null);
  const [asTable, setAsTable] = useState(false);
  const rk = rangeKey(range);
  useEffect(() => setZoom(null), [rk, n]);
  const [selected, setSelected] = useState<number | null>(null);
  useEffect(() => setSelected(null), [n]);
  const [editor, setEditor] = useState<MarkerEditor | null>(null);

  // Data of another channel or range (kept while the new one loads) is not this chart's.
  const data = tele.data;
  const fresh = !!data && data.series[0]?.channel === n;
  const series = data?.series[0];
  const view = useMemo((): ChartSeriesView[] => {
    if (!fresh || !series || series.points.length === 0) return [];
    return [
      {
        key: series.key,
        label: channel.ChannelName,
        unitOfMeasure: series.unitOfMeasure || channel.UnitOfMeasure,
        color: theme.palette[0]!,
        points: series.points,
      },
    ];
  }, [fresh, series, channel, theme.palette]);
  const chartMarkers = useMemo(
    (): ChartMarker[] =>
      (markers.data ?? []).map((m) => ({
        at: Date.parse(m.position),
        name: m.name,
        id: m.id,
        locked: m.locked,
        selected: m.id === selected,
      })),
    [markers.data, selected],
  );

  const shown = data ? { start: zoom?.[0] ?? data.start, end: zoom?.[1] ?? data.end } : resolveRange(range);
  const last = series?.points.at(-1);
  const uom = series?.unitOfMeasure || channel.UnitOfMeasure;
  const load = { status: tele.status, data: fresh ? data : undefined, reload: tele.reload };
  const hasLimits = (limits.data?.levels ?? []).some((l) => l.enabled && (l.low !== null || l.high !== null));

  return (
    <>
      <Card
        title={t('unitTabs.charts.chartLabel', { channel: channel.ChannelName })}
        data-testid="measurements"
        flush
      >
        <div className={css.toolbar}>
          <label className={css.field}>
            <span>{t('unitTabs.charts.channel')}</span>
            <Select compact value={String(n)} onChange={(e) => props.onChannel(Number(e.target.value))}>
              {details.Channels.map((c) => (
                <option key={c.ChannelID} value={c.ChannelID}>
                  {channelLabel(c)}
                </option>
              ))}
            </Select>
          </label>
          <TimeRangePicker value={range} onChange={props.onRange} tc={tc} compact={width < 480} />
          <span className={css.spacer} />
          {fresh && last && (
            <span className={css.latest} data-testid="latest-value">
              {t('unitTabs.charts.latest', {
                value: `${formatValue(last.value)}${uom ? ` ${uom}` : ''}`,
                time: formatDateTime(Date.parse(last.ts), tc),
              })}
            </span>
          )}
          <ChartTableToggle asTable={asTable} onToggle={() => setAsTable((v) => !v)} disabled={view.length === 0} />
        </div>
        <div className={css.plotBox} ref={boxRef}>
          <LoadView load={load} labels={loadViewLabels(t, 'unitTabs.charts.')} bare>
            {(d) => (
              <div className={css.plotFrame}>
                <div className={chartCss.corner}>
                  {asTable ? (
                    <span />
                  ) : (
                    <span className={chartCss.cornerNote} data-testid="chart-granularity">
                      {texts.granularity(d.granularity)}
                      {tele.status === 'loading' ? ` · ${texts.updating}` : ''}
                    </span>
                  )}
                  {zoom && (
                    <Button size="small" variant="ghost" onClick={() => setZoom(null)}>
                      {texts.resetZoom}
                    </Button>
                  )}
                </div>
                <TelemetryChart
                  series={view}
                  granularity={d.granularity}
                  start={d.start}
                  end={d.end}
                  zoom={zoom}
                  onZoom={setZoom}
                  limits={limits.data?.levels ?? null}
                  markers={chartMarkers}
                  theme={theme}
                  height={width < 480 ? 240 : CHART_HEIGHT}
                  tc={tc}
                  locale={i18n.language}
                  formatValue={formatValue}
                  labels={texts.chart}
                  title={t('unitTabs.charts.chartLabel', { channel: channel.ChannelName })}
                  asTable={asTable}
                  onPlotClick={canEdit ? (at) => setEditor({ mode: 'add', at }) : undefined}
                  onMarkerClick={(id) => setSelected(id)}
                />
                {view.length === 0 && (
                  <p className={css.noData} data-testid="no-data">
                    {t('unitTabs.charts.noData')}
                  </p>
                )}
              </div>
            )}
          </LoadView>
        </div>
        {hasLimits && <p className={css.note}>{t('unitTabs.charts.limitsNote')}</p>}
      </Card>
      <MarkersPanel
        unitId={unitId}
        unitName={details.UnitName}
        channel={channel}
        canEdit={canEdit}
        markers={markers}
        shown={shown}
        selected={selected}
        onSelect={setSelected}
        editor={editor}
        onEditor={setEditor}
        defaultAt={last ? Date.parse(last.ts) : Math.min(Date.now(), shown.end)}
        onShowMarker={(m) => {
          // A marker outside the range: the day around it.
          const at = Date.parse(m.position);
          props.onRange({ from: new Date(at - DAY_MS / 2).toISOString(), to: new Date(at + DAY_MS / 2).toISOString() });
          setSelected(m.id);
        }}
      />
    </>
  );
}
