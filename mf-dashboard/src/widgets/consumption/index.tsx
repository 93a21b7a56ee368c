/**
 * consumption: the pulse (meter) units' consumption per day over the last 7 or 30 days, summed,
 * as bars, with the total and the daily mean. Each unit's day rollups come from
 * GET /api/v3/device/devices/{id}/data over a range longer than 92 days (day granularity: ≤ 93
 * points per channel); at most MAX_UNITS units are asked (the group's selected pulse units first).
 * A meter channel that never falls is a counter (a day's use = its rise); otherwise the values
 * are pulses per reading (a day's use = mean × count).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import moment from 'moment';
import {
  type AnswerOf,
  type ChannelSeries,
  DAY_MS,
  type DeviceData,
  deviceType,
  ENDPOINTS,
  pathFor,
  type Unit,
} from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import { Segmented } from '@fieldwatch/shared/ui';
import type { WidgetProps } from '../kit/widget-contract';
import { WidgetState } from '../kit/WidgetState';
import { formatDate, useTimeConfig } from '../kit/time-format';
import { useWidgetQuery } from '../kit/data/widget-query';
import { kpiPending } from '../kit/kpi/states';
import { Histogram } from '../kit/kpi/Histogram';
import { useNumberFormat } from '../kit/kpi/number-format';
import { kpiCss as css, Note, Stat } from '../kit/kpi/parts';

export const MAX_UNITS = 20;
/** Longer than HOUR_MAX_RANGE_MS (92 days), so the server answers day rollups. */
const FETCH_DAYS = 93;
export const CONSUMPTION_DAYS = [7, 30] as const;
export interface ConsumptionSettings {
  days?: (typeof CONSUMPTION_DAYS)[number];
}

const isPulseUnit = (u: Unit) => deviceType(u.UnitType)?.family === 'pulse';

export function meterChannel(data: DeviceData): ChannelSeries | undefined {
  const tests = [
    (c: ChannelSeries) => /pulse|puls|consum|forbrug|verbrauch|förbrukning|volume|flow|meter|energy/i.test(c.name),
    (c: ChannelSeries) => /^(m³|m3|l|kwh|mwh|wh|gj)$/i.test(c.unitOfMeasure.trim()),
  ];
  for (const test of tests) {
    const hit = data.channels.find(test);
    if (hit) return hit;
  }
  return undefined;
}

/** Consumption per UTC day (YYYY-MM-DD) of one channel's day series. */
export function perDay(series: ChannelSeries): Map<string, number> {
  const pts = series.points;
  const out = new Map<string, number>();
  // A counter never falls: each day starts at or above where the day before ended.
  const counter =
    pts.length > 1 &&
    pts[pts.length - 1]!.max > pts[0]!.min &&
    pts.every((p, i) => i === 0 || p.min >= pts[i - 1]!.max);
  pts.forEach((p, i) => {
    const day = p.ts.slice(0, 10);
    const use = counter ? (i === 0 ? p.max - p.min : p.max - pts[i - 1]!.max) : p.value * p.count;
    out.set(day, (out.get(day) ?? 0) + Math.max(0, use));
  });
  return out;
}

export default function ConsumptionWidget(props: WidgetProps<ConsumptionSettings>) {
  const { units, bindings, refreshKey, widget, updateSettings } = props;
  const { t } = useTranslation('dashboard');
  const { api } = useRemote();
  const num = useNumberFormat();
  const tc = useTimeConfig();
  const days = widget.settings.days === 30 ? 30 : 7;

  const pulse = useMemo(() => units.filter(isPulseUnit), [units]);
  const asked = useMemo(() => {
    const selected = new Set(bindings.units);
    const first = pulse.filter((u) => selected.has(u.UnitID));
    const rest = pulse.filter((u) => !selected.has(u.UnitID));
    return [...first, ...rest].slice(0, MAX_UNITS);
  }, [pulse, bindings.units]);

  const askedKey = asked.map((u) => u.UnitID).join(',');
  const load = useWidgetQuery(['consumption', askedKey], async () => {
    const end = new Date();
    const start = new Date(end.getTime() - FETCH_DAYS * DAY_MS);
    const answers = await Promise.all(
      asked.map((u) =>
        api.get<AnswerOf<typeof ENDPOINTS.deviceData>>(pathFor(ENDPOINTS.deviceData, { id: u.UnitID }), {
          start: start.toISOString(),
          end: end.toISOString(),
        }),
      ),
    );
    // No data is a 404 ("No measurement data found"): a unit without data, not a failure — unless all fail.
    if (answers.length > 0 && answers.every(([, failed]) => failed)) throw new Error('every request failed');
    const total = new Map<string, number>();
    let unitOfMeasure = '';
    let meters = 0;
    for (const [data, failed] of answers) {
      if (failed || !data) continue;
      const ch = meterChannel(data);
      if (!ch) continue;
      meters += 1;
      unitOfMeasure ||= ch.unitOfMeasure;
      for (const [day, v] of perDay(ch)) total.set(day, (total.get(day) ?? 0) + v);
    }
    return { total, unitOfMeasure, meters };
  }, refreshKey);

  const view = useMemo(() => {
    if (!load.data) return null;
    const today = moment.utc();
    const list = Array.from({ length: days }, (_, i) => {
      const day = today.clone().subtract(days - 1 - i, 'days').format('YYYY-MM-DD');
      return { day, value: load.data!.total.get(day) ?? 0 };
    });
    const sum = list.reduce((s, d) => s + d.value, 0);
    return { list, sum, mean: sum / days };
  }, [load.data, days]);

  const picker = (
    <Segmented
      mode="toggle"
      label={t('widgets.consumption.range')}
      value={String(days)}
      onChange={(v) => updateSettings({ days: Number(v) === 30 ? 30 : 7 })}
      segments={CONSUMPTION_DAYS.map((d) => ({ value: String(d), label: t('widgets.consumption.lastDays', { days: d }) }))}
    />
  );

  if (pulse.length === 0)
    return (
      <WidgetState kind="empty" title={t('widgets.consumption.noUnits.title')}>
        {t('widgets.consumption.noUnits.text')}
      </WidgetState>
    );
  if (!view || !load.data) return kpiPending(t, 'consumption', load);
  if (load.data.meters === 0)
    return (
      <WidgetState kind="empty" title={t('widgets.consumption.noData.title')}>
        {t('widgets.consumption.noData.text', { count: asked.length })}
      </WidgetState>
    );

  const uom = load.data.unitOfMeasure;
  const amount = (v: number) => `${num(v, v >= 100 ? 0 : 1)}${uom ? ` ${uom}` : ''}`;
  const dayLabel = (day: string) => formatDate(`${day}T12:00:00Z`, tc);
  const max = Math.max(...view.list.map((d) => d.value));
  return (
    <div className={css.root} data-testid="consumption">
      {picker}
      <div className={css.stats}>
        <Stat label={t('widgets.consumption.total', { days })} value={amount(view.sum)} testId="consumption-total" />
        <Stat label={t('widgets.consumption.mean')} value={amount(view.mean)} testId="consumption-mean" />
      </div>
      <Histogram
        label={t('widgets.consumption.perDay')}
        from={dayLabel(view.list[0]!.day)}
        to={dayLabel(view.list[view.list.length - 1]!.day)}
        columns={view.list.map((d) => ({
          key: d.day,
          // Heights in per mille of the largest day, so small amounts still draw.
          count: max > 0 ? Math.round((d.value / max) * 1000) : 0,
          color: 'var(--fw-accent)',
          title: `${dayLabel(d.day)}: ${amount(d.value)}`,
        }))}
      />
      <Note tone={load.status === 'error' ? 'warning' : undefined}>
        {load.status === 'error'
          ? t('widgets.kpi.error.stale')
          : pulse.length > asked.length
            ? t('widgets.consumption.capped', { shown: asked.length, total: pulse.length })
            : t('widgets.consumption.meters', { count: load.data.meters })}
      </Note>
    </div>
  );
}
