/**
 * Telemetry rules shared by the server (which stores and reads measurements) and the browser
 * (which charts them): which granularity a time range is read at, the hour/day buckets of the
 * rollups, and the peak-keeping downsample. Buckets are UTC hours and UTC days.
 */

/** How a series is read: raw measurements, or the hour / day rollups kept at write time. */
export const GRANULARITIES = ['raw', 'hour', 'day'] as const;
export type Granularity = (typeof GRANULARITIES)[number];
export type RollupGranularity = Exclude<Granularity, 'raw'>;
export const ROLLUP_GRANULARITIES: readonly RollupGranularity[] = ['hour', 'day'];

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** Ranges up to this length are read raw (then downsampled to TELEMETRY_MAX_POINTS). */
export const RAW_MAX_RANGE_MS = 48 * HOUR_MS;
/** Ranges up to this length are read from hour rollups (≤ 2,208 buckets); longer ones by day. */
export const HOUR_MAX_RANGE_MS = 92 * DAY_MS;
/** The most points one channel's series answers, whatever the range. */
export const TELEMETRY_MAX_POINTS = 2_500;
/** Longest range a data query accepts. */
export const TELEMETRY_MAX_RANGE_MS = 400 * DAY_MS;
/** Most points one ingestion request may carry. */
export const INGEST_MAX_BATCH = 5_000;

/** The granularity a range [start, end) is read at. */
export function chooseGranularity(startMs: number, endMs: number): Granularity {
  const span = Math.max(0, endMs - startMs);
  if (span <= RAW_MAX_RANGE_MS) return 'raw';
  if (span <= HOUR_MAX_RANGE_MS) return 'hour';
  return 'day';
}

/** Start (epoch ms, UTC) of the hour or day bucket holding `ts`. */
export function bucketStart(ts: number, granularity: RollupGranularity): number {
  const size = granularity === 'hour' ? HOUR_MS : DAY_MS;
  return Math.floor(ts / size) * size;
}

export interface TimedValue {
  /** epoch ms */
  ts: number;
  value: number;
}

/** What a rollup row keeps of the measurements of one bucket. */
export interface RollupAggregate {
  min: number;
  max: number;
  sum: number;
  count: number;
  last: number;
  /** epoch ms of `last` */
  lastTs: number;
}

/** Folds one more measurement into an aggregate (or starts one). */
export function addToAggregate(agg: RollupAggregate | undefined, p: TimedValue): RollupAggregate {
  if (!agg) return { min: p.value, max: p.value, sum: p.value, count: 1, last: p.value, lastTs: p.ts };
  return mergeAggregates(agg, { min: p.value, max: p.value, sum: p.value, count: 1, last: p.value, lastTs: p.ts });
}

/** The aggregate of two disjoint sets of measurements (what the rollup upsert computes in SQL). */
export function mergeAggregates(a: RollupAggregate, b: RollupAggregate): RollupAggregate {
  const later = b.lastTs >= a.lastTs ? b : a;
  return {
    min: Math.min(a.min, b.min),
    max: Math.max(a.max, b.max),
    sum: a.sum + b.sum,
    count: a.count + b.count,
    last: later.last,
    lastTs: later.lastTs,
  };
}

/** Aggregates of the given measurements per bucket start (epoch ms). */
export function aggregateByBucket(
  points: Iterable<TimedValue>,
  granularity: RollupGranularity,
): Map<number, RollupAggregate> {
  const out = new Map<number, RollupAggregate>();
  for (const p of points) {
    const b = bucketStart(p.ts, granularity);
    out.set(b, addToAggregate(out.get(b), p));
  }
  return out;
}

/**
 * Peak-keeping downsample: splits the time-ordered series into ⌈maxPoints / 2⌉ equal-count buckets
 * and keeps each bucket's minimum and maximum (in time order; once if they are the same point), so
 * spikes survive any reduction. Answers the input unchanged when it is short enough; never more
 * than `maxPoints` points.
 */
export function downsampleMinMax<T extends TimedValue>(points: readonly T[], maxPoints: number): T[] {
  if (maxPoints < 2) throw new RangeError('maxPoints must be at least 2');
  if (points.length <= maxPoints) return [...points];
  const buckets = Math.floor(maxPoints / 2);
  const out: T[] = [];
  for (let b = 0; b < buckets; b++) {
    const from = Math.floor((b * points.length) / buckets);
    const to = Math.floor(((b + 1) * points.length) / buckets);
    if (to <= from) continue;
    let lo = from;
    let hi = from;
    for (let i = from + 1; i < to; i++) {
      const v = (points[i] as T).value;
      if (v < (points[lo] as T).value) lo = i;
      if (v > (points[hi] as T).value) hi = i;
    }
    if (lo === hi) out.push(points[lo] as T);
    else if (lo < hi) out.push(points[lo] as T, points[hi] as T);
    else out.push(points[hi] as T, points[lo] as T);
  }
  return out;
}

/** One point of a chart series. Raw points have min = max = value and count 1. */
export interface SeriesPoint {
  /** ISO 8601 time: the measurement's time, or the bucket start of a rollup. */
  ts: string;
  /** The measured value; for a rollup bucket the mean. */
  value: number;
  min: number;
  max: number;
  count: number;
}

/**
 * Coarsens a time-ordered series of (rollup) points to at most `maxPoints` by merging runs of
 * consecutive points: mean weighted by count, min of mins, max of maxes — peaks survive.
 */
export function coarsenSeries(points: readonly SeriesPoint[], maxPoints: number): SeriesPoint[] {
  if (maxPoints < 1) throw new RangeError('maxPoints must be at least 1');
  if (points.length <= maxPoints) return [...points];
  const size = Math.ceil(points.length / maxPoints);
  const out: SeriesPoint[] = [];
  for (let i = 0; i < points.length; i += size) {
    const run = points.slice(i, i + size);
    const count = run.reduce((s, p) => s + p.count, 0);
    const sum = run.reduce((s, p) => s + p.value * p.count, 0);
    out.push({
      ts: (run[0] as SeriesPoint).ts,
      value: count > 0 ? sum / count : (run[0] as SeriesPoint).value,
      min: Math.min(...run.map((p) => p.min)),
      max: Math.max(...run.map((p) => p.max)),
      count,
    });
  }
  return out;
}
