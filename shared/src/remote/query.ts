/**
 * Server data in a remote's screens, read from the page's one cache (TanStack Query, the shell's
 * client): useApiQuery for a screen's call, useDevices for the session's unit list, and
 * useInvalidateOn for data the server says has changed (a bus event). Each screen gets a LoadState,
 * what LoadView, RefreshButton and the page subtitles read.
 */
import { useCallback, useEffect, useRef } from 'react';
import {
  hashKey,
  keepPreviousData,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryResult,
} from '@tanstack/react-query';
import { devicesQuery, fromResult, type BusEvents, type Result, type Unit } from '@fieldwatch/shared';
import { useRemote, useSession } from './context';

interface LoadCommon {
  reload: () => void;
  /** When the data shown last arrived (ms since the epoch); null or absent until then. */
  updatedAt?: number | null;
}

export type LoadState<T> =
  | ({ status: 'loading'; data?: T } & LoadCommon)
  | ({ status: 'error'; data?: T } & LoadCommon)
  | ({ status: 'ready'; data: T } & LoadCommon);

/** A query as a LoadState: loading while it asks (keeping the data it had), error when the last ask failed. */
function useLoadState<T>(query: UseQueryResult<T>): LoadState<T> {
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const status = query.isFetching ? 'loading' : query.isError ? 'error' : query.isSuccess ? 'ready' : 'loading';
  return { status, data: query.data, reload, updatedAt: query.dataUpdatedAt || null } as LoadState<T>;
}

/** Asks again when the session's refresh key moves (auto refresh, another customer selection). */
function useRefetchOnRefreshKey(refetch: UseQueryResult['refetch'], on = true): void {
  const refreshKey = useSession((s) => s.refreshKey);
  const seen = useRef(refreshKey);
  useEffect(() => {
    if (seen.current === refreshKey) return;
    seen.current = refreshKey;
    // Several screens of one key join the same request.
    if (on) void refetch({ cancelRefetch: false });
  }, [refreshKey, refetch, on]);
}

/**
 * A screen's data: `load` (an API client call, [data, failed]) cached under `queryKey`. It is asked
 * when the screen opens (the cached answer shows meanwhile), when the key changes (the previous
 * key's data shows meanwhile), on reload() and when the session's refresh key moves.
 */
export function useApiQuery<T>(queryKey: QueryKey, load: () => Promise<Result<T>>): LoadState<T> {
  const query = useQuery({ queryKey, queryFn: fromResult(load), placeholderData: keepPreviousData });
  useRefetchOnRefreshKey(query.refetch);
  return useLoadState(query);
}

/**
 * The session's unit list (the units of the selected customers), filled by the shell at sign-in and
 * at a customer change. As it is, by default: widgets read it without asking again. `reloadOnOpen`:
 * a page of its own asks again when it opens and when the refresh key moves. During a customer
 * change the previous selection's units show until the new ones arrive.
 */
export function useDevices({ reloadOnOpen = false }: { reloadOnOpen?: boolean } = {}): LoadState<Unit[]> {
  const { api } = useRemote();
  const customers = useSession((s) => s.selectedCustomers);
  const query = useQuery({
    ...devicesQuery(api, customers),
    placeholderData: keepPreviousData,
    ...(reloadOnOpen ? { refetchOnMount: 'always' as const } : {}),
  });
  useRefetchOnRefreshKey(query.refetch, reloadOnOpen);
  return useLoadState(query);
}

/**
 * Marks the data under `queryKey` (a key or a prefix) as changed when the bus carries `event`
 * (e.g. 'tasks:changed' pushed by the server): screens showing it ask again. Bursts within
 * `debounceMs` cause one ask.
 */
export function useInvalidateOn(event: keyof BusEvents, queryKey: QueryKey, debounceMs = 300): void {
  const { bus } = useRemote();
  const queryClient = useQueryClient();
  const key = useRef(queryKey);
  key.current = queryKey;
  const hash = hashKey(queryKey);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const handler = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: key.current }), debounceMs);
    };
    bus.on(event, handler);
    return () => {
      clearTimeout(timer);
      bus.off(event, handler);
    };
  }, [bus, queryClient, event, hash, debounceMs]);
}
