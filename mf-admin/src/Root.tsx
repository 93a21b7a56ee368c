import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminLayout } from './features/admin/AdminLayout';
import { ADMIN_SECTIONS } from './features/admin/sections';
import { SectionPage } from './features/admin/SectionPage';
import { UsersPage } from './features/users/UsersPage';
import { profileRoutes } from './features/profile/routes';

/** Routes of the area, absolute: /admin/<section> and /profile/<section>. */
export function Root() {
  return (
    <Routes>
      <Route path="/admin" element={<AdminLayout />}>
        <Route index element={<Navigate to="/admin/users" replace />} />
        <Route path="/admin/users" element={<UsersPage />} />
        {ADMIN_SECTIONS.filter((s) => s.id !== 'users').map((s) => (
          <Route key={s.id} path={`/admin/${s.path}`} element={<SectionPage section={s} />} />
        ))}
        <Route path="/admin/*" element={<Navigate to="/admin/users" replace />} />
      </Route>
      {profileRoutes()}
    </Routes>
  );
}
