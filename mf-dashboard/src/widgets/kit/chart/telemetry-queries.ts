/**
 * The chart widgets' data as queries on the page's data cache (useWidgetQuery, under 'dashboard'):
 * the calls are the shared chart kit's (@fieldwatch/shared/chart); here they are keyed so widgets
 * asking the same share one request, and asked again with the dashboard's refresh key.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { ApiClient, ChannelInfo, Marker } from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import {
  fetchChannelLimits,
  fetchChannels,
  fetchMarkers,
  fetchTelemetry,
  rangeKey,
  refKey,
  resolveRange,
  type ChannelLimits,
  type SeriesRef,
  type TelemetryData,
  type TimeRange,
} from '@fieldwatch/shared/chart';
import { dashboardKey, useWidgetQuery, type DataState } from '../data/widget-query';

/** A unit's channels: kept for the session (a unit's channels do not change while it is open); failures are not kept. */
export function channelsQuery(api: ApiClient, unitId: number) {
  return {
    queryKey: dashboardKey('channels', unitId),
    queryFn: () => fetchChannels(api, unitId),
    staleTime: Infinity,
    gcTime: Infinity,
  };
}

/** Channels of each unit, by unit id. */
export function useUnitChannels(unitIds: readonly number[], refreshKey: number): DataState<Map<number, ChannelInfo[]>> {
  const { api } = useRemote();
  const queryClient = useQueryClient();
  return useWidgetQuery(
    ['unitChannels', unitIds.join(',')],
    async () => {
      const lists = await Promise.all(unitIds.map((id) => queryClient.fetchQuery(channelsQuery(api, id))));
      return new Map(unitIds.map((id, i) => [id, lists[i]!]));
    },
    refreshKey,
  );
}

/**
 * The series of `refs` over `timeRange` (presets end at the time of the request), reloaded with
 * `refreshKey`. Error only when every request failed; the last data stays while reloading.
 */
export function useTelemetry(
  refs: readonly SeriesRef[],
  timeRange: TimeRange,
  records: number,
  refreshKey: number,
): DataState<TelemetryData> {
  const { api } = useRemote();
  const refsKey = refs.map(refKey).join(',');
  return useWidgetQuery(
    ['telemetry', refsKey, rangeKey(timeRange), records],
    () => fetchTelemetry(api, refs, resolveRange(timeRange), records),
    refreshKey,
  );
}

/** Alarm limits of one channel (null without a ref, or when the call failed: no lines then). */
export function useChannelLimits(ref: SeriesRef | null, refreshKey: number): ChannelLimits | null {
  const { api } = useRemote();
  const load = useWidgetQuery(['channelLimits', ref ? refKey(ref) : ''], async () => (ref ? fetchChannelLimits(api, ref) : null), refreshKey);
  return load.data ?? null;
}

/** Chart markers of a few channels (by ref key); failures leave a channel without markers. */
export function useMarkers(refs: readonly SeriesRef[], refreshKey: number): Map<string, Marker[]> {
  const { api } = useRemote();
  const refsKey = refs.map(refKey).join(',');
  const load = useWidgetQuery(
    ['markers', refsKey],
    async () => {
      const lists = await Promise.all(
        refs.map(async (r) => [refKey(r), await fetchMarkers(api, r).catch((): Marker[] => [])] as const),
      );
      return new Map(lists);
    },
    refreshKey,
  );
  return load.data ?? EMPTY_MARKERS;
}
const EMPTY_MARKERS = new Map<string, Marker[]>();
