/**
 * Registration is checked by the contract's RegistrationForm: the account's fields with the same
 * limits the server's profile rules use (lengths, required, e-mail address, password minimum),
 * and the confirmation typed identically. Each problem is shown through the catalogue by its
 * field and rule, so it reads in the user's language (in English exactly as the spec says).
 */
import type { TFunction } from 'i18next';
import { formProblems, RegistrationForm, type FieldProblem } from '@fieldwatch/shared';

export const REGISTRATION_FIELDS = ['name', 'email', 'phone', 'username', 'password', 'confirmPassword'] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];
export type RegistrationValues = Record<RegistrationField, string>;

/** A rule of the schema, or the confirmation that differs from the password. */
export type FieldError = FieldProblem | { rule: 'mismatch'; limit?: undefined };

export const emptyRegistration = (): RegistrationValues => ({
  name: '',
  email: '',
  phone: '',
  username: '',
  password: '',
  confirmPassword: '',
});

/** The first error of each field, or an empty object when the values are valid. */
export function validateRegistration(values: RegistrationValues): Partial<Record<RegistrationField, FieldError>> {
  const out: Partial<Record<RegistrationField, FieldError>> = formProblems(RegistrationForm, values);
  if (!out.confirmPassword && values.confirmPassword !== values.password) out.confirmPassword = { rule: 'mismatch' };
  return out;
}

/** The error in the catalogue's words. */
export function errorText(t: TFunction, field: RegistrationField, error: FieldError): string {
  const name = t(`onboarding:register.fields.${field}`);
  switch (error.rule) {
    case 'required':
    case 'pattern':
      return t('onboarding:register.errors.blank', { name });
    case 'email':
      return t('onboarding:register.errors.email', { name });
    case 'minLength':
      return t('onboarding:register.errors.passwordShort');
    case 'mismatch':
      return t('onboarding:register.errors.mismatch');
    case 'maxLength':
      return t('onboarding:register.errors.tooLong', { name, max: error.limit ?? 0 });
  }
}
