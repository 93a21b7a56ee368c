/**
 * A unit's details (GET /api/v1/device/:id/details) and options (GET /api/v2/device/devices/:id/options)
 * for its page, from the page's cache. A unit that does not exist or belongs to an organisation the
 * user is not in answers 404 (403 for some older calls): the page then says "not found" (null
 * data), never an error to retry.
 */
import { useQuery } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import {
  ENDPOINTS,
  pathFor,
  queryKeys,
  unwrap,
  type UnitDetails,
  type UnitOptions,
} from '@fieldwatch/shared';
import { useRemote, useSession } from '@fieldwatch/shared/remote';
import { useEffect, useRef } from 'react';

async function getOrNull<T>(call: () => Promise<{ data: unknown }>): Promise<T | null> {
  try {
    const res = await call();
    return unwrap<T>(res.data);
  } catch (err) {
    const status = isAxiosError(err) ? err.response?.status : undefined;
    if (status === 404 || status === 403) return null;
    throw err;
  }
}

export interface UnitLoad {
  status: 'loading' | 'error' | 'ready';
  /** null: no such unit for this user. */
  data?: { details: UnitDetails; options: UnitOptions } | null;
  reload: () => void;
}

export function useUnit(unitId: number): UnitLoad {
  const { api } = useRemote();
  const details = useQuery({
    queryKey: queryKeys.unitPart(unitId, 'details'),
    queryFn: () =>
      getOrNull<UnitDetails>(() => api.http.get(pathFor(ENDPOINTS.deviceDetailsV1, { id: unitId }))),
  });
  const options = useQuery({
    queryKey: queryKeys.unitPart(unitId, 'options'),
    queryFn: () =>
      getOrNull<UnitOptions>(() => api.http.get(pathFor(ENDPOINTS.deviceOptions, { id: unitId }))),
  });
  // Auto refresh and a customer change ask again.
  const refreshKey = useSession((s) => s.refreshKey);
  const seen = useRef(refreshKey);
  const { refetch: r1 } = details;
  const { refetch: r2 } = options;
  useEffect(() => {
    if (seen.current === refreshKey) return;
    seen.current = refreshKey;
    void r1();
    void r2();
  }, [refreshKey, r1, r2]);

  const reload = () => {
    void details.refetch();
    void options.refetch();
  };
  if (details.isError || options.isError) return { status: 'error', reload };
  if (!details.isSuccess || !options.isSuccess) return { status: 'loading', reload };
  if (details.data === null || options.data === null) return { status: 'ready', data: null, reload };
  return { status: 'ready', data: { details: details.data, options: options.data }, reload };
}
