/**
 * airQuality: the CO2 and climate units by the symbol status of their latest CO2 reading (the
 * product's symbol statuses: excellent, neutral, bad, warning, polluted), with counts (a row selects its
 * units) and the worst units. One GetUnitsShowValue request.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceType, type Unit } from '@fieldwatch/shared';
import type { WidgetProps } from '../kit/widget-contract';
import { latestState } from '../kit/kpi/states';
import { pickChannel } from '../kit/kpi/readings';
import { byUnit, type LatestValue } from '../kit/data/latest-values';
import { useLatestOf } from '../kit/kpi/useLatest';
import { percent, useNumberFormat } from '../kit/kpi/number-format';
import { BarList, isSelection, kpiCss as css, Note } from '../kit/kpi/parts';

export const SYMBOL_STATUSES = ['excellent', 'neutral', 'bad', 'warning', 'polluted'] as const;
export type SymbolStatus = (typeof SYMBOL_STATUSES)[number];

/**
 * CO2 (ppm) upper bounds of the symbol statuses, after common indoor-air guidance: outdoor air is
 * about 420 ppm; below 600 is excellent, below 1000 acceptable (neutral), 1000–1400 stuffy (bad),
 * 1400–2000 a warning (ventilate), from 2000 polluted.
 */
export const CO2_SYMBOL_THRESHOLDS: ReadonlyArray<{ status: SymbolStatus; below: number }> = [
  { status: 'excellent', below: 600 },
  { status: 'neutral', below: 1000 },
  { status: 'bad', below: 1400 },
  { status: 'warning', below: 2000 },
];

export function co2Status(ppm: number): SymbolStatus {
  for (const t of CO2_SYMBOL_THRESHOLDS) if (ppm < t.below) return t.status;
  return 'polluted';
}

export const SYMBOL_COLOR: Record<SymbolStatus, string> = {
  excellent: 'var(--fw-success)',
  neutral: 'color-mix(in srgb, var(--fw-success) 50%, var(--fw-warning))',
  bad: 'var(--fw-warning)',
  warning: 'var(--fw-status-problem)',
  polluted: 'var(--fw-status-alarm)',
};

const AIR_FAMILIES = new Set(['co2', 'climate']);
const isAirUnit = (u: Unit) => AIR_FAMILIES.has(deviceType(u.UnitType)?.family ?? '');

export function co2Of(rows: readonly LatestValue[] | undefined): LatestValue | undefined {
  return pickChannel(
    rows,
    (r) => /co2|co₂|carbon dioxide|kohlendioxid|koldioxid/i.test(r.ChannelName),
    (r) => /ppm/i.test(r.UnitOfMeasure),
  );
}

const WORST = 4;

export default function AirQualityWidget({ units, refreshKey, bindings, setBinding, size }: WidgetProps) {
  const { t } = useTranslation('dashboard');
  const num = useNumberFormat();
  const latest = useLatestOf(units, isAirUnit, refreshKey);
  const rows = latest.load.data;

  const view = useMemo(() => {
    if (!rows) return null;
    const perUnit = byUnit(rows);
    const readings: Array<{ unit: Unit; ppm: number; status: SymbolStatus }> = [];
    for (const unit of latest.units) {
      const ch = co2Of(perUnit.get(unit.UnitID));
      if (ch) readings.push({ unit, ppm: Number(ch.Value), status: co2Status(Number(ch.Value)) });
    }
    const ids: Record<SymbolStatus, number[]> = { excellent: [], neutral: [], bad: [], warning: [], polluted: [] };
    for (const r of readings) ids[r.status].push(r.unit.UnitID);
    const worst = [...readings].sort((a, b) => b.ppm - a.ppm).slice(0, WORST);
    return { readings, ids, worst };
  }, [rows, latest.units]);

  const state = latestState(t, 'airQuality', latest, view ? view.readings.length : null);
  if (state || !view) return state;

  const pick = (ids: number[]) => setBinding('units', isSelection(bindings.units, ids) ? [] : ids);
  const activeStatus = SYMBOL_STATUSES.find((s) => isSelection(bindings.units, view.ids[s])) ?? null;
  const bound = (s: SymbolStatus) => {
    const i = CO2_SYMBOL_THRESHOLDS.findIndex((x) => x.status === s);
    const lo = i > 0 ? CO2_SYMBOL_THRESHOLDS[i - 1]!.below : null;
    const hi = i >= 0 ? CO2_SYMBOL_THRESHOLDS[i]!.below : null;
    if (lo === null && hi !== null) return `< ${num(hi)}`;
    if (hi === null) return `≥ ${num(CO2_SYMBOL_THRESHOLDS[CO2_SYMBOL_THRESHOLDS.length - 1]!.below)}`;
    return `${num(lo!)}–${num(hi)}`;
  };
  const showWorst = !(size.height > 0 && size.height < 280);

  return (
    <div className={css.root} data-testid="air-quality">
      <BarList
        label={t('widgets.airQuality.byStatus')}
        active={activeStatus}
        onPick={(s) => pick(view.ids[s as SymbolStatus])}
        items={SYMBOL_STATUSES.map((s) => {
          const name = t(`widgets.airQuality.symbol.${s}`);
          const n = view.ids[s].length;
          return {
            key: s,
            testId: `air-${s}`,
            color: SYMBOL_COLOR[s],
            count: n,
            sub: `${percent(n, view.readings.length)} %`,
            label: (
              <>
                {name}
                <span className={css.sub}>{bound(s)}</span>
              </>
            ),
            title: t('widgets.airQuality.select', { status: name, range: `${bound(s)} ppm`, count: n }),
          };
        })}
      />
      {showWorst && (
        <BarList
          label={t('widgets.airQuality.worst')}
          max={Math.max(2000, view.worst[0]?.ppm ?? 0)}
          active={view.worst.find((w) => isSelection(bindings.units, [w.unit.UnitID]))?.unit.UnitID.toString() ?? null}
          onPick={(id) => pick([Number(id)])}
          items={view.worst.map((w) => ({
            key: String(w.unit.UnitID),
            label: w.unit.UnitName,
            color: SYMBOL_COLOR[w.status],
            count: Math.round(w.ppm),
            sub: 'ppm',
            title: t('widgets.airQuality.selectUnit', { unit: w.unit.UnitName, ppm: num(w.ppm) }),
          }))}
        />
      )}
      <Note tone={latest.load.status === 'error' ? 'warning' : undefined}>
        {latest.load.status === 'error'
          ? t('widgets.kpi.error.stale')
          : latest.asked < latest.units.length
            ? t('widgets.kpi.capped', { shown: latest.asked, total: latest.units.length })
            : t('widgets.airQuality.count', { count: view.readings.length })}
      </Note>
    </div>
  );
}
