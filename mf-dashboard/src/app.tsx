/** The dashboard area: /dashboard/:id. Exposed as './app' with single-spa lifecycles. */
import { createRemoteLifecycles } from '@fieldwatch/shared/remote';
import bundle from '@fieldwatch/locales/dashboard';
import { openEarly } from './dashboard/open-dashboard';
import { Root } from './Root';

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles({
  namespace: 'dashboard',
  bundle,
  Root,
  // The dashboard in the address bar starts loading while React renders the area.
  beforeMount: openEarly,
});
