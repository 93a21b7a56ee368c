/** Payloads of /api/v3/user (profile, avatar, password, restore links, organisation, preferences). */
import { DEFAULT_DATE_INTERVAL } from '../constants';
import type { ClientPreferences } from '../contract/user';

/** POST /api/v3/user/profile/avatar takes the image itself as the body, with its content type. */
export const AVATAR_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** Largest avatar image accepted (bytes); bigger answers 413 "Image size exceeded". */
export const AVATAR_MAX_BYTES = 512 * 1024;
export const AVATAR_TOO_LARGE = 'Image size exceeded';

export const PASSWORD_MESSAGES = {
  changed: 'Password change successful',
  failed: 'Password change failed',
  linkExpired: 'The link has expired',
  /** createRestorePasswordToken: the link went to the account's own address, never to the caller. */
  linkSent: "A link to set a new password was sent to the account's e-mail address",
  /** forgotPassword: the same answer whether an account matched or not (no enumeration). */
  forgotSent: 'If an account matches, a link to set a new password was sent to its e-mail address',
  noEmail: 'This account has no e-mail address to send the link to; an administrator must add one to the profile first',
  notYourUser: 'You may only send a password link to yourself or to users whose every organisation you administer',
} as const;

/** PUT /password and POST /changePassword answer { data: { message } }. */
export interface PasswordChangeResult {
  message: string;
}
/**
 * POST /changePassword (a password link or an invitation) also signs the browser in, unless the
 * account may not sign in by password (deactivated, or its organisations allow only BankID).
 */
export interface PasswordSetResult extends PasswordChangeResult {
  signedIn: boolean;
}

/**
 * The answer of createRestorePasswordToken (and forgotPassword): only that a link was sent. The
 * link itself goes by e-mail to the account's own address and never to the caller: whoever holds
 * it can take the account over. Only the user himself, or a SuperUser of every one of the user's
 * organisations, may ask; anyone else gets 403 and nothing is sent.
 */
export interface RestoreLinkSent {
  message: string;
}
/** GET /api/v3/user/verifyChangePasswordToken/:token */
export interface VerifyTokenResult {
  valid: true;
  username: string;
  expiresAt: string;
}

/** GET /api/v3/user/organization/:id */
export interface OrganizationInfo {
  id: number;
  name: string;
  rights: number[];
  created: string;
}

export const DEFAULT_CLIENT_PREFERENCES: ClientPreferences = {
  dateInterval: DEFAULT_DATE_INTERVAL,
  weather: {},
  hiddenWidgets: { Data: ['UnitWeather'] },
  filterSettings: {},
  textSearch: '',
};

/** GET /api/v3/config: what the browser needs to know about this deployment. */
export interface ClientConfig {
  /** Origin the browser asks for NFC tags ({host}/api/v1/nfc/tag); '' = this server. */
  nfcHost: string;
  /** Whether a weather provider is configured. */
  weather: boolean;
  /** Street tile URL template ({z}/{x}/{y}) of the maps; '' = none (outlines only). */
  mapTileUrl?: string;
  /** Satellite tile URL template of the maps; '' = none. */
  mapSatelliteUrl?: string;
  /** Attribution of the street tiles. */
  mapAttribution?: string;
  /** Attribution of the satellite tiles. */
  mapSatelliteAttribution?: string;
}
