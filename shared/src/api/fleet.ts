/**
 * Payloads of the fleet, telemetry and ingestion calls (issue 3 §2, §3, §6). v2/v3 answers are
 * wrapped in { data }; the older xrequest methods answer arrays of PascalCase records.
 */
import type { ChannelKind, DeviceFamily, RelayState, UnitAction } from '../domain/device-types';
import type { UnitStatus } from '../domain/status';
import type { Granularity, SeriesPoint } from '../domain/telemetry';
import type { AlarmEventRef, Unit } from './types';

export interface ChannelInfo {
  ChannelID: number;
  ChannelName: string;
  ChannelKind: ChannelKind;
  UnitOfMeasure: string;
}

/** GET /api/v1/device/{id}/details (bare object) — a unit with its model, channels and alarms. */
export interface UnitDetails extends Unit {
  ModelName: string;
  DeviceFamily: DeviceFamily;
  ThirdParty: boolean;
  Parking: boolean;
  Status: UnitStatus;
  Channels: ChannelInfo[];
  AlarmEvents: AlarmEventRef[];
}

/** GET /api/v1/device/{id}/options and /api/v2/device/devices/{id}/options ({ data }). */
export interface UnitOptions {
  unitId: number;
  unitType: number;
  modelName: string;
  family: DeviceFamily;
  /** Unit actions this unit accepts (UNIT_ACTIONS). */
  actions: UnitAction[];
  relay: boolean;
  radar: boolean;
  parking: boolean;
  /** Stored per-unit options (free-form). */
  custom: Record<string, unknown>;
}

/** A settings value: sections of scalar keys, e.g. { general: { measureIntervalMin: 15 } }. */
export type SettingsValue = string | number | boolean | null;
export type UnitSettingsDoc = Record<string, Record<string, SettingsValue>>;

/** GET /api/v2/device/legacy/devices/{id}/settings. revision 0: defaults, never stored yet. */
export interface UnitSettings {
  unitId: number;
  revision: number;
  settings: UnitSettingsDoc;
  updatedAt: string | null;
}
/** PUT …/settings: the whole document and the revision it was based on (stale → 409). */
export interface UnitSettingsUpdate {
  revision: number;
  settings: UnitSettingsDoc;
}
/** PUT /api/v2/device/legacy/devices/{unitId}/{section}/{key}: one value of one section. */
export interface UnitSettingUpdate {
  value: SettingsValue;
  /** Optional optimistic-concurrency check. */
  revision?: number;
}

/** POST /api/v2/device/deviceFilter?use_context: all criteria optional, combined with AND. */
export interface DeviceFilter {
  /** Unit statuses; none or all means no status filtering. */
  statuses?: UnitStatus[];
  unitTypes?: number[];
  /** Units with an active alarm of one of these types. */
  alarmTypes?: number[];
  /** Case-insensitive text in the name, location, model name or type code. */
  search?: string;
}

export interface Marker {
  id: number;
  unitId: number;
  channel: number;
  name: string;
  /** ISO time on the chart's time axis. */
  position: string;
  locked: boolean;
  comments: string;
  createdAt: string;
}
export interface MarkerInput {
  name: string;
  position: string;
  locked?: boolean;
  comments?: string;
}

export interface Relay {
  unitId: number;
  state: RelayState;
  on: boolean;
  updatedAt: string | null;
}
/** POST /api/v2/device/devices/{id}/relay: switch (on) or reset the relay. */
export interface RelayRequest {
  on?: boolean;
  reset?: boolean;
}

export interface UnitActionRecord {
  id: number;
  unitId: number;
  action: UnitAction;
  status: 'queued' | 'done' | 'failed';
  result: string;
  requestedAt: string;
  completedAt: string | null;
}

export interface RadarScan {
  unitId: number;
  channel: number;
  ts: string;
  /** Distance bins (percentages). */
  data: number[];
}

/**
 * One row of xrequest GetUnitsShowValue: the newest reading of one channel of one unit (written by
 * the server, read by the dashboard's KPI widgets and lists).
 */
export interface ShowValueRow {
  UnitID: number;
  ChannelID: number;
  ChannelName: string;
  ChannelKind: string;
  UnitOfMeasure: string;
  Value: number;
  /** API date format, UTC. */
  MeasureTime: string;
}

export interface ChannelSeries {
  channel: number;
  name: string;
  unitOfMeasure: string;
  points: SeriesPoint[];
}
/** GET /api/v3/device/devices/{id}/data and /api/v2/device/devices/{id}/data ({ data }). */
export interface DeviceData {
  unitId: number;
  start: string;
  end: string;
  granularity: Granularity;
  channels: ChannelSeries[];
}

/** POST /api/v3/ingest (Authorization: Bearer <token>). */
export interface IngestPointInput {
  unitId: number;
  channel: number;
  /** ISO 8601 time. */
  ts: string;
  value: number;
}
export interface IngestRequest {
  points: IngestPointInput[];
}
export interface IngestRejection {
  /** Index of the point in the request. */
  index: number;
  reason: string;
}
export interface IngestResult {
  accepted: number;
  duplicate: number;
  rejected: number;
  rejections: IngestRejection[];
}

/** /api/v3/admin/tokens: the list never shows a token, only its prefix. */
export interface ApiTokenSummary {
  id: number;
  name: string;
  prefix: string;
  organizationId: number;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}
/** POST /api/v3/admin/tokens answers the token once. */
export interface ApiTokenCreated extends ApiTokenSummary {
  token: string;
}
export interface ApiTokenRequest {
  name: string;
  organizationId: number;
}
