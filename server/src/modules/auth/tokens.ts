/**
 * Secret tokens: 32 random bytes, base64url, of which only the sha256 is stored. The session
 * cookie, the trusted-device cookie (sign-in throttle) and password links all use them.
 */
import { createHash, randomBytes } from 'node:crypto';

export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export const newSessionToken = newSecretToken;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A token we could have issued: 43 base64url characters. Anything else is not looked up. */
export function isWellFormedToken(value: string | undefined): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}
