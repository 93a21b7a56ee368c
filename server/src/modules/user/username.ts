/**
 * Username comparison on the server: always by usernameKey() of @fieldwatch/shared, against the
 * same expression the unique index users_username_key_idx is built on (migration 0004), so that
 * a look-up uses the index and can never disagree with it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { usernameKey } from '@fieldwatch/shared';
import { users } from '../../db/schema';

/** WHERE clause: the account whose username is `name` in any case or compatibility form. */
export function usernameIs(name: string): SQL {
  return sql`lower(normalize(${users.username}, NFKC)) = ${usernameKey(name)}`;
}

/** A unique-constraint violation (PostgreSQL 23505), as thrown by either driver through Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 5;
    e = e.cause as typeof e, i++
  ) {
    if (e.code === '23505') return true;
  }
  return false;
}
