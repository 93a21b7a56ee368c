/**
 * Dates and times as the signed-in user wants them (profile timeConfig: date format, 12/24 h, time
 * zone), for every remote: a dashboard widget, a list of devices and a CSV agree. API dates
 * ("YYYY-MM-DD HH:mm:ss") are UTC.
 */
import moment from 'moment';
import {
  apiDateMs,
  DEFAULT_DATE_FORMAT,
  DEFAULT_TIME_FORMAT,
  DEFAULT_TIMEZONE,
  type DateFormat,
  type TimeFormat,
} from '@fieldwatch/shared';
import { useSession } from './context';

export interface TimeConfig {
  dateFormat: DateFormat;
  timeFormat: TimeFormat;
  timezone: string;
}

export const DEFAULT_TIME_CONFIG: TimeConfig = {
  dateFormat: DEFAULT_DATE_FORMAT,
  timeFormat: DEFAULT_TIME_FORMAT,
  timezone: DEFAULT_TIMEZONE,
};

/** The signed-in user's time settings (defaults until the profile is loaded). */
export function useTimeConfig(): TimeConfig {
  const c = useSession((s) => s.user?.timeConfig);
  return c ?? DEFAULT_TIME_CONFIG;
}

/** Parts of a time in the user's zone (Intl; moment has no zone data bundled). */
function zoned(ms: number, timezone: string): moment.Moment {
  let offsetMin = 0;
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(new Date(ms));
    const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
    const asUtc = Date.UTC(
      get('year'),
      get('month') - 1,
      get('day'),
      get('hour'),
      get('minute'),
      get('second'),
    );
    offsetMin = Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
  } catch {
    offsetMin = 0; // unknown zone: UTC
  }
  return moment.utc(ms).utcOffset(offsetMin);
}

/**
 * Epoch ms of a time value: text is read as an API date (UTC, see the shared api-date module;
 * Date would read "YYYY-MM-DD HH:mm:ss" as browser-local time), NaN when unreadable.
 */
export function toMs(value: string | number | Date): number {
  if (typeof value === 'string') return apiDateMs(value);
  return new Date(value).getTime();
}

const timePattern = (c: TimeConfig, seconds = false) =>
  c.timeFormat === '12h' ? (seconds ? 'h:mm:ss A' : 'h:mm A') : seconds ? 'HH:mm:ss' : 'HH:mm';

/** "22 Nov 2026" */
export function formatDate(value: string | number | Date, c: TimeConfig): string {
  return zoned(toMs(value), c.timezone).format(c.dateFormat);
}
/** "14:05" (or "2:05 PM") */
export function formatTime(value: string | number | Date, c: TimeConfig, seconds = false): string {
  return zoned(toMs(value), c.timezone).format(timePattern(c, seconds));
}
/** "22 Nov 2026 14:05" — the long date plus time of alarm times. */
export function formatDateTime(value: string | number | Date, c: TimeConfig): string {
  const ms = toMs(value);
  if (!Number.isFinite(ms)) return '—';
  return zoned(ms, c.timezone).format(`${c.dateFormat} ${timePattern(c)}`);
}
/** The day ("YYYY-MM-DD") in the user's zone at a time: `dayIn(Date.now(), c)` is the user's today. */
export function dayIn(value: string | number | Date, c: TimeConfig): string {
  return zoned(toMs(value), c.timezone).format('YYYY-MM-DD');
}
/** The user's zone offset at `ms` in minutes east of UTC (for chart axes). */
export function zoneOffsetMinutes(ms: number, c: TimeConfig): number {
  return zoned(ms, c.timezone).utcOffset();
}
