/**
 * Recovery codes of two-factor authentication: RECOVERY_CODE_COUNT random codes of
 * RECOVERY_CODE_LENGTH characters from RECOVERY_CODE_ALPHABET (about 50 bits each), shown once and
 * stored as sha256 only. A plain hash is enough (unlike a password): the codes are random and
 * high-entropy, so there is no dictionary to try, and every guess also passes the sign-in throttle.
 */
import { createHash, randomInt } from 'node:crypto';
import {
  formatRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
} from '@fieldwatch/shared';

/** New codes as shown to the user ("k7d2m-q9xhp"), all different. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    let code = '';
    for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
    codes.add(code);
  }
  return [...codes].map(formatRecoveryCode);
}

/** The stored form of a code; `code` as parseSecondFactor normalises it (no dash, lower case). */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(`fieldwatch-recovery:${code.replace(/-/g, '').toLowerCase()}`).digest('hex');
}
