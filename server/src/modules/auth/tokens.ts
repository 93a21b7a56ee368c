/** Session tokens: 32 random bytes in the cookie; only their sha256 is stored. */
import { createHash, randomBytes } from 'node:crypto';

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A cookie value we could have issued: 43 base64url characters. Anything else is not looked up. */
export function isWellFormedToken(value: string | undefined): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}
