/**
 * The shell's singletons: the bus, the API client, the session store and the data cache (TanStack
 * Query) that every remote receives through RemoteProps. Created once, here.
 */
import { QueryClient } from '@tanstack/react-query';
import { createApiClient, createBus, QUERY_DEFAULTS, sessionStore } from '@fieldwatch/shared';

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
export const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
export { sessionStore };
