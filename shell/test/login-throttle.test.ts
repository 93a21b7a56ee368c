/**
 * A refused sign-in (429 too_many_attempts) shows how long to wait, in the user's
 * language; the shared API client hands the page the server's body.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TFunction } from 'i18next';
import { ACCOUNT_DEACTIVATED_CODE, LOGIN_THROTTLED_CODE, loginThrottledMessage, SIGN_IN_METHOD_REFUSED_CODE } from '@fieldwatch/shared';
import { createTestI18n, fakeServerApi } from '@fieldwatch/shared/testing';
import { formatWait, loginErrorText } from '../src/features/login/LoginPage';
import { loginFailure } from '../src/features/session/session';

const LANGS = ['en', 'da', 'de', 'sv'] as const;
const bundle = (ns: string) =>
  Object.fromEntries(
    LANGS.map((l) => [
      l,
      JSON.parse(readFileSync(path.join(__dirname, '../../locales', l, `${ns}.json`), 'utf8')),
    ]),
  );

/** What the real client throws for one answer of the login endpoint. */
async function failureOf(status: number, body: unknown) {
  const { api } = fakeServerApi(() => ({ status, body }));
  try {
    await api.http.post('/api/v2/auth/login', { username: 'a', password: 'b' });
  } catch (err) {
    return loginFailure(err);
  }
  throw new Error('the login did not fail');
}

describe('a throttled sign-in', () => {
  test('reaches the page with its wait (429 body through the shared client)', async () => {
    const body = { message: loginThrottledMessage(45), code: LOGIN_THROTTLED_CODE, retryAfter: 45 };
    expect(await failureOf(429, body)).toEqual({ throttled: 45 });
    expect(await failureOf(417, { message: 'Username or password is incorrect' })).toBe('invalid');
    expect(await failureOf(503, { message: 'busy', code: 'busy' })).toBe('busy');
    expect(await failureOf(500, { message: 'Something went wrong' })).toBe('error');
  });

  test('a deactivated account and a refused sign-in method each say why, in the form', async () => {
    expect(await failureOf(403, { message: 'deactivated', code: ACCOUNT_DEACTIVATED_CODE })).toBe('deactivated');
    expect(await failureOf(403, { message: 'no password', code: SIGN_IN_METHOD_REFUSED_CODE })).toBe('methodRefused');
    expect(await failureOf(403, { message: 'other', code: 'forbidden' })).toBe('error');
    const t = ((key: string) => key) as unknown as TFunction<'shell'>;
    expect(loginErrorText(t, 'en', 'deactivated')).toBe('login.deactivated');
    expect(loginErrorText(t, 'en', 'methodRefused')).toBe('login.passwordNotAllowed');
  });

  test.each([
    ['en', 45, 'Too many failed sign-ins. Try again in 45 seconds.'],
    ['en', 900, 'Too many failed sign-ins. Try again in 15 minutes.'],
    ['da', 45, 'For mange mislykkede login. Prøv igen om 45 sekunder.'],
    ['de', 900, 'Zu viele fehlgeschlagene Anmeldungen. Versuchen Sie es in 15 Minuten erneut.'],
    ['sv', 30, 'För många misslyckade inloggningar. Försök igen om 30 sekunder.'],
    ['sv', 3600, 'För många misslyckade inloggningar. Försök igen om 60 minuter.'],
  ])('is shown in %s for a wait of %i s', (lang, seconds, text) => {
    const i18n = createTestI18n({ common: bundle('common'), shell: bundle('shell') }, lang, 'shell');
    const t = i18n.getFixedT(lang, 'shell') as TFunction<'shell'>;
    expect(loginErrorText(t, lang, { throttled: seconds })).toBe(text);
  });

  test('says a wait in whole units, never zero', () => {
    expect(formatWait(0.2, 'en')).toBe('1 second');
    expect(formatWait(61, 'en')).toBe('2 minutes');
    expect(formatWait(60, 'de')).toBe('1 Minute');
  });
});
