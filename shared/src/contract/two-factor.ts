/**
 * Two-factor authentication with TOTP (issue 18, Security; Profile "two-factor enrollment").
 *
 * A user turns it on in his profile (/profile/two-factor): he confirms his password, scans the QR
 * code (or types the secret) into an authenticator app, proves it with one code, and gets
 * RECOVERY_CODE_COUNT recovery codes, shown once. From then on a password sign-in
 * (POST /api/v2/auth/login) opens no session: it answers { twoFactorRequired: true } and keeps a
 * short-lived pending sign-in on the server (an HttpOnly cookie names it); POST
 * /api/v2/auth/login/two-factor with the app's code or a recovery code opens the session.
 * BankID is strong authentication of its own and asks no code. An organisation may require it of
 * its SuperUsers (admin Security): such a SuperUser without it is sent to his profile to turn it
 * on, and the server refuses his administration writes until he has.
 *
 * The rules (RFC 6238): SHA-1, 6 digits, 30-second steps, the step before and after accepted (a
 * phone's clock a little off), and no step accepted twice (a code seen over a shoulder or in a
 * proxy log cannot be replayed). Recovery codes are random, each works once.
 */
import * as T from 'typebox';
import type { LoginResponse } from '../api/types';
import { PASSWORD_MAX_LENGTH } from './auth';

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Steps accepted before and after the current one. */
export const TOTP_WINDOW = 1;
export const TOTP_ALGORITHM = 'SHA1';
/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER = 'Fieldwatch';

/** The profile's page of it; a SuperUser whose organisation requires it is sent there until it is on. */
export const TWO_FACTOR_PROFILE_PATH = '/profile/two-factor';

/** Recovery codes given at once; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** Characters of a recovery code: lower-case letters and digits without look-alikes (0/o, 1/l/i). */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Characters of a recovery code (shown as two groups of five: "k7d2m-q9xhp"). */
export const RECOVERY_CODE_LENGTH = 10;

/** How long a pending sign-in (password right, code still to come) lives. */
export const TWO_FACTOR_LOGIN_TTL_SECONDS = 5 * 60;
/** Wrong codes a pending sign-in takes; then it ends and the password is asked again. */
export const TWO_FACTOR_LOGIN_MAX_FAILURES = 5;

/** The error codes (`code` of the error body) the browser translates by. */
export const TWO_FACTOR_ERROR_CODES = {
  /** 400: the code (or recovery code) is not right. */
  wrongCode: 'two_factor_wrong_code',
  /** 401: the pending sign-in expired, was used, or had too many wrong codes: sign in again. */
  expired: 'two_factor_expired',
  /** 401: the pending sign-in ended after TWO_FACTOR_LOGIN_MAX_FAILURES wrong codes: sign in again. */
  tooManyCodes: 'two_factor_too_many_codes',
  /** 403: the organisation requires it of this SuperUser: it cannot be turned off. */
  required: 'two_factor_required',
  /** 403: the organisation requires it and this SuperUser has not turned it on yet. */
  setupRequired: 'two_factor_setup_required',
  /** 403: the older /api/v1/auth/login cannot ask for a code. */
  unsupported: 'two_factor_unsupported',
  /** 400: the current password given to set up or turn off is wrong. */
  wrongPassword: 'two_factor_wrong_password',
  /** 409: it is on already (setup), or off (turning off, new recovery codes). */
  state: 'two_factor_state',
} as const;

/** The server's English texts (the browser shows its own translation, chosen by the error code). */
export const TWO_FACTOR_MESSAGES = {
  wrongCode: 'The code is not right. Enter the 6-digit code your authenticator app shows now, or a recovery code.',
  wrongSetupCode: 'The code is not right. Enter the 6-digit code your authenticator app shows now for Fieldwatch.',
  expired: 'Your sign-in has expired. Sign in again with your username and password.',
  tooManyCodes: 'Too many wrong codes. Sign in again with your username and password.',
  wrongPassword: 'The password is not right. Enter the password you sign in with.',
  alreadyOn: 'Two-factor authentication is already on. Turn it off first to use another authenticator app.',
  notOn: 'Two-factor authentication is not on for your account.',
  noSetup: 'Start again: choose "Turn on", scan the new QR code and enter the code your app shows.',
  required:
    'Your organisation requires two-factor authentication for SuperUsers, so you cannot turn it off. Make new recovery codes instead if you need them.',
  setupRequired:
    'Your organisation requires two-factor authentication for SuperUsers. Turn it on under Profile → Two-factor authentication before you change administration settings.',
  unsupported:
    'This account uses two-factor authentication, which this older sign-in cannot ask for. Sign in with the web app, or with POST /api/v2/auth/login and then /api/v2/auth/login/two-factor.',
  ownInProfile: 'Turn off your own two-factor authentication in your profile, with your password and a code.',
  enableYourselfFirst:
    'Turn on two-factor authentication for your own account first (Profile → Two-factor authentication), so that you keep access to administration.',
} as const;

/** A code as typed: the app's 6 digits or a recovery code, spaces and dashes allowed. */
export const SecondFactorCode = T.String({ title: 'Code', minLength: 1, maxLength: 64 });
const CurrentPassword = T.String({ title: 'Password', format: 'password', minLength: 1, maxLength: PASSWORD_MAX_LENGTH });

/** POST /api/v2/auth/login/two-factor (the pending sign-in is named by its HttpOnly cookie). */
export const TwoFactorLoginBody = T.Object({ code: SecondFactorCode }, { additionalProperties: false });
export type TwoFactorLoginBody = T.Static<typeof TwoFactorLoginBody>;

/** POST /api/v3/user/two-factor/setup: the current password, again. */
export const TwoFactorSetupBody = T.Object({ password: CurrentPassword }, { additionalProperties: false });
export type TwoFactorSetupBody = T.Static<typeof TwoFactorSetupBody>;

/** POST /api/v3/user/two-factor/enable: the code the app shows for the new secret. */
export const TwoFactorEnableBody = T.Object({ code: SecondFactorCode }, { additionalProperties: false });
export type TwoFactorEnableBody = T.Static<typeof TwoFactorEnableBody>;

/** POST /api/v3/user/two-factor/disable: the password and a code (or a recovery code). */
export const TwoFactorDisableBody = T.Object(
  { password: CurrentPassword, code: SecondFactorCode },
  { additionalProperties: false },
);
export type TwoFactorDisableBody = T.Static<typeof TwoFactorDisableBody>;

/** POST /api/v3/user/two-factor/recovery-codes: a code (or a recovery code) for new ones. */
export const TwoFactorRecoveryCodesBody = T.Object({ code: SecondFactorCode }, { additionalProperties: false });
export type TwoFactorRecoveryCodesBody = T.Static<typeof TwoFactorRecoveryCodesBody>;

/** GET /api/v3/user/two-factor. */
export interface TwoFactorStatus {
  enabled: boolean;
  /** ISO time it was turned on, or null. */
  enabledAt: string | null;
  /** Unused recovery codes. */
  recoveryCodesLeft: number;
  /** One of the user's organisations requires it of him (a SuperUser): it cannot be turned off. */
  required: boolean;
}

/** POST /api/v3/user/two-factor/setup: the new secret, shown once; not in force until enabled. */
export interface TwoFactorSetup {
  /** Base32, for typing into an app that cannot scan. */
  secret: string;
  /** otpauth://totp/… (what the QR code holds). */
  uri: string;
  /** The QR code as an SVG data URL. */
  qr: string;
  issuer: string;
  account: string;
}

/** Recovery codes, shown once (enable, new codes). */
export interface TwoFactorRecoveryCodes {
  recoveryCodes: string[];
}

/** The answer of a right password when the account has two-factor authentication on. */
export interface TwoFactorChallenge {
  twoFactorRequired: true;
  /** Seconds the pending sign-in lives. */
  expiresIn: number;
}

/** A finished second step; `recoveryCodesLeft` when a recovery code was used. */
export interface TwoFactorLoginDone extends LoginResponse {
  recoveryCodesLeft?: number;
}

/** What POST /api/v2/auth/login answers: signed in, or the second step to come. */
export type LoginAnswer = LoginResponse | TwoFactorChallenge;

export type SecondFactor = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string };

/**
 * What a typed code is: six digits (the app's), or a recovery code; spaces, dashes and case do not
 * matter. null: neither shape (refused without a look-up).
 */
export function parseSecondFactor(input: string): SecondFactor | null {
  const plain = input.replace(/[\s-]/g, '').toLowerCase();
  if (new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(plain)) return { kind: 'totp', code: plain };
  if (plain.length === RECOVERY_CODE_LENGTH && [...plain].every((c) => RECOVERY_CODE_ALPHABET.includes(c)))
    return { kind: 'recovery', code: plain };
  return null;
}

/** A recovery code as shown: "k7d2m-q9xhp". */
export function formatRecoveryCode(code: string): string {
  const half = Math.ceil(code.length / 2);
  return `${code.slice(0, half)}-${code.slice(half)}`;
}

/** A base32 secret grouped by four for typing: "JBSW Y3DP EHPK 3PXP". */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}
