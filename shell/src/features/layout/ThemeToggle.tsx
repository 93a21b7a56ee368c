import { useTranslation } from 'react-i18next';
import { useTheme } from '../theme/theme';
import css from './Layout.module.css';

export function ThemeToggle() {
  const { t } = useTranslation('shell');
  const { theme, setTheme } = useTheme();
  const next = theme === 'dark' ? 'bright' : 'dark';
  const label = `${t('layout.theme')}: ${theme === 'dark' ? t('layout.themeDark') : t('layout.themeBright')}`;
  return (
    <button
      type="button"
      className={css.iconButton}
      onClick={() => setTheme(next)}
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
      data-theme-current={theme}
    >
      {theme === 'dark' ? (
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" fill="currentColor" />
        </svg>
      ) : (
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="12" cy="12" r="5" fill="currentColor" />
          <g stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M12 1v3M12 20v3M4.2 4.2l2.1 2.1M17.7 17.7l2.1 2.1M1 12h3M20 12h3M4.2 19.8l2.1-2.1M17.7 6.3l2.1-2.1" />
          </g>
        </svg>
      )}
    </button>
  );
}
