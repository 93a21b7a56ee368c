import { Navigate, Route, Routes } from 'react-router-dom';
import { TaskLink } from './features/tasks/TaskLink';
import { TaskPage } from './features/tasks/TaskPage';
import { NotificationsPage } from './features/notifications/NotificationsPage';

export function Root() {
  return (
    <Routes>
      <Route path="/taskmanagement" element={<TaskPage />} />
      <Route path="/notifications" element={<NotificationsPage />} />
      {/* A task's own address opens it; a path below a page (a mistyped or old link) opens the page, not a blank area. */}
      <Route path="/taskmanagement/:taskId" element={<TaskLink />} />
      <Route path="/taskmanagement/*" element={<Navigate to="/taskmanagement" replace />} />
      <Route path="/notifications/*" element={<Navigate to="/notifications" replace />} />
    </Routes>
  );
}
