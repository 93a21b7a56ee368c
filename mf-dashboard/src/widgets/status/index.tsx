/**
 * status: the fleet status of the selected customers — the total, a proportional status bar and,
 * per status (ok, alarm, problem, inactive), the count and its share. A status tile is a
 * toggle: it selects that status's units in the link group (again: clears the selection).
 * One pass over the units, memoised; no request of its own (the units come from the dashboard).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { unitStatus, type Unit, type UnitStatus } from '@fieldwatch/shared';
import { StatusDot } from '@fieldwatch/shared/ui';
import type { WidgetProps } from '../kit/widget-contract';
import { WidgetState } from '../kit/WidgetState';
import { isSelection } from '../kit/kpi/parts';
import { percent } from '../kit/kpi/number-format';
import css from './status.module.css';

/** The order of the tiles: the healthy majority first, then what needs attention. */
const ORDER = ['ok', 'alarm', 'problem', 'inactive'] as const satisfies readonly UnitStatus[];

/** Bar colours: inactive is white, so its edge token keeps it visible on a white surface. */
const BAR_COLOR: Record<UnitStatus, string> = {
  ok: 'var(--fw-status-ok)',
  alarm: 'var(--fw-status-alarm)',
  problem: 'var(--fw-status-problem)',
  inactive: 'var(--fw-status-inactive)',
};

export interface StatusGroups {
  total: number;
  ids: Record<UnitStatus, number[]>;
}

/** Unit ids per status, in one pass. */
export function groupByStatus(units: readonly Unit[]): StatusGroups {
  const ids: Record<UnitStatus, number[]> = { ok: [], alarm: [], problem: [], inactive: [] };
  for (const u of units) ids[unitStatus(u)].push(u.UnitID);
  return { total: units.length, ids };
}

export default function StatusWidget({ units, unitsLoadedAt: loadedAt, bindings, setBinding }: WidgetProps) {
  const { t } = useTranslation('dashboard');
  const groups = useMemo(() => groupByStatus(units), [units]);
  const active = useMemo(
    () => ORDER.find((s) => isSelection(bindings.units, groups.ids[s])) ?? null,
    [bindings.units, groups],
  );

  if (units.length === 0) {
    if (loadedAt === null) return <WidgetState kind="loading" label={t('widgets.status.loading')} />;
    return (
      <WidgetState kind="empty" title={t('noUnits.title')}>
        {t('noUnits.text')}
      </WidgetState>
    );
  }

  const pick = (s: UnitStatus) => setBinding('units', active === s ? [] : groups.ids[s]);
  const label = (s: UnitStatus) => t(`common:status.${s}`);

  return (
    <section className={css.root} aria-label={t('statusSummary')} data-testid="status-summary">
      <div className={css.layout}>
        <div className={css.total}>
          <span className={css.totalLabel}>{t('unitCount')}</span>
          <span className={css.totalValue} data-testid="unit-count">
            {groups.total}
          </span>
          <div
            className={css.bar}
            role="img"
            aria-label={ORDER.map((s) => `${label(s)} ${groups.ids[s].length}`).join(', ')}
          >
            {ORDER.map((s) =>
              groups.ids[s].length > 0 ? (
                <span
                  key={s}
                  data-status={s}
                  style={{ flexGrow: groups.ids[s].length, background: BAR_COLOR[s] }}
                  title={`${label(s)}: ${groups.ids[s].length}`}
                />
              ) : null,
            )}
          </div>
        </div>
        <div className={css.tiles} role="group" aria-label={t('widgets.status.pick')}>
          {ORDER.map((s) => {
            const n = groups.ids[s].length;
            const share = percent(n, groups.total);
            return (
              <button
                key={s}
                type="button"
                className={css.tile}
                data-status={s}
                data-testid={`status-${s}`}
                aria-pressed={active === s}
                disabled={n === 0}
                title={active === s ? t('widgets.status.clear') : t('widgets.status.select', { status: label(s), count: n })}
                onClick={() => pick(s)}
              >
                <span className={css.tileLabel}>
                  <StatusDot status={s} />
                  <span>{label(s)}</span>
                </span>
                <span className={css.tileValue}>{n}</span>
                <span className={css.tileShare}>{t('share', { percent: share })}</span>
                <span className={css.tileSharePct} aria-hidden="true">
                  {share} %
                </span>
              </button>
            );
          })}
        </div>
      </div>
    </section>
  );
}
