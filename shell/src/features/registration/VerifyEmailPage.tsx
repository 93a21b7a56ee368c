import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { verifyEmail } from '@fieldwatch/shared';
export { VERIFY_EMAIL_PATH } from '@fieldwatch/shared';
import { Button, LoadingState } from '@fieldwatch/shared/ui';
import { api } from '../../platform';
import { AccountChoice } from '../login/AccountChoice';
import { safeRedirect } from '../login/LoginPage';
import { choiceNeeded } from '../login/sign-in-steps';
import { enterSession } from '../session/session';
import { ResendVerification } from './ResendVerification';
import { AuthCard } from '../login/AuthCard';
import css from '../login/LoginPage.module.css';

type View = 'ask' | 'busy' | 'entering' | 'choose' | 'expired' | 'noToken' | 'deactivated' | 'failed';

/**
 * /verify-email?token=…: the link of a new account's mail. Opening it changes nothing (a mail
 * scanner that fetches links must not use the link up, nor get the session): one click confirms
 * the address and signs in, then on to the page registration came from (or the overview, after
 * the account choice a user of several organisations makes once). An old or used link says
 * "The link has expired" and offers a new one.
 */
export function VerifyEmailPage() {
  const { t, i18n } = useTranslation('shell');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [view, setView] = useState<View>(token ? 'ask' : 'noToken');
  const [next, setNext] = useState('/dashboard/default');

  async function confirm() {
    setView('busy');
    const outcome = await verifyEmail(api, token);
    if (outcome.kind !== 'verified') {
      setView(outcome.kind === 'error' ? 'failed' : outcome.kind);
      return;
    }
    const to = safeRedirect(outcome.redirect);
    setNext(to);
    setView('entering');
    // Signed in now (the answer set the cookie): the session loads as after a sign-in. Should it
    // not load, the page asked for sends to the sign-in page like any page without a session.
    if ((await enterSession(i18n)) && (await choiceNeeded())) setView('choose');
    else navigate(to, { replace: true });
  }

  const problem = view === 'expired' || view === 'noToken' || view === 'deactivated' || view === 'failed';
  return (
    <AuthCard testId="verify-email">
      <h1 className={css.title}>{t('verify.title')}</h1>
      {(view === 'ask' || view === 'busy') && (
        <div className={css.stack}>
          <p className={css.hint}>{t('verify.intro')}</p>
          <Button
            type="button"
            variant="primary"
            className={css.submit}
            disabled={view === 'busy'}
            onClick={() => void confirm()}
          >
            {view === 'busy' ? t('verify.confirming') : t('verify.confirm')}
          </Button>
        </div>
      )}
      {view === 'entering' && <LoadingState label={t('verify.signingIn')} />}
      {view === 'choose' && <AccountChoice onDone={() => navigate(next, { replace: true })} />}
      {problem && (
        <>
          <div className={css.stack}>
            <p className={css.formError} role="alert">
              {t(`verify.${view}`)}
            </p>
            {view === 'expired' && <p className={css.hint}>{t('verify.expiredHelp')}</p>}
          </div>
          {(view === 'expired' || view === 'noToken') && <ResendVerification title={false} />}
          {view === 'failed' && token && (
            <Button type="button" className={css.submit} onClick={() => setView('ask')}>
              {t('common:action.retry')}
            </Button>
          )}
        </>
      )}
      {view !== 'entering' && view !== 'choose' && (
        <p className={css.register}>
          <Link to="/login">{t('reset.backToSignIn')}</Link>
        </p>
      )}
    </AuthCard>
  );
}
