import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextField } from '@fieldwatch/shared/ui';
import {
  emptyRegistration,
  errorText,
  REGISTRATION_FIELDS,
  type RegistrationField,
  type RegistrationValues,
  validateRegistration,
} from './validation';
import css from './account.module.css';

const INPUT: Record<RegistrationField, { type: string; autoComplete: string }> = {
  name: { type: 'text', autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email' },
  phone: { type: 'tel', autoComplete: 'tel' },
  username: { type: 'text', autoComplete: 'username' },
  password: { type: 'password', autoComplete: 'new-password' },
  confirmPassword: { type: 'password', autoComplete: 'new-password' },
};

/**
 * The registration form, validated inline with the shared schema as fields are left. Creating the
 * account is not wired to the server yet, so the submit button stays disabled and says why:
 * nothing is sent, and nothing pretends to be.
 */
export function RegisterForm() {
  const { t } = useTranslation('onboarding');
  const [values, setValues] = useState<RegistrationValues>(emptyRegistration);
  const [touched, setTouched] = useState<Partial<Record<RegistrationField, boolean>>>({});
  const errors = useMemo(() => validateRegistration(values), [values]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(Object.fromEntries(REGISTRATION_FIELDS.map((f) => [f, true])));
  };

  return (
    <form className={css.form} onSubmit={onSubmit} noValidate aria-describedby="fw-onb-register-note" data-testid="register-form">
      <div className={css.fields}>
        {REGISTRATION_FIELDS.map((field) => {
          const error = touched[field] ? errors[field] : undefined;
          return (
            <div key={field} className={field === 'name' || field === 'email' ? css.wide : undefined}>
              <TextField
                label={field === 'phone' ? t('register.phoneLabel') : t(`register.fields.${field}`)}
                name={field}
                type={INPUT[field].type}
                autoComplete={INPUT[field].autoComplete}
                value={values[field]}
                required={field !== 'phone'}
                error={error ? errorText(t, field, error) : undefined}
                onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
                onBlur={() => setTouched((s) => (s[field] ? s : { ...s, [field]: true }))}
              />
            </div>
          );
        })}
      </div>
      <div className={css.notice} id="fw-onb-register-note" role="note" data-testid="register-unavailable">
        <strong>{t('register.unavailableTitle')}</strong>
        <span>{t('register.unavailableText')}</span>
      </div>
      <div className={css.formActions}>
        <Button type="submit" variant="primary" disabled>
          {t('register.submit')}
        </Button>
      </div>
    </form>
  );
}
