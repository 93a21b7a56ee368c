import { type ReactNode, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { useStore } from 'zustand';
import { QueryClientProvider } from '@tanstack/react-query';
import { AREAS, TWO_FACTOR_PROFILE_PATH } from '@fieldwatch/shared';
import { LoadingState } from '@fieldwatch/shared/ui';
import { bus, queryClient, sessionStore } from './platform';
import { expireSession } from './features/session/session';
import { LoginPage } from './features/login/LoginPage';
import { ResetPasswordPage } from './features/login/ResetPasswordPage';
import { AccountUrlPage } from './features/theme/AccountUrlPage';
import { Layout, PublicLayout } from './features/layout/Layout';
import { AreaOutlet } from './features/remotes/AreaOutlet';
import { NotFound } from './features/notfound/NotFound';
import { Toasts } from './features/toasts/Toasts';
import { RegisterPage, REGISTER_PATH } from './features/registration/RegisterPage';
import { VerifyEmailPage, VERIFY_EMAIL_PATH } from './features/registration/VerifyEmailPage';
import { NoOrganisationPage, NO_ORGANISATION_PATH, RequireOrganisation } from './features/no-organisation/NoOrganisationPage';

/** Routes need a session; visitors go to /login with the wanted path in ?redirect=. */
function RequireSession({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const status = useStore(sessionStore, (s) => s.status);
  const twoFactorSetupRequired = useStore(sessionStore, (s) => s.twoFactorSetupRequired);
  const location = useLocation();
  if (status === 'unknown' || status === 'loading') {
    return (
      <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
        <LoadingState label={t('login.loadingSession')} />
      </div>
    );
  }
  if (status === 'signedOut') {
    // "/" is only a redirect to the overview: come back to where it leads.
    const wanted = location.pathname === '/' ? '/dashboard/default' : `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(wanted)}`} replace />;
  }
  // His organisation requires two-factor authentication and he has not turned it on: the profile's
  // page of it (which says why) until he has; the server refuses his admin writes meanwhile.
  if (twoFactorSetupRequired && location.pathname !== TWO_FACTOR_PROFILE_PATH) {
    return <Navigate to={TWO_FACTOR_PROFILE_PATH} replace />;
  }
  return <>{children}</>;
}

/** The frame of a public area: the full layout for a signed-in user, the public one for a visitor. */
function PublicAreaFrame() {
  const status = useStore(sessionStore, (s) => s.status);
  return status === 'signedIn' ? <Layout /> : <PublicLayout />;
}

function SessionEvents() {
  useEffect(() => {
    const onExpired = () => expireSession();
    bus.on('session:expired', onExpired);
    return () => bus.off('session:expired', onExpired);
  }, []);
  return null;
}

/** Each route of the area table shows its area; public areas outside the session's frame. */
const publicRoutes = AREAS.filter((a) => a.public).flatMap((a) =>
  a.routes.map(({ prefix }) => (
    <Route key={prefix} path={prefix} element={<PublicAreaFrame />}>
      <Route path="*" element={<AreaOutlet name={a.name} />} />
      <Route index element={<AreaOutlet name={a.name} />} />
    </Route>
  )),
);
const sessionRoutes = AREAS.filter((a) => !a.public).flatMap((a) =>
  a.routes.map(({ prefix }) => <Route key={prefix} path={`${prefix.slice(1)}/*`} element={<AreaOutlet name={a.name} />} />),
);

export function App({ i18n }: { i18n: I18n }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <BrowserRouter>
          <SessionEvents />
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            {/* Public: the page a mailed password link opens (the token is the key). */}
            <Route path="/reset-password" element={<ResetPasswordPage />} />
            {/* Public: an organisation's account URL (its sign-in page with its logo and colour). */}
            <Route path="/a/:slug" element={<AccountUrlPage />} />
            {/* Public: registration, and the page its mailed link opens (one click verifies and signs in). */}
            <Route path={REGISTER_PATH} element={<RegisterPage />} />
            <Route path={VERIFY_EMAIL_PATH} element={<VerifyEmailPage />} />
            {/* A signed-in user of no organisation: what he can do instead (RequireOrganisation sends him here). */}
            <Route
              path={NO_ORGANISATION_PATH}
              element={
                <RequireSession>
                  <NoOrganisationPage />
                </RequireSession>
              }
            />
            {publicRoutes}
            <Route
              element={
                <RequireSession>
                  <RequireOrganisation>
                    <Layout />
                  </RequireOrganisation>
                </RequireSession>
              }
            >
              <Route index element={<Navigate to="/dashboard/default" replace />} />
              {sessionRoutes}
              <Route path="*" element={<NotFound />} />
            </Route>
          </Routes>
          <Toasts />
        </BrowserRouter>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
