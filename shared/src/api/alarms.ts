/**
 * Payloads of the alarm, alarm-limit, KPI, task-write, user-data and push calls (issue 3 §4–§5).
 * Older-API (xrequest) records are PascalCase arrays; v2/v3 answers are wrapped in { data }.
 */
import type { AlarmAction } from '../contract/alarms';
import type { AlarmLimit, LimitKind } from '../domain/alarm-limits';
import type { AlarmChange, AlarmHistoryKind, AlarmState, AlarmStatus } from '../domain/alarm-state';
import type { FwEvent, FwNotification, FwTask } from '../domain/events';
import type { NotificationsSeen } from '../contract/notifications';
import type { UnitStatus } from '../domain/status';
import type { Relay, UnitActionRecord } from './fleet';

/** One alarm as GetAlarms and POST /api/v2/device/alarms answer it (times in API date format). */
export interface AlarmRecord {
  AlarmID: number;
  AlarmType: number;
  AlarmTypeName: string;
  AlarmEventText: string;
  AlarmEventTime: string;
  UnitID: number;
  UnitName: string;
  UnitType: number;
  ChannelID: number;
  CustomerID: number;
  Active: boolean;
  /** domain/alarm-state.ts: active/cleared × unacknowledged/acknowledged (the server always sends it). */
  State?: AlarmState;
  /** Who acknowledged it and when (API date); null: not acknowledged. */
  AcknowledgedBy?: string | null;
  AcknowledgedAt?: string | null;
  /** When it cleared and who reset it (null: it cleared by itself, or is still active). */
  ClearedAt?: string | null;
  ClearedBy?: string | null;
}

/** Alarm types 0–52 (GET /api/v3/alarms/types). */
export interface AlarmTypeInfo {
  type: number;
  name: string;
  key: string;
  critical: boolean;
}

/** GET /api/v2/device/legacy/alarm_actions: what can be done to an alarm (ALARM_ACTIONS). */
export interface AlarmActionInfo {
  id: AlarmAction;
  name: string;
  description: string;
}
/**
 * POST /api/v3/alarms/:id/actions and POST /api/v3/alarms/actions answer: who acted and when, and
 * every alarm asked for (in the order asked) as it is now, with whether this call changed it.
 */
export interface AlarmActionResult {
  action: AlarmAction;
  by: string;
  at: string;
  alarms: Array<AlarmStatus & { changed: boolean }>;
}

/** GET /api/v3/alarms/:id/history: what happened to an alarm, oldest first (times in API date format). */
export interface AlarmHistoryEntry {
  kind: AlarmHistoryKind;
  /** A username, or "system" for what the server did by itself (raised, cleared, repeated). */
  by: string;
  at: string;
  /** The state the alarm was in after this entry. */
  state: AlarmState;
}
export interface AlarmHistory {
  alarm: AlarmStatus;
  entries: AlarmHistoryEntry[];
}

/** GET/PUT /api/v3/device/devices/{id}/channels/{n}/limits. */
export interface ChannelLimits {
  unitId: number;
  channelNo: number;
  channelName: string;
  /** null: the channel has no limits (e.g. battery voltage); PUT answers 400. */
  limitKind: LimitKind | null;
  /** Always the four levels; unset limits are null. */
  levels: AlarmLimit[];
  /** Alarm types these limits can raise. */
  alarmTypes: number[];
}

/** GetKPIAlarms: one record. */
export interface KpiAlarms {
  Total: number;
  Ok: number;
  Alarm: number;
  Problem: number;
  Inactive: number;
  ActiveAlarms: number;
  ByType: Array<{ AlarmType: number; AlarmTypeName: string; Count: number }>;
}
/** GetKPIBattery: one record per bucket, in this order. */
export const BATTERY_BUCKETS = [
  { id: 'critical', min: null, max: 3.3 },
  { id: 'low', min: 3.3, max: 3.5 },
  { id: 'ok', min: 3.5, max: 3.6 },
  { id: 'good', min: 3.6, max: null },
  { id: 'unknown', min: null, max: null },
] as const;
export interface KpiBatteryBucket {
  Bucket: (typeof BATTERY_BUCKETS)[number]['id'];
  Min: number | null;
  Max: number | null;
  Count: number;
}
/** GetKPISwitch: one record. */
export interface KpiSwitch {
  Channels: number;
  On: number;
  Off: number;
  Unknown: number;
  ActiveAlarms: number;
}
/** GetGISData: units with a position of the selected GIS customers. */
export interface GisUnit {
  UnitID: number;
  UnitName: string;
  UnitLocation: string;
  UnitType: number;
  UnitGPSLatitude: number;
  UnitGPSLongitude: number;
  CustomerID: number;
  Status: UnitStatus;
  AlarmTypes: number[];
}
/** GetUnitsByPos: nearest first. */
export interface UnitByPos {
  UnitID: number;
  UnitName: string;
  UnitLocation: string;
  UnitType: number;
  UnitGPSLatitude: number;
  UnitGPSLongitude: number;
  CustomerID: number;
  /** Kilometres from the asked position. */
  Distance: number;
}
/** GetReportParkingUsage: one record per parking unit and day. */
export interface ParkingUsage {
  UnitID: number;
  UnitName: string;
  UnitType: number;
  /** YYYY-MM-DD (in DEFAULT_TIMEZONE). */
  Date: string;
  From: string;
  To: string;
  /** Share 0–1 of the switch-channel samples in [From, To) that were occupied. */
  Occupancy: number;
  Samples: number;
}

/** Tasks as the v3 endpoints answer them: the document and the revision a write must send back. */
export type TaskWithRevision = FwTask & { revision: number };

/** GetUserData / SetUserData / DeleteUserData (see server/src/modules/userdata/service.ts). */
export const USER_DATA_NAMESPACES = { group: '_group', eventManagement: '_event_management' } as const;
export interface UserDataRecord {
  ValueType: string;
  ValueID: string;
  /** JSON text: for the typed keys an array of records, each with its `revision`. */
  JSonData: string;
  Default: 'Y' | 'N';
  /** Revision of a plain value (typed keys carry one per record). */
  Revision: number;
  CustomerID: number;
}
export interface UserDataWriteResult {
  ValueType: string;
  ValueID: string;
  Stored: number;
  Ignored: number;
  Revision?: number;
  Revisions?: Record<string, number>;
}

/**
 * GET /api/v3/events/stream: server-sent events named `event` (new events of the user's
 * organisations), `notification` (his own new notifications), `task` (created or changed tasks
 * of his organisations, with their revision), `command` and `relay` (unit commands and relay states
 * of his organisations' units, as they change), `alarm` (an alarm of his organisations was
 * acknowledged, reset or cleared).
 */
export const PUSH_STREAM_PATH = '/api/v3/events/stream';
export const PUSH_HEARTBEAT_MS = 25_000;
export type PushEvent =
  | { type: 'event'; data: FwEvent }
  | { type: 'notification'; data: FwNotification }
  | { type: 'task'; data: TaskWithRevision }
  /** A unit command was created or moved on in its life (queued → sent → acknowledged/failed/timedOut). */
  | { type: 'command'; data: UnitActionRecord }
  /** A unit's relay changed state. */
  | { type: 'relay'; data: Relay }
  /** An alarm was acknowledged, reset or cleared. */
  | { type: 'alarm'; data: AlarmChange }
  /** Some of the user's own notifications were marked seen (in this or another of his browsers). */
  | { type: 'notificationsSeen'; data: NotificationsSeen };
