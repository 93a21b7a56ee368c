import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldProblem, ForgotPasswordBody } from '@fieldwatch/shared';
import { Button, TextField } from '@fieldwatch/shared/ui';
import { requestResetLink } from './password-reset';
import css from './LoginPage.module.css';

/**
 * "Forgot password?": a username or e-mail address, and then the same words whatever the server
 * found — it does not tell either whether an account matched.
 */
export function ForgotPasswordForm({ initialLogin = '' }: { initialLogin?: string }) {
  const { t } = useTranslation('shell');
  const [login, setLogin] = useState(initialLogin);
  const [error, setError] = useState<string>();
  const [state, setState] = useState<'idle' | 'busy' | 'sent' | 'failed'>('idle');

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = fieldProblem(ForgotPasswordBody.properties.login, login, true);
    if (problem) {
      setError(
        problem.rule === 'maxLength'
          ? t('login.tooLong', { name: t('login.forgotLogin'), max: problem.limit })
          : t('login.forgotRequired'),
      );
      return;
    }
    setError(undefined);
    setState('busy');
    setState((await requestResetLink(login.trim())) === 'sent' ? 'sent' : 'failed');
  }

  return (
    <section className={css.forgot} aria-labelledby="fw-forgot-title" data-testid="forgot-password">
      <h2 id="fw-forgot-title" className={css.forgotTitle}>
        {t('login.forgotTitle')}
      </h2>
      {state === 'sent' ? (
        <p className={css.success} role="status">
          {t('login.forgotSent')}
        </p>
      ) : (
        <form className={css.form} onSubmit={onSubmit} noValidate>
          <p className={css.hint}>{t('login.forgotIntro')}</p>
          <TextField
            label={t('login.forgotLogin')}
            name="forgot-login"
            autoComplete="username"
            value={login}
            error={error}
            onChange={(e) => setLogin(e.target.value)}
          />
          {state === 'failed' && (
            <p className={css.formError} role="alert">
              {t('login.forgotFailed')}
            </p>
          )}
          <Button type="submit" variant="primary" disabled={state === 'busy'} className={css.submit}>
            {state === 'busy' ? t('login.forgotSending') : t('login.forgotSubmit')}
          </Button>
        </form>
      )}
    </section>
  );
}
