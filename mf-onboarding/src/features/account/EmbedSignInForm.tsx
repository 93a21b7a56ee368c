/**
 * Signing in inside the flow embedded on a partner page (issue 19 §2): the product's sign-in page
 * is on another site, whose cookie this page never gets, so the embed asks for the username and
 * password itself (POST …/onboarding/embed/session) and keeps the short-lived token it answers
 * (embed.tsx). What keeps a right password out is said, with what to do: an address not confirmed
 * yet, two-factor authentication or an organisation without passwords (continue on Fieldwatch).
 */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACCOUNT_DEACTIVATED_CODE,
  answerOf,
  EMAIL_NOT_VERIFIED_CODE,
  EMBED_ERROR_CODES,
  ENDPOINTS,
  formatWait,
  pathFor,
  SIGN_IN_METHOD_REFUSED_CODE,
  type EmbedSession,
  type Envelope,
} from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import { Button, TextField } from '@fieldwatch/shared/ui';
import { useOnboardingEnv, useProductLink } from '../flow/env';
import { onboardingUrl } from '../flow/steps';
import css from './account.module.css';

type Problem = { text: string; onFieldwatch?: boolean };

export function EmbedSignInForm({ tag, username: initial = '', intro }: { tag: string; username?: string; intro?: string }) {
  const { t, i18n } = useTranslation('onboarding');
  const { api } = useRemote();
  const { embed } = useOnboardingEnv();
  const link = useProductLink();
  const [username, setUsername] = useState(initial);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password) {
      setProblem({ text: t('embed.signIn.blank') });
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const res = await api.http.post<Envelope<EmbedSession>>(pathFor(ENDPOINTS.embedSignIn), {
        username: username.trim(),
        password,
      });
      embed?.signIn(res.data.data);
    } catch (err) {
      setBusy(false);
      setProblem(problemOf(err));
    }
  };

  function problemOf(err: unknown): Problem {
    const a = answerOf(err);
    if (!a) return { text: t('errors.network') };
    if (a.status === 417) return { text: t('embed.signIn.invalid') };
    if (a.status === 429)
      return {
        text: t('embed.signIn.throttled', {
          time: formatWait(Math.max(1, Math.ceil(a.retryAfter ?? 60)), i18n.language),
        }),
      };
    if (a.code === EMAIL_NOT_VERIFIED_CODE) return { text: t('embed.signIn.notVerified') };
    if (a.code === ACCOUNT_DEACTIVATED_CODE) return { text: t('embed.signIn.deactivated') };
    if (a.code === EMBED_ERROR_CODES.twoFactor)
      return { text: t('embed.signIn.twoFactor'), onFieldwatch: true };
    if (a.code === SIGN_IN_METHOD_REFUSED_CODE)
      return { text: t('embed.signIn.methodRefused'), onFieldwatch: true };
    return { text: t('errors.other', { message: a.message ?? String(a.status) }) };
  }

  // A refused sign-in: both fields point at what was said (the server does not say which was wrong).
  const refused = problem ? { 'aria-invalid': true as const, 'aria-describedby': 'fw-onb-signin-problem' } : {};

  return (
    <form className={css.form} onSubmit={(e) => void onSubmit(e)} noValidate data-testid="embed-sign-in">
      <h3 className={css.registerTitle}>{t('embed.signIn.title')}</h3>
      {intro && <p className={css.small}>{intro}</p>}
      <div className={css.fields}>
        <div className={css.wide}>
          <TextField
            id="fw-onb-signin-username"
            label={t('embed.signIn.username')}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            required
            {...refused}
          />
        </div>
        <div className={css.wide}>
          <TextField
            id="fw-onb-signin-password"
            label={t('embed.signIn.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
            {...refused}
          />
        </div>
      </div>
      {problem && (
        <div role="alert">
          <p id="fw-onb-signin-problem" className={css.error}>
            {problem.text}
          </p>
          {problem.onFieldwatch && (
            <p className={css.small}>
              <a {...link(onboardingUrl(tag))} data-testid="continue-on-fieldwatch">
                {t('embed.continueOnFieldwatch')}
              </a>
            </p>
          )}
        </div>
      )}
      <div className={css.formActions}>
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? t('embed.signIn.submitting') : t('embed.signIn.submit')}
        </Button>
      </div>
      <p className={css.small}>
        {t('embed.signIn.forgotten')}{' '}
        <a {...link('/login')} data-testid="forgotten-on-fieldwatch">
          {t('embed.signIn.forgottenLink')}
        </a>
      </p>
    </form>
  );
}
