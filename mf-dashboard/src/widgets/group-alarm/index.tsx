/**
 * groupAlarm: alarms per unit group (or per location) — the session's containers (groups hold
 * locations and subgroups, locations hold units), each with its worst status, a proportional
 * status bar and its counts; groups needing attention first. A click selects the group's units in
 * the link group (again: clears). Only units of the selected customers count.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Container, type GroupKind, groupLines, UNIT_STATUSES, type UnitStatus } from '@fieldwatch/shared';
import { useSession } from '@fieldwatch/shared/remote';
import { StatusDot } from '@fieldwatch/shared/ui';
import type { WidgetProps } from '../kit/widget-contract';
import { WidgetState } from '../kit/WidgetState';
import { tableCss as kit } from '../kit/table/TableControls';
import { sameIds } from '../kit/table/selection';
import css from './group-alarm.module.css';

export type { GroupKind, GroupLine } from '@fieldwatch/shared';
export { groupLines } from '@fieldwatch/shared';
const EMPTY: readonly Container[] = [];
/** Severity order of the status bar and the counts: alarm, problem, inactive, ok. */
const ORDER: readonly UnitStatus[] = UNIT_STATUSES;

export interface GroupAlarmSettings {
  kind: GroupKind;
}

export default function GroupAlarm({ widget, units, unitsLoadedAt: loadedAt, bindings, setBinding, updateSettings, size }: WidgetProps<GroupAlarmSettings>) {
  const { t } = useTranslation('dashboard');
  const containers = useSession((s) => s.containers) ?? EMPTY;
  const hasGroups = containers.some((c) => c.kind === 'group');
  const kind: GroupKind = widget.settings.kind ?? (hasGroups ? 'group' : 'location');
  const lines = useMemo(() => groupLines(containers, units, kind), [containers, units, kind]);
  const narrow = size.width > 0 && size.width < 380;

  if (units.length === 0 && loadedAt === null) return <WidgetState kind="loading" label={t('widgets.groupAlarm.loading')} />;

  const label = (s: UnitStatus) => t(`common:status.${s}`);
  const attention = lines.filter((l) => l.counts.alarm + l.counts.problem > 0).length;

  return (
    <div className={kit.root} data-testid="group-alarm">
      <div className={kit.toolbar}>
        <div className={kit.chips} role="group" aria-label={t('widgets.groupAlarm.kind')}>
          {(['group', 'location'] as const).map((k) => (
            <button
              key={k}
              type="button"
              className={kit.chip}
              aria-pressed={kind === k}
              onClick={() => updateSettings({ kind: k })}
            >
              {t(`widgets.groupAlarm.${k}s`)}
            </button>
          ))}
        </div>
        {lines.length > 0 && (
          <span className={kit.muted}>{t('widgets.groupAlarm.attention', { count: attention, total: lines.length })}</span>
        )}
      </div>
      {lines.length === 0 ? (
        <div className={kit.fill}>
          <WidgetState kind="empty" title={t(kind === 'group' ? 'widgets.groupAlarm.noGroups' : 'widgets.groupAlarm.noLocations')}>
            {t('widgets.groupAlarm.noneText')}
          </WidgetState>
        </div>
      ) : (
        <ul className={css.list} aria-label={t(`widgets.groupAlarm.${kind}s`)}>
          {lines.map((l) => {
            const on = sameIds(bindings.units, l.unitIds);
            const total = l.unitIds.length;
            return (
              <li key={l.id}>
                <button
                  type="button"
                  className={css.line}
                  data-testid="group-line"
                  data-worst={l.worst ?? 'none'}
                  aria-pressed={on}
                  disabled={total === 0}
                  title={total ? t('widgets.groupAlarm.select', { name: l.name, count: total }) : undefined}
                  onClick={() => setBinding('units', on ? [] : l.unitIds)}
                >
                  <span className={css.name}>
                    {l.worst ? <StatusDot status={l.worst} /> : <span className={kit.dot} data-status="ok" aria-hidden="true" />}
                    <span className={css.nameText}>{l.name}</span>
                  </span>
                  <span className={css.counts}>
                    {total === 0 ? (
                      <span className={kit.muted}>{t('widgets.groupAlarm.noUnits')}</span>
                    ) : (
                      ORDER.filter((s) => (narrow ? s === 'alarm' || s === 'problem' : true)).map((s) =>
                        l.counts[s] > 0 || s === 'alarm' ? (
                          <span
                            key={s}
                            className={css.count}
                            data-status={s}
                            data-zero={l.counts[s] === 0 || undefined}
                            title={`${label(s)}: ${l.counts[s]}`}
                          >
                            <span className={kit.visuallyHidden}>{label(s)} </span>
                            {/* Which status a count is: its shape as well as its colour. */}
                            <StatusDot status={s} />
                            {l.counts[s]}
                          </span>
                        ) : null,
                      )
                    )}
                    <span className={css.total}>{t('widgets.groupAlarm.units', { count: total })}</span>
                  </span>
                  {total > 0 && (
                    <span className={css.bar} aria-hidden="true">
                      {ORDER.map((s) =>
                        l.counts[s] > 0 ? <span key={s} data-status={s} style={{ flexGrow: l.counts[s] }} /> : null,
                      )}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
