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
