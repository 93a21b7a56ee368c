/**
 * The session's unit list as a query: the units of the selected customers (up to 100,000, the
 * largest answer of the product). The shell's sign-in sequence and customer change fill it; widgets
 * and screens read it. It is kept for the whole session (no garbage collection) and is asked again
 * only when told to (auto refresh, Refresh, another customer selection is another key).
 */
import type { ApiClient } from '../api/client';
import type { Unit } from '../api/types';
import { ENDPOINTS, pathFor, type QueryOf } from '../contract/endpoints';
import { fromResult } from './defaults';
import { queryKeys } from './keys';

/** The units of the session's selected customers (the server knows the selection). */
const SELECTED: QueryOf<typeof ENDPOINTS.devices> = { use_context: true };

export function devicesQuery(api: ApiClient, customers: readonly number[]) {
  return {
    queryKey: queryKeys.devices(customers),
    queryFn: fromResult(() => api.get<Unit[]>(pathFor(ENDPOINTS.devices), SELECTED, [])),
    staleTime: Infinity,
    gcTime: Infinity,
    // A new list replaces the old one as it is: comparing 100,000 units deeply to keep unchanged
    // ones would block the page for longer than it saves.
    structuralSharing: false,
  };
}
