/**
 * Payloads of the fleet, telemetry and ingestion calls (issue 3 §2, §3, §6). v2/v3 answers are
 * wrapped in { data }; the older xrequest methods answer arrays of PascalCase records.
 */
import type { ChannelKind, DeviceFamily, RelayState, UnitAction } from '../domain/device-types';
import type { UnitStatus } from '../domain/status';
import type { Granularity, SeriesPoint } from '../domain/telemetry';
import type { UnitSettingsDoc } from '../contract/devices';
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

/** GET /api/v2/device/legacy/devices/{id}/settings. revision 0: defaults, never stored yet. */
export interface UnitSettings {
  unitId: number;
  revision: number;
  settings: UnitSettingsDoc;
  updatedAt: string | null;
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

export interface Relay {
  unitId: number;
  state: RelayState;
  on: boolean;
  updatedAt: string | null;
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

/** POST /api/v3/ingest answers how many points were taken, and why others were not. */
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
