import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  emptyRegistration,
  OPTIONAL_REGISTRATION_FIELDS as OPTIONAL,
  REGISTRATION_FIELDS,
  REGISTRATION_INPUTS as INPUT,
  registerAccount,
  registrationBody,
  registrationErrorText,
  registrationProblems,
  registrationRefusal,
  type RegisterResult,
  type RegistrationField,
  type RegistrationRefusal,
  type RegistrationValues,
} from '@fieldwatch/shared';
import { Button, TextField } from '@fieldwatch/shared/ui';
import { api } from '../../platform';
import css from '../login/LoginPage.module.css';
import own from './registration.module.css';

/**
 * The registration form of the sign-in page: checked as fields are left by the rules the server
 * applies (registrationProblems), sent to POST /api/v3/register with the page's language and the
 * page to continue at once the mailed link is opened.
 */
export function RegisterForm({
  redirect,
  onSent,
}: {
  redirect?: string;
  onSent: (sent: RegisterResult) => void;
}) {
  const { t, i18n } = useTranslation('shell');
  const hintId = useId();
  const [values, setValues] = useState<RegistrationValues>(emptyRegistration);
  const [touched, setTouched] = useState<Partial<Record<RegistrationField, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<RegistrationRefusal | null>(null);
  const problems = useMemo(() => registrationProblems(values), [values]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTouched(Object.fromEntries(REGISTRATION_FIELDS.map((f) => [f, true])));
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    setRefusal(null);
    const outcome = await registerAccount(
      api,
      registrationBody(values, { language: i18n.language, redirect }),
    );
    setBusy(false);
    if (outcome.kind === 'sent') onSent({ email: outcome.email, username: outcome.username });
    else setRefusal(registrationRefusal(t, outcome, i18n.language));
  }

  const change = (field: RegistrationField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (refusal?.field === field) setRefusal(null);
  };

  return (
    <form className={css.form} onSubmit={onSubmit} noValidate data-testid="register-form">
      {REGISTRATION_FIELDS.map((field) => {
        const problem = touched[field] ? problems[field] : undefined;
        const error = problem
          ? registrationErrorText(t, field, problem)
          : refusal?.field === field
            ? refusal.text
            : undefined;
        const label = t(`register.fields.${field}`);
        const inputId = `fw-register-${field}`;
        return (
          <div key={field} className={own.field}>
            <TextField
              id={inputId}
              label={OPTIONAL.includes(field) ? t('register.optional', { label }) : label}
              name={field}
              type={INPUT[field].type}
              autoComplete={INPUT[field].autoComplete}
              autoFocus={field === 'name'}
              value={values[field]}
              required={!OPTIONAL.includes(field)}
              error={error}
              onChange={(e) => change(field, e.target.value)}
              onBlur={() => setTouched((s) => (s[field] ? s : { ...s, [field]: true }))}
              {...(field === 'username'
                ? { 'aria-describedby': `${hintId}${error ? ` ${inputId}-err` : ''}` }
                : {})}
            />
            {field === 'username' && (
              <p id={hintId} className={own.fieldHint}>
                {t('register.usernameHint')}
              </p>
            )}
          </div>
        );
      })}
      {refusal && !refusal.field && (
        <p className={css.formError} role="alert">
          {refusal.text}
        </p>
      )}
      {refusal?.help && (
        <p className={css.hint} role="note">
          {refusal.help}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={busy} className={css.submit}>
        {busy ? t('register.submitting') : t('register.submit')}
      </Button>
    </form>
  );
}
