import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Theme } from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import { Card } from '@fieldwatch/shared/ui';
import { Details, ReadOnlyNote } from './Details';
import { dateFormatKey, dateSample, languageName, timeSample, timezoneLabel } from './format';
import { useProfileUser } from './ProfileLayout';
import css from './Profile.module.css';

/** The shell's theme: from the props at mount, then from the bus. */
function useTheme(): Theme {
  const { theme, bus } = useRemote();
  const [current, setCurrent] = useState<Theme>(theme);
  useEffect(() => {
    const on = (next: Theme) => setCurrent(next);
    bus.on('theme:changed', on);
    return () => bus.off('theme:changed', on);
  }, [bus]);
  return current;
}

/** /profile/preferences: language, time and date formats, time zone and theme. */
export function PreferencesPage() {
  const { t } = useTranslation('admin');
  const user = useProfileUser();
  const theme = useTheme();
  const { timeFormat, dateFormat, timezone } = user.timeConfig;
  return (
    <div className={css.stack} data-testid="profile-preferences">
      <div className={css.grid}>
        <Card title={t('profile.preferences.region')}>
          <Details
            rows={[
              { label: t('profile.fields.language'), value: languageName(user.language), field: 'language' },
              { label: t('profile.fields.timeFormat'), value: t(`profile.timeFormat.${timeFormat}`, { sample: timeSample(timeFormat) }), field: 'timeFormat' },
              { label: t('profile.fields.dateFormat'), value: t(`profile.dateFormat.${dateFormatKey(dateFormat)}`, { sample: dateSample(dateFormat) }), field: 'dateFormat' },
              { label: t('profile.fields.timezone'), value: timezoneLabel(timezone), field: 'timezone' },
            ]}
          />
        </Card>
        <Card title={t('profile.preferences.appearance')}>
          <Details rows={[{ label: t('profile.fields.theme'), value: t(`profile.theme.${theme}`), field: 'theme' }]} />
          <p className={css.muted}>{t('profile.preferences.themeHint')}</p>
        </Card>
      </div>
      <ReadOnlyNote>{t('profile.preferences.readOnly')}</ReadOnlyNote>
    </div>
  );
}
