import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { DashboardPage } from './dashboard/DashboardPage';

/** A path below a dashboard (`/dashboard/:id/…`, e.g. a mistyped link) opens that dashboard. */
function ToDashboard() {
  const { id = 'default' } = useParams();
  return <Navigate to={`/dashboard/${encodeURIComponent(id)}`} replace />;
}

export function Root() {
  return (
    <Routes>
      <Route path="/dashboard" element={<Navigate to="/dashboard/default" replace />} />
      <Route path="/dashboard/:id" element={<DashboardPage />} />
      <Route path="/dashboard/:id/*" element={<ToDashboard />} />
    </Routes>
  );
}
