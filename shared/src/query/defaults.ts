/**
 * How the page's data cache behaves by default. Screens ask again on mount and when told to
 * (Refresh, a bus event, the refresh key), never on their own: no retries (the API client has
 * already shown what went wrong, and a screen offers Retry), no refetch on window focus or
 * reconnect. Requests go out whatever the browser thinks of its connection: the API client
 * reports a network failure itself.
 */
import type { DefaultOptions } from '@tanstack/react-query';
import type { Result } from '../api/client';

export const QUERY_DEFAULTS: DefaultOptions = {
  queries: {
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    networkMode: 'always',
  },
};

/** A call through the API client failed; the client has already reported it (toast, expiry). */
export class RequestFailed extends Error {
  constructor(what = 'request') {
    super(`${what} failed`);
    this.name = 'RequestFailed';
  }
}

/** A query function from a call in the API client's [data, failed] shape: a failure throws. */
export function fromResult<T>(load: () => Promise<Result<T>>): () => Promise<T> {
  return async () => {
    const [data, failed] = await load();
    if (failed) throw new RequestFailed();
    return data as T;
  };
}
