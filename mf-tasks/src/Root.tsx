import { Route, Routes } from 'react-router-dom';
import { TaskPage } from './features/tasks/TaskPage';
import { NotificationsPage } from './features/notifications/NotificationsPage';

export function Root() {
  return (
    <Routes>
      <Route path="/taskmanagement" element={<TaskPage />} />
      <Route path="/notifications" element={<NotificationsPage />} />
    </Routes>
  );
}
