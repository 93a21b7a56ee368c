/**
 * temp: the latest temperature of the temperature units (PT, temperature and climate sensors) —
 * min / mean / max, a distribution (a column selects its units) and the units whose temperature is
 * above or below a limit now (their active PT level alarms 20–27: odd high, even low).
 * Latest values come from one GetUnitsShowValue request (day rollups' last value: cheap).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { apiDateMs, deviceType, type Unit } from '@fieldwatch/shared';
import type { WidgetProps } from '../kit/widget-contract';
import { latestState } from '../kit/kpi/states';
import { formatDateTime, useTimeConfig } from '../kit/time-format';
import { pickChannel } from '../kit/kpi/readings';
import { byUnit, type LatestValue } from '../kit/data/latest-values';
import { useLatestOf } from '../kit/kpi/useLatest';
import { histogram } from '../kit/kpi/histogram';
import { Histogram } from '../kit/kpi/Histogram';
import { useNumberFormat } from '../kit/kpi/number-format';
import { isSelection, kpiCss as css, Note, Stat } from '../kit/kpi/parts';

const TEMPERATURE_FAMILIES = new Set(['pt', 'temperature', 'climate']);
const isTemperatureUnit = (u: Unit) => TEMPERATURE_FAMILIES.has(deviceType(u.UnitType)?.family ?? '');

/** PT alarm types 20–27: PT low (even) / high (odd) levels 1–4. */
const PT_ALARM_FIRST = 20;
const PT_ALARM_LAST = 27;

/** The unit's temperature channel: a PT channel, else one named temperature (not the device's own). */
export function temperatureOf(rows: readonly LatestValue[] | undefined): LatestValue | undefined {
  return pickChannel(
    rows,
    (r) => r.ChannelKind === 'pt',
    (r) => /temp/i.test(r.ChannelName) && !/internal|intern/i.test(r.ChannelName),
    (r) => /°\s*C/i.test(r.UnitOfMeasure) && !/internal|intern/i.test(r.ChannelName),
  );
}

interface Reading {
  unit: Unit;
  value: number;
  at: number;
}

export default function TempWidget({ units, refreshKey, bindings, setBinding, size }: WidgetProps) {
  const { t } = useTranslation('dashboard');
  const num = useNumberFormat();
  const tc = useTimeConfig();
  const latest = useLatestOf(units, isTemperatureUnit, refreshKey);
  const rows = latest.load.data;

  const view = useMemo(() => {
    if (!rows) return null;
    const perUnit = byUnit(rows);
    const readings: Reading[] = [];
    for (const unit of latest.units) {
      const ch = temperatureOf(perUnit.get(unit.UnitID));
      if (ch) readings.push({ unit, value: Number(ch.Value), at: apiDateMs(ch.MeasureTime) });
    }
    let min: Reading | undefined;
    let max: Reading | undefined;
    let sum = 0;
    let at = 0;
    for (const r of readings) {
      if (!min || r.value < min.value) min = r;
      if (!max || r.value > max.value) max = r;
      sum += r.value;
      if (r.at > at) at = r.at;
    }
    const above: number[] = [];
    const below: number[] = [];
    for (const u of latest.units) {
      let hi = false;
      let lo = false;
      for (const e of u.AlarmEvents) {
        const type = Number(e.AlarmType);
        if (type < PT_ALARM_FIRST || type > PT_ALARM_LAST) continue;
        if (type % 2 === 1) hi = true;
        else lo = true;
      }
      if (hi) above.push(u.UnitID);
      if (lo) below.push(u.UnitID);
    }
    const bins = histogram(readings, (r) => r.value, 8);
    return { readings, min, max, mean: readings.length ? sum / readings.length : NaN, at, above, below, bins };
  }, [rows, latest.units]);

  const state = latestState(t, 'temp', latest, view ? view.readings.length : null);
  if (state || !view) return state;

  const deg = (v: number) => `${num(v, 1)} °C`;
  const pickIds = (ids: number[]) => setBinding('units', isSelection(bindings.units, ids) ? [] : ids);
  const binKey = (i: number) => `b${i}`;
  const activeBin = view.bins.findIndex((b) => isSelection(bindings.units, b.items.map((r) => r.unit.UnitID)));
  const showChart = !(size.height > 0 && size.height < 210);

  return (
    <div className={css.root} data-testid="temp-widget">
      <div className={css.stats}>
        <Stat
          label={t('widgets.temp.min')}
          value={deg(view.min!.value)}
          title={view.min!.unit.UnitName}
          tone="var(--fw-accent)"
          testId="temp-min"
          pressed={isSelection(bindings.units, [view.min!.unit.UnitID])}
          onClick={() => pickIds([view.min!.unit.UnitID])}
        />
        <Stat label={t('widgets.temp.mean')} value={deg(view.mean)} testId="temp-mean" />
        <Stat
          label={t('widgets.temp.max')}
          value={deg(view.max!.value)}
          title={view.max!.unit.UnitName}
          tone="var(--fw-warning)"
          testId="temp-max"
          pressed={isSelection(bindings.units, [view.max!.unit.UnitID])}
          onClick={() => pickIds([view.max!.unit.UnitID])}
        />
      </div>
      {showChart && (
        <Histogram
          label={t('widgets.temp.distribution')}
          from={deg(view.bins[0]!.from)}
          to={deg(view.bins[view.bins.length - 1]!.to)}
          active={activeBin >= 0 ? binKey(activeBin) : null}
          columns={view.bins.map((b, i) => ({
            key: binKey(i),
            count: b.items.length,
            color: 'var(--fw-accent)',
            title: t('widgets.temp.bin', { from: num(b.from, 1), to: num(b.to, 1), count: b.items.length }),
          }))}
          onPick={(key) => {
            const bin = view.bins[Number(key.slice(1))];
            if (bin) pickIds(bin.items.map((r) => r.unit.UnitID));
          }}
        />
      )}
      <div className={css.stats}>
        <Stat
          label={t('widgets.temp.above')}
          value={view.above.length}
          tone={view.above.length ? 'var(--fw-status-alarm)' : undefined}
          testId="temp-above"
          disabled={view.above.length === 0}
          pressed={isSelection(bindings.units, view.above)}
          onClick={() => pickIds(view.above)}
        />
        <Stat
          label={t('widgets.temp.below')}
          value={view.below.length}
          tone={view.below.length ? 'var(--fw-accent)' : undefined}
          testId="temp-below"
          disabled={view.below.length === 0}
          pressed={isSelection(bindings.units, view.below)}
          onClick={() => pickIds(view.below)}
        />
      </div>
      <Note tone={latest.load.status === 'error' ? 'warning' : undefined}>
        {latest.load.status === 'error'
          ? t('widgets.kpi.error.stale')
          : [
              t('widgets.temp.count', { count: view.readings.length }),
              view.at ? t('widgets.kpi.latestAt', { time: formatDateTime(view.at, tc) }) : '',
              latest.asked < latest.units.length ? t('widgets.kpi.capped', { shown: latest.asked, total: latest.units.length }) : '',
            ]
              .filter(Boolean)
              .join(' · ')}
      </Note>
    </div>
  );
}
