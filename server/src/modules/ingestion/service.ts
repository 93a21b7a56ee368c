/**
 * The one write path for measurements: the HTTP ingestion endpoint and the demo simulator both call
 * ingestMeasurements(). In one transaction it inserts the raw points (ON CONFLICT DO NOTHING: a
 * point already stored for the same unit, channel and time is a duplicate and changes nothing) and
 * folds exactly the inserted ones into the hour and day rollups (upsert of min/max/sum/count/last),
 * so a duplicate never counts twice. After commit the inserted points go to the measurement hooks
 * (the alarm pipeline subscribes there).
 *
 * A point arrives as the unit's raw reading and is stored scaled by its channel's port settings
 * (value = raw × factor + offset, the shared applyScaling; the scaling is in the unit's settings,
 * section `ports`): charts, rollups, the device lists and the alarm limits all see the scaled
 * value. A change of the scaling applies to the readings that arrive after it.
 */
import { and, inArray, sql } from 'drizzle-orm';
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
    const unitRows = await db
      .select({ id: units.id, org: units.organizationId })
      .from(units)
      .where(
        opts.orgIds
          ? and(inArray(units.id, unitIds), inArray(units.organizationId, [...opts.orgIds, -1]))
          : inArray(units.id, unitIds),
      );
    for (const u of unitRows) unitOrg.set(u.id, u.org);
    if (unitRows.length > 0) {
      const chRows = await db
        .select({ unitId: channels.unitId, channelNo: channels.channelNo })
        .from(channels)
        .where(inArray(channels.unitId, [...unitOrg.keys()]));
      for (const c of chRows) known.add(`${c.unitId}:${c.channelNo}`);
      const portRows = await db
        .select({ unitId: unitSettings.unitId, ports: sql<Record<string, SettingsValue> | null>`${unitSettings.settings} -> ${PORTS_SECTION}::text` })
        .from(unitSettings)
        .where(inArray(unitSettings.unitId, [...unitOrg.keys()]));
      for (const r of portRows) if (r.ports) ports.set(r.unitId, r.ports);
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

/**
 * Inserts whole columns as arrays (unnest): four parameters whatever the batch size, which keeps
 * PGlite and PostgreSQL fast where a multi-row VALUES list with thousands of parameters is not.
 */
async function storePoints(db: Db, candidates: Candidate[]): Promise<StoredMeasurement[]> {
  const orgOf = new Map(candidates.map((c) => [c.unitId, c.organizationId]));
  return db.transaction(async (tx) => {
    const inserted: StoredMeasurement[] = [];
    for (let i = 0; i < candidates.length; i += INSERT_CHUNK) {
      const chunk = candidates.slice(i, i + INSERT_CHUNK);
      const result = await tx.execute(sql`
        insert into measurements (unit_id, channel_no, ts, value)
        select u, c, t, v from unnest(
          ${pgArray(chunk.map((c) => c.unitId))}::int[],
          ${pgArray(chunk.map((c) => c.channel))}::int[],
          ${pgArray(chunk.map((c) => c.ts.toISOString()))}::timestamptz[],
          ${pgArray(chunk.map((c) => c.value))}::float8[]
        ) as x(u, c, t, v)
        on conflict do nothing
        returning unit_id as "unitId", channel_no as "channel",
          (extract(epoch from ts) * 1000)::float8 as "ms", value`);
      for (const r of rowsOf<{ unitId: number; channel: number; ms: number; value: number }>(result))
        inserted.push({
          unitId: Number(r.unitId),
          organizationId: orgOf.get(Number(r.unitId)) as number,
          channel: Number(r.channel),
          ts: new Date(Math.round(Number(r.ms))),
          value: Number(r.value),
        });
    }
    await upsertRollups(tx, inserted);
    await touchLastContact(tx, inserted);
    return inserted;
  });
}

/** Moves each unit's last contact forward to its newest stored point (never back: late batches). */
async function touchLastContact(db: Db, inserted: readonly StoredMeasurement[]): Promise<void> {
  if (inserted.length === 0) return;
  const newest = new Map<number, number>();
  for (const p of inserted) newest.set(p.unitId, Math.max(newest.get(p.unitId) ?? 0, p.ts.getTime()));
  const ids = [...newest.keys()].sort((a, b) => a - b); // one lock order for concurrent writers
  await db.execute(sql`
    update units set last_contact_at = x.t
    from unnest(
      ${pgArray(ids)}::int[],
      ${pgArray(ids.map((id) => new Date(newest.get(id) as number).toISOString()))}::timestamptz[]
    ) as x(id, t)
    where units.id = x.id and (units.last_contact_at is null or units.last_contact_at < x.t)`);
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
      on conflict (unit_id, channel_no, granularity, bucket) do update set
        min = least(measurement_rollups.min, excluded.min),
        max = greatest(measurement_rollups.max, excluded.max),
        sum = measurement_rollups.sum + excluded.sum,
        count = measurement_rollups.count + excluded.count,
        last = case when excluded.last_ts >= measurement_rollups.last_ts then excluded.last else measurement_rollups.last end,
        last_ts = greatest(measurement_rollups.last_ts, excluded.last_ts)`);
  }
}

async function upsertRollups(db: Db, inserted: readonly StoredMeasurement[]): Promise<void> {
  if (inserted.length === 0) return;
  await upsertRollupRows(db, rollupRows(inserted));
}
