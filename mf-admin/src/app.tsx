/** The admin area (/admin/*) and the user's profile (/profile/*). Exposed as './app' with single-spa lifecycles. */
import { createRemoteLifecycles } from '@fieldwatch/shared/remote';
import bundle from '@fieldwatch/locales/admin';
import { Root } from './Root';

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles({ namespace: 'admin', bundle, Root });
