/**
 * A selected group beside the tree: its alarm summary (the same rule as the dashboard's group alarm
 * widget: the units of its locations and sub-groups, counted by status, worst first), its units on
 * a small map, with how many locations and sub-groups it holds.
 */
import { useTranslation } from 'react-i18next';
import type { Container, Unit } from '@fieldwatch/shared';
import { Button, Card, Icon, StatusDot, VisuallyHidden } from '@fieldwatch/shared/ui';
import { type AlarmLine, NO_LINE, STATUS_ORDER } from './tree-model';
import { UnitsMap } from '../map/UnitsMap';
import css from './Containers.module.css';

export function GroupPanel(props: {
  group: Container;
  list: readonly Container[];
  units: readonly Unit[];
  line: AlarmLine | undefined;
  onClose(): void;
}) {
  const { t } = useTranslation('devices');
  const { group, list, units } = props;
  const line = props.line ?? NO_LINE;
  const ids = new Set(line.unitIds);
  const mine = units.filter((u) => ids.has(u.UnitID));
  const locations = group.content.filter((r) => r.target && list.some((c) => c.id === r.target)).length;
  return (
    <Card>
      <section className={css.panel} aria-labelledby="group-panel-title" data-testid="group-panel">
        <header className={css.panelHead}>
          <h2 id="group-panel-title" className={css.panelTitle}>
            {line.worst ? <StatusDot status={line.worst} /> : <span className={css.dot} data-status="none" aria-hidden="true" />}
            {group.name}
            {line.worst && <VisuallyHidden>{` (${t(`common:status.${line.worst}`)})`}</VisuallyHidden>}
          </h2>
          <Button size="small" variant="ghost" onClick={props.onClose} aria-label={t('containers.panel.close')}>
            <Icon name="close" size={16} />
          </Button>
        </header>
        <p className={css.muted}>
          {t('containers.panel.contains', { locations, groups: group.subgroups.length, units: line.unitIds.length })}
        </p>
        <h3 className={css.sectionTitle}>{t('containers.panel.alarms')}</h3>
        {line.unitIds.length === 0 ? (
          <p className={css.muted}>{t('containers.panel.noUnits')}</p>
        ) : (
          <>
            <ul className={css.summary} data-testid="group-summary">
              {STATUS_ORDER.map((s) => (
                <li key={s} className={css.summaryItem} data-status={s} data-testid={`summary-${s}`}>
                  <StatusDot status={s} />
                  <span>{t(`common:status.${s}`)}</span>
                  <strong>{line.counts[s]}</strong>
                </li>
              ))}
            </ul>
            <div className={css.bar} aria-hidden="true">
              {STATUS_ORDER.map((s) =>
                line.counts[s] > 0 ? <span key={s} data-status={s} style={{ flexGrow: line.counts[s] }} /> : null,
              )}
            </div>
          </>
        )}
        <h3 className={css.sectionTitle}>{t('containers.panel.map')}</h3>
        <UnitsMap units={mine} label={t('containers.map.label', { name: group.name })} />
      </section>
    </Card>
  );
}
