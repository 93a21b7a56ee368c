/**
 * The browser side of password links (issue 14 §1): ask for a link (forgotPassword), check the
 * link's token, set the new password with it. The link itself only ever arrives by e-mail.
 */
import { isAxiosError } from 'axios';
import { ENDPOINTS, pathFor, PASSWORD_MESSAGES, type AnswerOf, type BodyOf } from '@fieldwatch/shared';
import { api } from '../../platform';

/** The public page a mailed link opens (App.tsx routes it). */
export const RESET_PATH = '/reset-password';

/** The server answers the same whether or not an account matched: 'sent' says only that. */
export async function requestResetLink(login: string): Promise<'sent' | 'error'> {
  try {
    const body: BodyOf<typeof ENDPOINTS.forgotPassword> = { login, baseUrl: `${window.location.origin}${RESET_PATH}` };
    await api.http.post(pathFor(ENDPOINTS.forgotPassword), body);
    return 'sent';
  } catch {
    return 'error';
  }
}

const isExpired = (err: unknown) =>
  isAxiosError(err) &&
  err.response?.status === 400 &&
  ((err.response.data as { code?: string; message?: string } | undefined)?.code === 'link_expired' ||
    (err.response.data as { message?: string } | undefined)?.message === PASSWORD_MESSAGES.linkExpired);

export type TokenCheck = { state: 'valid'; username: string } | { state: 'expired' } | { state: 'error' };

export async function checkResetToken(token: string): Promise<TokenCheck> {
  try {
    const res = await api.http.get<{ data: AnswerOf<typeof ENDPOINTS.verifyResetToken> }>(
      pathFor(ENDPOINTS.verifyResetToken, { token }),
    );
    return { state: 'valid', username: res.data.data.username };
  } catch (err) {
    return isExpired(err) ? { state: 'expired' } : { state: 'error' };
  }
}

/**
 * Sets the password; 'signedIn': the server also signed this browser in (its cookie came with the
 * answer), 'ok': set, but the account signs in another way (BankID only, two-factor, deactivated).
 */
export async function setPasswordWithToken(
  token: string,
  newPassword: string,
): Promise<'signedIn' | 'ok' | 'expired' | 'error'> {
  try {
    const body: BodyOf<typeof ENDPOINTS.resetPassword> = { token, newPassword };
    const res = await api.http.post<{ data: AnswerOf<typeof ENDPOINTS.resetPassword> }>(pathFor(ENDPOINTS.resetPassword), body);
    return res.data?.data?.signedIn === true ? 'signedIn' : 'ok';
  } catch (err) {
    return isExpired(err) ? 'expired' : 'error';
  }
}
