/**
 * The browser side of registration (contract/registration.ts), for both forms that register — the
 * shell's sign-in page and the NFC onboarding — so that both read the server's answers alike.
 */
import { isAxiosError } from 'axios';
import type { ApiClient } from './client';
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

interface ErrorAnswer {
  status: number;
  code?: string;
  message?: string;
  retryAfter?: number;
}

function answerOf(err: unknown): ErrorAnswer | null {
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
