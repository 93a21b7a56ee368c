/**
 * Data of the chart widgets, as queries on the page's data cache: a unit's channels (xrequest
 * GetChannel, kept for the session), series of (unit, channel) pairs over a time range (the device
 * data endpoint, one request per pair with `channel`, at most `records` points each; 404 "No
 * measurement data" is an empty series, not an error), a channel's alarm limits and its chart
 * markers.
 */
import { useQueryClient } from '@tanstack/react-query';
import {
  ENDPOINTS,
  pathFor,
  type AnswerOf,
  type ApiClient,
  type ChannelInfo,
  type DeviceData,
  type Granularity,
  type Marker,
  type SeriesPoint,
  TELEMETRY_MAX_POINTS,
} from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import type { TimeRange } from '../widget-contract';
import { dashboardKey, useWidgetQuery, type DataState } from '../data/widget-query';
import { rangeKey, resolveRange } from './time-range';

/** One series of a chart: a unit's channel. */
export interface SeriesRef {
  unitId: number;
  channel: number;
}
/** "unitId:channel", the form of LinkBindings.channels. */
export const refKey = (r: SeriesRef) => `${r.unitId}:${r.channel}`;
export function parseRefKey(s: string): SeriesRef | null {
  const m = /^(\d+):(\d+)$/.exec(s);
  return m ? { unitId: Number(m[1]), channel: Number(m[2]) } : null;
}

export interface LoadedSeries extends SeriesRef {
  key: string;
  name: string;
  unitOfMeasure: string;
  points: SeriesPoint[];
  /** This pair's request failed (the others may have answered). */
  failed: boolean;
}
export interface TelemetryData {
  granularity: Granularity;
  start: number;
  end: number;
  series: LoadedSeries[];
}

// ───────────── channels ─────────────

/** A unit's channels: kept for the session (a unit's channels do not change while it is open); failures are not kept. */
export function channelsQuery(api: ApiClient, unitId: number) {
  return {
    queryKey: dashboardKey('channels', unitId),
    queryFn: async (): Promise<ChannelInfo[]> => {
      const rows = await api.legacy<ChannelInfo & { UnitID?: number }>('GetChannel', { UnitID: unitId });
      return rows
        .filter((r) => r && typeof r.ChannelID === 'number')
        .map((r) => ({ ChannelID: r.ChannelID, ChannelName: r.ChannelName, ChannelKind: r.ChannelKind, UnitOfMeasure: r.UnitOfMeasure ?? '' }));
    },
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

/** The channel a chart shows by default: the first analogue or PT channel, else the first non-switch one. */
export function defaultChannel(channels: readonly ChannelInfo[] | undefined): ChannelInfo | undefined {
  if (!channels || channels.length === 0) return undefined;
  return (
    channels.find((c) => c.ChannelKind === 'analog' || c.ChannelKind === 'pt') ??
    channels.find((c) => c.ChannelKind !== 'switch') ??
    channels[0]
  );
}

// ───────────── series ─────────────

type DataAnswer = DeviceData | { message?: string; code?: string };
const isDeviceData = (d: unknown): d is DeviceData =>
  !!d && typeof d === 'object' && Array.isArray((d as DeviceData).channels);

export async function fetchSeries(
  api: ApiClient,
  ref: SeriesRef,
  range: { start: number; end: number },
  records: number,
): Promise<{ granularity: Granularity | null; series: Omit<LoadedSeries, 'key'> }> {
  const [data, failed] = await api.request<DataAnswer>({
    method: ENDPOINTS.deviceData.method,
    url: pathFor(ENDPOINTS.deviceData, { id: ref.unitId }),
    params: {
      start: new Date(range.start).toISOString(),
      end: new Date(range.end).toISOString(),
      records: Math.max(2, Math.min(TELEMETRY_MAX_POINTS, Math.round(records))),
      channel: ref.channel,
    },
    // Nothing measured in the range answers 404: an empty series, not a failure.
    validateStatus: (s) => (s >= 200 && s < 300) || s === 404,
  });
  const empty = { ...ref, name: '', unitOfMeasure: '', points: [] as SeriesPoint[] };
  if (failed) return { granularity: null, series: { ...empty, failed: true } };
  if (!isDeviceData(data)) return { granularity: null, series: { ...empty, failed: false } };
  const ch = data.channels.find((c) => c.channel === ref.channel) ?? data.channels[0];
  return {
    granularity: data.granularity,
    series: {
      ...ref,
      name: ch?.name ?? '',
      unitOfMeasure: ch?.unitOfMeasure ?? '',
      points: ch?.points ?? [],
      failed: false,
    },
  };
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
    async (): Promise<TelemetryData> => {
      const range = resolveRange(timeRange);
      const answers = await Promise.all(refs.map((r) => fetchSeries(api, r, range, records)));
      if (answers.length > 0 && answers.every((a) => a.series.failed)) throw new Error('every series failed');
      const granularity = answers.find((a) => a.granularity)?.granularity ?? null;
      return {
        granularity: granularity ?? 'raw',
        start: range.start,
        end: range.end,
        series: answers.map((a) => ({ ...a.series, key: refKey(a.series) })),
      };
    },
    refreshKey,
  );
}

// ───────────── limits and markers ─────────────

/** Alarm limits of one channel (null without a ref, or when the call failed: no lines then). */
export function useChannelLimits(ref: SeriesRef | null, refreshKey: number): AnswerOf<typeof ENDPOINTS.channelLimits> | null {
  const { api } = useRemote();
  const load = useWidgetQuery(
    ['channelLimits', ref ? refKey(ref) : ''],
    async () => {
      if (!ref) return null;
      const [data, failed] = await api.get<AnswerOf<typeof ENDPOINTS.channelLimits>>(
        pathFor(ENDPOINTS.channelLimits, { id: ref.unitId, n: ref.channel }),
      );
      return failed ? null : (data ?? null);
    },
    refreshKey,
  );
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
        refs.map(async (r) => {
          const [data, failed] = await api.get<AnswerOf<typeof ENDPOINTS.markers>>(
            pathFor(ENDPOINTS.markers, { id: r.unitId, n: r.channel }),
          );
          return [refKey(r), !failed && Array.isArray(data) ? data : []] as const;
        }),
      );
      return new Map(lists);
    },
    refreshKey,
  );
  return load.data ?? EMPTY_MARKERS;
}
const EMPTY_MARKERS = new Map<string, Marker[]>();
