/**
 * The second step of a sign-in with two-factor authentication (contract/two-factor.ts): the
 * password step answered { twoFactorRequired } and left a pending sign-in (its HttpOnly cookie);
 * the code from the authenticator app, or a recovery code, completes it and the session loads as
 * after a password.
 */
import type { i18n as I18n } from 'i18next';
import { isAxiosError } from 'axios';
import {
  ACCOUNT_DEACTIVATED_CODE,
  ENDPOINTS,
  pathFor,
  TWO_FACTOR_ERROR_CODES,
  type TwoFactorLoginDone,
} from '@fieldwatch/shared';
import { api } from '../../platform';
import { loadSession, loginFailure } from '../session/session';

/**
 * 'wrongCode': try again; 'expired': the pending sign-in is over (too slow, or too many wrong
 * codes) — sign in again; `recoveryCodesLeft` after a recovery code was used.
 */
export type CodeOutcome =
  | { ok: true; recoveryCodesLeft?: number }
  | 'wrongCode'
  | 'expired'
  | 'tooManyCodes'
  | 'deactivated'
  | 'busy'
  | 'error'
  | { throttled: number };

export async function submitSecondFactor(i18n: I18n, code: string): Promise<CodeOutcome> {
  let done: TwoFactorLoginDone | undefined;
  try {
    const res = await api.http.post<{ data: TwoFactorLoginDone }>(pathFor(ENDPOINTS.loginTwoFactor), { code });
    done = res.data.data;
  } catch (err) {
    if (!isAxiosError(err)) return 'error';
    const body = err.response?.data as { code?: unknown } | undefined;
    if (body?.code === TWO_FACTOR_ERROR_CODES.wrongCode) return 'wrongCode';
    if (body?.code === TWO_FACTOR_ERROR_CODES.expired) return 'expired';
    if (body?.code === TWO_FACTOR_ERROR_CODES.tooManyCodes) return 'tooManyCodes';
    if (body?.code === ACCOUNT_DEACTIVATED_CODE) return 'deactivated';
    const other = loginFailure(err);
    return other === 'busy' || typeof other === 'object' ? other : 'error';
  }
  if (!(await loadSession(i18n))) return 'error';
  return { ok: true, ...(typeof done?.recoveryCodesLeft === 'number' ? { recoveryCodesLeft: done.recoveryCodesLeft } : {}) };
}
