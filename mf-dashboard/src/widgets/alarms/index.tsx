/**
 * alarms: the active alarms of the selected customers at a glance — how many, how many critical
 * (shared CRITICAL_ALARM_TYPES) and on how many units, then the alarm types ranked by count as
 * bars. A type is a toggle: it selects the units that have it in the link group (again: clears).
 * Computed from the units' alarm events in one memoised pass (no request of its own).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmTypeKey, COMMUNICATION_ERROR_ALARM, isCriticalAlarm, type Unit } from '@fieldwatch/shared';
import type { WidgetProps } from '../kit/widget-contract';
import { WidgetState } from '../kit/WidgetState';
import { sameIds } from '../kit/table/selection';
import css from './alarms.module.css';

export interface AlarmTypeGroup {
  type: number;
  count: number;
  unitIds: number[];
  critical: boolean;
}
export interface AlarmSummary {
  total: number;
  critical: number;
  units: number;
  criticalUnitIds: number[];
  types: AlarmTypeGroup[];
}

/** Active alarms per type, ranked (most first; critical first on a tie). */
export function summarizeAlarms(units: readonly Unit[]): AlarmSummary {
  const byType = new Map<number, { count: number; unitIds: number[] }>();
  const critical = new Set<number>();
  let total = 0;
  let criticalCount = 0;
  let unitCount = 0;
  for (const u of units) {
    const events = u.AlarmEvents;
    if (!events || events.length === 0) continue;
    let counted = false;
    for (const e of events) {
      const type = Number(e.AlarmType);
      if (!Number.isFinite(type) || type < 0) continue;
      total += 1;
      if (!counted) {
        unitCount += 1;
        counted = true;
      }
      if (isCriticalAlarm(type)) {
        criticalCount += 1;
        critical.add(u.UnitID);
      }
      let g = byType.get(type);
      if (!g) byType.set(type, (g = { count: 0, unitIds: [] }));
      g.count += 1;
      if (g.unitIds[g.unitIds.length - 1] !== u.UnitID) g.unitIds.push(u.UnitID);
    }
  }
  const types = [...byType]
    .map(([type, g]) => ({ type, count: g.count, unitIds: g.unitIds, critical: isCriticalAlarm(type) }))
    .sort((a, b) => b.count - a.count || Number(b.critical) - Number(a.critical) || a.type - b.type);
  return { total, critical: criticalCount, units: unitCount, criticalUnitIds: [...critical], types };
}

export default function AlarmsWidget({
  units,
  unitsLoadedAt: loadedAt,
  bindings,
  setBinding,
  size,
}: WidgetProps) {
  const { t } = useTranslation('dashboard');
  const summary = useMemo(() => summarizeAlarms(units), [units]);

  if (units.length === 0) {
    if (loadedAt === null) return <WidgetState kind="loading" label={t('widgets.alarms.loading')} />;
    return (
      <WidgetState kind="empty" title={t('noUnits.title')}>
        {t('noUnits.text')}
      </WidgetState>
    );
  }
  if (summary.total === 0) {
    return (
      <div className={css.calm} data-testid="alarms-none">
        <span className={css.calmMark} aria-hidden="true">
          ✓
        </span>
        <p className={css.calmTitle}>{t('widgets.alarms.none')}</p>
        <p className={css.calmText}>{t('widgets.alarms.noneText', { count: units.length })}</p>
      </div>
    );
  }

  const max = summary.types[0]?.count ?? 1;
  const pick = (ids: number[]) => setBinding('units', sameIds(bindings.units, ids) ? [] : ids);
  const criticalOn = sameIds(bindings.units, summary.criticalUnitIds);
  const narrow = size.width > 0 && size.width < 360;

  return (
    <section className={css.root} aria-label={t('widgets.alarms.label')} data-testid="alarms-summary">
      <div className={css.head}>
        <div className={css.stat}>
          <span className={css.statValue} data-testid="alarms-total">
            {summary.total.toLocaleString()}
          </span>
          <span className={css.statLabel}>{t('widgets.alarms.active')}</span>
        </div>
        <button
          type="button"
          className={css.stat}
          data-tone="critical"
          data-testid="alarms-critical"
          aria-pressed={criticalOn}
          disabled={summary.critical === 0}
          title={t('widgets.alarms.selectCritical')}
          onClick={() => pick(summary.criticalUnitIds)}
        >
          <span className={css.statValue}>{summary.critical.toLocaleString()}</span>
          <span className={css.statLabel}>{t('widgets.alarms.critical')}</span>
        </button>
        {!narrow && (
          <div className={css.stat}>
            <span className={css.statValue}>{summary.units.toLocaleString()}</span>
            <span className={css.statLabel}>{t('widgets.alarms.units')}</span>
          </div>
        )}
      </div>
      <ol className={css.bars} aria-label={t('widgets.alarms.byType')}>
        {summary.types.map((g) => {
          const name = t(`common:${alarmTypeKey(g.type)}`);
          const on = sameIds(bindings.units, g.unitIds);
          const tone = g.critical ? 'critical' : g.type === COMMUNICATION_ERROR_ALARM ? 'problem' : 'other';
          return (
            <li key={g.type}>
              <button
                type="button"
                className={css.bar}
                data-tone={tone}
                data-testid={`alarm-type-${g.type}`}
                aria-pressed={on}
                title={t('widgets.alarms.selectType', { type: name, count: g.unitIds.length })}
                onClick={() => pick(g.unitIds)}
              >
                <span className={css.barName}>
                  {name}
                  {g.critical && <span className={css.badge}>{t('widgets.alarms.criticalBadge')}</span>}
                </span>
                <span className={css.barCount}>{g.count.toLocaleString()}</span>
                <span className={css.track} aria-hidden="true">
                  <span className={css.fill} style={{ width: `${Math.max(2, (g.count / max) * 100)}%` }} />
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
