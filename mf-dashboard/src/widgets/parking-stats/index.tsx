/**
 * parkingStats: parking occupancy from GetReportParkingUsage in the report window (default 8:00–
 * 17:00) over the last 7 or 30 days — average and peak occupancy, a bar per day and the busiest
 * units (a click selects one). When the link group selects parking units, only those are reported.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import moment from 'moment';
import {
  isParkingType,
  PARKING_REPORT_DEFAULT_FROM,
  PARKING_REPORT_DEFAULT_TO,
  type ParkingUsage,
} from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import { Segmented } from '@fieldwatch/shared/ui';
import type { WidgetProps } from '../kit/widget-contract';
import { WidgetState } from '../kit/WidgetState';
import { dayIn, formatDate, useTimeConfig } from '../kit/time-format';
import { useWidgetQuery } from '../kit/data/widget-query';
import { kpiPending } from '../kit/kpi/states';
import { Histogram } from '../kit/kpi/Histogram';
import { BarList, isSelection, kpiCss as css, Note, Stat } from '../kit/kpi/parts';
import local from './parking-stats.module.css';

export const PARKING_STATS_DAYS = [7, 30] as const;
export interface ParkingStatsSettings {
  days?: (typeof PARKING_STATS_DAYS)[number];
  from?: string;
  to?: string;
}
const BUSIEST = 3;

export interface ParkingSummary {
  days: Array<{ date: string; occupancy: number; samples: number }>;
  units: Array<{ id: number; name: string; occupancy: number }>;
  average: number;
  peak: { date: string; occupancy: number } | null;
}

/** The dates (YYYY-MM-DD) of the last `days` days up to `end`, oldest first: the columns. */
export function periodDays(end: moment.Moment, days: number): string[] {
  return Array.from({ length: days }, (_, i) =>
    end
      .clone()
      .subtract(days - 1 - i, 'days')
      .format('YYYY-MM-DD'),
  );
}

/** Day and unit occupancy, each weighted by samples. */
export function summarize(rows: readonly ParkingUsage[]): ParkingSummary {
  const days = new Map<string, { occ: number; samples: number }>();
  const units = new Map<number, { name: string; occ: number; samples: number }>();
  let occ = 0;
  let samples = 0;
  for (const r of rows) {
    const n = Number(r.Samples) || 0;
    const o = Number(r.Occupancy) || 0;
    const d = days.get(r.Date) ?? { occ: 0, samples: 0 };
    d.occ += o * n;
    d.samples += n;
    days.set(r.Date, d);
    const u = units.get(r.UnitID) ?? { name: r.UnitName, occ: 0, samples: 0 };
    u.occ += o * n;
    u.samples += n;
    units.set(r.UnitID, u);
    occ += o * n;
    samples += n;
  }
  const dayList = [...days.entries()]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([date, d]) => ({ date, occupancy: d.samples ? d.occ / d.samples : 0, samples: d.samples }));
  const peak = dayList.reduce<ParkingSummary['peak']>((p, d) => (!p || d.occupancy > p.occupancy ? d : p), null);
  return {
    days: dayList,
    units: [...units.entries()]
      .map(([id, u]) => ({ id, name: u.name, occupancy: u.samples ? u.occ / u.samples : 0 }))
      .sort((a, b) => b.occupancy - a.occupancy),
    average: samples ? occ / samples : 0,
    peak: peak ? { date: peak.date, occupancy: peak.occupancy } : null,
  };
}

export default function ParkingStatsWidget(props: WidgetProps<ParkingStatsSettings>) {
  const { units, bindings, setBinding, updateSettings, refreshKey, widget, size } = props;
  const { t, i18n } = useTranslation('dashboard');
  const { api } = useRemote();
  const tc = useTimeConfig();
  const days = widget.settings.days === 30 ? 30 : 7;
  const from = widget.settings.from ?? PARKING_REPORT_DEFAULT_FROM;
  const to = widget.settings.to ?? PARKING_REPORT_DEFAULT_TO;

  // Parking units the link group selects (none: every parking unit of the selected customers).
  const parkingCount = useMemo(() => units.filter((u) => isParkingType(u.UnitType)).length, [units]);
  const scoped = useMemo(() => {
    if (bindings.units.length === 0) return [];
    const parking = new Set(units.filter((u) => isParkingType(u.UnitType)).map((u) => u.UnitID));
    return bindings.units.filter((id) => parking.has(id));
  }, [units, bindings.units]);

  // The report's days end with the user's today (in their zone, not the browser's).
  const today = dayIn(Date.now(), tc);
  const load = useWidgetQuery(['parkingUsage', days, from, to, scoped.join(','), today], async () => {
    const end = moment.utc(today);
    const params: Record<string, unknown> = {
      StartDate: end.clone().subtract(days - 1, 'days').format('YYYY-MM-DD'),
      EndDate: end.format('YYYY-MM-DD'),
      From: from,
      To: to,
    };
    if (scoped.length > 0) params.UnitIDs = scoped.join(',');
    return api.legacy<ParkingUsage>('GetReportParkingUsage', params);
  }, refreshKey);

  const summary = useMemo(() => (load.data ? summarize(load.data) : null), [load.data]);
  // Every day of the period gets its column (a day without readings stays empty), so a young
  // fleet's single day is one narrow bar of seven, not a block across the whole widget.
  const period = periodDays(moment.utc(today), days);
  const byDate = useMemo(() => new Map(summary?.days.map((d) => [d.date, d]) ?? []), [summary]);
  const pct = (v: number) => `${Math.round(v * 100)} %`;
  const dayLabel = (date: string) => formatDate(`${date}T12:00:00Z`, tc);
  const weekday = useMemo(
    () => new Intl.DateTimeFormat(i18n.language || 'en', { weekday: 'short', timeZone: 'UTC' }),
    [i18n.language],
  );

  const picker = (
    <div className={local.bar}>
      <Segmented
        mode="toggle"
        label={t('widgets.parkingStats.range')}
        value={String(days)}
        onChange={(v) => updateSettings({ days: Number(v) === 30 ? 30 : 7 })}
        segments={PARKING_STATS_DAYS.map((d) => ({ value: String(d), label: t('widgets.parkingStats.lastDays', { days: d }) }))}
      />
      <span className={css.label}>{t('widgets.parkingStats.window', { from, to })}</span>
    </div>
  );

  let body;
  if (!summary) {
    body = kpiPending(t, 'parkingStats', load);
  } else if (summary.days.length === 0) {
    body = (
      <WidgetState kind="empty" title={t('widgets.parkingStats.empty.title')}>
        {t('widgets.parkingStats.empty.text', { days, from, to })}
      </WidgetState>
    );
  } else {
    const showBusiest = !(size.height > 0 && size.height < 300);
    body = (
      <>
        <div className={css.stats}>
          <Stat label={t('widgets.parkingStats.average')} value={pct(summary.average)} testId="parking-average" />
          <Stat
            label={summary.peak ? t('widgets.parkingStats.peakOn', { day: dayLabel(summary.peak.date) }) : t('widgets.parkingStats.peak')}
            value={summary.peak ? pct(summary.peak.occupancy) : '—'}
            testId="parking-peak"
          />
          {/* The bays reported on, counted as the parking list and map count them (every parking
              unit in scope, readings or not), not only those with readings in the period. */}
          <Stat
            label={t('widgets.parkingStats.units')}
            value={scoped.length > 0 ? scoped.length : parkingCount}
            testId="parking-units"
          />
        </div>
        <Histogram
          label={t('widgets.parkingStats.perDay')}
          from={dayLabel(period[0]!)}
          to={dayLabel(period[period.length - 1]!)}
          max={100}
          columns={period.map((date) => {
            const d = byDate.get(date);
            const day = `${weekday.format(new Date(`${date}T12:00:00Z`))} ${dayLabel(date)}`;
            return {
              key: date,
              count: d ? Math.round(d.occupancy * 100) : 0,
              color: 'var(--fw-accent)',
              title: `${day}: ${d ? pct(d.occupancy) : t('widgets.parkingStats.noDay')}`,
            };
          })}
        />
        {showBusiest && (
          <BarList
            label={t('widgets.parkingStats.busiest')}
            max={100}
            active={summary.units.find((u) => isSelection(bindings.units, [u.id]))?.id.toString() ?? null}
            onPick={(id) => setBinding('units', isSelection(bindings.units, [Number(id)]) ? [] : [Number(id)])}
            items={summary.units.slice(0, BUSIEST).map((u) => ({
              key: String(u.id),
              label: u.name,
              color: 'var(--fw-accent)',
              count: Math.round(u.occupancy * 100),
              sub: '%',
              title: t('widgets.parkingStats.selectUnit', { unit: u.name, percent: Math.round(u.occupancy * 100) }),
            }))}
          />
        )}
        {(scoped.length > 0 || load.status === 'error') && (
          <Note tone={load.status === 'error' ? 'warning' : undefined}>
            {load.status === 'error' ? t('widgets.kpi.error.stale') : t('widgets.parkingStats.scoped', { count: scoped.length })}
          </Note>
        )}
      </>
    );
  }

  return (
    <div className={css.root} data-testid="parking-stats">
      {picker}
      {body}
    </div>
  );
}
