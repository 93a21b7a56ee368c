/**
 * How widgets load data: queries on the page's data cache (TanStack Query, the shell's client). A
 * widget names what it shows with a query key (under 'dashboard'), so two widgets asking the same
 * share one request and one answer. The answer is asked again when the widget's refreshKey moves
 * (auto refresh, the refresh button) and on reload(); the last answer stays on screen while it
 * asks, so auto refresh never flashes a spinner over good data.
 *
 * The request starts in a layout effect: right after the widget's DOM is committed, before the
 * browser paints the dashboard, instead of when the query subscribes in a passive effect, which
 * waits for that paint and whatever tasks queue behind it.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { hashKey, keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';

export interface DataState<T> {
  status: 'loading' | 'error' | 'ready';
  /** The last good answer (kept while reloading and after a failed reload). */
  data: T | undefined;
  reload(): void;
}

/** The dashboard's query keys: everything its widgets and board cache lives under 'dashboard'. */
export const dashboardKey = (...parts: readonly unknown[]): QueryKey => ['dashboard', ...parts];

/**
 * The data of `key`, loaded by `load` (a throw is the error state). `enabled: false` asks nothing
 * (the state stays loading).
 */
export function useWidgetQuery<T>(
  key: readonly unknown[],
  load: () => Promise<T>,
  refreshKey: number,
  { enabled = true }: { enabled?: boolean } = {},
): DataState<T> {
  const queryClient = useQueryClient();
  const loadRef = useRef(load);
  loadRef.current = load;
  const hash = hashKey(key);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the hash stands for the key
  const queryKey = useMemo(() => dashboardKey(...key), [hash]);
  const queryFn = useCallback(() => loadRef.current(), []);
  useLayoutEffect(() => {
    if (enabled) void queryClient.prefetchQuery({ queryKey, queryFn });
  }, [queryClient, queryKey, queryFn, enabled]);
  const query = useQuery({ queryKey, queryFn, enabled, placeholderData: keepPreviousData });
  const { refetch } = query;
  const seen = useRef(refreshKey);
  useEffect(() => {
    if (seen.current === refreshKey) return;
    seen.current = refreshKey;
    // Widgets of one key join the same request.
    if (enabled) void refetch({ cancelRefetch: false });
  }, [refreshKey, refetch, enabled]);
  const reload = useCallback(() => void refetch(), [refetch]);
  const status = query.isFetching
    ? 'loading'
    : query.isError
      ? 'error'
      : query.isSuccess
        ? 'ready'
        : 'loading';
  return { status, data: query.data, reload };
}

/** A short, stable key of an id list (for query keys without 4,000 ids in them). */
export function idsKey(ids: readonly number[]): string {
  let h = 0;
  for (const id of ids) h = (Math.imul(h, 31) + id) | 0;
  return `${ids.length}:${h}`;
}
