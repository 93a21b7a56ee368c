import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DATE_FORMATS,
  SUPPORTED_LANGUAGES,
  TIME_FORMATS,
  type DateFormat,
  type Language,
  type ProfileUpdateBody,
  type Theme,
  type TimeFormat,
  type UserProfile,
} from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import { Button, Card, Segmented, Select } from '@fieldwatch/shared/ui';
import { dateFormatKey, dateSample, languageName, timeSample } from './format';
import { useProfileUser } from './ProfileLayout';
import { saveProfile } from './save';
import { TimezonePicker } from './TimezonePicker';
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

interface Prefs {
  language: Language;
  timeFormat: TimeFormat;
  dateFormat: DateFormat;
  timezone: string;
  theme: Theme;
}

function prefsOf(user: UserProfile, theme: Theme): Prefs {
  return {
    language: user.language as Language,
    timeFormat: user.timeConfig.timeFormat,
    dateFormat: user.timeConfig.dateFormat,
    timezone: user.timeConfig.timezone,
    theme,
  };
}

/** The profile update of what differs from the stored user and the theme shown. */
function changesOf(p: Prefs, user: UserProfile, theme: Theme): ProfileUpdateBody {
  const body: ProfileUpdateBody = {};
  if (p.theme !== theme || (user.theme && p.theme !== user.theme)) body.theme = p.theme;
  if (p.language !== user.language) body.language = p.language;
  if (p.timeFormat !== user.timeConfig.timeFormat) body.time_12h = p.timeFormat === '12h' ? 1 : 0;
  if (p.dateFormat !== user.timeConfig.dateFormat) body.date_format = p.dateFormat;
  if (p.timezone !== user.timeConfig.timezone) body.timezone = p.timezone;
  return body;
}

/**
 * /profile/preferences: language, 12/24 h, date format, time zone and theme, saved on the account.
 * Saved, they apply at once everywhere (the shell hears of the saved profile).
 */
export function PreferencesPage() {
  const { t } = useTranslation('admin');
  const remote = useRemote();
  const user = useProfileUser();
  const theme = useTheme();
  const [prefs, setPrefs] = useState<Prefs>(() => prefsOf(user, theme));
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  // The stored values changed (saved, or the top bar's language or theme switch): follow them.
  const stored = prefsOf(user, theme);
  const [base, setBase] = useState(stored);
  if (JSON.stringify(base) !== JSON.stringify(stored)) {
    setBase(stored);
    setPrefs((p) => {
      const next = { ...p };
      for (const k of Object.keys(stored) as Array<keyof Prefs>) {
        if (p[k] === base[k]) (next as Record<string, unknown>)[k] = stored[k];
      }
      return next;
    });
  }

  const body = changesOf(prefs, user, theme);
  const dirty = Object.keys(body).length > 0;
  const set = <K extends keyof Prefs>(k: K, v: Prefs[K]) => setPrefs((p) => ({ ...p, [k]: v }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!dirty) return;
    setFailed(null);
    setBusy(true);
    const res = await saveProfile(remote, body);
    setBusy(false);
    if (!res.ok) {
      setFailed(res.message ? t('profile.preferences.saveFailed', { reason: res.message }) : t('profile.preferences.saveFailedOffline'));
      return;
    }
    // In the language just chosen: the shell switches to it when it hears of the saved profile.
    remote.bus.emit('toast', {
      kind: 'success',
      message: t('profile.preferences.saved', { lng: prefs.language }),
      raw: true,
    });
  }

  const sampleZone = { timezone: prefs.timezone };
  return (
    <form className={css.stack} data-testid="profile-preferences" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className={css.grid}>
        <Card title={t('profile.preferences.region')}>
          <div className={css.form}>
            <label className={css.selectField}>
              <span className={css.comboLabel}>{t('profile.fields.language')}</span>
              <Select value={prefs.language} onChange={(e) => set('language', e.target.value as Language)} data-testid="pref-language">
                {SUPPORTED_LANGUAGES.map((l) => (
                  <option key={l} value={l} lang={l}>
                    {languageName(l)}
                  </option>
                ))}
              </Select>
            </label>
            <TimezonePicker label={t('profile.fields.timezone')} value={prefs.timezone} onChange={(tz) => set('timezone', tz)} />
            <div className={css.selectField}>
              <span className={css.comboLabel}>{t('profile.fields.timeFormat')}</span>
              <Segmented
                label={t('profile.fields.timeFormat')}
                mode="toggle"
                value={prefs.timeFormat}
                onChange={(v) => set('timeFormat', v)}
                segments={TIME_FORMATS.map((f) => ({ value: f, label: t(`profile.timeFormat.${f}`, { sample: timeSample(f, sampleZone) }) }))}
              />
            </div>
            <div className={css.selectField}>
              <span className={css.comboLabel}>{t('profile.fields.dateFormat')}</span>
              <Segmented
                label={t('profile.fields.dateFormat')}
                mode="toggle"
                value={prefs.dateFormat}
                onChange={(v) => set('dateFormat', v)}
                segments={DATE_FORMATS.map((f) => ({
                  value: f,
                  label: t(`profile.dateFormat.${dateFormatKey(f)}`, { sample: dateSample(f, sampleZone) }),
                }))}
              />
            </div>
          </div>
        </Card>
        <Card title={t('profile.preferences.appearance')}>
          <div className={css.form}>
            <div className={css.selectField}>
              <span className={css.comboLabel}>{t('profile.fields.theme')}</span>
              <Segmented
                label={t('profile.fields.theme')}
                mode="toggle"
                value={prefs.theme}
                onChange={(v) => set('theme', v)}
                segments={(['dark', 'bright'] as const).map((v) => ({ value: v, label: t(`profile.theme.${v}`) }))}
              />
            </div>
            <p className={css.muted}>{t('profile.preferences.themeHint')}</p>
          </div>
        </Card>
      </div>
      <Card>
        {failed && (
          <p className={css.error} role="alert">
            {failed}
          </p>
        )}
        <div className={css.formActions}>
          <span className={css.muted}>{dirty ? t('profile.form.unsaved') : t('profile.preferences.appliesEverywhere')}</span>
          <Button onClick={() => setPrefs(stored)} disabled={busy || !dirty}>
            {t('profile.form.reset')}
          </Button>
          <Button type="submit" variant="primary" disabled={busy || !dirty} data-testid="pref-save">
            {busy ? t('profile.form.saving') : t('profile.form.save')}
          </Button>
        </div>
      </Card>
    </form>
  );
}
