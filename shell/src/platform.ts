/**
 * The shell's singletons: the bus, the API client and the session store that every remote
 * receives through RemoteProps. Created once, here.
 */
import { createApiClient, createBus, sessionStore } from '@fieldwatch/shared';

export const bus = createBus();
export const api = createApiClient({
  bus,
  // "You have been logged out" only makes sense to someone who was signed in.
  isSignedIn: () => sessionStore.getState().status === 'signedIn',
});
export { sessionStore };
