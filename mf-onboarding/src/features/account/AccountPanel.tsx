import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { OnboardingTagInfo } from '@fieldwatch/shared';
import { useSession } from '@fieldwatch/shared/remote';
import { Card } from '@fieldwatch/shared/ui';
import { useOnboardingEnv, useProductLink } from '../flow/env';
import { EmbedSignInForm } from './EmbedSignInForm';
import { RegisterForm } from './RegisterForm';
import css from './account.module.css';

/** The account step: sign in or create an account; signed-in users continue as themselves. */
export function AccountPanel({ info }: { info: OnboardingTagInfo }) {
  const { t } = useTranslation('onboarding');
  const user = useSession((s) => s.user);
  const link = useProductLink();
  const { embedded, embed } = useOnboardingEnv();
  const location = useLocation();
  const [registering, setRegistering] = useState(false);
  const here = `${location.pathname}${location.search}`;

  if (info.activated) {
    return (
      <Card title={t('activated.title')} data-testid="already-activated">
        <p className={css.lead}>{t(user ? 'activated.textSignedIn' : 'activated.text', { unit: info.unitName })}</p>
        <div className={css.actions}>
          {user ? (
            <a className={css.primaryLink} {...link('/devicemanagement')}>
              {t('activated.devices')}
            </a>
          ) : (
            <a className={css.primaryLink} {...link(`/login?redirect=${encodeURIComponent('/devicemanagement')}`)}>
              {t('activated.signIn')}
            </a>
          )}
        </div>
        <p className={css.small}>{t('activated.notYours')}</p>
      </Card>
    );
  }

  if (user) {
    // Signed in, the flow's next steps (organisation, placement, terms) take over (ActivationFlow);
    // this card shows only while they load.
    const name = user.name || user.username;
    return (
      <Card title={t('account.title')} data-testid="account-signed-in">
        <p className={css.lead}>{t('account.signedInAs', { name, username: user.username })}</p>
      </Card>
    );
  }

  if (embedded) return <EmbeddedChoice info={info} expired={embed?.expired ?? false} here={here} />;

  return (
    <Card title={t('account.title')} data-testid="account-choice">
      <p className={css.lead}>{t('account.intro', { unit: info.unitName })}</p>
      <div className={css.choices}>
        <a className={css.choice} {...link(`/login?redirect=${encodeURIComponent(here)}`)} data-testid="choice-sign-in">
          <span className={css.choiceTitle}>{t('account.signIn')}</span>
          <span className={css.choiceText}>{t('account.signInText')}</span>
        </a>
        <button
          type="button"
          className={css.choice}
          aria-expanded={registering}
          aria-controls="fw-onb-register"
          data-active={registering}
          onClick={() => setRegistering((r) => !r)}
          data-testid="choice-register"
        >
          <span className={css.choiceTitle}>{t('account.register')}</span>
          <span className={css.choiceText}>{t('account.registerText')}</span>
        </button>
      </div>
      <p className={css.small}>{t('account.forgotten')}</p>
      {registering && (
        <div id="fw-onb-register" className={css.register}>
          <RegisterForm redirect={here} />
        </div>
      )}
    </Card>
  );
}

/**
 * The account step on a partner page: signing in and registering both happen here (the product's
 * pages are on another site). A registered visitor confirms his address from the mail (it opens
 * Fieldwatch in a new tab) and then signs in here, where the flow continues.
 */
function EmbeddedChoice({ info, expired, here }: { info: OnboardingTagInfo; expired: boolean; here: string }) {
  const { t } = useTranslation('onboarding');
  const [open, setOpen] = useState<'signIn' | 'register' | null>(null);
  const toggle = (panel: 'signIn' | 'register') => setOpen((o) => (o === panel ? null : panel));
  return (
    <Card title={t('account.title')} data-testid="account-choice">
      {expired && (
        <p className={css.error} role="alert" data-testid="embed-expired">
          {t('embed.expired')}
        </p>
      )}
      <p className={css.lead}>{t('account.intro', { unit: info.unitName })}</p>
      <div className={css.choices}>
        <button
          type="button"
          className={css.choice}
          aria-expanded={open === 'signIn'}
          aria-controls="fw-onb-account-panel"
          data-active={open === 'signIn'}
          onClick={() => toggle('signIn')}
          data-testid="choice-sign-in"
        >
          <span className={css.choiceTitle}>{t('account.signIn')}</span>
          <span className={css.choiceText}>{t('embed.signInText')}</span>
        </button>
        <button
          type="button"
          className={css.choice}
          aria-expanded={open === 'register'}
          aria-controls="fw-onb-account-panel"
          data-active={open === 'register'}
          onClick={() => toggle('register')}
          data-testid="choice-register"
        >
          <span className={css.choiceTitle}>{t('account.register')}</span>
          <span className={css.choiceText}>{t('account.registerText')}</span>
        </button>
      </div>
      {open && (
        <div id="fw-onb-account-panel" className={css.register}>
          {open === 'signIn' ? (
            <EmbedSignInForm tag={info.tagUuid} />
          ) : (
            <RegisterForm
              redirect={here}
              after={(sent) => (
                <div className={css.register}>
                  <EmbedSignInForm tag={info.tagUuid} username={sent.username} intro={t('embed.afterRegister', { username: sent.username })} />
                </div>
              )}
            />
          )}
        </div>
      )}
    </Card>
  );
}
