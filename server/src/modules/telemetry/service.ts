/**
 * Reading measurements. A range is read raw (≤ 48 h, min/max-downsampled), from hour rollups
 * (≤ 92 days) or from day rollups (longer) — chooseGranularity in @fieldwatch/shared — so any range
 * from an hour to a year answers at most `records` (≤ TELEMETRY_MAX_POINTS) points per channel.
 */
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import {
  formatApiDate,
  toCsv,
  bucketStart,
  chooseGranularity,
  coarsenSeries,
  downsampleMinMax,
  ID_CHUNK_SIZE,
  TELEMETRY_MAX_POINTS,
  type ChannelSeries,
  type DeviceData,
  type Granularity,
  type SeriesPoint,
  type ShowValueRow,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { channels, measurementRollups, measurements, units } from '../../db/schema';
import { chunks } from '../legacy/params';

export interface SeriesQuery {
  unitId: number;
  start: Date;
  end: Date;
  /** Most points per channel (≤ TELEMETRY_MAX_POINTS). */
  records?: number;
  /** Only these channels. */
  channels?: readonly number[];
  /** Force a granularity (tests, CSV); otherwise chosen from the range. */
  granularity?: Granularity;
}

export async function readSeries(db: Db, q: SeriesQuery): Promise<DeviceData> {
  const max = Math.min(q.records ?? TELEMETRY_MAX_POINTS, TELEMETRY_MAX_POINTS);
  const granularity = q.granularity ?? chooseGranularity(q.start.getTime(), q.end.getTime());
  const chList = await db
    .select()
    .from(channels)
    .where(
      q.channels
        ? and(eq(channels.unitId, q.unitId), inArray(channels.channelNo, [...q.channels, -1]))
        : eq(channels.unitId, q.unitId),
    )
    .orderBy(asc(channels.channelNo));

  const byChannel = new Map<number, SeriesPoint[]>();
  if (granularity === 'raw') {
    const rows = await db
      .select({ ch: measurements.channelNo, ts: measurements.ts, value: measurements.value })
      .from(measurements)
      .where(
        and(
          eq(measurements.unitId, q.unitId),
          gte(measurements.ts, q.start),
          lt(measurements.ts, q.end),
          q.channels ? inArray(measurements.channelNo, [...q.channels, -1]) : undefined,
        ),
      )
      .orderBy(asc(measurements.channelNo), asc(measurements.ts));
    const raw = new Map<number, Array<{ ts: number; value: number }>>();
    for (const r of rows) {
      const list = raw.get(r.ch) ?? [];
      list.push({ ts: r.ts.getTime(), value: r.value });
      raw.set(r.ch, list);
    }
    for (const [ch, list] of raw)
      byChannel.set(
        ch,
        downsampleMinMax(list, Math.max(2, max)).map((p) => ({
          ts: new Date(p.ts).toISOString(),
          value: p.value,
          min: p.value,
          max: p.value,
          count: 1,
        })),
      );
  } else {
    const r = measurementRollups;
    const rows = await db
      .select()
      .from(r)
      .where(
        and(
          eq(r.unitId, q.unitId),
          eq(r.granularity, granularity),
          gte(r.bucket, new Date(bucketStart(q.start.getTime(), granularity))),
          lt(r.bucket, q.end),
          q.channels ? inArray(r.channelNo, [...q.channels, -1]) : undefined,
        ),
      )
      .orderBy(asc(r.channelNo), asc(r.bucket));
    for (const row of rows) {
      const list = byChannel.get(row.channelNo) ?? [];
      list.push({
        ts: row.bucket.toISOString(),
        value: row.count > 0 ? row.sum / row.count : row.last,
        min: row.min,
        max: row.max,
        count: row.count,
      });
      byChannel.set(row.channelNo, list);
    }
    for (const [ch, list] of byChannel) byChannel.set(ch, coarsenSeries(list, max));
  }

  const series: ChannelSeries[] = chList
    .filter((c) => byChannel.has(c.channelNo))
    .map((c) => ({
      channel: c.channelNo,
      name: c.name,
      unitOfMeasure: c.unitOfMeasure,
      points: byChannel.get(c.channelNo) ?? [],
    }));
  return {
    unitId: q.unitId,
    start: q.start.toISOString(),
    end: q.end.toISOString(),
    granularity,
    channels: series,
  };
}

/**
 * The latest value of every channel of the given units (in the organisations), read from the day
 * rollups' last value (one index range per channel, never raw data). Ids in chunks of ID_CHUNK_SIZE.
 */
export async function latestValues(db: Db, unitIds: readonly number[], orgIds: readonly number[]): Promise<ShowValueRow[]> {
  if (orgIds.length === 0 || unitIds.length === 0) return [];
  const out: ShowValueRow[] = [];
  for (const chunk of chunks(unitIds, ID_CHUNK_SIZE)) {
    const rows = await db
      .selectDistinctOn([measurementRollups.unitId, measurementRollups.channelNo], {
        unitId: measurementRollups.unitId,
        channelNo: measurementRollups.channelNo,
        last: measurementRollups.last,
        lastTs: measurementRollups.lastTs,
        name: channels.name,
        kind: channels.kind,
        uom: channels.unitOfMeasure,
      })
      .from(measurementRollups)
      .innerJoin(units, eq(units.id, measurementRollups.unitId))
      .innerJoin(
        channels,
        and(eq(channels.unitId, measurementRollups.unitId), eq(channels.channelNo, measurementRollups.channelNo)),
      )
      .where(
        and(
          inArray(measurementRollups.unitId, chunk),
          inArray(units.organizationId, [...orgIds]),
          eq(measurementRollups.granularity, 'day'),
        ),
      )
      .orderBy(asc(measurementRollups.unitId), asc(measurementRollups.channelNo), sql`${measurementRollups.bucket} desc`);
    for (const r of rows)
      out.push({
        UnitID: r.unitId,
        ChannelID: r.channelNo,
        ChannelName: r.name,
        ChannelKind: r.kind,
        UnitOfMeasure: r.uom,
        Value: r.last,
        MeasureTime: formatApiDate(r.lastTs),
      });
  }
  return out;
}

/** CSV text of a series: Time;Channel;ChannelName;Value;Min;Max;Count (';' separated, UTC API dates). */
export function seriesCsv(data: DeviceData): string {
  const rows = data.channels.flatMap((c) =>
    c.points.map((p) => [formatApiDate(new Date(p.ts)), c.channel, c.name, p.value, p.min, p.max, p.count]),
  );
  // Device text is data: toCsv quotes it when needed and never lets it start a spreadsheet formula.
  return toCsv(['Time', 'Channel', 'ChannelName', 'Value', 'Min', 'Max', 'Count'], rows, {
    separator: ';',
    newline: '\n',
    finalNewline: false,
  });
}
