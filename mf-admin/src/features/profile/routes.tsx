import { Navigate, Route } from 'react-router-dom';
import { SessionsPage } from '../sessions/SessionsPage';
import { ProfileLayout } from './ProfileLayout';
import { OverviewPage } from './OverviewPage';
import { PersonalInfoPage } from './PersonalInfoPage';
import { PasswordPage } from './PasswordPage';
import { PreferencesPage } from './PreferencesPage';
import { NotificationsPage } from './NotificationsPage';
import { TwoFactorPage } from './TwoFactorPage';

/** The profile's route tree; used by the area's Root and by the './profile' expose. */
export function profileRoutes() {
  return (
    <Route path="/profile" element={<ProfileLayout />}>
      <Route index element={<OverviewPage />} />
      <Route path="/profile/personal" element={<PersonalInfoPage />} />
      <Route path="/profile/password" element={<PasswordPage />} />
      <Route path="/profile/two-factor" element={<TwoFactorPage />} />
      <Route path="/profile/preferences" element={<PreferencesPage />} />
      <Route path="/profile/notifications" element={<NotificationsPage />} />
      <Route path="/profile/sessions" element={<SessionsPage />} />
      <Route path="/profile/*" element={<Navigate to="/profile" replace />} />
    </Route>
  );
}
