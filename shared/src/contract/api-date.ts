/**
 * The API date: how the server writes a time and how both sides read one.
 *
 * Written as `YYYY-MM-DD HH:mm:ss` in UTC (the product spec's API date format), e.g.
 * `2026-11-22 14:05:00`. Read — by every server parameter and every browser display — from
 * exactly this set, and nothing else:
 *
 * - `YYYY-MM-DD HH:mm:ss`, the written form (UTC);
 * - the same with `T` instead of the space, without the seconds, or with a fraction of up to six
 *   digits (`2026-11-22T14:05`, `2026-11-22 14:05:00.123`), i.e. ISO 8601 as `toISOString()`
 *   writes it; without a zone the time is UTC, never the reader's local time;
 * - an explicit zone after any of those: `Z`, `+01:00` or `+0100`;
 * - a day alone, `YYYY-MM-DD`: midnight UTC.
 *
 * Fields out of range (month 13, hour 24, 2026-02-31) are unreadable rather than rolled over, and
 * so is a time outside the years 0001–9999 (the format has four year digits, and PostgreSQL
 * cannot store year 0): a zone can carry `0001-01-01 00:00+01:00` there.
 */

/** Day, optional time (optional seconds and fraction), optional zone. */
const API_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** Longest text that can be an API date (ISO with a six-digit fraction and a zone is 32). */
const MAX_LENGTH = 40;

const MIN_TIME_MS = Date.parse('0001-01-01T00:00:00.000Z');
const MAX_TIME_MS = Date.parse('9999-12-31T23:59:59.999Z');

/** Whether a time can be written as an API date (years 0001–9999; PostgreSQL stores those). */
export function isApiDateRange(d: Date): boolean {
  const ms = d.getTime();
  return Number.isFinite(ms) && ms >= MIN_TIME_MS && ms <= MAX_TIME_MS;
}

/** Epoch ms of an API date text (see the file header for what is read); NaN when unreadable. */
export function apiDateMs(text: string | null | undefined): number {
  if (typeof text !== 'string' || text.length > MAX_LENGTH) return NaN;
  const m = API_DATE.exec(text.trim());
  if (!m) return NaN;
  const [, y, mo, d, h = '00', mi = '00', sec = '00', fraction = '', zone] = m;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, sec].map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return NaN;
  // Date.UTC reads years 0–99 as 1900–1999; setUTCFullYear does not.
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  at.setUTCHours(hour, minute, second, fraction ? Math.floor(Number(fraction) * 1000) : 0);
  // 2026-02-31 would roll over into March.
  if (at.getUTCDate() !== day) return NaN;
  let ms = at.getTime();
  if (zone && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const zh = Number(digits.slice(0, 2));
    const zm = Number(digits.slice(2));
    if (zh > 23 || zm > 59) return NaN;
    ms -= sign * (zh * 60 + zm) * 60_000;
  }
  return isApiDateRange(new Date(ms)) ? ms : NaN;
}

/**
 * A time from a parameter: an API date text (see the file header) or a Date already read.
 * Null when the value is not one of those or outside the years 0001–9999.
 */
export function parseApiDate(value: unknown): Date | null {
  if (value instanceof Date) return isApiDateRange(value) ? value : null;
  if (typeof value !== 'string') return null;
  const ms = apiDateMs(value);
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** A time as the API writes it: `YYYY-MM-DD HH:mm:ss`, UTC (fractions of a second dropped). */
export function formatApiDate(time: Date | number): string {
  return new Date(time).toISOString().slice(0, 19).replace('T', ' ');
}
