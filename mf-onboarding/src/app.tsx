/** NFC onboarding (/onboarding, public). Exposed as './app' with single-spa lifecycles. */
import { createRemoteLifecycles } from '@fieldwatch/shared/remote';
import bundle from '@fieldwatch/locales/onboarding';
import { Root } from './Root';

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles({ namespace: 'onboarding', bundle, Root });
