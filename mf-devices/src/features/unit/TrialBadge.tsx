/**
 * The trial of a unit activated from its NFC tag (issue 19 §1.6), in the unit's header: running
 * until a date, ended (then the unit needs a subscription), or converted to a subscription.
 */
import { useTranslation } from 'react-i18next';
import type { UnitTrial } from '@fieldwatch/shared';
import { formatDate, useTimeConfig } from '@fieldwatch/shared/remote';
import css from './TrialBadge.module.css';

export function TrialBadge({ trial }: { trial: UnitTrial }) {
  const { t } = useTranslation('devices');
  const timeConfig = useTimeConfig();
  const date = (iso: string) => formatDate(new Date(iso), timeConfig);
  const end = date(trial.status === 'ended' ? (trial.endedAt ?? trial.endsAt) : trial.endsAt);
  const label =
    trial.status === 'active'
      ? t('unit.trial.active', { date: end })
      : trial.status === 'ended'
        ? t('unit.trial.ended', { date: end })
        : t('unit.trial.converted');
  const hint =
    trial.status === 'active'
      ? t('unit.trial.activeHint', { start: date(trial.startedAt), end })
      : trial.status === 'ended'
        ? t('unit.trial.endedHint', { end })
        : t('unit.trial.convertedHint');
  return (
    <span className={css.badge} data-status={trial.status} title={hint} data-testid="unit-trial">
      {label}
      <span className={css.hidden}> — {hint}</span>
    </span>
  );
}
