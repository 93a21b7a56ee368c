import { Navigate, useParams } from 'react-router-dom';

/** /taskmanagement/<id> (the address mails give a task): the task open over all tasks. */
export function TaskLink() {
  const { taskId = '' } = useParams();
  const search = new URLSearchParams({ view: 'all', task: taskId });
  return <Navigate to={`/taskmanagement?${search.toString()}`} replace />;
}
