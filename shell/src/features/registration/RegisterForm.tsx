import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  emptyRegistration,
  REGISTRATION_FIELDS,
  registerAccount,
  registrationBody,
  registrationProblems,
  type RegisterResult,
  type RegistrationField,
  type RegistrationProblem,
  type RegistrationValues,
} from '@fieldwatch/shared';
import { Button, TextField } from '@fieldwatch/shared/ui';
import { api } from '../../platform';
import { formatWait } from '../login/wait';
import css from '../login/LoginPage.module.css';
import own from './registration.module.css';

const INPUT: Record<RegistrationField, { type: string; autoComplete: string }> = {
  name: { type: 'text', autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email' },
  phone: { type: 'tel', autoComplete: 'tel' },
  username: { type: 'text', autoComplete: 'username' },
  password: { type: 'password', autoComplete: 'new-password' },
  confirmPassword: { type: 'password', autoComplete: 'new-password' },
};
const OPTIONAL: readonly RegistrationField[] = ['phone', 'username'];

/** A problem of a field in the catalogue's words (in English exactly the spec's). */
export function registrationErrorText(
  t: TFunction<'shell'>,
  field: RegistrationField,
  problem: RegistrationProblem,
): string {
  const name = t(`register.fields.${field}`);
  switch (problem.rule) {
    case 'required':
    case 'pattern':
      return t('register.errors.blank', { name });
    case 'email':
      return t('register.errors.email', { name });
    case 'minLength':
      return t('register.errors.passwordShort');
    case 'mismatch':
      return t('register.errors.mismatch');
    case 'maxLength':
      return t('register.errors.tooLong', { name, max: problem.limit ?? 0 });
  }
}

type Refusal = { field?: RegistrationField; text: string; help?: string };

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
  const [refusal, setRefusal] = useState<Refusal | null>(null);
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
    switch (outcome.kind) {
      case 'sent':
        onSent({ email: outcome.email, username: outcome.username });
        return;
      case 'emailTaken':
        setRefusal({
          field: 'email',
          text: t('register.errors.emailTaken'),
          help: t('register.emailTakenHelp'),
        });
        return;
      case 'usernameTaken':
        setRefusal({ field: 'username', text: t('register.errors.usernameTaken') });
        return;
      case 'throttled':
        setRefusal({
          text: t('register.throttled', { time: formatWait(outcome.retryAfter, i18n.language) }),
        });
        return;
      case 'mailFailed':
        setRefusal({ text: t('register.mailFailed') });
        return;
      case 'invalid':
        setRefusal({ text: t('register.refused', { message: outcome.message }) });
        return;
      default:
        setRefusal({ text: t('register.failed') });
    }
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
