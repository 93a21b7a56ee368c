/** How profile values are shown: samples for formats, the time zone with its offset. */
import moment from 'moment';
import { DEFAULT_TIMEZONE, DEFAULT_TIMEZONE_LABEL, type DateFormat, type TimeFormat } from '@fieldwatch/shared';
import { LANGUAGE_NAMES } from '@fieldwatch/locales/languages';

export function languageName(code: string): string {
  return (LANGUAGE_NAMES as Record<string, string>)[code] ?? code;
}

/** The current time in the user's format, e.g. "14:30" or "2:30 PM". */
export function timeSample(format: TimeFormat, now = moment()): string {
  return now.format(format === '12h' ? 'h:mm A' : 'HH:mm');
}

/** Today in the user's date format, e.g. "22 Nov 2025". */
export function dateSample(format: DateFormat, now = moment()): string {
  return now.format(format);
}

/** "Europe/Stockholm (GMT+1)"; the default zone keeps its label from spec §9. */
export function timezoneLabel(tz: string): string {
  if (!tz) return '';
  if (tz === DEFAULT_TIMEZONE) return DEFAULT_TIMEZONE_LABEL;
  try {
    const parts = new Intl.DateTimeFormat('en', { timeZone: tz, timeZoneName: 'shortOffset' }).formatToParts(new Date());
    const offset = parts.find((p) => p.type === 'timeZoneName')?.value;
    return offset ? `${tz} (${offset})` : tz;
  } catch {
    return tz;
  }
}

/** Catalogue key of a date format: day-month-year or month-day-year. */
export function dateFormatKey(format: DateFormat): 'dmy' | 'mdy' {
  return format === 'MMM DD YYYY' ? 'mdy' : 'dmy';
}
