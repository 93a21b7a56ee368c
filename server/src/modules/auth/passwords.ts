/** Password hashing: argon2id with the library's (OWASP) defaults: 19 MiB, 2 passes. */
import { hash, verify } from '@node-rs/argon2';

// `Algorithm` is an ambient const enum, which isolatedModules builds cannot read; 2 is Argon2id.
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password. With no stored hash (unknown user) it still runs one verification against
 * a throw-away hash, so a response's timing does not reveal whether a username exists.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false; // a malformed stored hash is a failed login, not a crash
  }
}
