/** Payload types of the API, shared by the server (which produces them) and the browser. */
import type { DateFormat, Language, Right, Theme, TimeFormat, UserType } from '../constants';
import type { FwEvent, FwNotification, FwTask } from '../domain/events';
import type { ApiErrorBody } from '../contract/common';

/** v2/v3 JSON responses are wrapped: { data }. Errors: { message } with a 4xx/5xx status. */
export interface Envelope<T> {
  data: T;
}

export interface CustomerRight {
  Widget: Right;
}
export interface Customer {
  CustomerID: number;
  CustomerName: string;
  CustomerRights: CustomerRight[];
}

export interface UserProfile {
  id: number;
  username: string;
  name: string;
  title: string;
  email: string;
  phone: string;
  thumbnail: string | null;
  location: string;
  userType: UserType;
  language: Language;
  timeConfig: { timeFormat: TimeFormat; timezone: string; dateFormat: DateFormat };
  notification: { email: boolean; desktop: boolean };
  avatar: string | null;
  /** The theme chosen on the account (issue 18 §2); null or absent: never chosen. */
  theme?: Theme | null;
}

/** GET /api/v3/user/session: the access response plus the session's selection. */
export interface SessionResponse {
  user: UserProfile;
  userType: UserType;
  Customers: Customer[];
  /** Customers the user selected; all device, alarm and KPI queries are scoped by them. */
  selectedCustomers: number[];
  /**
   * His organisation requires two-factor authentication of SuperUsers and he has not turned it on:
   * the shell sends him to /profile/two-factor, and administration writes answer 403 until he has.
   */
  twoFactorSetupRequired?: boolean;
}

export interface LoginResponse {
  userId: number;
  username: string;
  userType: UserType;
}

/**
 * A refused sign-in (429, with a Retry-After header): too many failed sign-ins for this account
 * from this browser or address. `retryAfter` is in seconds; the browser translates by `code`.
 */
export const LOGIN_THROTTLED_CODE = 'too_many_attempts';
export interface LoginThrottledBody extends ApiErrorBody {
  code: typeof LOGIN_THROTTLED_CODE;
  retryAfter: number;
}
/** The server's English text of a refused sign-in. */
export const loginThrottledMessage = (retryAfter: number) =>
  `Too many failed sign-ins. Try again in ${retryAfter} seconds.`;
/** Password checks are queued (bounded); a full queue answers 503 with this code. */
export const LOGIN_BUSY_CODE = 'busy';
export const LOGIN_BUSY_MESSAGE = 'The server is busy checking other sign-ins. Try again in a few seconds.';

export interface SessionListItem {
  id: string;
  created: string;
  lastSeen: string;
  expires: string;
  userAgent: string;
  ip: string;
  current: boolean;
}

export interface AlarmEventRef {
  AlarmID: number;
  AlarmType: number;
  AlarmEventText: string;
  AlarmEventTime: string;
  ChannelID: number;
  /** Present once someone acknowledged the alarm (it stays active until its condition clears): who, and when (API date). */
  AcknowledgedBy?: string;
  AcknowledgedAt?: string;
}

/** Unit as the v1/v2 device lists answer it (PascalCase, spec §3). */
export interface Unit {
  UnitID: number;
  UnitName: string;
  UnitLocation: string;
  UnitType: number;
  UnitGPSLatitude: number | null;
  UnitGPSLongitude: number | null;
  CustomerID: number;
  AlarmEvents: AlarmEventRef[];
}

export interface DashboardSummary {
  /** Server id; the UI shows encodeDashboardId(id). */
  id: number;
  name: string;
  static: DashboardKind | null;
  version: string;
  /** Another user's dashboard shared with the user's organisation: he sees it, only its owner changes it. */
  readOnly?: boolean;
  /** Who owns a shared dashboard (name, else username). */
  owner?: string;
}
export const DASHBOARD_KINDS = ['overview', 'units', 'alarms', 'map', 'telemetry', 'parking'] as const;
export type DashboardKind = (typeof DASHBOARD_KINDS)[number];
/** Translation keys of the built-in dashboards' names (spec §2). */
export const DASHBOARD_NAME_KEYS: Record<DashboardKind, string> = {
  overview: 'nav.overview',
  units: 'nav.units',
  alarms: 'nav.alarmlist',
  map: 'nav.map',
  telemetry: 'nav.data',
  parking: 'nav.parking',
};

export interface AdminUser {
  id: number;
  username: string;
  name: string;
  email: string;
  userType: UserType;
  organizations: Array<{ id: number; name: string }>;
  lastLogin: string | null;
}

export interface OnboardingTagInfo {
  tagUuid: string;
  unitId: number;
  unitName: string;
  model: string;
  activated: boolean;
  /**
   * Whether this Fieldwatch can activate the unit online: its type is one it knows. A tag of an
   * unknown type says "Device not supported" and offers no activation.
   */
  supported: boolean;
  trialWeeks: number;
  termsVersion: string;
}

export type { FwEvent, FwNotification, FwTask };
