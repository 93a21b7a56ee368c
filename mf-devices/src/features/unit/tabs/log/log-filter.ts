/**
 * The log scan's filter as it lives in the page's URL (so a view can be shared and survives a
 * reload): a time range (the last hour, 24 hours, 7 days, or a custom from–to), the kinds of line
 * (none chosen: all) and a search text. Read from and written to search params prefixed `log`,
 * leaving the page's other params alone; turned into the log call's query at the time it is asked.
 */
import { UNIT_LOG_KINDS, type UnitLogKind, type UnitLogQuery } from '@fieldwatch/shared';

export const LOG_RANGES = ['hour', 'day', 'week', 'custom'] as const;
export type LogRange = (typeof LOG_RANGES)[number];
const RANGE_MS: Record<Exclude<LogRange, 'custom'>, number> = {
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
};
/** Lines one call asks for (the server's default and the most the tab shows). */
export const LOG_LIMIT = 200;
/** The longest search text the server takes. */
export const LOG_SEARCH_MAX = 200;

export interface LogFilter {
  range: LogRange;
  /** Custom range: local date-time text of an <input type="datetime-local">, '' when not given. */
  from: string;
  to: string;
  /** Empty: every kind. */
  kinds: UnitLogKind[];
  q: string;
}

export const DEFAULT_LOG_FILTER: LogFilter = { range: 'day', from: '', to: '', kinds: [], q: '' };

const P = { range: 'logRange', from: 'logFrom', to: 'logTo', kinds: 'logKinds', q: 'logQ' } as const;

export function parseLogFilter(params: URLSearchParams): LogFilter {
  const range = params.get(P.range);
  const kinds = (params.get(P.kinds) ?? '')
    .split(',')
    .filter((k): k is UnitLogKind => (UNIT_LOG_KINDS as readonly string[]).includes(k));
  return {
    range: (LOG_RANGES as readonly string[]).includes(range ?? '')
      ? (range as LogRange)
      : DEFAULT_LOG_FILTER.range,
    from: params.get(P.from) ?? '',
    to: params.get(P.to) ?? '',
    kinds: [...new Set(kinds)],
    q: (params.get(P.q) ?? '').slice(0, LOG_SEARCH_MAX),
  };
}

/** `params` with the filter written into it (defaults left out); other params are kept. */
export function writeLogFilter(params: URLSearchParams, f: LogFilter): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (key: string, value: string, fallback = '') =>
    value && value !== fallback ? next.set(key, value) : next.delete(key);
  put(P.range, f.range, DEFAULT_LOG_FILTER.range);
  put(P.from, f.range === 'custom' ? f.from : '');
  put(P.to, f.range === 'custom' ? f.to : '');
  put(P.kinds, allKinds(f.kinds) ? '' : f.kinds.join(','));
  put(P.q, f.q.trim());
  return next;
}

/** No kind or every kind chosen: no kind filtering. */
export const allKinds = (kinds: readonly UnitLogKind[]) =>
  kinds.length === 0 || UNIT_LOG_KINDS.every((k) => kinds.includes(k));

/** Why a custom range cannot be asked for (a translation key), or null. */
export function rangeProblem(f: LogFilter, now = Date.now()): string | null {
  if (f.range !== 'custom') return null;
  const from = Date.parse(f.from);
  const to = f.to ? Date.parse(f.to) : NaN;
  if (Number.isNaN(from)) return 'unitTabs.log.fromRequired';
  // Without an end the range ends now: its start must not be later.
  if (!f.to && from > now) return 'unitTabs.log.fromFuture';
  if (f.to && Number.isNaN(to)) return 'unitTabs.log.toInvalid';
  if (!Number.isNaN(to) && to <= from) return 'unitTabs.log.toBeforeFrom';
  return null;
}

/** The log call's query for the filter at `now` (ms). Call only when rangeProblem is null. */
export function toLogQuery(f: LogFilter, now: number): UnitLogQuery {
  const query: UnitLogQuery = { limit: LOG_LIMIT };
  if (f.range === 'custom') {
    query.from = new Date(Date.parse(f.from)).toISOString();
    if (f.to) query.to = new Date(Date.parse(f.to)).toISOString();
  } else {
    query.from = new Date(now - RANGE_MS[f.range]).toISOString();
    query.to = new Date(now).toISOString();
  }
  if (!allKinds(f.kinds)) query.kinds = f.kinds.join(',');
  const q = f.q.trim();
  if (q) query.q = q;
  return query;
}
