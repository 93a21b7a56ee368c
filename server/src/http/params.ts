/** Query/param parsing helpers shared by several modules. */
import { badRequest } from './errors';

/** JSON-schema pattern of a comma-separated list of positive integer ids ("1,2,3"). */
export const ID_LIST_PATTERN = '^\\s*\\d{1,9}\\s*(,\\s*\\d{1,9}\\s*)*$';

/** Parses "1,2,3" into unique positive ids; answers 400 on anything else (incl. empty). */
export function parseIdList(value: string | undefined, name: string): number[] {
  if (value === undefined || !new RegExp(ID_LIST_PATTERN).test(value)) {
    throw badRequest(`${name} must be a comma-separated list of ids, e.g. ${name}=1,2`);
  }
  const ids = value.split(',').map((s) => Number(s.trim()));
  if (ids.some((n) => n <= 0)) throw badRequest(`${name} ids must be positive`);
  return [...new Set(ids)];
}

/** Earliest and latest times written as ISO text that PostgreSQL reads back (years 0001–9999). */
const MIN_STORABLE_MS = Date.parse('0001-01-01T00:00:00.000Z');
const MAX_STORABLE_MS = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * Whether a parsed time can be stored or compared in SQL. A time zone can carry a valid-looking
 * "0001-01-01T00:00+01:00" into year 0, which PostgreSQL refuses: parsers answer 400 for those.
 */
export function isStorableTime(d: Date): boolean {
  const ms = d.getTime();
  return Number.isFinite(ms) && ms >= MIN_STORABLE_MS && ms <= MAX_STORABLE_MS;
}

/** Formats a date as the API date format of spec §9 (YYYY-MM-DD HH:mm:ss), in UTC. */
export function toApiDate(d: Date): string {
  return d.toISOString().slice(0, 19).replace('T', ' ');
}
