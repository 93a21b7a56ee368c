/** Payloads of /api/v3/user (profile, avatar, password, restore links, organisation, preferences). */
import { DEFAULT_DATE_INTERVAL, type DateFormat, type Language } from '../constants';
import type { UnitStatus } from '../domain/status';

/** The fields PUT /api/v3/user/profile accepts (spec §7). Any other field: 400, nothing saved. */
export const PROFILE_FIELDS = [
  'username',
  'email',
  'fullname',
  'title',
  'phone',
  'avatar',
  'notification_email',
  'notification_desktop',
  'time_12h',
  'date_format',
  'language',
] as const;

/** PUT /api/v3/user/profile: every field optional; only those sent change. */
export interface ProfileUpdateBody {
  username?: string;
  email?: string;
  fullname?: string;
  title?: string;
  phone?: string;
  /** A data URL of an image (png, jpeg, gif, webp), or null / '' to remove the avatar. */
  avatar?: string | null;
  notification_email?: 0 | 1;
  notification_desktop?: 0 | 1;
  time_12h?: 0 | 1;
  date_format?: DateFormat;
  language?: Language;
}

/** POST /api/v3/user/profile/avatar takes the image itself as the body, with its content type. */
export const AVATAR_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** Largest avatar image accepted (bytes); bigger answers 413 "Image size exceeded". */
export const AVATAR_MAX_BYTES = 512 * 1024;
export const AVATAR_TOO_LARGE = 'Image size exceeded';

/** Shortest password accepted (spec §7: "The password must contain at least six characters"). */
export const PASSWORD_MIN_LENGTH = 6;

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
 * PUT /api/v3/user/password: the contract's query form (?oldPassword&newPassword) still works,
 * but a JSON body keeps the passwords out of URLs and so out of access logs and history.
 */
export interface ChangeOwnPasswordBody {
  oldPassword: string;
  newPassword: string;
}

/** POST /api/v3/user/createRestorePasswordToken body. */
export interface CreateRestoreTokenBody {
  userId: number;
  /** Page the link leads to; must be on this server's origin. The token is added as ?token=. */
  baseUrl: string;
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
/**
 * POST /api/v3/user/forgotPassword (public): a link for the account whose username or e-mail
 * address is `login`. Answers the same status and body whether or not such an account exists.
 */
export interface ForgotPasswordBody {
  login: string;
  /** Page the link leads to; must be on this server's origin. */
  baseUrl: string;
}
/** GET /api/v3/user/verifyChangePasswordToken/:token */
export interface VerifyTokenResult {
  valid: true;
  username: string;
  expiresAt: string;
}
export interface ChangePasswordBody {
  token: string;
  newPassword: string;
}

/** GET /api/v3/user/organization/:id */
export interface OrganizationInfo {
  id: number;
  name: string;
  rights: number[];
  created: string;
}

/** Filter settings (spec §4): statuses, unit types, alarm types and a text search. */
export interface FilterSettings {
  statuses?: UnitStatus[];
  unitTypes?: number[];
  alarmTypes?: number[];
  search?: string;
}

/** Client preferences (spec §3), GET/PUT /api/v3/user/preferences. PUT merges the fields sent. */
export interface ClientPreferences {
  dateInterval: number;
  /** Per unit (id as text): whether its weather is shown. */
  weather: Record<string, boolean>;
  /** Per dashboard area (e.g. Data): hidden widget names. */
  hiddenWidgets: Record<string, string[]>;
  filterSettings: FilterSettings;
  textSearch: string;
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
