/**
 * Markers on a channel's chart (GET|POST /api/v2/device/legacy/devices/{id}/channel/{n}/markers,
 * PUT|DELETE …/markers/{markerId}) on the page's data cache: the list under
 * queryKeys.unitPart(unitId, 'markers', n), and one mutation per change. A change the server
 * accepted is written into the cached list at once (in time order); a change the server refused
 * because the list was out of date (404: deleted meanwhile, 409: locked meanwhile) asks for the
 * list again. A locked marker is only unlocked: the server refuses anything else (409).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { ENDPOINTS, errorMessage, pathFor, queryKeys, unwrap, type ApiClient, type Marker, type MarkerInput } from '@fieldwatch/shared';
import { useApiQuery, useRemote, type LoadState } from '@fieldwatch/shared/remote';

/** Longest name and comments the server takes (the contract's MarkerInput). */
export const MARKER_NAME_MAX = 200;
export const MARKER_COMMENTS_MAX = 2000;

export const markersKey = (unitId: number, channel: number) => queryKeys.unitPart(unitId, 'markers', channel);

/** The markers of one channel, in time order. */
export function useChannelMarkers(unitId: number, channel: number): LoadState<Marker[]> {
  const { api } = useRemote();
  return useApiQuery(markersKey(unitId, channel), () =>
    api.get<Marker[]>(pathFor(ENDPOINTS.markers, { id: unitId, n: channel })),
  );
}

/** A write the server refused: its HTTP status (none: no answer) and message. */
export class MarkerWriteError extends Error {
  constructor(
    readonly status: number | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'MarkerWriteError';
  }
}

async function send<T>(api: ApiClient, method: 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown): Promise<T> {
  try {
    const res = await api.http.request({ method, url, data });
    return unwrap<T>(res.data);
  } catch (err) {
    throw new MarkerWriteError(isAxiosError(err) ? err.response?.status : undefined, errorMessage(err));
  }
}

export type MarkerChange =
  | { kind: 'create'; input: MarkerInput }
  | { kind: 'update'; marker: Marker; patch: Partial<MarkerInput> }
  | { kind: 'delete'; marker: Marker };

const byTime = (a: Marker, b: Marker) => Date.parse(a.position) - Date.parse(b.position) || a.id - b.id;

/** The cached list after a change the server accepted. */
export function applyChange(list: readonly Marker[], change: MarkerChange, result: Marker | null): Marker[] {
  if (change.kind === 'delete') return list.filter((m) => m.id !== change.marker.id);
  if (!result) return [...list];
  return [...list.filter((m) => m.id !== result.id), result].sort(byTime);
}

/** One write to the channel's markers (create, update — lock and unlock too — or delete). */
export function useMarkerWrite(unitId: number, channel: number) {
  const { api } = useRemote();
  const queryClient = useQueryClient();
  const key = markersKey(unitId, channel);
  const base = pathFor(ENDPOINTS.markers, { id: unitId, n: channel });
  return useMutation<Marker | null, MarkerWriteError, MarkerChange>({
    mutationFn: async (change) => {
      if (change.kind === 'create') return send<Marker>(api, 'POST', base, change.input);
      const url = pathFor(ENDPOINTS.updateMarker, { id: unitId, n: channel, markerId: change.marker.id });
      if (change.kind === 'update') return send<Marker>(api, 'PUT', url, change.patch);
      await send(api, 'DELETE', url);
      return null;
    },
    onSuccess: (result, change) => {
      queryClient.setQueryData<Marker[]>(key, (list) => applyChange(list ?? [], change, result));
    },
    onError: (err) => {
      // Someone else deleted or locked it meanwhile: show the list as it is now.
      if (err.status === 404 || err.status === 409) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
