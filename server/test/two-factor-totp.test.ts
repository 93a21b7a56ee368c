/**
 * The TOTP rules of two-factor authentication (modules/two-factor/totp.ts, RFC 6238): the RFC's
 * own test vector, the ±1 step window, replays refused (a step at or before the last one used),
 * the otpauth URI and QR code, and the shapes of codes and recovery codes (shared parseSecondFactor).
 */
import {
  formatRecoveryCode,
  groupSecret,
  parseSecondFactor,
  RECOVERY_CODE_COUNT,
  TOTP_PERIOD_SECONDS,
} from '@fieldwatch/shared';
import { hashRecoveryCode, newRecoveryCodes } from '../src/modules/two-factor/recovery';
import { matchingStep, newTotpSecret, otpauthUri, qrDataUrl, timeStep, totpCode } from '../src/modules/two-factor/totp';

/** RFC 6238 appendix B: the ASCII secret "12345678901234567890" (base32 below), SHA-1. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const STEP_MS = TOTP_PERIOD_SECONDS * 1000;

describe('TOTP rules', () => {
  it('computes the RFC 6238 test vectors (last 6 digits of the 8-digit values)', () => {
    expect(totpCode(RFC_SECRET, 59_000)).toBe('287082');
    expect(totpCode(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(RFC_SECRET, 1_234_567_890_000)).toBe('005924');
    expect(totpCode(RFC_SECRET, 20_000_000_000_000)).toBe('353130');
  });

  it('accepts the current step and one step either side, nothing further', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const step = timeStep(now);
    expect(matchingStep(secret, totpCode(secret, now), null, now)).toBe(step);
    expect(matchingStep(secret, totpCode(secret, now - STEP_MS), null, now)).toBe(step - 1);
    expect(matchingStep(secret, totpCode(secret, now + STEP_MS), null, now)).toBe(step + 1);
    const farOld = totpCode(secret, now - 2 * STEP_MS);
    const farNew = totpCode(secret, now + 2 * STEP_MS);
    // (A far code equal by chance to a near one is a one-in-a-million collision: skip that case.)
    const near = [-1, 0, 1].map((d) => totpCode(secret, now + d * STEP_MS));
    if (!near.includes(farOld)) expect(matchingStep(secret, farOld, null, now)).toBeNull();
    if (!near.includes(farNew)) expect(matchingStep(secret, farNew, null, now)).toBeNull();
  });

  it('refuses a replay: the step used, and any step before it', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const code = totpCode(secret, now);
    const used = matchingStep(secret, code, null, now)!;
    expect(matchingStep(secret, code, used, now)).toBeNull();
    expect(matchingStep(secret, code, used, now + STEP_MS)).toBeNull(); // still in the window, but used
    const previous = totpCode(secret, now - STEP_MS);
    if (previous !== code) expect(matchingStep(secret, previous, used, now)).toBeNull();
    // The next step's code is accepted.
    const next = totpCode(secret, now + STEP_MS);
    expect(matchingStep(secret, next, used, now + STEP_MS)).toBe(used + 1);
  });

  it('refuses a code of another secret and a malformed one', () => {
    const now = 1_800_000_000_000;
    const a = newTotpSecret();
    const b = newTotpSecret();
    const codeB = totpCode(b, now);
    const near = [-1, 0, 1].map((d) => totpCode(a, now + d * STEP_MS));
    if (!near.includes(codeB)) expect(matchingStep(a, codeB, null, now)).toBeNull();
    expect(matchingStep(a, '12345', null, now)).toBeNull();
    expect(matchingStep(a, 'abcdef', null, now)).toBeNull();
  });

  it('makes 160-bit secrets, an otpauth URI an app reads, and an SVG QR code', async () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = otpauthUri(secret, 'demo.super');
    expect(uri).toBe(
      `otpauth://totp/Fieldwatch:demo.super?issuer=Fieldwatch&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    const qr = await qrDataUrl(uri);
    expect(qr.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(qr.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});

describe('codes as typed', () => {
  it('reads six digits (spaces and a dash allowed) as an app code', () => {
    expect(parseSecondFactor('123456')).toEqual({ kind: 'totp', code: '123456' });
    expect(parseSecondFactor(' 123 456 ')).toEqual({ kind: 'totp', code: '123456' });
    expect(parseSecondFactor('123-456')).toEqual({ kind: 'totp', code: '123456' });
    expect(parseSecondFactor('12345')).toBeNull();
    expect(parseSecondFactor('1234567')).toBeNull();
    expect(parseSecondFactor('')).toBeNull();
  });

  it('reads a recovery code in any case, with or without its dash; look-alike letters are none', () => {
    expect(parseSecondFactor('k7d2m-q9xhp')).toEqual({ kind: 'recovery', code: 'k7d2mq9xhp' });
    expect(parseSecondFactor('K7D2M Q9XHP')).toEqual({ kind: 'recovery', code: 'k7d2mq9xhp' });
    expect(parseSecondFactor('k7d2m-q9xh0')).toBeNull(); // 0 is not in the alphabet
    expect(parseSecondFactor('k7d2m-q9xh')).toBeNull();
  });

  it('makes ten different recovery codes of the shown form, hashed the same however typed', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const c of codes) {
      expect(c).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
      expect(parseSecondFactor(c)?.kind).toBe('recovery');
      expect(formatRecoveryCode(c.replace('-', ''))).toBe(c);
      expect(hashRecoveryCode(parseSecondFactor(c.toUpperCase())!.code)).toBe(hashRecoveryCode(c));
    }
    expect(hashRecoveryCode(codes[0]!)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode(codes[0]!)).not.toBe(hashRecoveryCode(codes[1]!));
  });
});
