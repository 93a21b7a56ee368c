import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminLayout } from './features/admin/AdminLayout';
import { SECTION_PAGES } from './features/admin/pages';
import { ADMIN_SECTIONS } from './features/admin/sections';
import { profileRoutes } from './features/profile/routes';

/** Routes of the area, absolute: /admin/<section> and /profile/<section>. */
export function Root() {
  return (
    <Routes>
      <Route path="/admin" element={<AdminLayout />}>
        <Route index element={<Navigate to="/admin/users" replace />} />
        {ADMIN_SECTIONS.map((s) => {
          const Page = SECTION_PAGES[s.id];
          return <Route key={s.id} path={`/admin/${s.path}/*`} element={<Page />} />;
        })}
        <Route path="/admin/*" element={<Navigate to="/admin/users" replace />} />
      </Route>
      {profileRoutes()}
    </Routes>
  );
}
