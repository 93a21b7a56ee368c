import { Navigate, Route, Routes } from 'react-router-dom';
import { DashboardPage } from './features/dashboard/DashboardPage';

export function Root() {
  return (
    <Routes>
      <Route path="/dashboard" element={<Navigate to="/dashboard/default" replace />} />
      <Route path="/dashboard/:id" element={<DashboardPage />} />
    </Routes>
  );
}
