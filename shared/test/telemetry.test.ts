import {
  aggregateByBucket,
  bucketStart,
  chooseGranularity,
  coarsenSeries,
  DAY_MS,
  downsampleMinMax,
  HOUR_MAX_RANGE_MS,
  HOUR_MS,
  mergeAggregates,
  RAW_MAX_RANGE_MS,
  TELEMETRY_MAX_POINTS,
  TIME_RANGES_HOURS,
} from '../src';

describe('chooseGranularity', () => {
  it('reads short ranges raw, up to ~3 months by hour, longer by day', () => {
    expect(chooseGranularity(0, HOUR_MS)).toBe('raw');
    expect(chooseGranularity(0, RAW_MAX_RANGE_MS)).toBe('raw');
    expect(chooseGranularity(0, RAW_MAX_RANGE_MS + 1)).toBe('hour');
    expect(chooseGranularity(0, HOUR_MAX_RANGE_MS)).toBe('hour');
    expect(chooseGranularity(0, HOUR_MAX_RANGE_MS + 1)).toBe('day');
    expect(chooseGranularity(0, 365 * DAY_MS)).toBe('day');
    expect(chooseGranularity(10, 5)).toBe('raw');
  });

  it('keeps every preset range within the point budget', () => {
    for (const hours of TIME_RANGES_HOURS) {
      const span = hours * HOUR_MS;
      const g = chooseGranularity(0, span);
      if (g === 'hour') expect(hours).toBeLessThanOrEqual(TELEMETRY_MAX_POINTS);
      if (g === 'day') expect(hours / 24).toBeLessThanOrEqual(TELEMETRY_MAX_POINTS);
    }
  });
});

describe('buckets and aggregates', () => {
  it('buckets by UTC hour and day', () => {
    const t = Date.parse('2024-03-05T13:47:12.345Z');
    expect(new Date(bucketStart(t, 'hour')).toISOString()).toBe('2024-03-05T13:00:00.000Z');
    expect(new Date(bucketStart(t, 'day')).toISOString()).toBe('2024-03-05T00:00:00.000Z');
  });

  it('aggregates min, max, sum, count and the latest value per bucket', () => {
    const base = Date.parse('2024-03-05T10:00:00Z');
    const pts = [
      { ts: base + 30 * 60_000, value: 5 },
      { ts: base + 10 * 60_000, value: -2 },
      { ts: base + 50 * 60_000, value: 3 },
      { ts: base + HOUR_MS, value: 7 },
    ];
    const hours = aggregateByBucket(pts, 'hour');
    expect(hours.get(base)).toEqual({ min: -2, max: 5, sum: 6, count: 3, last: 3, lastTs: base + 50 * 60_000 });
    expect(hours.get(base + HOUR_MS)).toMatchObject({ count: 1, last: 7 });
    const days = aggregateByBucket(pts, 'day');
    expect(days.size).toBe(1);
    expect([...days.values()][0]).toMatchObject({ min: -2, max: 7, sum: 13, count: 4, last: 7 });
  });

  it('merges disjoint aggregates as the SQL upsert does', () => {
    const a = { min: 1, max: 4, sum: 10, count: 4, last: 2, lastTs: 100 };
    const b = { min: 0, max: 3, sum: 3, count: 2, last: 3, lastTs: 50 };
    expect(mergeAggregates(a, b)).toEqual({ min: 0, max: 4, sum: 13, count: 6, last: 2, lastTs: 100 });
  });
});

describe('downsampleMinMax', () => {
  const series = (n: number) => Array.from({ length: n }, (_, i) => ({ ts: i * 1000, value: Math.sin(i / 50) }));

  it('returns short series unchanged', () => {
    const s = series(10);
    expect(downsampleMinMax(s, 20)).toEqual(s);
  });

  it('never exceeds the budget, stays in time order and keeps the peaks', () => {
    const s = series(100_000);
    s[43_210] = { ts: 43_210_000, value: 99 };
    s[77_777] = { ts: 77_777_000, value: -99 };
    const out = downsampleMinMax(s, 1000);
    expect(out.length).toBeLessThanOrEqual(1000);
    expect(out.length).toBeGreaterThan(900);
    for (let i = 1; i < out.length; i++) expect(out[i]!.ts).toBeGreaterThan(out[i - 1]!.ts);
    expect(out.some((p) => p.value === 99)).toBe(true);
    expect(out.some((p) => p.value === -99)).toBe(true);
    expect(Math.max(...out.map((p) => p.value))).toBe(99);
  });

  it('keeps a flat bucket once', () => {
    const flat = Array.from({ length: 100 }, (_, i) => ({ ts: i, value: 1 }));
    expect(downsampleMinMax(flat, 10)).toHaveLength(5);
    expect(() => downsampleMinMax(flat, 1)).toThrow(RangeError);
  });
});

describe('coarsenSeries', () => {
  it('merges runs keeping the extremes and the weighted mean', () => {
    const pts = Array.from({ length: 10 }, (_, i) => ({
      ts: new Date(i * HOUR_MS).toISOString(),
      value: i,
      min: i - 1,
      max: i === 7 ? 100 : i + 1,
      count: 2,
    }));
    const out = coarsenSeries(pts, 3);
    expect(out).toHaveLength(3);
    expect(out[0]).toEqual({ ts: pts[0]!.ts, value: 1.5, min: -1, max: 4, count: 8 });
    expect(out[1]!.max).toBe(100);
    expect(out.reduce((s, p) => s + p.count, 0)).toBe(20);
    expect(coarsenSeries(pts, 20)).toEqual(pts);
  });
});
