/**
 * Data of the chart widgets: a unit's channels (xrequest GetChannel, cached per API client for the
 * session), series of (unit, channel) pairs over a time range (GET /api/v3/device/devices/{id}/data,
 * one request per pair with `channel`, at most `records` points each; 404 "No measurement data"
 * is an empty series, not an error), a channel's alarm limits and its chart markers.
 */
import { useMemo } from 'react';
import {
  type ApiClient,
  type ChannelInfo,
  type ChannelLimits,
  type DeviceData,
  type Granularity,
  type Marker,
  type Result,
  type SeriesPoint,
  TELEMETRY_MAX_POINTS,
} from '@fieldwatch/shared';
import { type LoadState, useLoad, useRemote } from '@fieldwatch/shared/remote';
import type { TimeRange } from '../contract';
import { rangeKey, resolveRange } from './time';

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

const channelCache = new WeakMap<ApiClient, Map<number, Promise<ChannelInfo[]>>>();

/** A unit's channels (cached for the session; failures are not cached). */
export function loadChannels(api: ApiClient, unitId: number): Promise<ChannelInfo[]> {
  let byUnit = channelCache.get(api);
  if (!byUnit) channelCache.set(api, (byUnit = new Map()));
  const hit = byUnit.get(unitId);
  if (hit) return hit;
  const p = api
    .legacy<ChannelInfo & { UnitID?: number }>('GetChannel', { UnitID: unitId })
    .then((rows) =>
      rows
        .filter((r) => r && typeof r.ChannelID === 'number')
        .map((r) => ({ ChannelID: r.ChannelID, ChannelName: r.ChannelName, ChannelKind: r.ChannelKind, UnitOfMeasure: r.UnitOfMeasure ?? '' })),
    );
  byUnit.set(unitId, p);
  p.catch(() => byUnit.delete(unitId));
  return p;
}

/** Channels of each unit, by unit id. */
export function useUnitChannels(unitIds: readonly number[]): LoadState<Map<number, ChannelInfo[]>> {
  const { api } = useRemote();
  const key = unitIds.join(',');
  return useLoad<Map<number, ChannelInfo[]>>(async () => {
    try {
      const lists = await Promise.all(unitIds.map((id) => loadChannels(api, id)));
      return [new Map(unitIds.map((id, i) => [id, lists[i]!])), false];
    } catch {
      return [undefined, true];
    }
     
  }, [api, key]);
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
    method: 'GET',
    url: `/api/v3/device/devices/${ref.unitId}/data`,
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
): LoadState<TelemetryData> {
  const { api } = useRemote();
  const refsKey = refs.map(refKey).join(',');
  const rk = rangeKey(timeRange);
  const stableRefs = useMemo(() => refs, [refsKey]); // eslint-disable-line react-hooks/exhaustive-deps
  return useLoad<TelemetryData>(async (): Promise<Result<TelemetryData>> => {
    const range = resolveRange(timeRange);
    const answers = await Promise.all(stableRefs.map((r) => fetchSeries(api, r, range, records)));
    if (answers.length > 0 && answers.every((a) => a.series.failed)) return [undefined, true];
    const granularity = answers.find((a) => a.granularity)?.granularity ?? null;
    return [
      {
        granularity: granularity ?? 'raw',
        start: range.start,
        end: range.end,
        series: answers.map((a) => ({ ...a.series, key: refKey(a.series) })),
      },
      false,
    ];
     
  }, [api, refsKey, rk, records, refreshKey]);
}

// ───────────── limits and markers ─────────────

/** Alarm limits of one channel (null without a ref, or when the call failed: no lines then). */
export function useChannelLimits(ref: SeriesRef | null, refreshKey: number): ChannelLimits | null {
  const { api } = useRemote();
  const load = useLoad<ChannelLimits | null>(async () => {
    if (!ref) return [null, false];
    const [data, failed] = await api.get<ChannelLimits>(`/api/v3/device/devices/${ref.unitId}/channels/${ref.channel}/limits`);
    return [failed ? null : (data ?? null), false];
     
  }, [api, ref ? refKey(ref) : '', refreshKey]);
  return load.data ?? null;
}

/** Chart markers of a few channels (by ref key); failures leave a channel without markers. */
export function useMarkers(refs: readonly SeriesRef[], refreshKey: number): Map<string, Marker[]> {
  const { api } = useRemote();
  const refsKey = refs.map(refKey).join(',');
  const load = useLoad<Map<string, Marker[]>>(async () => {
    const lists = await Promise.all(
      refs.map(async (r) => {
        const [data, failed] = await api.get<Marker[]>(`/api/v2/device/legacy/devices/${r.unitId}/channel/${r.channel}/markers`);
        return [refKey(r), !failed && Array.isArray(data) ? data : []] as const;
      }),
    );
    return [new Map(lists), false];
     
  }, [api, refsKey, refreshKey]);
  return load.data ?? EMPTY_MARKERS;
}
const EMPTY_MARKERS = new Map<string, Marker[]>();
