/**
 * Usernames are unique case-insensitively after Unicode NFKC normalisation: "Demo.Super" and a
 * fullwidth "ｄｅｍｏ.ｓｕｐｅｒ" are the same account name as "demo.super". usernameKey is the ONE
 * place that defines "the same": the server compares keys with it (sign-in, rename, seed) and the
 * database enforces it with a unique index on lower(normalize(username, NFKC)) (migration 0004),
 * which computes the same key in a UTF-8 database locale (PGlite, and PostgreSQL as usually set up).
 */

/** The form a username is stored in: NFKC (no compatibility look-alikes), without outer spaces. */
export function normalizeUsername(name: string): string {
  return name.normalize('NFKC').trim();
}

/** What two usernames are compared by: the normalised form in lower case. */
export function usernameKey(name: string): string {
  return normalizeUsername(name).toLowerCase();
}

export const USERNAME_TAKEN = 'That username is already taken';
