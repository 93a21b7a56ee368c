import { useTranslation } from 'react-i18next';
import { useApplyBranding } from '../theme/branding';
import css from './Layout.module.css';
import own from './Logo.module.css';

/**
 * The header's logo: the organisation's own (admin Customization) with its name, or the product's.
 * Every frame shows one, so it also applies the organisation's accent colour to the page.
 */
export function Logo() {
  const { t } = useTranslation('common');
  const branding = useApplyBranding();
  if (branding?.logo) {
    return (
      <span className={css.logo} data-testid="brand-logo">
        <img src={branding.logo} alt={branding.name} className={own.image} />
      </span>
    );
  }
  return (
    <span className={css.logo} data-testid="brand-logo">
      <svg width="26" height="26" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="var(--fw-accent-strong)" />
        <path d="M7 21l6-7 5 4 7-9" stroke="var(--fw-accent-contrast)" strokeWidth="3" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className={css.logoText}>{t('app.name')}</span>
    </span>
  );
}
