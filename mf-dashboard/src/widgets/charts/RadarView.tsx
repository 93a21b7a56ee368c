/**
 * XChart, radar mode: a radar unit's scans (analogue and waste sensors). The dates come from
 * xrequest GetRadarDates (newest first); the scan from GET …/legacy/devices/{id}/radar/{channel}
 * ?timestamp=, shown as an area over its distance bins (percent) — the shared kit's RadarChart.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiDateMs, deviceType, type Unit } from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import { Select } from '@fieldwatch/shared/ui';
import {
  chartCss,
  fetchRadarDates,
  fetchRadarScan,
  ChartTableToggle,
  RadarChart,
  useChartTheme,
  useElementHeight,
  useValueFormat,
} from '@fieldwatch/shared/chart';
import type { WidgetProps } from '../kit/widget-contract';
import { WidgetState } from '../kit/WidgetState';
import { formatDateTime, useTimeConfig } from '../kit/time-format';
import { useWidgetQuery } from '../kit/data/widget-query';
import { UnitPicker } from '../kit/chart/UnitPicker';
import css from './charts.module.css';

const RADAR_FAMILIES = new Set(['analog', 'waste']);
export const hasRadar = (u: Pick<Unit, 'UnitType'>) => RADAR_FAMILIES.has(deviceType(u.UnitType)?.family ?? '');

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
    async () => (unit ? fetchRadarDates(api, unit.UnitID) : []),
    refreshKey,
  );
  const [pickedDate, setPickedDate] = useState<string | null>(null);
  useEffect(() => setPickedDate(null), [unit?.UnitID]);
  const list = dates.data ?? [];
  const current = list.find((d) => d.RadarDate === pickedDate) ?? list[0];

  const scan = useWidgetQuery(
    ['radarScan', unit?.UnitID ?? null, current?.ChannelID ?? null, current?.RadarDate ?? null],
    async () => (unit && current ? fetchRadarScan(api, unit.UnitID, current) : null),
    refreshKey,
  );

  const [plotRef, plotHeight] = useElementHeight<HTMLDivElement>(Math.max(120, size.height - 80));

  const [asTable, setAsTable] = useState(false);
  const title = unit && current ? `${t('widgets.charts.radar.title')}: ${unit.UnitName}, ${formatDateTime(apiDateMs(current.RadarDate), tc)}` : undefined;

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
      <span className={css.spacer} />
      <ChartTableToggle asTable={asTable} onToggle={() => setAsTable((v) => !v)} disabled={!scan.data} />
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
  else if (!scan.data) body = <WidgetState kind="loading" label={t('widgets.chart.loading')} />;
  else body = <RadarChart scan={scan.data} theme={theme} height={plotHeight} formatValue={fmt} title={title} asTable={asTable} />;

  return (
    <div className={css.root} data-testid="charts-radar">
      {toolbar}
      <div className={css.body} ref={plotRef}>
        {body}
      </div>
    </div>
  );
}
