/**
 * Registration is checked by the rules the server applies too (registrationProblems of
 * @fieldwatch/shared: the contract's RegistrationForm — lengths, required, e-mail address, password
 * minimum — and the confirmation typed identically). Each problem is shown through the catalogue
 * by its field and rule, so it reads in the user's language (in English exactly as the spec says).
 */
import type { TFunction } from 'i18next';
import {
  emptyRegistration,
  REGISTRATION_FIELDS,
  registrationErrorText,
  registrationProblems,
  type RegistrationField,
  type RegistrationProblem,
  type RegistrationValues,
} from '@fieldwatch/shared';

export { emptyRegistration, REGISTRATION_FIELDS };
export type { RegistrationField, RegistrationValues };
export type FieldError = RegistrationProblem;

/** The first error of each field, or an empty object when the values are valid. */
export const validateRegistration = (
  values: RegistrationValues,
): Partial<Record<RegistrationField, FieldError>> => registrationProblems(values);

/** The error in the catalogue's words (the onboarding namespace's `register.` keys). */
export const errorText = (t: TFunction, field: RegistrationField, error: FieldError): string =>
  registrationErrorText((key, options) => t(`onboarding:${key}`, options), field, error);
