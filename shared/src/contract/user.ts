/**
 * The user's own account (/api/v3/user): profile fields and their limits, passwords (change,
 * links by e-mail), the customer selection, the language and the client preferences. The same
 * limits are the profile update's checks on the server and the registration form's rules.
 */
import * as T from 'typebox';
import { DATE_FORMATS, MESSAGES, SUPPORTED_LANGUAGES, THEMES } from '../constants';
import { UNIT_STATUSES } from '../domain/status';
import { PASSWORD_MAX_LENGTH, Username, USERNAME_MAX_LENGTH } from './auth';
import { Id, Json, StringEnum } from './common';
import { withTexts } from './form';

/** Shortest new password (spec §7: "The password must contain at least six characters"). */
export const PASSWORD_MIN_LENGTH = 6;

/** Longest text of each profile field (characters, after trimming). */
export const PROFILE_TEXT_LIMITS = {
  username: USERNAME_MAX_LENGTH,
  fullname: 200,
  title: 200,
  email: 320,
  phone: 50,
  location: 200,
} as const;

/** Whether `tz` is a time zone this runtime knows (an IANA name such as "Europe/Stockholm", or "UTC"). */
export function isTimeZone(tz: unknown): tz is string {
  if (typeof tz !== 'string' || tz === '' || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** A password as sent: any characters, at most PASSWORD_MAX_LENGTH. */
export const Password = T.String({ format: 'password', maxLength: PASSWORD_MAX_LENGTH });
/** A password being set: present and at least PASSWORD_MIN_LENGTH characters, with the spec's text. */
export const NewPassword = withTexts(
  T.String({ title: 'Password', format: 'password', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }),
  { minLength: MESSAGES.passwordTooShort },
);
export const PersonName = T.String({ title: 'Name', maxLength: PROFILE_TEXT_LIMITS.fullname });
export const Email = T.String({ title: 'Email', format: 'email', maxLength: PROFILE_TEXT_LIMITS.email });
export const Phone = T.String({ title: 'Phone', maxLength: PROFILE_TEXT_LIMITS.phone });

const Bit = T.Union([T.Literal(0), T.Literal(1)]);

/**
 * PUT /api/v3/user/profile: every field optional; only those sent change. The route itself only
 * bounds the body's size: an unknown field must answer the spec's "Unknown profile field" (and be
 * logged), and each field is checked by these limits before anything is saved.
 */
export const ProfileUpdateBody = T.Object({
  username: T.Optional(Username),
  email: T.Optional(T.String({ title: 'Email', maxLength: PROFILE_TEXT_LIMITS.email })),
  fullname: T.Optional(T.String({ title: 'Name', maxLength: PROFILE_TEXT_LIMITS.fullname })),
  title: T.Optional(T.String({ title: 'Title', maxLength: PROFILE_TEXT_LIMITS.title })),
  phone: T.Optional(Phone),
  /** Beyond spec §7's list: where the user works (free text). */
  location: T.Optional(T.String({ title: 'Location', maxLength: PROFILE_TEXT_LIMITS.location })),
  /** Beyond spec §7's list: the user's time zone, an IANA name (isTimeZone). */
  timezone: T.Optional(T.String({ title: 'Time zone', maxLength: 64 })),
  /** A data URL of an image (png, jpeg, gif, webp), or null / '' to remove the avatar. */
  avatar: T.Optional(T.Union([T.String(), T.Null()])),
  notification_email: T.Optional(Bit),
  notification_desktop: T.Optional(Bit),
  time_12h: T.Optional(Bit),
  date_format: T.Optional(StringEnum(DATE_FORMATS)),
  language: T.Optional(StringEnum(SUPPORTED_LANGUAGES)),
  /** Beyond spec §7's list: the theme, applied at every sign-in. */
  theme: T.Optional(StringEnum(THEMES)),
});
export type ProfileUpdateBody = T.Static<typeof ProfileUpdateBody>;
/** The fields PUT /api/v3/user/profile accepts (spec §7). Any other field: 400, nothing saved. */
export const PROFILE_FIELDS = Object.keys(ProfileUpdateBody.properties) as Array<keyof ProfileUpdateBody>;
export const ProfileUpdateRoute = Json<ProfileUpdateBody>({ type: 'object', maxProperties: 50 });

// The registration form's fields (RegistrationForm) and request: registration.ts.

/**
 * PUT /api/v3/user/password: the contract's query form (?oldPassword&newPassword) still works,
 * but a JSON body keeps the passwords out of URLs and so out of access logs and history. The body
 * has no route schema (the query form sends none); the server reads either.
 */
export const ChangeOwnPasswordQuery = T.Object({
  oldPassword: T.Optional(Password),
  newPassword: T.Optional(Password),
});
export const ChangeOwnPasswordBody = T.Object({ oldPassword: Password, newPassword: Password });
export type ChangeOwnPasswordBody = T.Static<typeof ChangeOwnPasswordBody>;

/** A password link's token. */
const Token = T.String({ minLength: 1, maxLength: 200 });
/** Page a password link leads to; must be on this server's origin. The token is added as ?token=. */
const BaseUrl = T.String({ minLength: 1, maxLength: 2000 });

/** POST /api/v3/user/createRestorePasswordToken. */
export const CreateRestoreTokenBody = T.Object(
  { userId: Id, baseUrl: BaseUrl },
  { additionalProperties: false },
);
export type CreateRestoreTokenBody = T.Static<typeof CreateRestoreTokenBody>;

/**
 * POST /api/v3/user/forgotPassword (public): a link for the account whose username or e-mail
 * address is `login`. Answers the same status and body whether or not such an account exists.
 */
export const ForgotPasswordBody = T.Object(
  { login: T.String({ minLength: 1, maxLength: PROFILE_TEXT_LIMITS.email }), baseUrl: BaseUrl },
  { additionalProperties: false },
);
export type ForgotPasswordBody = T.Static<typeof ForgotPasswordBody>;

/** GET /api/v3/user/verifyChangePasswordToken/:token */
export const TokenParams = T.Object({ token: Token });

/**
 * POST /api/v3/user/changePassword: a new password with a link's token. The route bounds the
 * password's size only; its minimum is checked after the token (an expired link says so first).
 */
export const ChangePasswordBody = T.Object({ token: Token, newPassword: Password }, { additionalProperties: false });
export type ChangePasswordBody = T.Static<typeof ChangePasswordBody>;

/** PUT /api/v3/user/session/current_organization?id=1,2 */
export const SelectCustomersQuery = T.Object({ id: T.String({ maxLength: 2000 }) });
/** PUT /api/v3/user/profile/language?language=de */
export const LanguageQuery = T.Object({ language: T.String({ maxLength: 20 }) });

/** Filter settings (spec §4): statuses, unit types, alarm types and a text search. */
export const FilterSettings = T.Object(
  {
    statuses: T.Optional(T.Array(StringEnum(UNIT_STATUSES), { maxItems: UNIT_STATUSES.length })),
    unitTypes: T.Optional(T.Array(T.Integer({ minimum: 0, maximum: 100000 }), { maxItems: 500 })),
    alarmTypes: T.Optional(T.Array(T.Integer({ minimum: 0, maximum: 1000 }), { maxItems: 500 })),
    search: T.Optional(T.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type FilterSettings = T.Static<typeof FilterSettings>;

/** The device table's columns (the configure-table dialog): which are shown, in order, and how wide. */
export const DeviceTablePreference = T.Object(
  {
    columns: T.Array(
      T.Object(
        {
          id: T.String({ pattern: '^[A-Za-z]{1,30}$' }),
          /** Width in CSS pixels; absent: as wide as the content needs. */
          width: T.Optional(T.Integer({ minimum: 40, maximum: 800 })),
        },
        { additionalProperties: false },
      ),
      { maxItems: 30 },
    ),
  },
  { additionalProperties: false },
);
export type DeviceTablePreference = T.Static<typeof DeviceTablePreference>;

const preferenceFields = {
  dateInterval: T.Integer({ minimum: 1, maximum: 10000 }),
  /** Per unit (id as text): whether its weather is shown. */
  weather: Json<Record<string, boolean>>({
    type: 'object',
    maxProperties: 10000,
    propertyNames: { pattern: '^[0-9]{1,10}$' },
    additionalProperties: { type: 'boolean' },
  }),
  /** Per dashboard area (e.g. Data): hidden widget names. */
  hiddenWidgets: Json<Record<string, string[]>>({
    type: 'object',
    maxProperties: 100,
    propertyNames: { maxLength: 100 },
    additionalProperties: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 100 } },
  }),
  filterSettings: FilterSettings,
  textSearch: T.String({ maxLength: 200 }),
  deviceTable: T.Optional(DeviceTablePreference),
};
/** Client preferences (spec §3), GET /api/v3/user/preferences. */
export const ClientPreferences = T.Object(preferenceFields);
export type ClientPreferences = T.Static<typeof ClientPreferences>;
/** PUT /api/v3/user/preferences merges the fields sent (at least one). */
export const PreferencesUpdate = T.Object(
  {
    dateInterval: T.Optional(preferenceFields.dateInterval),
    weather: T.Optional(preferenceFields.weather),
    hiddenWidgets: T.Optional(preferenceFields.hiddenWidgets),
    filterSettings: T.Optional(preferenceFields.filterSettings),
    textSearch: T.Optional(preferenceFields.textSearch),
    deviceTable: T.Optional(DeviceTablePreference),
  },
  { additionalProperties: false, minProperties: 1 },
);
