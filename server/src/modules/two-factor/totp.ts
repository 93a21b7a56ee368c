/**
 * The TOTP rules (RFC 6238) of two-factor authentication, on the `otpauth` library: SHA-1, 6 digits,
 * 30-second steps (the constants of @fieldwatch/shared), a code of the step before or after the
 * current one accepted (TOTP_WINDOW: a phone's clock a little off), and never a step at or before
 * the last one accepted (a code is used once; a replayed or older code is refused).
 */
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import {
  TOTP_ALGORITHM,
  TOTP_DIGITS,
  TOTP_ISSUER,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW,
} from '@fieldwatch/shared';

/** Bytes of a new secret: 160 bits, as RFC 4226 recommends for SHA-1. */
const SECRET_BYTES = 20;

/** A new random secret, base32 (32 characters). */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

function totpOf(secret: string, account = ''): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: account,
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** otpauth://totp/Fieldwatch:<account>?secret=…&issuer=Fieldwatch&… — what the QR code holds. */
export function otpauthUri(secret: string, account: string): string {
  return totpOf(secret, account).toString();
}

/** The QR code of an otpauth URI as an SVG data URL (dark modules on white: every app scans that). */
export async function qrDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The 30-second step of a moment (ms since the epoch). */
export function timeStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The step `code` is right for at `nowMs` — the current one or one of TOTP_WINDOW around it — or
 * null when it is right for none, or only for a step at or before `lastUsedStep` (used already).
 * `code` is six digits (parseSecondFactor); the comparison is constant-time (otpauth).
 */
export function matchingStep(secret: string, code: string, lastUsedStep: number | null, nowMs = Date.now()): number | null {
  const totp = totpOf(secret);
  const current = timeStep(nowMs);
  // Each step of the window on its own, newest first: a code right for a used step and (by
  // chance) for a newer one is accepted for the newer one.
  for (const delta of windowDeltas()) {
    const step = current + delta;
    if (lastUsedStep !== null && step <= lastUsedStep) continue;
    if (totp.validate({ token: code, timestamp: step * TOTP_PERIOD_SECONDS * 1000, window: 0 }) !== null) return step;
  }
  return null;
}

function windowDeltas(): number[] {
  const out: number[] = [];
  for (let d = TOTP_WINDOW; d >= -TOTP_WINDOW; d--) out.push(d);
  return out;
}

/** The code of `secret` at `nowMs` (tests, and nothing else: the server never shows a code). */
export function totpCode(secret: string, nowMs = Date.now()): string {
  return totpOf(secret).generate({ timestamp: nowMs });
}
