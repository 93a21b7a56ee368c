/**
 * The API's table of contents: every endpoint the server serves under /api and the browser calls,
 * as method + path (Fastify's `:name` segments) + the schemas of its params, query and body, and
 * the type of what it answers. The server registers each route from its entry (and a test checks
 * that the server serves exactly this table); the browser builds its URLs with pathFor and types
 * its calls with AnswerOf / BodyOf / QueryOf, so a path or a payload changes in one place.
 *
 * `answer` is what a call yields to the browser: the value inside { data } for v2/v3, the bare
 * body for v1. It is a type only (the routes do not serialise by a response schema).
 */
import type * as T from 'typebox';
import type { DashboardSummary, OnboardingTagInfo, SessionListItem, SessionResponse, Unit, UserProfile } from '../api/types';
import type {
  AlarmActionInfo,
  AlarmActionResult,
  AlarmHistory,
  AlarmRecord,
  AlarmTypeInfo,
  ChannelLimits,
  TaskWithRevision,
} from '../api/alarms';
import { PUSH_STREAM_PATH } from '../api/alarms';
import { SESSION_PATHS } from './session-paths';
import type { Container, UnitGroup } from '../api/containers';
import type { DashboardDocument, DashboardTemplate } from '../api/dashboards';
import type {
  ApiTokenCreated,
  ApiTokenSummary,
  DeviceData,
  IngestResult,
  Marker,
  RadarScan,
  BulkActionResult,
  DeviceTablePage,
  FirmwareInfo,
  Relay,
  UnitActionRecord,
  UnitDetails,
  UnitLogEntry,
  UnitOptions,
  UnitSettings,
} from '../api/fleet';
import type {
  ClientConfig,
  OrganizationInfo,
  PasswordChangeResult,
  PasswordSetResult,
  RestoreLinkSent,
  VerifyTokenResult,
} from '../api/user';
import type { WeatherDay } from '../api/weather';
import type { FwEvent, FwNotification } from '../domain/events';
import {
  MarkNotificationsSeenRequest,
  NotificationListQuery,
  type NotificationCounts,
  type NotificationPage,
  type NotificationsSeen,
} from './notifications';
import type { UnitPorts } from '../domain/port-settings';
import type { WidgetCatalogueItem } from '../domain/widget-catalogue';
import {
  AlarmActionRequest,
  AlarmParams,
  AlarmsOfDevicesRequest,
  BulkAlarmActionRequest,
  ChannelLimitsUpdate,
  LimitChannelParams,
} from './alarms';
import { LoginRequest, SessionIdParams } from './auth';
import type { EmbedSession } from './onboarding-embed';
import { BankIdCallbackQuery, BankIdStartQuery, type BankIdStatus, type OrganizationChoice } from './signin';
import {
  TwoFactorDisableBody,
  TwoFactorEnableBody,
  TwoFactorLoginBody,
  TwoFactorRecoveryCodesBody,
  TwoFactorSetupBody,
  type LoginAnswer,
  type TwoFactorLoginDone,
  type TwoFactorRecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from './two-factor';
import {
  CreateUserBody,
  DeleteUserQuery,
  InviteUserBody,
  UpdateUserBody,
  UserLinkBody,
  type ManagedUser,
  type ManagedUserDeleted,
  type ManagedUserSessions,
  type UsersSessionsEnded,
} from './admin-users';
import {
  DashboardShareBody,
  DashboardTransferBody,
  WorkspaceTransferBody,
  type DashboardOwnershipView,
  type DashboardTransferResult,
  type OwnedDashboard,
  type WorkspaceOwnershipView,
  type WorkspaceTransferResult,
} from './ownership';
import { UsageQuery, type UsageStatistics } from './usage';
import { ApiErrorBody, IdParams } from './common';
import { AuditQuery, type AuditPage } from './audit-query';
import {
  ContainerParams,
  ContainersQuery,
  MoveUnitsToLocationBody,
  CreateContainerBody,
  CreateUnitGroupBody,
  DeleteContainerQuery,
  DeleteUnitGroupBody,
  MoveUnitsBody,
  RenameUnitGroupBody,
  UnitGroupsQuery,
  UpdateContainerBody,
} from './containers';
import {
  CreateDashboardBody,
  DashboardListQuery,
  DashboardTemplateQuery,
  RenameDashboardBody,
  UpdateDashboardBody,
} from './dashboards';
import {
  ApiTokenRequest,
  AddDeviceBody,
  BulkActionRequest,
  ChannelParams,
  DeviceDataQuery,
  DeviceDataV2Query,
  DeviceFilter,
  DevicePageQuery,
  DeviceTableQuery,
  DevicesQuery,
  DevicesV1Query,
  FirmwareRequest,
  IngestRequest,
  MarkerInput,
  MarkerParams,
  MarkerUpdate,
  NfcTagQuery,
  NfcTagUpdate,
  PortUpdate,
  RadarParams,
  RadarQuery,
  RelayRequest,
  UnitActionRequest,
  UnitLogQuery,
  UnitSettingParams,
  UnitSettingsUpdate,
  UnitSettingUpdate,
  UpdateUnitBody,
  WeatherQuery,
} from './devices';
import { EventItemParams, EventListQuery, NewTaskRequest, TaskUpdateRequest } from './events';
import {
  TaskFileParams,
  TaskFileUploadQuery,
  TaskParams,
  TaskSearchQuery,
  TaskUsersQuery,
  type AssignableUser,
  type TaskDetail,
  type TaskFile,
  type TaskFileAdded,
  type TaskListItem,
  type TaskSearchPage,
} from './tasks';
import { NotifyMailUpdateBody, UnsubscribeQuery, type NotifyMailSettings } from './notify-mail';
import {
  CreateOrganizationBody,
  MoveUsersBody,
  OrganizationCustomizationBody,
  OrganizationGeneralBody,
  OrganizationRightsBody,
  OrganizationSecurityBody,
  SlugParams,
  type AdminOrganization,
  type Branding,
  type OrganizationMember,
  type OrganizationSettings,
} from './organizations';
import { XRequestParams } from './legacy';
import { DeploymentBody, PublishReleaseBody, RemoteNameParams, type RemoteDeploymentView } from './releases';
import {
  ActivateBody,
  ChooseOrganizationBody,
  PlacementBody,
  PlacesQuery,
  TagParams,
  type AdminTrial,
  type OnboardingActivation,
  type OnboardingFlow,
  type OnboardingPlace,
} from './onboarding';
import {
  RegisterBody,
  ResendVerificationBody,
  VerifyEmailBody,
  type RegisterResult,
  type ResendVerificationResult,
  type VerifyEmailResult,
} from './registration';
import {
  ChangeOwnPasswordQuery,
  ChangePasswordBody,
  CreateRestoreTokenBody,
  FilterSettings,
  ForgotPasswordBody,
  LanguageQuery,
  PreferencesUpdate,
  ProfileUpdateRoute,
  SelectCustomersQuery,
  TokenParams,
  type ClientPreferences,
} from './user';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The route schemas Fastify validates (and @fastify/swagger documents). */
export interface RouteSchemas {
  params?: T.TSchema;
  querystring?: T.TSchema;
  body?: T.TSchema;
  response?: Record<number, T.TSchema>;
  /** Left out of the OpenAPI document. */
  hide?: boolean;
}

declare const ANSWER: unique symbol;
/** A type carried by a table entry, never a value. */
export interface Answer<A> {
  readonly [ANSWER]?: A;
}
/** `answer: answers<UserProfile>()`: what the endpoint answers (type only). */
export const answers = <A>(): Answer<A> => ({});

export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  S extends RouteSchemas = RouteSchemas,
  A = unknown,
> {
  readonly method: M;
  readonly path: P;
  readonly schema: S;
  /** Reachable without a session. */
  readonly public: boolean;
  readonly answer: Answer<A>;
}

function ep<const M extends HttpMethod, const P extends string, S extends RouteSchemas = Record<never, never>, A = unknown>(
  method: M,
  path: P,
  schema: S = {} as S,
  options: { public?: boolean; answer?: Answer<A> } = {},
): Endpoint<M, P, S, A> {
  return { method, path, schema, public: options.public ?? false, answer: options.answer ?? {} };
}

type Ok = { id: number };

export const ENDPOINTS = {
  // ───────── sign-in (v2, and the older v1) ─────────
  /** Signed in (LoginResponse), or { twoFactorRequired } with a pending sign-in for loginTwoFactor. */
  login: ep('POST', '/api/v2/auth/login', { body: LoginRequest }, { public: true, answer: answers<LoginAnswer>() }),
  /** The second step of a sign-in with two-factor authentication (contract/two-factor.ts). */
  loginTwoFactor: ep(
    'POST',
    '/api/v2/auth/login/two-factor',
    { body: TwoFactorLoginBody },
    { public: true, answer: answers<TwoFactorLoginDone>() },
  ),
  loginV1: ep('POST', '/api/v1/auth/login', { body: LoginRequest }, { public: true }),
  logout: ep('GET', '/api/v2/auth/logout', {}, { public: true, answer: answers<true>() }),
  logoutV1: ep('GET', '/api/v1/auth/logout', {}, { public: true }),
  sessions: ep('GET', '/api/v2/auth/sessions', {}, { answer: answers<SessionListItem[]>() }),
  revokeSession: ep('DELETE', '/api/v2/auth/session/logout/:id', { params: SessionIdParams }, { answer: answers<true>() }),
  // BankID through OpenID Connect (issue 18 §3): start and callback answer redirects (302).
  bankIdStatus: ep('GET', '/api/v3/auth/bankid', {}, { public: true, answer: answers<BankIdStatus>() }),
  bankIdStart: ep('GET', '/api/v3/auth/bankid/start', { querystring: BankIdStartQuery }, { public: true }),
  bankIdCallback: ep('GET', '/api/v3/auth/bankid/callback', { querystring: BankIdCallbackQuery }, { public: true }),
  organizationChoice: ep('GET', '/api/v3/user/session/organization_choice', {}, { answer: answers<OrganizationChoice>() }),

  // ───────── the user's own account (v3) ─────────
  session: ep('GET', SESSION_PATHS.session, {}, { answer: answers<SessionResponse>() }),
  /** The session, or null when signed out (200 either way): the page's first check, no 401 to log. */
  sessionProbe: ep('GET', SESSION_PATHS.sessionProbe, {}, { public: true, answer: answers<SessionResponse | null>() }),
  selectCustomers: ep(
    'PUT',
    '/api/v3/user/session/current_organization',
    { querystring: SelectCustomersQuery },
    { answer: answers<SessionResponse>() },
  ),
  profile: ep('GET', '/api/v3/user/profile', {}, { answer: answers<UserProfile>() }),
  updateProfile: ep('PUT', '/api/v3/user/profile', { body: ProfileUpdateRoute }, { answer: answers<UserProfile>() }),
  profileLanguage: ep('PUT', '/api/v3/user/profile/language', { querystring: LanguageQuery }, { answer: answers<UserProfile>() }),
  uploadAvatar: ep('POST', '/api/v3/user/profile/avatar', {}, { answer: answers<UserProfile>() }),
  deleteAvatar: ep('DELETE', '/api/v3/user/profile/avatar', {}, { answer: answers<UserProfile>() }),
  changeOwnPassword: ep(
    'PUT',
    '/api/v3/user/password',
    { querystring: ChangeOwnPasswordQuery },
    { answer: answers<PasswordChangeResult>() },
  ),
  createRestoreToken: ep(
    'POST',
    '/api/v3/user/createRestorePasswordToken',
    { body: CreateRestoreTokenBody },
    { answer: answers<RestoreLinkSent>() },
  ),
  forgotPassword: ep(
    'POST',
    '/api/v3/user/forgotPassword',
    { body: ForgotPasswordBody },
    { public: true, answer: answers<RestoreLinkSent>() },
  ),
  verifyResetToken: ep(
    'GET',
    '/api/v3/user/verifyChangePasswordToken/:token',
    { params: TokenParams },
    { public: true, answer: answers<VerifyTokenResult>() },
  ),
  /** Sets the password with a link's token and signs the browser in (when the account may sign in by password). */
  resetPassword: ep(
    'POST',
    '/api/v3/user/changePassword',
    { body: ChangePasswordBody },
    { public: true, answer: answers<PasswordSetResult>() },
  ),
  // Registration (public; registration.ts): create an unverified account and mail its link,
  // verify it (which signs in), and mail a new link.
  register: ep('POST', '/api/v3/register', { body: RegisterBody }, { public: true, answer: answers<RegisterResult>() }),
  verifyEmail: ep('POST', '/api/v3/register/verify', { body: VerifyEmailBody }, { public: true, answer: answers<VerifyEmailResult>() }),
  resendVerification: ep(
    'POST',
    '/api/v3/register/resend',
    { body: ResendVerificationBody },
    { public: true, answer: answers<ResendVerificationResult>() },
  ),
  organization: ep('GET', '/api/v3/user/organization/:id', { params: IdParams }, { answer: answers<OrganizationInfo>() }),
  preferences: ep('GET', '/api/v3/user/preferences', {}, { answer: answers<ClientPreferences>() }),
  updatePreferences: ep('PUT', '/api/v3/user/preferences', { body: PreferencesUpdate }, { answer: answers<ClientPreferences>() }),
  config: ep('GET', '/api/v3/config', {}, { answer: answers<ClientConfig>() }),
  /** Two-factor authentication (TOTP) of the user's own account: status, setup, on, off, new recovery codes. */
  twoFactorStatus: ep('GET', '/api/v3/user/two-factor', {}, { answer: answers<TwoFactorStatus>() }),
  twoFactorSetup: ep('POST', '/api/v3/user/two-factor/setup', { body: TwoFactorSetupBody }, { answer: answers<TwoFactorSetup>() }),
  twoFactorEnable: ep(
    'POST',
    '/api/v3/user/two-factor/enable',
    { body: TwoFactorEnableBody },
    { answer: answers<TwoFactorRecoveryCodes>() },
  ),
  twoFactorDisable: ep('POST', '/api/v3/user/two-factor/disable', { body: TwoFactorDisableBody }, { answer: answers<TwoFactorStatus>() }),
  twoFactorRecoveryCodes: ep(
    'POST',
    '/api/v3/user/two-factor/recovery-codes',
    { body: TwoFactorRecoveryCodesBody },
    { answer: answers<TwoFactorRecoveryCodes>() },
  ),
  /** E-mail notification preferences (the profile's notification settings) and whether this server can mail. */
  notifyMail: ep('GET', '/api/v3/user/profile/notifications', {}, { answer: answers<NotifyMailSettings>() }),
  updateNotifyMail: ep(
    'PUT',
    '/api/v3/user/profile/notifications',
    { body: NotifyMailUpdateBody },
    { answer: answers<NotifyMailSettings>() },
  ),
  /** The unsubscribe link of a notification mail (public, signed token): an HTML page in the user's language. */
  unsubscribePage: ep('GET', '/api/v3/notify-mail/unsubscribe', { querystring: UnsubscribeQuery }, { public: true }),
  unsubscribe: ep('POST', '/api/v3/notify-mail/unsubscribe', { querystring: UnsubscribeQuery }, { public: true }),

  // ───────── dashboards ─────────
  dashboards: ep('GET', SESSION_PATHS.dashboards, { querystring: DashboardListQuery }, { answer: answers<DashboardSummary[]>() }),
  createDashboard: ep('POST', '/api/v3/user/dashboard', { body: CreateDashboardBody }, { answer: answers<DashboardDocument>() }),
  dashboardTemplates: ep(
    'GET',
    '/api/v3/user/dashboard/template',
    { querystring: DashboardTemplateQuery },
    { answer: answers<DashboardTemplate[]>() },
  ),
  widgets: ep('GET', '/api/v3/user/widget', {}, { answer: answers<WidgetCatalogueItem[]>() }),
  dashboard: ep('GET', '/api/v3/user/dashboard/:id', { params: IdParams }, { answer: answers<DashboardDocument>() }),
  saveDashboard: ep(
    'PUT',
    '/api/v3/user/dashboard/:id',
    { params: IdParams, body: UpdateDashboardBody },
    { answer: answers<DashboardDocument>() },
  ),
  deleteDashboard: ep('DELETE', '/api/v3/user/dashboard/:id', { params: IdParams }, { answer: answers<Ok>() }),
  renameDashboard: ep(
    'PUT',
    '/api/v3/user/dashboard/:id/updateName',
    { params: IdParams, body: RenameDashboardBody },
    { answer: answers<DashboardDocument>() },
  ),
  dashboardFilter: ep(
    'PUT',
    '/api/v3/user/dashboard/:id/filter',
    { params: IdParams, body: FilterSettings },
    { answer: answers<DashboardDocument>() },
  ),
  restoreDashboard: ep('POST', '/api/v3/user/dashboard/:id/restore', { params: IdParams }, { answer: answers<DashboardDocument>() }),

  // ───────── units ─────────
  devicesV1: ep('GET', '/api/v1/device', { querystring: DevicesV1Query }, { answer: answers<Unit[]>() }),
  deviceDetailsV1: ep('GET', '/api/v1/device/:id/details', { params: IdParams }, { answer: answers<UnitDetails>() }),
  deviceOptionsV1: ep('GET', '/api/v1/device/:id/options', { params: IdParams }, { answer: answers<UnitOptions>() }),
  devices: ep('GET', SESSION_PATHS.devices, { querystring: DevicesQuery }, { answer: answers<Unit[]>() }),
  devicePage: ep('GET', '/api/v3/device/devices', { querystring: DevicePageQuery }, { answer: answers<Unit[]>() }),
  deviceTable: ep('GET', '/api/v3/device/table', { querystring: DeviceTableQuery }, { answer: answers<DeviceTablePage>() }),
  /** The filtered set as CSV (text/csv, at most DEVICE_TABLE_CSV_MAX_ROWS rows; header X-Truncated: true when cut). */
  deviceTableCsv: ep('GET', '/api/v3/device/table.csv', { querystring: DeviceTableQuery }, { answer: answers<string>() }),
  deviceFilter: ep(
    'POST',
    '/api/v2/device/deviceFilter',
    { querystring: DevicesQuery, body: DeviceFilter },
    { answer: answers<Unit[]>() },
  ),
  deviceOptions: ep('GET', '/api/v2/device/devices/:id/options', { params: IdParams }, { answer: answers<UnitOptions>() }),
  addDevice: ep('POST', '/api/v3/device/devices', { body: AddDeviceBody }, { answer: answers<Unit>() }),
  updateUnit: ep('PUT', '/api/v3/device/devices/:id', { params: IdParams, body: UpdateUnitBody }, { answer: answers<Unit>() }),
  unitSettings: ep('GET', '/api/v2/device/legacy/devices/:id/settings', { params: IdParams }, { answer: answers<UnitSettings>() }),
  saveUnitSettings: ep(
    'PUT',
    '/api/v2/device/legacy/devices/:id/settings',
    { params: IdParams, body: UnitSettingsUpdate },
    { answer: answers<UnitSettings>() },
  ),
  setUnitSetting: ep(
    'PUT',
    '/api/v2/device/legacy/devices/:a/:b/:c',
    { params: UnitSettingParams, body: UnitSettingUpdate },
    { answer: answers<UnitSettings>() },
  ),
  markers: ep('GET', '/api/v2/device/legacy/devices/:id/channel/:n/markers', { params: ChannelParams }, { answer: answers<Marker[]>() }),
  createMarker: ep(
    'POST',
    '/api/v2/device/legacy/devices/:id/channel/:n/markers',
    { params: ChannelParams, body: MarkerInput },
    { answer: answers<Marker>() },
  ),
  updateMarker: ep(
    'PUT',
    '/api/v2/device/legacy/devices/:id/channel/:n/markers/:markerId',
    { params: MarkerParams, body: MarkerUpdate },
    { answer: answers<Marker>() },
  ),
  deleteMarker: ep(
    'DELETE',
    '/api/v2/device/legacy/devices/:id/channel/:n/markers/:markerId',
    { params: MarkerParams },
    { answer: answers<Ok>() },
  ),
  relay: ep('GET', '/api/v2/device/devices/:id/relay', { params: IdParams }, { answer: answers<Relay>() }),
  setRelay: ep('POST', '/api/v2/device/devices/:id/relay', { params: IdParams, body: RelayRequest }, { answer: answers<Relay>() }),
  deviceActions: ep('GET', '/api/v2/device/devices/:id/actions', { params: IdParams }, { answer: answers<UnitActionRecord[]>() }),
  runUnitAction: ep(
    'POST',
    '/api/v2/device/devices/:id/actions',
    { params: IdParams, body: UnitActionRequest },
    { answer: answers<UnitActionRecord>() },
  ),
  bulkUnitAction: ep('POST', '/api/v3/device/actions', { body: BulkActionRequest }, { answer: answers<BulkActionResult>() }),
  firmware: ep('GET', '/api/v3/device/devices/:id/firmware', { params: IdParams }, { answer: answers<FirmwareInfo>() }),
  scheduleFirmware: ep(
    'POST',
    '/api/v3/device/devices/:id/firmware',
    { params: IdParams, body: FirmwareRequest },
    { answer: answers<UnitActionRecord>() },
  ),
  unitLog: ep('GET', '/api/v3/device/devices/:id/log', { params: IdParams, querystring: UnitLogQuery }, { answer: answers<UnitLogEntry[]>() }),
  radar: ep(
    'GET',
    '/api/v2/device/legacy/devices/:id/radar/:channel',
    { params: RadarParams, querystring: RadarQuery },
    { answer: answers<RadarScan>() },
  ),
  deviceData: ep(
    'GET',
    '/api/v3/device/devices/:id/data',
    { params: IdParams, querystring: DeviceDataQuery },
    { answer: answers<DeviceData>() },
  ),
  deviceDataV2: ep(
    'GET',
    '/api/v2/device/devices/:id/data',
    { params: IdParams, querystring: DeviceDataV2Query },
    { answer: answers<DeviceData>() },
  ),
  nfcTag: ep('GET', '/api/v1/nfc/tag', { querystring: NfcTagQuery }, { answer: answers<{ tag_uuid: string }>() }),
  setNfcTag: ep(
    'PUT',
    '/api/v3/device/devices/:id/nfc/tag',
    { params: IdParams, body: NfcTagUpdate },
    { answer: answers<{ tag_uuid: string }>() },
  ),
  unitPorts: ep('GET', '/api/v3/device/devices/:id/channels', { params: IdParams }, { answer: answers<UnitPorts>() }),
  setUnitPort: ep(
    'PUT',
    '/api/v3/device/devices/:id/channels/:n',
    { params: ChannelParams, body: PortUpdate },
    { answer: answers<UnitPorts>() },
  ),
  ingest: ep('POST', '/api/v3/ingest', { body: IngestRequest }, { public: true, answer: answers<IngestResult>() }),

  // ───────── alarms ─────────
  alarmsOfDevices: ep('POST', '/api/v2/device/alarms', { body: AlarmsOfDevicesRequest }, { answer: answers<AlarmRecord[]>() }),
  alarmTypes: ep('GET', '/api/v3/alarms/types', {}, { answer: answers<AlarmTypeInfo[]>() }),
  alarmActions: ep('GET', '/api/v2/device/legacy/alarm_actions', {}, { answer: answers<AlarmActionInfo[]>() }),
  actOnAlarm: ep(
    'POST',
    '/api/v3/alarms/:id/actions',
    { params: AlarmParams, body: AlarmActionRequest },
    { answer: answers<AlarmActionResult>() },
  ),
  bulkAlarmAction: ep(
    'POST',
    '/api/v3/alarms/actions',
    { body: BulkAlarmActionRequest },
    { answer: answers<AlarmActionResult>() },
  ),
  alarmHistory: ep('GET', '/api/v3/alarms/:id/history', { params: AlarmParams }, { answer: answers<AlarmHistory>() }),
  channelLimits: ep(
    'GET',
    '/api/v3/device/devices/:id/channels/:n/limits',
    { params: LimitChannelParams },
    { answer: answers<ChannelLimits>() },
  ),
  setChannelLimits: ep(
    'PUT',
    '/api/v3/device/devices/:id/channels/:n/limits',
    { params: LimitChannelParams, body: ChannelLimitsUpdate },
    { answer: answers<ChannelLimits>() },
  ),

  // ───────── unit groups (v2) and containers (v3) ─────────
  unitGroups: ep('GET', '/api/v2/device/groups', { querystring: UnitGroupsQuery }, { answer: answers<UnitGroup[]>() }),
  createUnitGroup: ep('POST', '/api/v2/device/groups', { body: CreateUnitGroupBody }, { answer: answers<UnitGroup>() }),
  renameUnitGroup: ep('PUT', '/api/v2/device/groups', { body: RenameUnitGroupBody }, { answer: answers<UnitGroup>() }),
  deleteUnitGroup: ep('DELETE', '/api/v2/device/groups', { body: DeleteUnitGroupBody }, { answer: answers<Ok>() }),
  moveUnits: ep('PUT', '/api/v2/device/devices/updateGroup', { body: MoveUnitsBody }, { answer: answers<UnitGroup>() }),
  containers: ep('GET', SESSION_PATHS.containers, { querystring: ContainersQuery }, { answer: answers<Container[]>() }),
  createContainer: ep(
    'POST',
    '/api/v3/containers',
    { body: CreateContainerBody, response: { 409: ApiErrorBody } },
    { answer: answers<Container>() },
  ),
  container: ep('GET', '/api/v3/containers/:id', { params: ContainerParams }, { answer: answers<Container>() }),
  moveUnitsToLocation: ep(
    'PUT',
    '/api/v3/containers/:id/units',
    { params: ContainerParams, body: MoveUnitsToLocationBody },
    { answer: answers<Container>() },
  ),
  updateContainer: ep(
    'PUT',
    '/api/v3/containers/:id',
    { params: ContainerParams, body: UpdateContainerBody },
    { answer: answers<Container>() },
  ),
  deleteContainer: ep(
    'DELETE',
    '/api/v3/containers/:id',
    { params: ContainerParams, querystring: DeleteContainerQuery },
    { answer: answers<{ id: string }>() },
  ),

  // ───────── events, notifications, tasks ─────────
  events: ep('GET', SESSION_PATHS.events, { querystring: EventListQuery }, { answer: answers<FwEvent[]>() }),
  notifications: ep('GET', SESSION_PATHS.notifications, { querystring: EventListQuery }, { answer: answers<FwNotification[]>() }),
  notificationSeen: ep(
    'PUT',
    '/api/v3/events/notifications/:id/seen',
    { params: EventItemParams },
    { answer: answers<FwNotification>() },
  ),
  /** The notifications page: filtered, paged, each with its unit, location, groups, alarm and task. */
  notificationList: ep('GET', '/api/v3/notifications', { querystring: NotificationListQuery }, { answer: answers<NotificationPage>() }),
  /** Unseen notifications of the selected customers (the badge). */
  notificationCounts: ep('GET', '/api/v3/notifications/counts', {}, { answer: answers<NotificationCounts>() }),
  /** Marks several (ids) or all (within a filter) of the user's notifications seen. */
  markNotificationsSeen: ep(
    'POST',
    '/api/v3/notifications/seen',
    { body: MarkNotificationsSeenRequest },
    { answer: answers<NotificationsSeen>() },
  ),
  tasks: ep('GET', '/api/v3/events/tasks', { querystring: EventListQuery }, { answer: answers<TaskWithRevision[]>() }),
  createTask: ep('POST', '/api/v3/events/tasks', { body: NewTaskRequest }, { answer: answers<TaskWithRevision>() }),
  updateTask: ep(
    'PUT',
    '/api/v3/events/tasks/:id',
    { params: EventItemParams, body: TaskUpdateRequest },
    { answer: answers<TaskWithRevision>() },
  ),
  patchTask: ep(
    'PATCH',
    '/api/v3/events/tasks/:id',
    { params: EventItemParams, body: TaskUpdateRequest },
    { answer: answers<TaskWithRevision>() },
  ),
  /** The task list: view, filters, sort and server paging (contract/tasks.ts). */
  taskSearch: ep('GET', '/api/v3/tasks', { querystring: TaskSearchQuery }, { answer: answers<TaskSearchPage>() }),
  /** The same query as CSV (text/csv, at most TASK_CSV_MAX_ROWS rows; header X-Truncated: true when cut). */
  taskSearchCsv: ep('GET', '/api/v3/tasks.csv', { querystring: TaskSearchQuery }, { answer: answers<string>() }),
  /** Who can be assigned to a new task of an organisation (default: the first selected customer). */
  taskOrgUsers: ep('GET', '/api/v3/tasks/users', { querystring: TaskUsersQuery }, { answer: answers<AssignableUser[]>() }),
  /** One task: linked events with names and alarm states, and its files. */
  taskDetail: ep('GET', '/api/v3/tasks/:id', { params: TaskParams }, { answer: answers<TaskDetail>() }),
  /** Who can be assigned to the task: the members of its organisation. */
  taskUsers: ep('GET', '/api/v3/tasks/:id/users', { params: TaskParams }, { answer: answers<AssignableUser[]>() }),
  taskFiles: ep('GET', '/api/v3/tasks/:id/files', { params: TaskParams }, { answer: answers<TaskFile[]>() }),
  /** The body is the file itself (raw bytes, its content type); ?name= its file name. */
  uploadTaskFile: ep(
    'POST',
    '/api/v3/tasks/:id/files',
    { params: TaskParams, querystring: TaskFileUploadQuery },
    { answer: answers<TaskFileAdded>() },
  ),
  /** The file's bytes (Content-Disposition inline for images and pdf, else attachment; with its name). */
  taskFile: ep('GET', '/api/v3/tasks/:id/files/:fileId', { params: TaskFileParams }, { answer: answers<Blob>() }),
  deleteTaskFile: ep('DELETE', '/api/v3/tasks/:id/files/:fileId', { params: TaskFileParams }, { answer: answers<TaskListItem>() }),
  /** Server-sent events: `event`, `notification` and `task` (see PushEvent). */
  pushStream: ep('GET', PUSH_STREAM_PATH),

  // ───────── administration ─────────
  adminUsers: ep('GET', '/api/v3/admin/users', {}, { answer: answers<ManagedUser[]>() }),
  inviteUser: ep('POST', '/api/v3/admin/users/invitations', { body: InviteUserBody }, { answer: answers<ManagedUser>() }),
  createUser: ep('POST', '/api/v3/admin/users', { body: CreateUserBody }, { answer: answers<ManagedUser>() }),
  updateUser: ep('PUT', '/api/v3/admin/users/:id', { params: IdParams, body: UpdateUserBody }, { answer: answers<ManagedUser>() }),
  deactivateUser: ep('POST', '/api/v3/admin/users/:id/deactivate', { params: IdParams }, { answer: answers<ManagedUser>() }),
  reactivateUser: ep('POST', '/api/v3/admin/users/:id/reactivate', { params: IdParams }, { answer: answers<ManagedUser>() }),
  deleteUser: ep('DELETE', '/api/v3/admin/users/:id', { params: IdParams, querystring: DeleteUserQuery }, { answer: answers<ManagedUserDeleted>() }),
  userResetLink: ep('POST', '/api/v3/admin/users/:id/reset-link', { params: IdParams, body: UserLinkBody }, { answer: answers<RestoreLinkSent>() }),
  userSessions: ep('GET', '/api/v3/admin/users/:id/sessions', { params: IdParams }, { answer: answers<ManagedUserSessions>() }),
  endUserSessions: ep('DELETE', '/api/v3/admin/users/:id/sessions', { params: IdParams }, { answer: answers<UsersSessionsEnded>() }),
  /** Turns a user's two-factor authentication off (he lost his phone); never one's own (the profile does that). */
  resetUserTwoFactor: ep('DELETE', '/api/v3/admin/users/:id/two-factor', { params: IdParams }, { answer: answers<ManagedUser>() }),
  apiTokens: ep('GET', '/api/v3/admin/tokens', {}, { answer: answers<ApiTokenSummary[]>() }),
  createApiToken: ep('POST', '/api/v3/admin/tokens', { body: ApiTokenRequest }, { answer: answers<ApiTokenCreated>() }),
  revokeApiToken: ep('DELETE', '/api/v3/admin/tokens/:id', { params: IdParams }, { answer: answers<ApiTokenSummary>() }),
  /** The audit log of the SuperUser's organisations and about himself, newest first (AuditQuery). */
  auditLog: ep('GET', '/api/v3/admin/audit', { querystring: AuditQuery }, { answer: answers<AuditPage>() }),
  /** The same filtered entries as CSV (text/csv, at most AUDIT_CSV_MAX_ROWS; header X-Truncated: true when cut). */
  auditLogCsv: ep('GET', '/api/v3/admin/audit.csv', { querystring: AuditQuery }, { answer: answers<string>() }),
  /** The organisations the SuperUser administers, with their main account, rights and user counts. */
  adminOrganizations: ep('GET', '/api/v3/admin/organizations', {}, { answer: answers<AdminOrganization[]>() }),
  /** A customer account under a main account; the creating SuperUser becomes a member. */
  createOrganization: ep('POST', '/api/v3/admin/organizations', { body: CreateOrganizationBody }, { answer: answers<AdminOrganization>() }),
  adminOrganization: ep('GET', '/api/v3/admin/organizations/:id', { params: IdParams }, { answer: answers<OrganizationSettings>() }),
  updateOrganizationGeneral: ep(
    'PUT',
    '/api/v3/admin/organizations/:id/general',
    { params: IdParams, body: OrganizationGeneralBody },
    { answer: answers<OrganizationSettings>() },
  ),
  updateOrganizationCustomization: ep(
    'PUT',
    '/api/v3/admin/organizations/:id/customization',
    { params: IdParams, body: OrganizationCustomizationBody },
    { answer: answers<OrganizationSettings>() },
  ),
  updateOrganizationSecurity: ep(
    'PUT',
    '/api/v3/admin/organizations/:id/security',
    { params: IdParams, body: OrganizationSecurityBody },
    { answer: answers<OrganizationSettings>() },
  ),
  updateOrganizationRights: ep(
    'PUT',
    '/api/v3/admin/organizations/:id/rights',
    { params: IdParams, body: OrganizationRightsBody },
    { answer: answers<AdminOrganization>() },
  ),
  organizationMembers: ep('GET', '/api/v3/admin/organizations/:id/users', { params: IdParams }, { answer: answers<OrganizationMember[]>() }),
  /** Moves users from another of the SuperUser's accounts into this one. */
  moveOrganizationUsers: ep(
    'POST',
    '/api/v3/admin/organizations/:id/users',
    { params: IdParams, body: MoveUsersBody },
    { answer: answers<OrganizationMember[]>() },
  ),
  /** The branding of the signed-in user's organisation (the first selected customer that has one). */
  branding: ep('GET', '/api/v3/branding', {}, { answer: answers<Branding | null>() }),
  /** The branding of an account URL (/a/<slug>); an old slug within 30 days answers with movedTo. */
  brandingBySlug: ep('GET', '/api/v3/branding/:slug', { params: SlugParams }, { public: true, answer: answers<Branding>() }),

  /** Dashboard ownership: the dashboards of the users of the SuperUser's organisations. */
  dashboardOwnership: ep('GET', '/api/v3/admin/ownership/dashboards', {}, { answer: answers<DashboardOwnershipView>() }),
  transferDashboards: ep(
    'POST',
    '/api/v3/admin/ownership/dashboards/transfer',
    { body: DashboardTransferBody },
    { answer: answers<DashboardTransferResult>() },
  ),
  shareDashboard: ep(
    'PUT',
    '/api/v3/admin/ownership/dashboards/:id/share',
    { params: IdParams, body: DashboardShareBody },
    { answer: answers<OwnedDashboard>() },
  ),
  /** Workspace ownership: each user's open tasks per organisation. */
  workspaceOwnership: ep('GET', '/api/v3/admin/ownership/workspaces', {}, { answer: answers<WorkspaceOwnershipView>() }),
  transferWorkspace: ep(
    'POST',
    '/api/v3/admin/ownership/workspaces/transfer',
    { body: WorkspaceTransferBody },
    { answer: answers<WorkspaceTransferResult>() },
  ),
  /** Usage statistics of an organisation over whole UTC days. */
  usageStatistics: ep('GET', '/api/v3/admin/usage', { querystring: UsageQuery }, { answer: answers<UsageStatistics>() }),

  // ───────── onboarding, weather ─────────
  onboardingTag: ep('GET', '/api/v3/onboarding/tag/:uuid', { params: TagParams }, { public: true, answer: answers<OnboardingTagInfo>() }),
  /** The signed-in steps of activating the tag's unit (contract/onboarding.ts): state, organisation, placement, activation. */
  onboardingFlow: ep('GET', '/api/v3/onboarding/flow/:uuid', { params: TagParams }, { answer: answers<OnboardingFlow>() }),
  onboardingOrganization: ep(
    'PUT',
    '/api/v3/onboarding/flow/:uuid/organization',
    { params: TagParams, body: ChooseOrganizationBody },
    { answer: answers<OnboardingFlow>() },
  ),
  onboardingPlacement: ep(
    'PUT',
    '/api/v3/onboarding/flow/:uuid/placement',
    { params: TagParams, body: PlacementBody },
    { answer: answers<OnboardingFlow>() },
  ),
  onboardingActivate: ep(
    'POST',
    '/api/v3/onboarding/flow/:uuid/activate',
    { params: TagParams, body: ActivateBody },
    { answer: answers<OnboardingActivation>() },
  ),
  onboardingPlaces: ep('GET', '/api/v3/onboarding/places', { querystring: PlacesQuery }, { answer: answers<OnboardingPlace[]>() }),
  /** The embedded flow's own sign-in on a partner page (contract/onboarding-embed.ts): a short-lived token, no cookie. */
  embedSignIn: ep('POST', '/api/v3/onboarding/embed/session', { body: LoginRequest }, { public: true, answer: answers<EmbedSession>() }),
  embedSignOut: ep('DELETE', '/api/v3/onboarding/embed/session', {}, { answer: answers<true>() }),
  /** Trials of units activated from their NFC tag, in the SuperUser's organisations; convert one to a subscription. */
  adminTrials: ep('GET', '/api/v3/admin/trials', {}, { answer: answers<AdminTrial[]>() }),
  convertTrial: ep('POST', '/api/v3/admin/trials/:id/convert', { params: IdParams }, { answer: answers<AdminTrial>() }),
  weather: ep('GET', '/api/v1/weather/getWeather', { querystring: WeatherQuery }, { answer: answers<WeatherDay[]>() }),
  weatherPost: ep('POST', '/api/v1/weather/getWeather', { body: WeatherQuery }, { answer: answers<WeatherDay[]>() }),

  // ───────── the older API's dispatcher (/api/v1/xrequest/<Method>) ─────────
  xrequest: ep('POST', '/api/v1/xrequest/:method', { params: XRequestParams }),
  xrequestGet: ep('GET', '/api/v1/xrequest/:method', { params: XRequestParams }),

  // ───────── operations ─────────
  health: ep('GET', '/api/health', {}, { public: true }),
  healthLive: ep('GET', '/api/health/live', {}, { public: true }),
  healthReady: ep('GET', '/api/health/ready', {}, { public: true }),
  /** The OpenAPI document of the v2 and v3 API. */
  docs: ep('GET', '/api/docs', { hide: true }),

  // ───────── remote releases (contract/releases.ts): the deploy key, not a session ─────────
  /** Every remote's live version, canary, roll-back target and published versions. */
  remoteDeployments: ep('GET', '/api/v3/platform/remotes', {}, { public: true, answer: answers<RemoteDeploymentView[]>() }),
  /** A new immutable version of a remote (files in RELEASES_DIR, or a manifest URL on a remote origin). */
  publishRelease: ep(
    'POST',
    '/api/v3/platform/remotes/:name/releases',
    { params: RemoteNameParams, body: PublishReleaseBody },
    { public: true, answer: answers<RemoteDeploymentView>() },
  ),
  /** Switches the live version of a remote, sets or ends its canary. */
  deployRemote: ep(
    'PUT',
    '/api/v3/platform/remotes/:name/deployment',
    { params: RemoteNameParams, body: DeploymentBody },
    { public: true, answer: answers<RemoteDeploymentView>() },
  ),
  /** Back to the version that was live before the last switch; the canary ends. */
  rollbackRemote: ep(
    'POST',
    '/api/v3/platform/remotes/:name/rollback',
    { params: RemoteNameParams },
    { public: true, answer: answers<RemoteDeploymentView>() },
  ),
} as const;

/** What a call of the endpoint yields (inside { data } for v2/v3). */
export type AnswerOf<E> = E extends Endpoint<HttpMethod, string, RouteSchemas, infer A> ? A : never;
/** The JSON body the endpoint takes. */
export type BodyOf<E> = E extends { schema: { body: infer B extends T.TSchema } } ? T.Static<B> : never;
/** The query string the endpoint reads. */
export type QueryOf<E> = E extends { schema: { querystring: infer Q extends T.TSchema } } ? T.Static<Q> : never;

/** The `:name` segments of a path. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
export type PathParams<P extends string> = { [K in ParamNames<P>]: string | number };

/**
 * The URL of an endpoint, its `:name` segments filled in (URI-encoded):
 * pathFor(ENDPOINTS.dashboard, { id: 1001 }) → "/api/v3/user/dashboard/1001".
 */
export function pathFor<P extends string>(
  endpoint: { readonly path: P },
  ...params: [ParamNames<P>] extends [never] ? [] : [PathParams<P>]
): string {
  const values = (params[0] ?? {}) as Record<string, string | number>;
  return endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_segment, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
