/**
 * The one write path for measurements: the HTTP and MQTT ingestion and the demo simulator all call
 * ingestMeasurements(). Two round trips for a batch (issue 22 §4): one query reads the units, their
 * channels and scaling; one statement inserts the raw points (ON CONFLICT DO NOTHING: a point
 * already stored for the same unit, channel and time is a duplicate and changes nothing), folds
 * exactly the inserted ones into the hour and day rollups (upsert of min/max/sum/count/last), so a
 * duplicate never counts twice, and moves the units' last contact. After commit the inserted points
 * go to the measurement hooks (the alarm pipeline subscribes there).
 *
 * A point arrives as the unit's raw reading and is stored scaled by its channel's port settings
 * (value = raw × factor + offset, the shared applyScaling; the scaling is in the unit's settings,
 * section `ports`): charts, rollups, the device lists and the alarm limits all see the scaled
 * value. A change of the scaling applies to the readings that arrive after it.
 */
import { sql } from 'drizzle-orm';
import {
  aggregateByBucket,
  applyScaling,
  DAY_MS,
  PORTS_SECTION,
  scalingOf,
  ROLLUP_GRANULARITIES,
  type IngestRejection,
  type IngestResult,
  type RollupAggregate,
  type RollupGranularity,
  type SettingsValue,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { channels, units, unitSettings } from '../../db/schema';
import type { MeasurementHooks, StoredMeasurement } from './hooks';

export interface IngestPoint {
  unitId: number;
  channel: number;
  ts: Date;
  value: number;
}

export interface IngestOptions {
  /** Organisations the points may belong to (an API token's organisation); unset: any (simulator). */
  orgIds?: readonly number[];
  /** Clock for the "too far in the future" check. */
  now?: Date;
  /** The app's measurement hooks, told of the stored points (none: nobody is told — history backfill, seeding). */
  hooks?: MeasurementHooks;
  /** Where subscriber failures are reported. */
  log?: (err: unknown) => void;
}

/** Points may be at most this far ahead of the server clock (device clocks drift). */
export const MAX_FUTURE_MS = DAY_MS;
/** Earliest accepted measurement time. */
export const MIN_TS = Date.parse('2000-01-01T00:00:00Z');
const INSERT_CHUNK = 5_000;
const ROLLUP_CHUNK = 10_000;

export const REJECT_REASONS = {
  unknownUnit: 'unknown unit',
  unknownChannel: 'unknown channel',
  badTime: 'timestamp out of range',
  badValue: 'value is not a finite number',
} as const;

interface Candidate extends IngestPoint {
  organizationId: number;
}

export async function ingestMeasurements(
  db: Db,
  points: readonly IngestPoint[],
  opts: IngestOptions = {},
): Promise<IngestResult> {
  const now = (opts.now ?? new Date()).getTime();
  const rejections: IngestRejection[] = [];
  let duplicate = 0;

  const unitIds = [...new Set(points.map((p) => p.unitId))];
  const unitOrg = new Map<number, number>();
  const known = new Set<string>();
  /** Per unit with settings, its `ports` section (the channels' scaling). */
  const ports = new Map<number, Record<string, SettingsValue>>();
  if (unitIds.length > 0) {
    // One round trip: each unit with its organisation, its channels and its channels' scaling.
    const orgFilter = opts.orgIds ? sql`and u.organization_id = any(${pgArray([...opts.orgIds, -1])}::int[])` : sql``;
    const result = await db.execute(sql`
      select u.id, u.organization_id as org,
        array(select c.channel_no from ${channels} c where c.unit_id = u.id) as channels,
        (select s.settings -> ${PORTS_SECTION}::text from ${unitSettings} s where s.unit_id = u.id) as ports
      from ${units} u
      where u.id = any(${pgArray(unitIds)}::int[]) ${orgFilter}`);
    for (const u of rowsOf<{ id: number; org: number; channels: number[] | string; ports: Record<string, SettingsValue> | null }>(result)) {
      const id = Number(u.id);
      unitOrg.set(id, Number(u.org));
      for (const c of intArray(u.channels)) known.add(`${id}:${c}`);
      if (u.ports) ports.set(id, u.ports);
    }
  }

  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  points.forEach((p, index) => {
    const org = unitOrg.get(p.unitId);
    const t = p.ts.getTime();
    let reason: string | undefined;
    const value = applyScaling(p.value, scalingOf(ports.get(p.unitId), p.channel));
    // Another organisation's unit reads as unknown: a token learns nothing about other tenants.
    if (org === undefined) reason = REJECT_REASONS.unknownUnit;
    else if (!known.has(`${p.unitId}:${p.channel}`)) reason = REJECT_REASONS.unknownChannel;
    else if (!Number.isFinite(t) || t < MIN_TS || t > now + MAX_FUTURE_MS) reason = REJECT_REASONS.badTime;
    else if (!Number.isFinite(p.value) || !Number.isFinite(value)) reason = REJECT_REASONS.badValue;
    if (reason) {
      rejections.push({ index, reason });
      return;
    }
    const key = `${p.unitId}:${p.channel}:${t}`;
    if (seen.has(key)) {
      duplicate += 1; // the same point twice in one batch
      return;
    }
    seen.add(key);
    candidates.push({ ...p, value, organizationId: org as number });
  });

  const stored = candidates.length > 0 ? await storePoints(db, candidates) : [];
  duplicate += candidates.length - stored.length;

  if (opts.hooks) {
    const errors = await opts.hooks.emit(stored, db);
    for (const err of errors) opts.log?.(err);
  }

  return { accepted: stored.length, duplicate, rejected: rejections.length, rejections };
}

/** A PostgreSQL array literal of numbers or of (quoted) strings: one parameter for a whole column. */
function pgArray(values: ReadonlyArray<number | string>): string {
  return `{${values.map((v) => (typeof v === 'number' ? String(v) : `"${v}"`)).join(',')}}`;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** An int[] column as the driver gives it: an array, or PostgreSQL's text form "{1,2,3}". */
function intArray(value: number[] | string | null): number[] {
  if (Array.isArray(value)) return value.map(Number);
  if (typeof value !== 'string' || value.length <= 2) return [];
  return value.slice(1, -1).split(',').map(Number);
}

/**
 * How a rollup row already stored takes in the aggregate of new points (mergeAggregates in SQL):
 * the one upsert clause of the ingestion statement and of upsertRollupRows.
 */
const ROLLUP_MERGE = sql.raw(`on conflict (unit_id, channel_no, granularity, bucket) do update set
  min = least(measurement_rollups.min, excluded.min),
  max = greatest(measurement_rollups.max, excluded.max),
  sum = measurement_rollups.sum + excluded.sum,
  count = measurement_rollups.count + excluded.count,
  last = case when excluded.last_ts >= measurement_rollups.last_ts then excluded.last else measurement_rollups.last end,
  last_ts = greatest(measurement_rollups.last_ts, excluded.last_ts)`);

/** PostgreSQL's "deadlock detected": two writers locked the same rollup or unit rows in another order. */
const DEADLOCK = '40P01';

/**
 * Stores the points, their rollups and the units' last contact in one statement per chunk of
 * INSERT_CHUNK points (one round trip for an HTTP or MQTT batch; several chunks share a transaction):
 * the raw points go in as whole columns (unnest: four parameters whatever the batch size), ON
 * CONFLICT DO NOTHING drops the duplicates, and only the points actually inserted are folded into
 * the hour and day rollups (the same folds as rollupRows/aggregateByBucket: UTC buckets, min, max,
 * sum, count, last) and move their unit's last contact forward (never back). A deadlock with another
 * writer rolls the statement back whole; it is tried again.
 */
async function storePoints(db: Db, candidates: Candidate[]): Promise<StoredMeasurement[]> {
  const orgOf = new Map(candidates.map((c) => [c.unitId, c.organizationId]));
  const store = async (tx: Db) => {
    const inserted: StoredMeasurement[] = [];
    for (let i = 0; i < candidates.length; i += INSERT_CHUNK) {
      for (const r of await storeChunk(tx, candidates.slice(i, i + INSERT_CHUNK)))
        inserted.push({
          unitId: Number(r.unitId),
          organizationId: orgOf.get(Number(r.unitId)) as number,
          channel: Number(r.channel),
          ts: new Date(Math.round(Number(r.ms))),
          value: Number(r.value),
        });
    }
    return inserted;
  };
  for (let attempt = 1; ; attempt++) {
    try {
      return candidates.length <= INSERT_CHUNK ? await store(db) : await db.transaction((tx) => store(tx as unknown as Db));
    } catch (err) {
      if (attempt >= 3 || (err as { code?: string }).code !== DEADLOCK) throw err;
    }
  }
}

type InsertedRow = { unitId: number; channel: number; ms: number; value: number };

async function storeChunk(db: Db, chunk: Candidate[]): Promise<InsertedRow[]> {
  const epoch = '1970-01-01T00:00:00Z';
  const result = await db.execute(sql`
    with ins as (
      insert into measurements (unit_id, channel_no, ts, value)
      select u, c, t, v from unnest(
        ${pgArray(chunk.map((c) => c.unitId))}::int[],
        ${pgArray(chunk.map((c) => c.channel))}::int[],
        ${pgArray(chunk.map((c) => c.ts.toISOString()))}::timestamptz[],
        ${pgArray(chunk.map((c) => c.value))}::float8[]
      ) as x(u, c, t, v)
      order by u, c, t
      on conflict do nothing
      returning unit_id, channel_no, ts, value
    ),
    rollups as (
      insert into measurement_rollups (unit_id, channel_no, granularity, bucket, min, max, sum, count, last, last_ts)
      select unit_id, channel_no, g.granularity, date_bin(g.size, ts, ${epoch}::timestamptz) as bucket,
        min(value), max(value), sum(value), count(*)::int, (array_agg(value order by ts desc))[1], max(ts)
      from ins cross join (values ('day', interval '1 day'), ('hour', interval '1 hour')) as g(granularity, size)
      group by unit_id, channel_no, g.granularity, bucket
      -- One lock order for concurrent writers (the order rollupRows gives).
      order by unit_id, channel_no, g.granularity, bucket
      ${ROLLUP_MERGE}
    ),
    contact as (
      update units set last_contact_at = n.t
      from (select unit_id, max(ts) as t from ins group by unit_id) as n
      where units.id = n.unit_id and (units.last_contact_at is null or units.last_contact_at < n.t)
    )
    select unit_id as "unitId", channel_no as "channel", (extract(epoch from ts) * 1000)::float8 as "ms", value
    from ins`);
  return rowsOf<InsertedRow>(result);
}

export interface RollupRow {
  unitId: number;
  channelNo: number;
  granularity: RollupGranularity;
  bucket: Date;
  agg: RollupAggregate;
}

/** Rollup rows (hour and day) of the given measurements, in key order. */
export function rollupRows(points: readonly { unitId: number; channel: number; ts: Date; value: number }[]): RollupRow[] {
  const bySeries = new Map<string, Array<{ ts: number; value: number }>>();
  for (const p of points) {
    const key = `${p.unitId}:${p.channel}`;
    const list = bySeries.get(key) ?? [];
    list.push({ ts: p.ts.getTime(), value: p.value });
    bySeries.set(key, list);
  }
  const rows: RollupRow[] = [];
  for (const [key, list] of bySeries) {
    const [unitId, channelNo] = key.split(':').map(Number) as [number, number];
    for (const granularity of ROLLUP_GRANULARITIES) {
      for (const [bucket, agg] of aggregateByBucket(list, granularity))
        rows.push({ unitId, channelNo, granularity, bucket: new Date(bucket), agg });
    }
  }
  // A fixed order: concurrent writers on PostgreSQL lock rollup rows in the same order.
  rows.sort(
    (a, b) =>
      a.unitId - b.unitId ||
      a.channelNo - b.channelNo ||
      a.granularity.localeCompare(b.granularity) ||
      a.bucket.getTime() - b.bucket.getTime(),
  );
  return rows;
}

/** Adds the aggregates to the stored rollups (creating the missing buckets). */
export async function upsertRollupRows(db: Db, rows: readonly RollupRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROLLUP_CHUNK) {
    const c = rows.slice(i, i + ROLLUP_CHUNK);
    await db.execute(sql`
      insert into measurement_rollups (unit_id, channel_no, granularity, bucket, min, max, sum, count, last, last_ts)
      select * from unnest(
        ${pgArray(c.map((x) => x.unitId))}::int[],
        ${pgArray(c.map((x) => x.channelNo))}::int[],
        ${pgArray(c.map((x) => x.granularity))}::text[],
        ${pgArray(c.map((x) => x.bucket.toISOString()))}::timestamptz[],
        ${pgArray(c.map((x) => x.agg.min))}::float8[],
        ${pgArray(c.map((x) => x.agg.max))}::float8[],
        ${pgArray(c.map((x) => x.agg.sum))}::float8[],
        ${pgArray(c.map((x) => x.agg.count))}::int[],
        ${pgArray(c.map((x) => x.agg.last))}::float8[],
        ${pgArray(c.map((x) => new Date(x.agg.lastTs).toISOString()))}::timestamptz[]
      )
      ${ROLLUP_MERGE}`);
  }
}

