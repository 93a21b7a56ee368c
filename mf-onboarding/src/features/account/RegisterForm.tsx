import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatWait,
  OPTIONAL_REGISTRATION_FIELDS as OPTIONAL,
  REGISTRATION_INPUTS as INPUT,
  registerAccount,
  registrationBody,
  registrationRefusal,
  resendVerification,
  type RegisterResult,
  type RegistrationRefusal,
  type ResendOutcome,
} from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import { Button, TextField } from '@fieldwatch/shared/ui';
import {
  emptyRegistration,
  errorText,
  REGISTRATION_FIELDS,
  type RegistrationField,
  type RegistrationValues,
  validateRegistration,
} from './validation';
import { useOnboardingEnv } from '../flow/env';
import css from './account.module.css';

/**
 * The registration form of the account step: checked inline by the rules the server applies too,
 * then sent to POST /api/v3/register. The link mailed to the address verifies it, signs in and
 * comes back to `redirect` (this step), where the signed-in user continues as himself. Embedded on
 * a partner page, `after` shows what comes next there (signing in once the address is confirmed).
 */
export function RegisterForm({ redirect, after }: { redirect: string; after?: (sent: RegisterResult) => ReactNode }) {
  const { t, i18n } = useTranslation('onboarding');
  const { api } = useRemote();
  const hintId = useId();
  const [values, setValues] = useState<RegistrationValues>(emptyRegistration);
  const [touched, setTouched] = useState<Partial<Record<RegistrationField, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<RegistrationRefusal | null>(null);
  const [sent, setSent] = useState<RegisterResult | null>(null);
  const errors = useMemo(() => validateRegistration(values), [values]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(Object.fromEntries(REGISTRATION_FIELDS.map((f) => [f, true])));
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    setRefusal(null);
    const outcome = await registerAccount(
      api,
      registrationBody(values, { language: i18n.language, redirect }),
    );
    setBusy(false);
    if (outcome.kind === 'sent') setSent({ email: outcome.email, username: outcome.username });
    else setRefusal(registrationRefusal(t, outcome, i18n.language));
  };

  if (sent)
    return (
      <>
        <Sent sent={sent} redirect={redirect} />
        {after?.(sent)}
      </>
    );

  return (
    <>
      <h3 className={css.registerTitle}>{t('register.title')}</h3>
      <form className={css.form} onSubmit={(e) => void onSubmit(e)} noValidate data-testid="register-form">
        <div className={css.fields}>
          {REGISTRATION_FIELDS.map((field) => {
            const problem = touched[field] ? errors[field] : undefined;
            const error = problem
              ? errorText(t, field, problem)
              : refusal?.field === field
                ? refusal.text
                : undefined;
            const inputId = `fw-onb-register-${field}`;
            return (
              <div key={field} className={field === 'name' || field === 'email' ? css.wide : undefined}>
                <TextField
                  id={inputId}
                  label={
                    OPTIONAL.includes(field) ? t(`register.${field}Label`) : t(`register.fields.${field}`)
                  }
                  name={field}
                  type={INPUT[field].type}
                  autoComplete={INPUT[field].autoComplete}
                  value={values[field]}
                  required={!OPTIONAL.includes(field)}
                  error={error}
                  onChange={(e) => {
                    setValues((v) => ({ ...v, [field]: e.target.value }));
                    if (refusal?.field === field) setRefusal(null);
                  }}
                  onBlur={() => setTouched((s) => (s[field] ? s : { ...s, [field]: true }))}
                  {...(field === 'username'
                    ? { 'aria-describedby': `${hintId}${error ? ` ${inputId}-err` : ''}` }
                    : {})}
                />
                {field === 'username' && (
                  <p id={hintId} className={css.hint}>
                    {t('register.usernameHint')}
                  </p>
                )}
              </div>
            );
          })}
        </div>
        {refusal && !refusal.field && (
          <p className={css.error} role="alert">
            {refusal.text}
          </p>
        )}
        {refusal?.help && (
          <p className={css.small} role="note">
            {refusal.help}
          </p>
        )}
        <div className={css.formActions}>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? t('register.submitting') : t('register.submit')}
          </Button>
        </div>
      </form>
    </>
  );
}

/** "We sent a link to <email>. Open it to finish." with a new link on request. */
function Sent({ sent, redirect }: { sent: RegisterResult; redirect: string }) {
  const { t, i18n } = useTranslation('onboarding');
  const { api } = useRemote();
  const [resend, setResend] = useState<'idle' | 'busy' | ResendOutcome>('idle');
  // On a partner's page the link opens Fieldwatch in another tab, not this step.
  const { embedded } = useOnboardingEnv();

  const again = async () => {
    setResend('busy');
    setResend(await resendVerification(api, sent.email, redirect));
  };

  return (
    <div className={css.sent} data-testid="register-sent">
      <h3 className={css.registerTitle}>{t('register.sentTitle')}</h3>
      <p className={css.success} role="status">
        {t('register.sent', { email: sent.email })}
      </p>
      <p className={css.small}>{t('register.sentUsername', { username: sent.username })}</p>
      <p className={css.small}>{t(embedded ? 'embed.sentHelp' : 'register.sentHelp')}</p>
      {typeof resend === 'object' && resend.kind === 'sent' ? (
        <p className={css.success} role="status">
          {t('register.resent')}
        </p>
      ) : (
        <div className={css.actions}>
          <Button type="button" disabled={resend === 'busy'} onClick={() => void again()}>
            {resend === 'busy' ? t('register.resending') : t('register.resend')}
          </Button>
        </div>
      )}
      {typeof resend === 'object' && resend.kind !== 'sent' && (
        <p className={css.error} role="alert">
          {resend.kind === 'throttled'
            ? t('register.resendThrottled', { time: formatWait(resend.retryAfter, i18n.language) })
            : t('register.resendFailed')}
        </p>
      )}
    </div>
  );
}
