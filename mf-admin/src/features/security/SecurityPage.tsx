import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  ENDPOINTS,
  pathFor,
  POLICY_MAX_LENGTH,
  POLICY_MIN_LENGTH,
  queryKeys,
  SESSION_LIFETIME_MAX_HOURS,
  SIGN_IN_METHODS,
  type Envelope,
  type OrganizationSecurity,
  type OrganizationSettings,
  type PasswordPolicy,
  type SignInMethod,
} from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import { Button, Card, Select, TextField } from '@fieldwatch/shared/ui';
import { OrgSection } from '../general/OrgSection';
import { serverMessage } from '../general/orgs';
import shared from '../general/OrgSection.module.css';

/** Session lifetimes offered, in hours (28 days at most, spec §9). */
export const LIFETIMES = [1, 8, 24, 72, 168, 336, SESSION_LIFETIME_MAX_HOURS] as const;
const RULES = ['requireDigit', 'requireMixedCase', 'requireSymbol'] as const;

/** /admin/security: password policy, session lifetime and sign-in methods of the organisation. */
export function SecurityPage() {
  return <OrgSection section="security">{(s) => <SecurityForm settings={s} />}</OrgSection>;
}

function SecurityForm({ settings }: { settings: OrganizationSettings }) {
  const { t } = useTranslation('admin');
  const { api, bus } = useRemote();
  const client = useQueryClient();
  const [policy, setPolicy] = useState<PasswordPolicy>(settings.passwordPolicy);
  const [minText, setMinText] = useState(String(settings.passwordPolicy.minLength));
  const [lifetime, setLifetime] = useState(settings.sessionLifetimeHours);
  const [methods, setMethods] = useState<SignInMethod[]>(settings.signInMethods);
  const [requireTwoFactor, setRequireTwoFactor] = useState(settings.requireTwoFactorSuperUsers);
  const [errors, setErrors] = useState<{ min?: string; methods?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const lifetimes = (LIFETIMES as readonly number[]).includes(lifetime) ? LIFETIMES : [...LIFETIMES, lifetime].sort((a, b) => a - b);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const min = Number(minText);
    const next: typeof errors = {};
    if (!Number.isInteger(min) || min < POLICY_MIN_LENGTH || min > POLICY_MAX_LENGTH)
      next.min = t('org.security.minLengthRange', { min: POLICY_MIN_LENGTH, max: POLICY_MAX_LENGTH });
    if (methods.length === 0) next.methods = t('org.security.methodsRequired');
    setErrors(next);
    if (next.min || next.methods) return;
    const body: OrganizationSecurity = {
      passwordPolicy: { ...policy, minLength: min },
      sessionLifetimeHours: lifetime,
      signInMethods: SIGN_IN_METHODS.filter((m) => methods.includes(m)),
      requireTwoFactorSuperUsers: requireTwoFactor,
    };
    setBusy(true);
    try {
      const res = await api.http.put<Envelope<OrganizationSettings>>(
        pathFor(ENDPOINTS.updateOrganizationSecurity, { id: settings.id }),
        body,
      );
      client.setQueryData(queryKeys.adminOrganization(settings.id), res.data.data);
      bus.emit('toast', { kind: 'success', message: t('org.security.saved'), raw: true });
    } catch (err) {
      setErrors({ form: serverMessage(err) ?? t('org.errors.saveFailed') });
    } finally {
      setBusy(false);
    }
  }

  const hours = (h: number) =>
    h % 24 === 0 ? t('org.security.days', { count: h / 24 }) : t('org.security.hours', { count: h });

  return (
    <form className={shared.stack} onSubmit={(e) => void onSubmit(e)} noValidate data-testid="org-security-form">
      <Card title={t('org.security.policy.title')}>
        <p className={shared.hint}>{t('org.security.policy.hint')}</p>
        <div className={shared.grid}>
          <TextField
            label={t('org.security.policy.minLength')}
            type="number"
            inputMode="numeric"
            min={POLICY_MIN_LENGTH}
            max={POLICY_MAX_LENGTH}
            value={minText}
            error={errors.min}
            onChange={(e) => setMinText(e.target.value)}
            data-testid="policy-min-length"
          />
          <div className={shared.wide}>
            {RULES.map((r) => (
              <label key={r} className={shared.check}>
                <input
                  type="checkbox"
                  checked={policy[r]}
                  onChange={(e) => setPolicy((p) => ({ ...p, [r]: e.target.checked }))}
                  data-testid={`policy-${r}`}
                />
                <span>{t(`org.security.policy.${r}`)}</span>
              </label>
            ))}
          </div>
        </div>
      </Card>
      <Card title={t('org.security.sessions.title')}>
        <p className={shared.hint}>{t('org.security.sessions.hint')}</p>
        <label className={shared.selectField}>
          <span>{t('org.security.sessions.lifetime')}</span>
          <Select value={lifetime} onChange={(e) => setLifetime(Number(e.target.value))} data-testid="session-lifetime">
            {lifetimes.map((h) => (
              <option key={h} value={h}>
                {hours(h)}
              </option>
            ))}
          </Select>
        </label>
      </Card>
      <Card title={t('org.security.methods.title')}>
        <p className={shared.hint}>{t('org.security.methods.hint')}</p>
        {SIGN_IN_METHODS.map((m) => (
          <label key={m} className={shared.check}>
            <input
              type="checkbox"
              checked={methods.includes(m)}
              onChange={(e) => setMethods((old) => (e.target.checked ? [...old, m] : old.filter((x) => x !== m)))}
              aria-invalid={errors.methods ? true : undefined}
              aria-describedby={errors.methods ? 'fw-adm-methods-error' : undefined}
              data-testid={`method-${m}`}
            />
            <span>{t(`org.security.methods.${m}`)}</span>
          </label>
        ))}
        {errors.methods && (
          <p id="fw-adm-methods-error" className={shared.error} role="alert">
            {errors.methods}
          </p>
        )}
      </Card>
      <Card title={t('org.security.twoFactor.title')}>
        <p className={shared.hint}>{t('org.security.twoFactor.hint')}</p>
        <label className={shared.check}>
          <input
            type="checkbox"
            checked={requireTwoFactor}
            onChange={(e) => setRequireTwoFactor(e.target.checked)}
            data-testid="require-two-factor"
          />
          <span>{t('org.security.twoFactor.require')}</span>
        </label>
      </Card>
      <div className={shared.actions}>
        {errors.form && (
          <span className={shared.error} role="alert">
            {errors.form}
          </span>
        )}
        <Button type="submit" variant="primary" disabled={busy} aria-busy={busy || undefined} data-testid="org-security-save">
          {t('org.save')}
        </Button>
      </div>
    </form>
  );
}
