/** The device area: /devicemanagement, /groupmanagement, /locationmanagement. Exposed as './app'. */
import { createRemoteLifecycles } from '@fieldwatch/shared/remote';
import bundle from '@fieldwatch/locales/devices';
import { Root } from './Root';

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles({
  namespace: 'devices',
  bundle,
  Root,
});
