/**
 * Payloads of the fleet, telemetry and ingestion calls (issue 3 §2, §3, §6). v2/v3 answers are
 * wrapped in { data }; the older xrequest methods answer arrays of PascalCase records.
 */
import type { ChannelKind, CommandKind, CommandState, DeviceFamily, RelayState, UnitAction } from '../domain/device-types';
import type { UnitStatus } from '../domain/status';
import type { Granularity, SeriesPoint } from '../domain/telemetry';
import type { UnitSettingsDoc } from '../contract/devices';
import type { UnitTrial } from '../contract/onboarding';
import type { AlarmEventRef, Unit } from './types';
import type { LocalText } from '../domain/local-text';

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
  /** ISO time of the newest measurement; null before the first (absent from older servers). */
  LastContact?: string | null;
  /** ISO time the unit was added. */
  CreatedAt?: string;
  /** Serial number given when the unit was added, if any. */
  SerialNumber?: string | null;
  /** The trial its activation from an NFC tag started (contract/onboarding.ts); null: none. */
  Trial?: UnitTrial | null;
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
  /** The wanted (pending) or acknowledged position. */
  on: boolean;
  updatedAt: string | null;
  /** The command that is switching or resetting the relay now, or that last did. */
  commandId: number | null;
}

/**
 * A command sent to a unit, with its life (COMMAND_STATES). Kept for unit actions, relay switches
 * and firmware updates alike: the unit page, the log scan and the relay widget read the same record.
 */
export interface UnitActionRecord {
  id: number;
  unitId: number;
  action: CommandKind;
  status: CommandState;
  /** What the command carries, e.g. the firmware version or "on"/"off" for the relay. */
  detail: string;
  /** What the server or the unit said about it (translated on screen where known). */
  result: string;
  /** Username of who asked for it; null for the system. */
  requestedBy: string | null;
  requestedAt: string;
  sentAt: string | null;
  completedAt: string | null;
}

/** POST /api/v3/device/actions: one action for many units; units that cannot take it are listed with why. */
export interface BulkActionResult {
  accepted: UnitActionRecord[];
  refused: Array<{ unitId: number; message: string }>;
}

/** GET /api/v3/device/devices/{id}/firmware */
export interface FirmwareInfo {
  unitId: number;
  current: string;
  /** Versions this unit's model can take, newest first. */
  available: string[];
  /** The update on its way, if any. */
  pending: UnitActionRecord | null;
}

export const UNIT_LOG_KINDS = ['measurement', 'command', 'alarm'] as const;
export type UnitLogKind = (typeof UNIT_LOG_KINDS)[number];

/** One line of a unit's message log (GET /api/v3/device/devices/{id}/log), newest first. */
export interface UnitLogEntry {
  /** ISO time. */
  ts: string;
  kind: UnitLogKind;
  /** Short text: channel and value, command and its state, alarm type and text. */
  text: string;
  /** The text as a translation key (domain/local-text.ts), for measurement and alarm lines. */
  textLocal?: LocalText;
  /** Command lines: the command's state; alarm lines: active or cleared. */
  status?: string;
  channel?: number;
  value?: number;
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
  /** 'ingest' and/or 'read'. */
  scopes: Array<'ingest' | 'read'>;
  /** Who created it (null: the user was deleted). */
  createdBy: { id: number; name: string } | null;
  createdAt: string;
  lastUsedAt: string | null;
  /** ISO time after which it authenticates nothing; null: until revoked. */
  expiresAt: string | null;
  revokedAt: string | null;
  /** revoked, else expired, else active. */
  status: 'active' | 'expired' | 'revoked';
}
/** POST /api/v3/admin/tokens answers the token once. */
export interface ApiTokenCreated extends ApiTokenSummary {
  token: string;
}

/** One row of the device table: the unit, its status (spec §4), model, organisation and last contact. */
export interface DeviceTableRow extends Unit {
  Status: UnitStatus;
  ModelName: string;
  /** ISO time of the newest measurement; null before the first. */
  LastContact: string | null;
}

/** GET /api/v3/device/table: one page of the filtered, sorted units. */
export interface DeviceTablePage {
  rows: DeviceTableRow[];
  /** Units the caller sees (before filters). */
  total: number;
  /** Units that pass every filter. */
  matched: number;
  /** Per status, the units that pass every filter but the status one. */
  counts: Record<UnitStatus, number>;
  page: number;
  pageSize: number;
}
