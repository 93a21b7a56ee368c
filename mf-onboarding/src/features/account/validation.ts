/**
 * Registration is validated with the shared registrationSchema. Its messages are the English texts
 * of spec §5 (blank/invalidEmail, which the server answers with too); here each error is shown
 * through the catalogue by its field and kind, so it reads in the user's language (in English
 * exactly as the schema says).
 */
import type { TFunction } from 'i18next';
import { registrationSchema } from '@fieldwatch/shared/schemas';

export const REGISTRATION_FIELDS = ['name', 'email', 'phone', 'username', 'password', 'confirmPassword'] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];
export type RegistrationValues = Record<RegistrationField, string>;

export interface FieldError {
  type: string;
  message: string;
  params?: Record<string, unknown>;
}

interface YupLikeError {
  path?: string;
  type?: string;
  message: string;
  params?: Record<string, unknown>;
  inner?: YupLikeError[];
}

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
  try {
    registrationSchema.validateSync({ ...values, organizations: [] }, { abortEarly: false });
    return {};
  } catch (err) {
    const e = err as YupLikeError;
    const list = e.inner && e.inner.length > 0 ? e.inner : [e];
    const out: Partial<Record<RegistrationField, FieldError>> = {};
    for (const item of list) {
      const field = item.path as RegistrationField | undefined;
      if (field && (REGISTRATION_FIELDS as readonly string[]).includes(field) && !out[field]) {
        out[field] = { type: item.type ?? '', message: item.message, params: item.params };
      }
    }
    return out;
  }
}

/** The error in the catalogue's words; an unknown kind falls back to the schema's own text. */
export function errorText(t: TFunction, field: RegistrationField, error: FieldError): string {
  const name = t(`onboarding:register.fields.${field}`);
  switch (error.type) {
    case 'required':
      return t('onboarding:register.errors.blank', { name });
    case 'email':
      return t('onboarding:register.errors.email', { name });
    case 'min':
      return t('onboarding:register.errors.passwordShort');
    case 'oneOf':
      return t('onboarding:register.errors.mismatch');
    case 'max':
      return t('onboarding:register.errors.tooLong', { name, max: Number(error.params?.max ?? 0) });
    default:
      return error.message;
  }
}
