import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  ACCOUNT_URL_PREFIX,
  ACCOUNT_URL_REDIRECT_DAYS,
  checkAccent,
  ENDPOINTS,
  LOGO_CONTENT_TYPES,
  LOGO_MAX_BYTES,
  pathFor,
  queryKeys,
  SLUG_PATTERN,
  THEME_BACKGROUNDS,
  type Envelope,
  type OrganizationCustomization,
  type OrganizationSettings,
} from '@fieldwatch/shared';
import { formatDate, useRemote, useTimeConfig } from '@fieldwatch/shared/remote';
import { Button, Card, TextField } from '@fieldwatch/shared/ui';
import { OrgSection } from '../general/OrgSection';
import { serverMessage } from '../general/orgs';
import shared from '../general/OrgSection.module.css';
import css from './CustomizationPage.module.css';

/** The product's own accent (tokens.css, dark theme), shown when the organisation has none. */
const PRODUCT_ACCENT = '#2f7fe8';

/** /admin/customization: logo, accent colour and account URL of the organisation. */
export function CustomizationPage() {
  return (
    <OrgSection section="customization">
      {(s) => (
        <div className={shared.stack}>
          <LogoCard settings={s} />
          <AccentCard settings={s} />
          <AccountUrlCard settings={s} />
        </div>
      )}
    </OrgSection>
  );
}

/** PUT customization; the answer replaces the cached settings, the shell's branding is asked again. */
function useSave(id: number) {
  const { api, bus } = useRemote();
  const client = useQueryClient();
  return async (body: OrganizationCustomization, saved: string): Promise<string | null> => {
    try {
      const res = await api.http.put<Envelope<OrganizationSettings>>(
        pathFor(ENDPOINTS.updateOrganizationCustomization, { id }),
        body,
      );
      client.setQueryData(queryKeys.adminOrganization(id), res.data.data);
      void client.invalidateQueries({ queryKey: queryKeys.adminOrganizations(), exact: true });
      void client.invalidateQueries({ queryKey: queryKeys.branding() });
      bus.emit('toast', { kind: 'success', message: saved, raw: true });
      return null;
    } catch (err) {
      return serverMessage(err) ?? '';
    }
  };
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

function LogoCard({ settings }: { settings: OrganizationSettings }) {
  const { t } = useTranslation('admin');
  const save = useSave(settings.id);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(logo: string | null) {
    setBusy(true);
    const failed = await save({ logo }, logo ? t('org.customization.logo.saved') : t('org.customization.logo.removed'));
    setBusy(false);
    setError(failed === null ? null : failed || t('org.errors.saveFailed'));
  }

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    // Checked here for a quick answer; the server checks the bytes themselves and re-encodes.
    if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(file.type)) return setError(t('org.customization.logo.wrongType'));
    if (file.size > LOGO_MAX_BYTES) return setError(t('org.customization.logo.tooLarge', { kb: LOGO_MAX_BYTES / 1024 }));
    await send(await readAsDataUrl(file));
  }

  return (
    <Card title={t('org.customization.logo.title')} data-testid="org-logo">
      <p className={shared.hint}>{t('org.customization.logo.hint', { kb: LOGO_MAX_BYTES / 1024 })}</p>
      <div className={css.logoRow}>
        {(['dark', 'bright'] as const).map((theme) => (
          <div key={theme} className={css.logoPreview} style={{ background: THEME_BACKGROUNDS[theme][0] }}>
            {settings.logo ? (
              <img src={settings.logo} alt={t('org.customization.logo.alt', { name: settings.name })} className={css.logoImg} />
            ) : (
              <span className={css.noLogo} style={{ color: theme === 'dark' ? '#8d99a8' : '#5b6776' }}>
                {t('org.customization.logo.none')}
              </span>
            )}
            <span className={css.previewLabel} style={{ color: theme === 'dark' ? '#8d99a8' : '#5b6776' }}>
              {t(`org.customization.theme.${theme}`)}
            </span>
          </div>
        ))}
      </div>
      <div className={css.buttons}>
        <label className={css.upload} aria-disabled={busy || undefined}>
          <input
            type="file"
            accept={LOGO_CONTENT_TYPES.join(',')}
            onChange={(e) => void onFile(e)}
            disabled={busy}
            data-testid="org-logo-input"
          />
          <span>{settings.logo ? t('org.customization.logo.replace') : t('org.customization.logo.upload')}</span>
        </label>
        {settings.logo && (
          <Button onClick={() => void send(null)} disabled={busy}>
            {t('org.customization.logo.remove')}
          </Button>
        )}
      </div>
      {error && (
        <p className={shared.error} role="alert">
          {error}
        </p>
      )}
    </Card>
  );
}

function AccentCard({ settings }: { settings: OrganizationSettings }) {
  const { t } = useTranslation('admin');
  const save = useSave(settings.id);
  const [value, setValue] = useState(settings.accent ?? PRODUCT_ACCENT);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const valid = /^#[0-9a-fA-F]{6}$/.test(value);
  const check = valid ? checkAccent(value) : null;

  async function send(accent: string | null) {
    setBusy(true);
    const failed = await save({ accent }, t('org.customization.accent.saved'));
    setBusy(false);
    setError(failed === null ? null : failed || t('org.errors.saveFailed'));
    if (failed === null && accent === null) setValue(PRODUCT_ACCENT);
  }
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!valid) return setError(t('org.customization.accent.invalid'));
    if (!check?.ok) return setError(t('org.customization.accent.lowContrast'));
    void send(value.toLowerCase());
  }

  return (
    <Card title={t('org.customization.accent.title')} data-testid="org-accent">
      <p className={shared.hint}>{t('org.customization.accent.hint')}</p>
      <form className={css.accentForm} onSubmit={onSubmit} noValidate>
        <input
          type="color"
          className={css.swatch}
          value={valid ? value.toLowerCase() : PRODUCT_ACCENT}
          onChange={(e) => setValue(e.target.value)}
          aria-label={t('org.customization.accent.picker')}
        />
        <TextField
          label={t('org.customization.accent.hex')}
          value={value}
          maxLength={7}
          onChange={(e) => setValue(e.target.value.trim())}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'fw-adm-accent-error' : undefined}
          data-testid="org-accent-input"
        />
        <Button type="submit" variant="primary" disabled={busy} data-testid="org-accent-save">
          {t('org.save')}
        </Button>
        {settings.accent && (
          <Button onClick={() => void send(null)} disabled={busy}>
            {t('org.customization.accent.reset')}
          </Button>
        )}
      </form>
      {check && (
        <div className={css.contrastRow} data-testid="org-accent-contrast">
          {(['dark', 'bright'] as const).map((theme) => {
            const ratio = check[theme];
            const ok = ratio >= 3;
            return (
              <div key={theme} className={css.contrastSample} data-sample={theme} style={{ background: THEME_BACKGROUNDS[theme][0] }}>
                <span className={css.sampleButton} style={{ background: value, color: check.onAccent }}>
                  {t('org.customization.accent.sample')}
                </span>
                <span className={css.sampleMark} style={{ borderColor: value, color: value }}>
                  ●
                </span>
                <span className={css.ratio} style={{ color: theme === 'dark' ? '#e6edf3' : '#17202b' }}>
                  {t(`org.customization.theme.${theme}`)}: {ratio.toFixed(1)}:1{' '}
                  <strong className={ok ? css.pass : css.fail}>
                    {ok ? t('org.customization.accent.pass') : t('org.customization.accent.fail')}
                  </strong>
                </span>
              </div>
            );
          })}
        </div>
      )}
      {check && !check.ok && (
        <p className={css.warning} role="status">
          {t('org.customization.accent.lowContrast')}
        </p>
      )}
      {error && (
        <p id="fw-adm-accent-error" className={shared.error} role="alert">
          {error}
        </p>
      )}
    </Card>
  );
}

function AccountUrlCard({ settings }: { settings: OrganizationSettings }) {
  const { t } = useTranslation('admin');
  const time = useTimeConfig();
  const save = useSave(settings.id);
  const [value, setValue] = useState(settings.slug ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const origin = typeof window !== 'undefined' ? window.location.origin : '';

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const slug = value.trim().toLowerCase();
    if (slug !== '' && !new RegExp(SLUG_PATTERN).test(slug)) return setError(t('org.customization.url.invalid'));
    setBusy(true);
    const failed = await save({ slug: slug === '' ? null : slug }, t('org.customization.url.saved'));
    setBusy(false);
    setError(failed === null ? null : failed || t('org.errors.saveFailed'));
  }

  return (
    <Card title={t('org.customization.url.title')} data-testid="org-url">
      <p className={shared.hint}>{t('org.customization.url.hint', { days: ACCOUNT_URL_REDIRECT_DAYS })}</p>
      <form className={css.urlForm} onSubmit={(e) => void onSubmit(e)} noValidate>
        <span className={css.prefix}>
          {origin}
          {ACCOUNT_URL_PREFIX}
        </span>
        <TextField
          label={t('org.customization.url.label')}
          value={value}
          maxLength={40}
          placeholder="my-company"
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'fw-adm-url-error' : undefined}
          data-testid="org-url-input"
        />
        <Button type="submit" variant="primary" disabled={busy}>
          {t('org.save')}
        </Button>
      </form>
      {settings.slug && (
        <p className={shared.hint}>
          {t('org.customization.url.current')}{' '}
          <a href={`${ACCOUNT_URL_PREFIX}${settings.slug}`} target="_blank" rel="noreferrer">
            {origin}
            {ACCOUNT_URL_PREFIX}
            {settings.slug}
          </a>
        </p>
      )}
      {settings.slugRedirects.length > 0 && (
        <ul className={css.redirects} aria-label={t('org.customization.url.redirects')}>
          {settings.slugRedirects.map((r) => (
            <li key={r.slug}>
              {t('org.customization.url.redirect', {
                old: `${ACCOUNT_URL_PREFIX}${r.slug}`,
                date: formatDate(r.until, time),
              })}
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id="fw-adm-url-error" className={shared.error} role="alert">
          {error}
        </p>
      )}
    </Card>
  );
}
