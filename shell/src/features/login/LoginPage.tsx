import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useStore } from 'zustand';
import { formErrors, LoginRequest, type SignInMethod } from '@fieldwatch/shared';
import { Button, Spinner, TextField } from '@fieldwatch/shared/ui';
import { sessionStore } from '../../platform';
import { login, type LoginOutcome } from '../session/session';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { AccountChoice } from './AccountChoice';
import { BankIdPanel } from './BankIdPanel';
import { TwoFactorStep } from './TwoFactorStep';
import { formatWait } from '@fieldwatch/shared';
import { bankIdOutcomeOf, choiceNeeded } from './sign-in-steps';
import { useAccountBranding } from '../theme/branding';
import { registerPath } from '../registration/RegisterPage';
import { ResendVerification } from '../registration/ResendVerification';
import { AuthCard } from './AuthCard';
import css from './LoginPage.module.css';

/** Only same-origin paths are followed after login, never another site. */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/login')) return '/dashboard/default';
  return value;
}

type Method = 'username' | 'bankid';

/** The login card's methods for an organisation's allowed sign-in methods (all without one). */
export function offeredMethods(allowed: readonly SignInMethod[] | undefined): Method[] {
  const all: Method[] = ['username', 'bankid'];
  if (!allowed || allowed.length === 0) return all;
  return all.filter((m) => allowed.includes(m === 'username' ? 'password' : 'bankid'));
}

/**
 * The card's step: the sign-in form; the two-factor code (password right, TwoFactorStep); signed
 * in, asking whether to choose; choosing organisations.
 */
type Phase = 'form' | 'code' | 'checking' | 'choose';

export { formatWait };

/** The form's message for a failed sign-in; a throttled one says how long to wait. */
export function loginErrorText(t: TFunction<'shell'>, language: string, outcome: Exclude<LoginOutcome, 'ok'>): string {
  if (typeof outcome === 'object') return t('login.throttled', { time: formatWait(outcome.throttled, language) });
  if (outcome === 'invalid') return t('common:errors.invalidCredentials');
  if (outcome === 'deactivated') return t('login.deactivated');
  if (outcome === 'methodRefused') return t('login.passwordNotAllowed');
  if (outcome === 'notVerified') return t('login.notVerified');
  return outcome === 'busy' ? t('login.busy') : t('login.failed');
}

export function LoginPage() {
  const { t, i18n } = useTranslation('shell');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const status = useStore(sessionStore, (s) => s.status);
  // Back from BankID (?bankid=): 'ok' is signed in (the session loads), anything else says why not.
  const bankIdOutcome = bankIdOutcomeOf(params.get('bankid'));
  // Through an account URL (/a/<slug>): only the sign-in methods that organisation allows.
  const accountBranding = useAccountBranding((s) => s.branding);
  const forgetAccount = useAccountBranding((s) => s.set);
  const methods = offeredMethods(accountBranding?.signInMethods);
  const [method, setMethod] = useState<Method>(
    (bankIdOutcome && bankIdOutcome !== 'ok') || !methods.includes('username') ? 'bankid' : 'username',
  );
  // Once the user switched the method, the username field no longer takes the focus when it comes
  // back: the focus stays on the method he is choosing with the arrows.
  const [methodSwitched, setMethodSwitched] = useState(false);
  const chooseMethod = (m: Method) => {
    setMethod(m);
    setMethodSwitched(true);
  };
  const [phase, setPhase] = useState<Phase>(bankIdOutcome === 'ok' ? 'checking' : 'form');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [errors, setErrors] = useState<{ username?: string; password?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const [showForgot, setShowForgot] = useState(false);
  // A registered account whose address is not confirmed: its username, for "send a new link".
  const [unverified, setUnverified] = useState<string | null>(null);
  const redirect = safeRedirect(params.get('redirect'));
  const asked = useRef(false);

  /** Signed in: on to the page asked for, unless the user should first choose his organisations. */
  async function proceed() {
    if (asked.current) return;
    asked.current = true;
    if (await choiceNeeded()) setPhase('choose');
    else navigate(redirect, { replace: true });
  }

  // Back from BankID signed in: once the session has loaded, the same next step as a password's.
  useEffect(() => {
    if (phase !== 'checking' || busy) return;
    if (status === 'signedIn') void proceed();
    else if (status === 'signedOut') {
      setPhase('form');
      setMethod('bankid');
      setErrors({ form: t('login.failed') });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phase, status, busy]);

  if (status === 'signedIn' && phase === 'form' && !busy) return <Navigate to={redirect} replace />;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    // The sign-in request's own rules (the server checks the same), in the form's words.
    const next: typeof errors = formErrors(LoginRequest, { username, password }, (field, problem) =>
      problem.rule === 'maxLength'
        ? t('login.tooLong', { name: t(`login.${field}`), max: problem.limit })
        : t(field === 'password' ? 'login.passwordRequired' : 'login.usernameRequired'),
    );
    setErrors(next);
    if (next.username || next.password) return;
    setBusy(true);
    const outcome = await login(i18n, username.trim(), password, remember);
    if (outcome === 'twoFactor') {
      setBusy(false);
      setPassword('');
      setErrors({});
      setPhase('code');
      return;
    }
    if (outcome === 'ok') {
      setPhase('checking');
      await proceed();
      setBusy(false);
      return;
    }
    setBusy(false);
    setUnverified(outcome === 'notVerified' ? username.trim() : null);
    setErrors({ form: loginErrorText(t, i18n.language, outcome) });
  }

  return (
    <AuthCard>
      <h1 className={css.title}>{t('login.title')}</h1>
      <p className={css.subtitle}>{t('login.subtitle')}</p>
      {phase === 'choose' ? (
        <AccountChoice onDone={() => navigate(redirect, { replace: true })} />
      ) : phase === 'code' ? (
        <TwoFactorStep
          onSignedIn={async () => {
            setPhase('checking');
            await proceed();
          }}
          onRestart={(message) => {
            setPhase('form');
            setErrors(message ? { form: message } : {});
          }}
        />
      ) : phase === 'checking' ? (
        <Spinner label={t('login.submitting')} />
      ) : (
        <>
          {methods.length > 1 && (
            <div
              className={css.methods}
              role="radiogroup"
              aria-label={t('login.method')}
              onKeyDown={(e) => {
                // The radio group pattern: one Tab stop, the arrows move and choose (round the ends).
                const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
                if (!step) return;
                e.preventDefault();
                const i = (methods.indexOf(method) + step + methods.length) % methods.length;
                chooseMethod(methods[i]!);
                e.currentTarget.querySelectorAll<HTMLElement>('[role="radio"]')[i]?.focus();
              }}
            >
              {methods.map((m) => (
                <button
                  key={m}
                  type="button"
                  role="radio"
                  aria-checked={method === m}
                  tabIndex={method === m ? 0 : -1}
                  className={method === m ? css.methodActive : css.method}
                  onClick={() => chooseMethod(m)}
                >
                  {m === 'username' ? t('login.methodUsername') : t('login.methodBankId')}
                </button>
              ))}
            </div>
          )}

          {method === 'bankid' ? (
            <BankIdPanel redirect={redirect} remember={remember} outcome={bankIdOutcome} />
          ) : (
            <form className={css.form} onSubmit={onSubmit} noValidate>
              <TextField
                label={t('login.username')}
                name="username"
                autoComplete="username"
                autoFocus={!methodSwitched}
                value={username}
                error={errors.username}
                onChange={(e) => setUsername(e.target.value)}
              />
              <TextField
                label={t('login.password')}
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                error={errors.password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <div className={css.row}>
                <label className={css.check}>
                  <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
                  {t('login.remember')}
                </label>
                <button type="button" className={css.link} onClick={() => setShowForgot((v) => !v)} aria-expanded={showForgot}>
                  {t('login.forgot')}
                </button>
              </div>
              {errors.form && (
                <p className={css.formError} role="alert">
                  {errors.form}
                </p>
              )}
              <Button type="submit" variant="primary" disabled={busy} className={css.submit}>
                {busy ? t('login.submitting') : t('login.submit')}
              </Button>
            </form>
          )}
          {showForgot && method === 'username' && <ForgotPasswordForm initialLogin={username.trim()} />}
          {unverified && method === 'username' && <ResendVerification login={unverified} redirect={redirect} />}
          {accountBranding && methods.length < 2 && (
            // The account URL's organisation is remembered on this browser; another's user is not stuck with it.
            <p className={css.register}>
              <button type="button" className={css.link} onClick={() => forgetAccount(null)} data-testid="login-other-account">
                {t('login.otherAccount', { name: accountBranding.name })}
              </button>
            </p>
          )}
          <p className={css.register}>
            <Link to={registerPath(params.get('redirect'))}>{t('login.register')}</Link>
          </p>
        </>
      )}
    </AuthCard>
  );
}
