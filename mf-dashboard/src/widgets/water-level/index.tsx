/**
 * waterLevel: the level units (analogue level sensors, "Level formula" channels in %) as vertical
 * gauges with their high limit line, fullest first. The latest levels come in one GetUnitsShowValue
 * request; the limits are asked only for the gauges drawn (at most MAX_GAUGES requests).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AnswerOf,
  type ChannelLimits,
  deviceType,
  ENDPOINTS,
  pathFor,
  type Unit,
} from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import { VisuallyHidden } from '@fieldwatch/shared/ui';
import type { WidgetProps } from '../kit/widget-contract';
import { latestState } from '../kit/kpi/states';
import { pickChannel } from '../kit/kpi/readings';
import { useWidgetQuery } from '../kit/data/widget-query';
import { byUnit, type LatestValue } from '../kit/data/latest-values';
import { useLatestOf } from '../kit/kpi/useLatest';
import { useNumberFormat } from '../kit/kpi/number-format';
import { isSelection, kpiCss as css, Note } from '../kit/kpi/parts';
import local from './water-level.module.css';

export const MAX_GAUGES = 12;
const GAUGE_WIDTH = 52;
const isLevelUnit = (u: Unit) => deviceType(u.UnitType)?.family === 'analog';

export function levelOf(rows: readonly LatestValue[] | undefined): LatestValue | undefined {
  return pickChannel(
    rows,
    (r) => r.ChannelKind === 'formula' && /level|niveau|nivå|pegel/i.test(r.ChannelName),
    (r) => r.ChannelKind === 'formula' && r.UnitOfMeasure.trim() === '%',
  );
}

/** The lowest enabled high limit (the first a rising level crosses). */
export function highLimit(limits: ChannelLimits | undefined): number | null {
  const highs = (limits?.levels ?? []).filter((l) => l.enabled && l.high !== null).map((l) => l.high as number);
  return highs.length ? Math.min(...highs) : null;
}

export default function WaterLevelWidget({ units, refreshKey, bindings, setBinding, size }: WidgetProps) {
  const { t } = useTranslation('dashboard');
  const { api } = useRemote();
  const num = useNumberFormat();
  const latest = useLatestOf(units, isLevelUnit, refreshKey);
  const rows = latest.load.data;

  const levels = useMemo(() => {
    if (!rows) return null;
    const perUnit = byUnit(rows);
    const out: Array<{ unit: Unit; channel: number; value: number }> = [];
    for (const unit of latest.units) {
      const ch = levelOf(perUnit.get(unit.UnitID));
      if (ch) out.push({ unit, channel: ch.ChannelID, value: Number(ch.Value) });
    }
    return out.sort((a, b) => b.value - a.value);
  }, [rows, latest.units]);

  const fit = size.width > 0 ? Math.max(2, Math.floor((size.width - 16) / GAUGE_WIDTH)) : MAX_GAUGES;
  const shown = useMemo(() => (levels ?? []).slice(0, Math.min(MAX_GAUGES, fit)), [levels, fit]);
  const shownKey = shown.map((g) => `${g.unit.UnitID}:${g.channel}`).join(',');
  const limits = useWidgetQuery(
    ['levelLimits', shownKey],
    async () => {
      const answers = await Promise.all(
        shown.map((g) =>
          api.get<AnswerOf<typeof ENDPOINTS.channelLimits>>(
            pathFor(ENDPOINTS.channelLimits, { id: g.unit.UnitID, n: g.channel }),
          ),
        ),
      );
      return new Map(shown.map((g, i) => [g.unit.UnitID, answers[i]?.[1] ? null : highLimit(answers[i]?.[0])]));
    },
    refreshKey,
  );

  const state = latestState(t, 'waterLevel', latest, levels ? levels.length : null);
  if (state || !levels) return state;

  const over = levels.length - shown.length + (latest.units.length - latest.asked);
  return (
    <div className={css.root} data-testid="water-level">
      <ul className={local.gauges} aria-label={t('widgets.waterLevel.label')}>
        {shown.map(({ unit, value }) => {
          const limit = limits.data?.get(unit.UnitID) ?? null;
          const above = limit !== null && value >= limit;
          const pct = Math.max(0, Math.min(100, value));
          const pressed = isSelection(bindings.units, [unit.UnitID]);
          const label =
            limit === null
              ? t('widgets.waterLevel.gauge', { unit: unit.UnitName, level: num(value, 0) })
              : t('widgets.waterLevel.gaugeLimit', { unit: unit.UnitName, level: num(value, 0), limit: num(limit, 0) });
          return (
            <li key={unit.UnitID}>
              <button
                type="button"
                className={local.gauge}
                data-testid="level-gauge"
                data-above={above || undefined}
                aria-pressed={pressed}
                title={label}
                onClick={() => setBinding('units', pressed ? [] : [unit.UnitID])}
              >
                <span className={local.value}>{num(value, 0)} %</span>
                <svg className={local.svg} viewBox="0 0 24 100" preserveAspectRatio="none" aria-hidden="true">
                  <rect x="0" y="0" width="24" height="100" rx="3" className={local.tank} />
                  <rect x="0" y={100 - pct} width="24" height={pct} className={local.water} />
                  {limit !== null && limit >= 0 && limit <= 100 && (
                    <line x1="-2" x2="26" y1={100 - limit} y2={100 - limit} className={local.limit} vectorEffect="non-scaling-stroke" />
                  )}
                </svg>
                <span className={local.name}>{unit.UnitName}</span>
                {/* The name is what the gauge shows, in its order (WCAG 2.5.3), then the limit. */}
                {limit !== null && <VisuallyHidden>{` ${t('widgets.waterLevel.limitHidden', { limit: num(limit, 0) })}`}</VisuallyHidden>}
              </button>
            </li>
          );
        })}
      </ul>
      {(over > 0 || latest.load.status === 'error') && (
        <Note tone={latest.load.status === 'error' ? 'warning' : undefined}>
          {latest.load.status === 'error' ? t('widgets.kpi.error.stale') : t('widgets.waterLevel.more', { count: over })}
        </Note>
      )}
    </div>
  );
}
