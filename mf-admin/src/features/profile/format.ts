/** How profile values are shown: samples for formats in the user's zone, time zones as "GMT +01:00 Stockholm". */
import { DEFAULT_TIMEZONE, DEFAULT_TIMEZONE_LABEL, type DateFormat, type TimeFormat } from '@fieldwatch/shared';
import { formatDate, formatTime, type TimeConfig } from '@fieldwatch/shared/remote';
import { LANGUAGE_NAMES } from '@fieldwatch/locales/languages';

export function languageName(code: string): string {
  return (LANGUAGE_NAMES as Record<string, string>)[code] ?? code;
}

/** The current time in `format` in the user's zone, e.g. "14:30" or "2:30 PM". */
export function timeSample(format: TimeFormat, c: Pick<TimeConfig, 'timezone'>, now = Date.now()): string {
  return formatTime(now, { ...c, dateFormat: 'DD MMM YYYY', timeFormat: format });
}

/** Today in `format` in the user's zone, e.g. "22 Nov 2025". */
export function dateSample(format: DateFormat, c: Pick<TimeConfig, 'timezone'>, now = Date.now()): string {
  return formatDate(now, { ...c, dateFormat: format, timeFormat: '24h' });
}

/** The zone's offset from UTC at `at` in minutes east, or null for an unknown zone. */
export function zoneOffset(tz: string, at = Date.now()): number | null {
  try {
    const name = new Intl.DateTimeFormat('en', { timeZone: tz, timeZoneName: 'longOffset' })
      .formatToParts(new Date(at))
      .find((p) => p.type === 'timeZoneName')?.value;
    if (!name) return null;
    const m = /^GMT(?:([+-])(\d{1,2})(?::?(\d{2}))?)?$/.exec(name);
    if (!m) return null;
    if (!m[1]) return 0;
    const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
    return m[1] === '-' ? -minutes : minutes;
  } catch {
    return null;
  }
}

/** "+01:00" */
function offsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${hh}:${mm}`;
}

/** The place of a zone name: "America/Argentina/Buenos_Aires" → "Buenos Aires". */
export function zoneCity(tz: string): string {
  return (tz.split('/').pop() ?? tz).replace(/_/g, ' ');
}

/** "GMT +01:00 Stockholm" (spec §9's style; the default zone keeps its label). */
export function timezoneLabel(tz: string, at = Date.now()): string {
  if (!tz) return '';
  if (tz === DEFAULT_TIMEZONE) return DEFAULT_TIMEZONE_LABEL;
  const offset = zoneOffset(tz, at);
  return offset === null ? tz : `GMT ${offsetText(offset)} ${zoneCity(tz)}`;
}

export interface ZoneOption {
  value: string;
  label: string;
  /** Text a search matches: the label and the full zone name ("Europe/Stockholm"). */
  search: string;
  offset: number;
}

/** Every zone this browser knows, west to east, then by place. Always includes `current`. */
export function timezoneOptions(current: string, at = Date.now()): ZoneOption[] {
  const supported = (Intl as { supportedValuesOf?: (key: 'timeZone') => string[] }).supportedValuesOf;
  const names = new Set<string>(supported ? supported('timeZone') : [DEFAULT_TIMEZONE, 'UTC']);
  names.add('UTC');
  if (current) names.add(current);
  const out: ZoneOption[] = [];
  for (const value of names) {
    const offset = zoneOffset(value, at);
    if (offset === null) continue;
    const label = timezoneLabel(value, at);
    out.push({ value, label, offset, search: `${label} ${value}`.toLowerCase() });
  }
  return out.sort((a, b) => a.offset - b.offset || zoneCity(a.value).localeCompare(zoneCity(b.value)));
}

/** Catalogue key of a date format: day-month-year or month-day-year. */
export function dateFormatKey(format: DateFormat): 'dmy' | 'mdy' {
  return format === 'MMM DD YYYY' ? 'mdy' : 'dmy';
}
