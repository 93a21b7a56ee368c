/** Business constants and limits of spec §9. The single source for browser and server. */
export const AUTO_REFRESH_MS = 300_000;
export const ALARM_POLL_MS = 1_800_000;
export const DASHBOARD_SAVE_DEBOUNCE_MS = 2_000;
export const ALARM_FETCH_DEFAULT_ROWS = 500;
export const ALARM_FETCH_DEFAULT_SINCE = '2010-01-01 00:00:00';
export const UNITS_BY_POS_DEFAULT_ROWS = 10_000;
export const UNITS_BY_POS_DEFAULT_DISTANCE_KM = 100_000;
export const ID_CHUNK_SIZE = 4_000;
export const WEATHER_DEFAULT_DAYS = 5;
export const DASHBOARD_ID_OFFSET = 1_000;
export const PARKING_REPORT_DEFAULT_FROM = '08:00';
export const PARKING_REPORT_DEFAULT_TO = '17:00';
export const DEFAULT_DATE_INTERVAL = 4;
export const DEFAULT_TIMEZONE_LABEL = 'GMT +01:00 Stockholm';
export const DEFAULT_TIMEZONE = 'Europe/Stockholm';
export const DATE_FORMATS = ['MMM DD YYYY', 'DD MMM YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const DEFAULT_DATE_FORMAT: DateFormat = 'DD MMM YYYY';
export const TIME_FORMATS = ['24h', '12h'] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];
export const DEFAULT_TIME_FORMAT: TimeFormat = '24h';
export const DEFAULT_NOTIFICATION_PREFS = { desktop: true, email: false } as const;
export const GRID_COLUMNS = { md: 12, sm: 6, xs: 2 } as const;
export const VERSIONS = { event: '2', notification: '1', task: '2', dashboard: '1' } as const;
export const UNITS_PER_PAGE = 20;
export const COOKIE_MAX_AGE_DAYS = 28;
export const COOKIE_MAX_AGE_SECONDS = COOKIE_MAX_AGE_DAYS * 24 * 60 * 60;
export const SESSION_COOKIE_NAME = 'fw_session';
export const DEFAULT_SERVER_PORT = 3000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const TIME_RANGES_HOURS = [1, 6, 24, 72, 168, 720, 1440, 4380, 8760] as const;
export const TRIAL_WEEKS = 4;
/** The trial in days (an activation on day D ends on day D + 28, at the same time of day). */
export const TRIAL_DAYS = TRIAL_WEEKS * 7;
/** Days before a trial's end that its warning mail goes out (once). */
export const TRIAL_WARNING_DAYS = 7;
export const TERMS_VERSION = '2023_1';
/**
 * The contract constants of spec §9, which the general terms (version TERMS_VERSION) state: a
 * 12-month term renewed by itself, 3 months' notice, invoices payable 30 days net, 12 % late
 * interest a year, invoiced quarterly in advance, price changes announced 3 months ahead.
 */
export const CONTRACT_TERMS = {
  termMonths: 12,
  noticeMonths: 3,
  paymentDaysNet: 30,
  lateInterestPercent: 12,
  invoicingMonths: 3,
  priceChangeNoticeMonths: 3,
} as const;
/** Swedish for "not installed": a unit whose name carries it is inactive (spec §4). */
export const INACTIVE_UNIT_MARKER = 'Ej installerad';
export const ERROR_SAMPLE_RATE = 1;

export const SUPPORTED_LANGUAGES = ['en', 'da', 'de', 'sv'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

export const THEMES = ['dark', 'bright'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';
export function isTheme(value: unknown): value is Theme {
  return value === 'dark' || value === 'bright';
}

/** User types (spec §3). */
export const USER_TYPES = { SuperUser: 0, User: 1, Reader: 2 } as const;
export type UserType = (typeof USER_TYPES)[keyof typeof USER_TYPES];

/** Customer rights: the Widget number of a right (spec §3). */
export const RIGHTS = { GIS: 1, AWG: 2, Parking: 3 } as const;
export type Right = (typeof RIGHTS)[keyof typeof RIGHTS];

/** Validation texts of spec §5 ("Username should not be blank", "Enter valid Email"). */
export const blank = (name: string) => `${name} should not be blank`;
export const invalidEmail = (name: string) => `Enter valid ${name}`;

/** Error texts of spec §8 that browser and server both use. */
export const MESSAGES = {
  loggedOut: 'You have been logged out',
  invalidCredentials: 'Username or password is incorrect',
  authFailed: 'Authentication failed',
  somethingWrong: 'Something went wrong',
  missingParameters: 'Missing parameters',
  notFound: 'Not found',
  noData: 'No data returned from the API',
  dashboardNotFound: 'Dashboard not found',
  linkGroupMissing: 'Link group does not exist',
  onlyOneMap: 'Only one map is allowed',
  userNotAssigned: 'User not assigned',
  passwordsMismatch: 'Passwords does not match',
  passwordTooShort: 'The password must contain at least six characters',
  missingAuthority: 'You are missing authority for this device',
  deviceNotSupported: 'Device not supported',
  weatherMissing: 'Weather data missing',
  noMeasurementData: 'No measurement data found',
} as const;
