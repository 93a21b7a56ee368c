import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import css from './Profile.module.css';

export interface DetailRow {
  label: string;
  value: ReactNode;
  /** For tests and e2e: data-field on the value. */
  field?: string;
}

/** A label/value list; empty values read "Not set". */
export function Details({ rows }: { rows: DetailRow[] }) {
  const { t } = useTranslation('admin');
  return (
    <dl className={css.details}>
      {rows.map((r) => (
        <div key={r.label} className={css.detailRow}>
          <dt>{r.label}</dt>
          <dd data-field={r.field}>
            {r.value === '' || r.value === null || r.value === undefined ? (
              <span className={css.notSet}>{t('profile.notSet')}</span>
            ) : (
              r.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function OnOff({ on }: { on: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <span className={css.onOff} data-on={on}>
      <span className={css.onOffDot} aria-hidden="true" />
      {on ? t('profile.on') : t('profile.off')}
    </span>
  );
}
