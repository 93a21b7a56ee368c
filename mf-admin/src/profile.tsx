/**
 * The profile screens alone (/profile/*), exposed as './profile': single-spa lifecycles whose root
 * renders only the profile routes, for a host that wants the profile without the admin area.
 */
import { Routes } from 'react-router-dom';
import { createRemoteLifecycles } from '@fieldwatch/shared/remote';
import bundle from '@fieldwatch/locales/admin';
import { profileRoutes } from './features/profile/routes';

export function ProfileRoot() {
  return <Routes>{profileRoutes()}</Routes>;
}

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles({
  namespace: 'admin',
  bundle,
  Root: ProfileRoot,
});
