/**
 * Chart time ranges: the presets of TIME_RANGES_HOURS (back from now) or a custom from–to, turned
 * into [start, end) epoch ms, plus the wall-clock conversions a datetime-local input needs in the
 * user's zone (not the browser's).
 */
import {
  DEFAULT_DATE_INTERVAL,
  HOUR_MS,
  TELEMETRY_MAX_RANGE_MS,
  TIME_RANGES_HOURS,
  chooseGranularity,
  type Granularity,
} from '@fieldwatch/shared';
import moment from 'moment';
import { zoneOffsetMinutes, type TimeConfig } from '@fieldwatch/shared/remote';

/** A chart time range: one of TIME_RANGES_HOURS back from now, or a custom from–to (ISO 8601). */
export type TimeRange = { hours: number } | { from: string; to: string };

export const PRESET_HOURS: readonly number[] = TIME_RANGES_HOURS;

/** The default range: TIME_RANGES_HOURS[dateInterval] (the user's preference) back from now. */
export function defaultTimeRange(dateInterval?: number): TimeRange {
  const hours = TIME_RANGES_HOURS[dateInterval ?? DEFAULT_DATE_INTERVAL] ?? TIME_RANGES_HOURS[DEFAULT_DATE_INTERVAL]!;
  return { hours };
}

/** A range from untrusted input (a URL, stored settings), or null. */
export function parseTimeRange(v: unknown): TimeRange | null {
  if (typeof v !== 'object' || v === null) return null;
  const { hours, from, to } = v as { hours?: unknown; from?: unknown; to?: unknown };
  if (typeof hours === 'number') return Number.isFinite(hours) && hours > 0 ? { hours } : null;
  if (typeof from === 'string' && typeof to === 'string' && Number.isFinite(Date.parse(from)) && Number.isFinite(Date.parse(to)))
    return { from, to };
  return null;
}

export interface ResolvedRange {
  start: number;
  end: number;
}

export const isPreset = (r: TimeRange): r is { hours: number } => 'hours' in r;

/** [start, end) of a range; presets end now (rounded to the minute so re-renders agree). */
export function resolveRange(r: TimeRange, now = Date.now()): ResolvedRange {
  if (isPreset(r)) {
    const end = Math.ceil(now / 60_000) * 60_000;
    return { start: end - r.hours * HOUR_MS, end };
  }
  const start = Date.parse(r.from);
  const end = Date.parse(r.to);
  if (!Number.isFinite(start) || !Number.isFinite(end) || start >= end) {
    const e = Math.ceil(now / 60_000) * 60_000;
    return { start: e - 24 * HOUR_MS, end: e };
  }
  return { start, end: Math.min(end, start + TELEMETRY_MAX_RANGE_MS) };
}

/** A stable key of a range for effects: presets by hours, custom by their bounds. */
export const rangeKey = (r: TimeRange) => (isPreset(r) ? `h${r.hours}` : `${r.from}|${r.to}`);

/** What the server will answer for this range (the label in the chart's corner before data). */
export const expectedGranularity = (r: ResolvedRange): Granularity => chooseGranularity(r.start, r.end);

/** "2026-01-10T14:05" in the user's zone, for <input type="datetime-local">. */
export function toWallInput(ms: number, c: TimeConfig): string {
  const local = ms + zoneOffsetMinutes(ms, c) * 60_000;
  return new Date(local).toISOString().slice(0, 16);
}

/** The instant of a datetime-local value read as wall time in the user's zone; NaN if invalid. */
export function fromWallInput(value: string, c: TimeConfig): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return NaN;
  const asUtc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!);
  // The offset at the guess, then once more at the corrected instant (DST edges).
  let ms = asUtc - zoneOffsetMinutes(asUtc, c) * 60_000;
  ms = asUtc - zoneOffsetMinutes(ms, c) * 60_000;
  return ms;
}

/** The pattern of a typed date and time: the user's date format and 12/24 h setting ("27 Nov 2026 14:05"). */
export function wallTextPattern(c: TimeConfig): string {
  return `${c.dateFormat} ${c.timeFormat === '12h' ? 'h:mm A' : 'HH:mm'}`;
}

/** A time as the user reads and types it in his zone, date format and 12/24 h setting (issue 20). */
export function toWallText(ms: number, c: TimeConfig): string {
  return moment.utc(toWallInput(ms, c), 'YYYY-MM-DDTHH:mm', true).locale('en').format(wallTextPattern(c));
}

/** The instant of a typed date and time (toWallText's form), read in the user's zone; NaN if not that form. */
export function fromWallText(text: string, c: TimeConfig): number {
  const m = moment.utc(text.trim().replace(/\s+/g, ' '), wallTextPattern(c), 'en', true);
  return m.isValid() ? fromWallInput(m.format('YYYY-MM-DDTHH:mm'), c) : NaN;
}

/** Points to ask for per series: about 1.5 per pixel, in steps (so a resize rarely refetches). */
export function recordsFor(widthPx: number, max: number): number {
  if (widthPx <= 0) return Math.min(1_000, max);
  return Math.min(max, Math.max(300, Math.ceil((widthPx * 1.5) / 500) * 500));
}
