import { useTranslation } from 'react-i18next';
import css from './Layout.module.css';

export function Logo() {
  const { t } = useTranslation('common');
  return (
    <span className={css.logo}>
      <svg width="26" height="26" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="var(--fw-accent-strong)" />
        <path d="M7 21l6-7 5 4 7-9" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className={css.logoText}>{t('app.name')}</span>
    </span>
  );
}
