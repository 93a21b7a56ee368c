/**
 * XChart, radar mode: a radar unit's scans (analogue and waste sensors). The dates come from
 * xrequest GetRadarDates (newest first); the scan from GET …/legacy/devices/{id}/radar/{channel}
 * ?timestamp=, shown as an area over its distance bins (percent).
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import HighchartsReact from 'highcharts-react-official';
import { apiDateMs, deviceType, ENDPOINTS, pathFor, type AnswerOf, type Unit } from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import { Select } from '@fieldwatch/shared/ui';
import type { WidgetProps } from '../kit/widget-contract';
import { WidgetState } from '../kit/WidgetState';
import { formatDateTime, useTimeConfig } from '../kit/time-format';
import { useWidgetQuery } from '../kit/data/widget-query';
import { UnitPicker } from '../kit/chart/UnitPicker';
import { useChartTheme } from '../kit/chart/theme';
import { useElementHeight, useValueFormat } from '../kit/chart/chart-hooks';
import Highcharts from '../kit/chart/highcharts';
import chartCss from '../kit/chart/chart.module.css';
import css from './charts.module.css';

const RADAR_FAMILIES = new Set(['analog', 'waste']);
export const hasRadar = (u: Pick<Unit, 'UnitType'>) => RADAR_FAMILIES.has(deviceType(u.UnitType)?.family ?? '');

interface RadarDate {
  UnitID: number;
  ChannelID: number;
  RadarDate: string;
}

export function RadarView(props: WidgetProps & { modeSwitch?: React.ReactNode }) {
  const { units, bindings, setBinding, refreshKey, size, modeSwitch } = props;
  const { t } = useTranslation('dashboard');
  const { api } = useRemote();
  const tc = useTimeConfig();
  const theme = useChartTheme();
  const fmt = useValueFormat(1);

  const radarUnits = useMemo(() => {
    const byId = new Map(units.map((u) => [u.UnitID, u]));
    return bindings.units.map((id) => byId.get(id)).filter((u): u is Unit => !!u && hasRadar(u));
  }, [units, bindings.units]);
  const [unitId, setUnitId] = useState<number | null>(null);
  const unit = radarUnits.find((u) => u.UnitID === unitId) ?? radarUnits[0];

  const dates = useWidgetQuery(
    ['radarDates', unit?.UnitID ?? null],
    async () => (unit ? api.legacy<RadarDate>('GetRadarDates', { UnitID: unit.UnitID }) : []),
    refreshKey,
  );
  const [pickedDate, setPickedDate] = useState<string | null>(null);
  useEffect(() => setPickedDate(null), [unit?.UnitID]);
  const list = dates.data ?? [];
  const current = list.find((d) => d.RadarDate === pickedDate) ?? list[0];

  const scan = useWidgetQuery(
    ['radarScan', unit?.UnitID ?? null, current?.ChannelID ?? null, current?.RadarDate ?? null],
    async () => {
      if (!unit || !current) return null;
      const [data, failed] = await api.get<AnswerOf<typeof ENDPOINTS.radar>>(
        pathFor(ENDPOINTS.radar, { id: unit.UnitID, channel: current.ChannelID }),
        { timestamp: new Date(apiDateMs(current.RadarDate)).toISOString() },
      );
      if (failed) throw new Error('radar scan request failed');
      return data ?? null;
    },
    refreshKey,
  );

  const [plotRef, plotHeight] = useElementHeight<HTMLDivElement>(Math.max(120, size.height - 80));

  const options = useMemo((): Highcharts.Options | null => {
    const s = scan.data;
    if (!s) return null;
    const axis = { color: theme.muted, fontSize: '11px' };
    return {
      accessibility: { enabled: false },
      credits: { enabled: false },
      title: { text: undefined },
      legend: { enabled: false },
      chart: { backgroundColor: 'transparent', height: Math.max(80, plotHeight), animation: false, style: { fontFamily: theme.font } },
      xAxis: {
        title: { text: t('widgets.charts.radar.bin'), style: axis },
        labels: { style: axis },
        lineColor: theme.border,
        tickColor: theme.border,
        allowDecimals: false,
      },
      yAxis: {
        title: { text: '%', style: axis },
        labels: { style: axis },
        gridLineColor: theme.grid,
        min: 0,
        softMax: 100,
      },
      tooltip: {
        backgroundColor: theme.surface2,
        borderColor: theme.border,
        style: { color: theme.text },
        formatter(this: Highcharts.Point) {
          return `${t('widgets.charts.radar.bin')} ${String(this.x)}: <b>${fmt(Number(this.y))} %</b>`;
        },
      },
      plotOptions: { series: { animation: false } },
      series: [
        {
          type: 'areaspline',
          name: t('widgets.charts.radar.title'),
          data: s.data.map((v, i) => [i + 1, v]),
          color: theme.palette[0],
          fillOpacity: 0.25,
          lineWidth: 1.5,
          marker: { enabled: false },
        },
      ],
    };
  }, [scan.data, theme, plotHeight, t, fmt]);

  const toolbar = (
    <div className={css.toolbar}>
      {modeSwitch}
      {radarUnits.length > 1 && (
        <Select compact aria-label={t('widgets.charts.radar.unit')} value={String(unit?.UnitID ?? '')} onChange={(e) => setUnitId(Number(e.target.value))}>
          {radarUnits.map((u) => (
            <option key={u.UnitID} value={u.UnitID}>
              {u.UnitName}
            </option>
          ))}
        </Select>
      )}
      {radarUnits.length === 1 && unit && <span className={chartCss.muted}>{unit.UnitName}</span>}
      {list.length > 0 && (
        <Select compact aria-label={t('widgets.charts.radar.date')} value={current?.RadarDate ?? ''} onChange={(e) => setPickedDate(e.target.value)}>
          {list.map((d) => (
            <option key={`${d.ChannelID}-${d.RadarDate}`} value={d.RadarDate}>
              {formatDateTime(apiDateMs(d.RadarDate), tc)}
            </option>
          ))}
        </Select>
      )}
    </div>
  );

  let body: React.ReactNode;
  if (!unit)
    body = (
      <WidgetState kind="empty" title={t('widgets.charts.radar.noUnits')}>
        <UnitPicker units={units} max={1} filter={hasRadar} onPick={(ids) => setBinding('units', ids)} />
      </WidgetState>
    );
  else if (dates.status === 'error')
    body = <WidgetState kind="error" title={t('widgets.chart.error')} retryLabel={t('widgets.chart.retry')} onRetry={dates.reload} />;
  else if (dates.status === 'loading' && !dates.data) body = <WidgetState kind="loading" label={t('widgets.chart.loading')} />;
  else if (list.length === 0) body = <WidgetState kind="empty" title={t('widgets.charts.radar.noScans')} />;
  else if (scan.status === 'error')
    body = <WidgetState kind="error" title={t('widgets.chart.error')} retryLabel={t('widgets.chart.retry')} onRetry={scan.reload} />;
  else if (!options) body = <WidgetState kind="loading" label={t('widgets.chart.loading')} />;
  else
    body = (
      <div className={chartCss.plot} data-testid="radar-plot">
        <HighchartsReact highcharts={Highcharts} options={options} updateArgs={[true, true, false]} />
      </div>
    );

  return (
    <div className={css.root} data-testid="charts-radar">
      {toolbar}
      <div className={css.body} ref={plotRef}>
        {body}
      </div>
    </div>
  );
}
