/**
 * The browser side of registration (contract/registration.ts), for both forms that register — the
 * shell's sign-in page and the NFC onboarding — so that both read the server's answers alike.
 */
import { isAxiosError } from 'axios';
import type { ApiClient } from './client';
import { formatWait } from '../i18n';
import { ACCOUNT_DEACTIVATED_CODE } from '../contract/admin-users';
import { ENDPOINTS, pathFor } from '../contract/endpoints';
import {
  EMAIL_TAKEN_CODE,
  LINK_EXPIRED_CODE,
  REGISTRATION_MESSAGES,
  REGISTRATION_THROTTLED_CODE,
  USERNAME_TAKEN_CODE,
  type RegisterBody,
  type RegisterResult,
  type RegistrationField,
  type RegistrationProblem,
  type VerifyEmailResult,
} from '../contract/registration';

export type RegisterOutcome =
  | ({ kind: 'sent' } & RegisterResult)
  | { kind: 'emailTaken' }
  | { kind: 'usernameTaken' }
  /** Too many registrations from this network: wait `retryAfter` seconds. */
  | { kind: 'throttled'; retryAfter: number }
  /** The server refused a field (its message names it, in English). */
  | { kind: 'invalid'; message: string }
  | { kind: 'mailFailed' }
  | { kind: 'error' };

export interface ErrorAnswer {
  status: number;
  code?: string;
  message?: string;
  retryAfter?: number;
}

/** A refusal's status, code, message and wait (body or Retry-After); null when nothing answered. */
export function answerOf(err: unknown): ErrorAnswer | null {
  if (!isAxiosError(err) || !err.response) return null;
  const body = (err.response.data ?? {}) as { code?: unknown; message?: unknown; retryAfter?: unknown };
  const header = Number(err.response.headers?.['retry-after']);
  const retryAfter =
    typeof body.retryAfter === 'number' ? body.retryAfter : Number.isFinite(header) ? header : undefined;
  return {
    status: err.response.status,
    ...(typeof body.code === 'string' ? { code: body.code } : {}),
    ...(typeof body.message === 'string' ? { message: body.message } : {}),
    ...(retryAfter !== undefined ? { retryAfter } : {}),
  };
}

const throttled = (a: ErrorAnswer) => ({
  kind: 'throttled' as const,
  retryAfter: Math.max(1, Math.ceil(a.retryAfter ?? 60)),
});

/** POST /api/v3/register. */
export async function registerAccount(api: ApiClient, body: RegisterBody): Promise<RegisterOutcome> {
  try {
    const res = await api.http.post<{ data: RegisterResult }>(pathFor(ENDPOINTS.register), body);
    return { kind: 'sent', ...res.data.data };
  } catch (err) {
    const a = answerOf(err);
    if (!a) return { kind: 'error' };
    if (a.status === 409 && (a.code === EMAIL_TAKEN_CODE || a.message === REGISTRATION_MESSAGES.emailTaken))
      return { kind: 'emailTaken' };
    if (a.status === 409 && a.code === USERNAME_TAKEN_CODE) return { kind: 'usernameTaken' };
    if (a.status === 429 && a.code === REGISTRATION_THROTTLED_CODE) return throttled(a);
    if (a.status === 503 && a.code === 'mail_failed') return { kind: 'mailFailed' };
    if (a.status === 400 && a.message) return { kind: 'invalid', message: a.message };
    return { kind: 'error' };
  }
}

export type ResendOutcome = { kind: 'sent' } | { kind: 'throttled'; retryAfter: number } | { kind: 'error' };

/** POST /api/v3/register/resend: 'sent' says only that the request was taken (never whether an account matched). */
export async function resendVerification(
  api: ApiClient,
  login: string,
  redirect?: string,
): Promise<ResendOutcome> {
  try {
    await api.http.post(pathFor(ENDPOINTS.resendVerification), { login, ...(redirect ? { redirect } : {}) });
    return { kind: 'sent' };
  } catch (err) {
    const a = answerOf(err);
    if (a?.status === 429 && a.code === REGISTRATION_THROTTLED_CODE) return throttled(a);
    return { kind: 'error' };
  }
}

export type VerifyOutcome =
  | ({ kind: 'verified' } & VerifyEmailResult)
  | { kind: 'expired' }
  | { kind: 'deactivated' }
  | { kind: 'error' };

/** POST /api/v3/register/verify: verified, the browser holds a session (its cookie came with the answer). */
export async function verifyEmail(api: ApiClient, token: string): Promise<VerifyOutcome> {
  try {
    const res = await api.http.post<{ data: VerifyEmailResult }>(pathFor(ENDPOINTS.verifyEmail), { token });
    return { kind: 'verified', ...res.data.data };
  } catch (err) {
    const a = answerOf(err);
    if (
      a?.status === 400 &&
      (a.code === LINK_EXPIRED_CODE || a.message === REGISTRATION_MESSAGES.linkExpired)
    )
      return { kind: 'expired' };
    if (a?.status === 403 && a.code === ACCOUNT_DEACTIVATED_CODE) return { kind: 'deactivated' };
    return { kind: 'error' };
  }
}

// ───────── what both registration forms say ─────────
// The shell's sign-in page and the onboarding keep the same keys under `register.` in their own
// namespaces (shell.json, onboarding.json); `t` is the form's own, bound to its namespace.

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Each field's input type and browser autocomplete hint. */
export const REGISTRATION_INPUTS: Record<RegistrationField, { type: string; autoComplete: string }> = {
  name: { type: 'text', autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email' },
  phone: { type: 'tel', autoComplete: 'tel' },
  username: { type: 'text', autoComplete: 'username' },
  password: { type: 'password', autoComplete: 'new-password' },
  confirmPassword: { type: 'password', autoComplete: 'new-password' },
};
export const OPTIONAL_REGISTRATION_FIELDS: readonly RegistrationField[] = ['phone', 'username'];

/** A problem of a field in the catalogue's words (in English exactly the spec's). */
export function registrationErrorText(
  t: Translate,
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

/** Why the server refused a registration, at a field or for the form. */
export type RegistrationRefusal = { field?: RegistrationField; text: string; help?: string };

/** The refusal a form shows for an outcome other than 'sent'. */
export function registrationRefusal(
  t: Translate,
  outcome: Exclude<RegisterOutcome, { kind: 'sent' }>,
  language: string,
): RegistrationRefusal {
  switch (outcome.kind) {
    case 'emailTaken':
      return { field: 'email', text: t('register.errors.emailTaken'), help: t('register.emailTakenHelp') };
    case 'usernameTaken':
      return { field: 'username', text: t('register.errors.usernameTaken') };
    case 'throttled':
      return { text: t('register.throttled', { time: formatWait(outcome.retryAfter, language) }) };
    case 'mailFailed':
      return { text: t('register.mailFailed') };
    case 'invalid':
      return { text: t('register.refused', { message: outcome.message }) };
    default:
      return { text: t('register.failed') };
  }
}
