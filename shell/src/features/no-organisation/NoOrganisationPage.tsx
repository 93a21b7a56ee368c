import type { ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { buttonClassName, cx } from '@fieldwatch/shared/ui';
import { sessionStore } from '../../platform';
import { logout } from '../session/session';
import { AuthCard } from '../login/AuthCard';
import css from '../login/LoginPage.module.css';
import own from '../registration/registration.module.css';

/** The page of a signed-in user who belongs to no organisation. */
export const NO_ORGANISATION_PATH = '/no-organisation';

/** What such a user can still open: his profile (and the public onboarding, routed apart). */
const WITHOUT_ORGANISATION = ['/profile'];

/**
 * Around the signed-in frame: a user of no organisation (just registered, or taken out of his
 * last one) has no units, dashboards or tasks to show, so every page but his profile leads to
 * the page that says so and what to do.
 */
export function RequireOrganisation({ children }: { children: ReactNode }) {
  const customers = useStore(sessionStore, (s) => s.customers);
  const status = useStore(sessionStore, (s) => s.status);
  const { pathname } = useLocation();
  const allowed = WITHOUT_ORGANISATION.some((p) => pathname === p || pathname.startsWith(`${p}/`));
  if (status === 'signedIn' && customers.length === 0 && !allowed)
    return <Navigate to={NO_ORGANISATION_PATH} replace />;
  return <>{children}</>;
}

/**
 * /no-organisation: "You are not part of an organisation yet" — activate a device from its NFC tag,
 * or ask an administrator for an invitation; the profile and signing out stay at hand.
 */
export function NoOrganisationPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const user = useStore(sessionStore, (s) => s.user);
  const customers = useStore(sessionStore, (s) => s.customers);
  if (customers.length > 0) return <Navigate to="/dashboard/default" replace />;

  async function onSignOut() {
    await logout();
    navigate('/login', { replace: true });
  }

  return (
    <AuthCard testId="no-organisation">
      <h1 className={css.title}>{t('noOrganisation.title')}</h1>
      <p className={css.subtitle}>{t('noOrganisation.text')}</p>
      {user && (
        <p className={own.who}>
          {t('noOrganisation.signedInAs', { name: user.name || user.username, username: user.username })}
        </p>
      )}
      <div className={own.actions}>
        <Link to="/onboarding" className={cx(buttonClassName({ variant: 'primary' }), css.submit)}>
          {t('noOrganisation.activate')}
        </Link>
        <Link to="/profile" className={cx(buttonClassName(), css.submit)}>
          {t('noOrganisation.profile')}
        </Link>
      </div>
      <p className={css.register}>
        <button
          type="button"
          className={css.link}
          onClick={() => void onSignOut()}
          data-testid="no-organisation-sign-out"
        >
          {t('noOrganisation.signOut')}
        </button>
      </p>
    </AuthCard>
  );
}
