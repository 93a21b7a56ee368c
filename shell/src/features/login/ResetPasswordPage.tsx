import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { newPasswordProblems } from '@fieldwatch/shared';
import { Button, buttonClassName, cx, LoadingState, TextField } from '@fieldwatch/shared/ui';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { enterSession } from '../session/session';
import { AccountChoice } from './AccountChoice';
import { checkResetToken, setPasswordWithToken } from './password-reset';
import { choiceNeeded } from './sign-in-steps';

/** Where a password set from a link leads once signed in (a user of no organisation is sent on from there). */
const INTO_PRODUCT = '/dashboard/default';
import { AuthCard } from './AuthCard';
import css from './LoginPage.module.css';

type View =
  | { kind: 'checking' }
  | { kind: 'form'; username: string }
  | { kind: 'expired' | 'noToken' | 'error' | 'done' | 'entering' | 'choose' };

/** The rules of spec §7 for a new password (newPasswordProblems), as translated messages. */
function passwordErrors(t: (k: string) => string, password: string, confirm: string) {
  const problems = newPasswordProblems(password, confirm);
  const errors: { password?: string; confirm?: string } = {};
  if (problems.password) errors.password = t(`reset.${problems.password}`);
  if (problems.confirm) errors.confirm = t(`reset.${problems.confirm}`);
  return errors;
}

/** /reset-password?token=…: the page a mailed password link opens. Public: the token is the key. */
export function ResetPasswordPage() {
  const { t, i18n } = useTranslation('shell');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // An invitation link (admin user management) leads here too: the same form, worded as a welcome.
  const invite = params.get('invite') === '1';
  const k = (key: string) => (invite ? `reset.invite.${key}` : `reset.${key}`);
  const [view, setView] = useState<View>(token ? { kind: 'checking' } : { kind: 'noToken' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) return;
    let live = true;
    void checkResetToken(token).then((r) => {
      if (!live) return;
      setView(r.state === 'valid' ? { kind: 'form', username: r.username } : { kind: r.state });
    });
    return () => {
      live = false;
    };
  }, [token]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next = passwordErrors(t, password, confirm);
    setErrors(next);
    if (next.password || next.confirm) return;
    setBusy(true);
    const outcome = await setPasswordWithToken(token, password);
    setBusy(false);
    if (outcome === 'signedIn') {
      // Signed in by the same answer: into the product, as after a sign-in (the account choice first
      // for a user of several organisations who never made it).
      setView({ kind: 'entering' });
      if (!(await enterSession(i18n))) setView({ kind: 'done' });
      else if (await choiceNeeded()) setView({ kind: 'choose' });
      else navigate(INTO_PRODUCT, { replace: true });
    } else if (outcome === 'ok') setView({ kind: 'done' });
    else if (outcome === 'expired') setView({ kind: 'expired' });
    else setErrors({ confirm: t('reset.failed') });
  }

  return (
    <AuthCard testId="reset-password">
      <h1 className={css.title}>{view.kind === 'done' ? t(k('doneTitle')) : t(k('title'))}</h1>
      {view.kind === 'checking' && <LoadingState label={t('reset.checking')} />}
      {view.kind === 'entering' && <LoadingState label={t('reset.signingIn')} />}
      {view.kind === 'choose' && <AccountChoice onDone={() => navigate(INTO_PRODUCT, { replace: true })} />}
      {view.kind === 'form' && (
        <>
          <p className={css.subtitle}>{t(k('forUser'), { username: view.username })}</p>
          <form className={css.form} onSubmit={onSubmit} noValidate>
            {/* For the browser's password manager: which account the new password belongs to. */}
            <input
              type="text"
              name="username"
              autoComplete="username"
              value={view.username}
              readOnly
              hidden
            />
            <TextField
              label={t('reset.newPassword')}
              name="new-password"
              type="password"
              autoComplete="new-password"
              autoFocus
              value={password}
              error={errors.password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <TextField
              label={t('reset.confirmPassword')}
              name="confirm-password"
              type="password"
              autoComplete="new-password"
              value={confirm}
              error={errors.confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
            <Button type="submit" variant="primary" disabled={busy} className={css.submit}>
              {busy ? t('reset.submitting') : t(k('submit'))}
            </Button>
          </form>
        </>
      )}
      {view.kind === 'done' && (
        <div className={css.stack}>
          <p className={css.success} role="status">
            {t(k('done'))}
          </p>
          <Link to="/login" className={cx(buttonClassName({ variant: 'primary' }), css.submit)}>
            {t('reset.signIn')}
          </Link>
        </div>
      )}
      {(view.kind === 'expired' || view.kind === 'noToken' || view.kind === 'error') && (
        <>
          <div className={css.stack}>
            <p className={css.formError} role="alert">
              {view.kind === 'expired'
                ? t('reset.expired')
                : view.kind === 'error'
                  ? t('reset.failed')
                  : t('reset.noToken')}
            </p>
            {view.kind === 'expired' && <p className={css.hint}>{t('reset.expiredHelp')}</p>}
          </div>
          <ForgotPasswordForm />
        </>
      )}
      {view.kind !== 'done' && view.kind !== 'entering' && view.kind !== 'choose' && (
        <p className={css.register}>
          <Link to="/login">{t('reset.backToSignIn')}</Link>
        </p>
      )}
    </AuthCard>
  );
}
