import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { isRedirectPath, type RegisterResult } from '@fieldwatch/shared';
import { sessionStore } from '../../platform';
import { RegisterForm } from './RegisterForm';
import { ResendVerification } from './ResendVerification';
import { AuthCard } from '../login/AuthCard';
import css from '../login/LoginPage.module.css';
import own from './registration.module.css';

/** The public page of the sign-in page's "register" link. */
export const REGISTER_PATH = '/register';

/** The register page's address, carrying the page to continue at (the login page's ?redirect=). */
export function registerPath(redirect: string | null): string {
  return redirect && isRedirectPath(redirect) && !redirect.startsWith('/login')
    ? `${REGISTER_PATH}?redirect=${encodeURIComponent(redirect)}`
    : REGISTER_PATH;
}

/**
 * /register: create an account (RegisterForm), then "We sent a link to <email>. Open it to finish."
 * with a new link on request. The link opens /verify-email, which signs in and continues at
 * ?redirect= (a path of this site), else the overview.
 */
export function RegisterPage() {
  const { t } = useTranslation('shell');
  const [params] = useSearchParams();
  const status = useStore(sessionStore, (s) => s.status);
  const wanted = params.get('redirect');
  const redirect = wanted && isRedirectPath(wanted) && !wanted.startsWith('/login') ? wanted : undefined;
  const [sent, setSent] = useState<RegisterResult | null>(null);

  if (status === 'signedIn' && !sent) return <Navigate to={redirect ?? '/dashboard/default'} replace />;
  const signInPath = redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login';

  return (
    <AuthCard testId="register-page">
      {sent ? (
        <>
          <h1 className={css.title}>{t('register.sentTitle')}</h1>
          <div className={css.stack} data-testid="register-sent">
            <p className={css.success} role="status">
              <span className={own.sentTo}>{t('register.sent', { email: sent.email })}</span>
            </p>
            <p className={css.hint}>{t('register.sentUsername', { username: sent.username })}</p>
            <p className={css.hint}>{t('register.sentHelp')}</p>
            <ResendVerification login={sent.email} {...(redirect ? { redirect } : {})} />
          </div>
          <p className={css.register}>
            <Link to={signInPath}>{t('reset.backToSignIn')}</Link>
          </p>
        </>
      ) : (
        <>
          <h1 className={css.title}>{t('register.title')}</h1>
          <p className={css.subtitle}>{t('register.subtitle')}</p>
          <RegisterForm {...(redirect ? { redirect } : {})} onSent={setSent} />
          <div className={own.links}>
            <Link to={signInPath}>{t('register.haveAccount')}</Link>
            <Link to="/onboarding">{t('register.activate')}</Link>
          </div>
        </>
      )}
    </AuthCard>
  );
}
