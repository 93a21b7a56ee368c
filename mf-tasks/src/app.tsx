/** The task area: /taskmanagement and /notifications. Exposed as './app'. */
import { createRemoteLifecycles } from '@fieldwatch/shared/remote';
import bundle from '@fieldwatch/locales/tasks';
import { Root } from './Root';

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles({
  namespace: 'tasks',
  bundle,
  Root,
});
