/**
 * The shell's singletons: the bus, the API client and the session store that every remote
 * receives through RemoteProps. Created once, here.
 */
import { createApiClient, createBus, sessionStore } from '@fieldwatch/shared';

export const bus = createBus();
export const api = createApiClient({
  bus,
  // "You have been logged out" only makes sense to someone who was signed in — or whose session
  // check has just passed (a 401 later in the sign-in sequence is an expiry too).
  isSignedIn: () => {
    const { status, user } = sessionStore.getState();
    return status === 'signedIn' || (status === 'loading' && user !== null);
  },
});
export { sessionStore };
