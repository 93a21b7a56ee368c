import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES } from '@fieldwatch/shared';
import { Select, VisuallyHidden } from '@fieldwatch/shared/ui';
import { LANGUAGE_NAMES } from '@fieldwatch/locales/languages';
import { changeLanguage } from '../session/session';
import css from './Layout.module.css';

export function LanguagePicker({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation('shell');
  return (
    <label className={css.picker}>
      {compact ? (
        <VisuallyHidden>{t('layout.language')}</VisuallyHidden>
      ) : (
        <span className={css.pickerLabel}>{t('layout.language')}</span>
      )}
      <Select
        className={css.select}
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(e) => void changeLanguage(i18n, e.target.value)}
        data-testid="language-picker"
      >
        {SUPPORTED_LANGUAGES.map((lang) => (
          <option key={lang} value={lang}>
            {LANGUAGE_NAMES[lang]}
          </option>
        ))}
      </Select>
    </label>
  );
}
