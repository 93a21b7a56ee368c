/**
 * The data of telemetry charts, as plain calls on the API client (each screen caches them its own
 * way on the page's data cache): a unit's channels (xrequest GetChannel), series of (unit, channel)
 * pairs over a time range (the device data endpoint, one request per pair with `channel`, at most
 * `records` points each; 404 "No measurement data" is an empty series, not an error), a channel's
 * alarm limits and its chart markers.
 */
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

/** A unit's channels (xrequest GetChannel); a failure throws. */
export async function fetchChannels(api: ApiClient, unitId: number): Promise<ChannelInfo[]> {
  const rows = await api.legacy<ChannelInfo & { UnitID?: number }>('GetChannel', { UnitID: unitId });
  return rows
    .filter((r) => r && typeof r.ChannelID === 'number')
    .map((r) => ({ ChannelID: r.ChannelID, ChannelName: r.ChannelName, ChannelKind: r.ChannelKind, UnitOfMeasure: r.UnitOfMeasure ?? '' }));
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
 * The series of `refs` over [start, end). Throws only when every request failed (each series says
 * whether its own failed).
 */
export async function fetchTelemetry(
  api: ApiClient,
  refs: readonly SeriesRef[],
  range: { start: number; end: number },
  records: number,
): Promise<TelemetryData> {
  const answers = await Promise.all(refs.map((r) => fetchSeries(api, r, range, records)));
  if (answers.length > 0 && answers.every((a) => a.series.failed)) throw new Error('every series failed');
  const granularity = answers.find((a) => a.granularity)?.granularity ?? null;
  return {
    granularity: granularity ?? 'raw',
    start: range.start,
    end: range.end,
    series: answers.map((a) => ({ ...a.series, key: refKey(a.series) })),
  };
}

// ───────────── limits and markers ─────────────

export type ChannelLimits = AnswerOf<typeof ENDPOINTS.channelLimits>;

/** Alarm limits of one channel; null when the call failed (a chart then draws no limit lines). */
export async function fetchChannelLimits(api: ApiClient, ref: SeriesRef): Promise<ChannelLimits | null> {
  const [data, failed] = await api.get<ChannelLimits>(pathFor(ENDPOINTS.channelLimits, { id: ref.unitId, n: ref.channel }));
  return failed ? null : (data ?? null);
}

/** Chart markers of one channel, ordered by time; a failure throws. */
export async function fetchMarkers(api: ApiClient, ref: SeriesRef): Promise<Marker[]> {
  const [data, failed] = await api.get<AnswerOf<typeof ENDPOINTS.markers>>(pathFor(ENDPOINTS.markers, { id: ref.unitId, n: ref.channel }));
  if (failed) throw new Error('markers request failed');
  return Array.isArray(data) ? data : [];
}
