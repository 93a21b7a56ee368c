import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldProblem, resendVerification, ResendVerificationBody } from '@fieldwatch/shared';
import { Button, TextField } from '@fieldwatch/shared/ui';
import { api } from '../../platform';
import { formatWait } from '@fieldwatch/shared';
import css from '../login/LoginPage.module.css';

/**
 * "Send a new link" of registration: for the address (or username) given, or one typed here. The
 * answer says the same whether or not an account waits for it (the server tells nothing either).
 */
export function ResendVerification({
  login,
  redirect,
  title = true,
}: {
  login?: string;
  redirect?: string;
  title?: boolean;
}) {
  const { t, i18n } = useTranslation('shell');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const [state, setState] = useState<'idle' | 'busy' | 'sent' | 'failed' | { wait: number }>('idle');

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const value = (login ?? typed).trim();
    if (login === undefined) {
      const problem = fieldProblem(ResendVerificationBody.properties.login, value, true);
      if (problem) {
        setError(
          problem.rule === 'maxLength'
            ? t('login.tooLong', { name: t('resend.login'), max: problem.limit })
            : t('resend.required'),
        );
        return;
      }
    }
    setError(undefined);
    setState('busy');
    const outcome = await resendVerification(api, value, redirect);
    setState(
      outcome.kind === 'sent'
        ? 'sent'
        : outcome.kind === 'throttled'
          ? { wait: outcome.retryAfter }
          : 'failed',
    );
  }

  return (
    <section
      className={login === undefined ? css.forgot : css.stack}
      aria-label={t('resend.title')}
      data-testid="resend-verification"
    >
      {title && login === undefined && <h2 className={css.forgotTitle}>{t('resend.title')}</h2>}
      {state === 'sent' ? (
        <p className={css.success} role="status">
          {t('resend.sent')}
        </p>
      ) : (
        <form className={css.form} onSubmit={onSubmit} noValidate>
          {login === undefined && (
            <TextField
              label={t('resend.login')}
              name="resend-login"
              autoComplete="email"
              value={typed}
              error={error}
              onChange={(e) => setTyped(e.target.value)}
            />
          )}
          {typeof state === 'object' && (
            <p className={css.formError} role="alert">
              {t('resend.throttled', { time: formatWait(state.wait, i18n.language) })}
            </p>
          )}
          {state === 'failed' && (
            <p className={css.formError} role="alert">
              {t('resend.failed')}
            </p>
          )}
          <Button
            type="submit"
            variant={login === undefined ? 'primary' : 'default'}
            disabled={state === 'busy'}
            className={css.submit}
          >
            {state === 'busy' ? t('resend.sending') : t('resend.submit')}
          </Button>
        </form>
      )}
    </section>
  );
}
