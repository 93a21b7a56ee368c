/**
 * Payloads of the alarm, alarm-limit, KPI, task-write, user-data and push calls (issue 3 §4–§5).
 * Older-API (xrequest) records are PascalCase arrays; v2/v3 answers are wrapped in { data }.
 */
import type { AlarmLimit, LimitKind } from '../domain/alarm-limits';
import type { EventCategory, FwEvent, FwNotification, FwTask, TaskOperation } from '../domain/events';
import type { UnitStatus } from '../domain/status';

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
}

/** POST /api/v2/device/alarms body. */
export interface AlarmsOfDevicesRequest {
  devices: number[];
  /** Only active alarms (default false: all, newest first, at most ALARM_FETCH_DEFAULT_ROWS). */
  active?: boolean;
}

/** Alarm types 0–52 (GET /api/v3/alarms/types). */
export interface AlarmTypeInfo {
  type: number;
  name: string;
  key: string;
  critical: boolean;
}

/**
 * What can be done to an alarm (GET /api/v2/device/legacy/alarm_actions):
 * - acknowledge: the alarm is handled; it stops being active (leaves the unit's AlarmEvents);
 * - reset: the channel's alarm state is reset; every active alarm of the same unit and channel
 *   stops being active, so the limits can raise it again.
 * Both record who did it and when, as a system event of the organisation.
 */
export const ALARM_ACTIONS = ['acknowledge', 'reset'] as const;
export type AlarmAction = (typeof ALARM_ACTIONS)[number];
export interface AlarmActionInfo {
  id: AlarmAction;
  name: string;
  description: string;
}
/** POST /api/v3/alarms/{id}/actions body. */
export interface AlarmActionRequest {
  action: AlarmAction;
}
/** Its answer: the alarms that stopped being active, who and when. */
export interface AlarmActionResult {
  action: AlarmAction;
  alarmIds: number[];
  by: string;
  at: string;
  eventId: string;
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
export interface ChannelLimitsUpdate {
  levels: Array<{ level: number; low?: number | null; high?: number | null; enabled?: boolean }>;
}
export interface ChannelLimitsUpdated {
  data: ChannelLimits;
  message: string;
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
/** POST /api/v3/events/tasks. */
export interface NewTaskRequest {
  title: string;
  category?: EventCategory;
  eventIds?: string[];
  assignees?: string[];
  /** Organisation of the task; default the first selected customer. */
  organizationId?: number;
}
/** PATCH or PUT /api/v3/events/tasks/{id}: one operation and the revision it was read at. */
export type TaskUpdateRequest = TaskOperation & { revision: number };

/** GetUserData / SetUserData / DeleteUserData (see server/src/modules/userdata/service.ts). */
export const USER_DATA_NAMESPACES = { group: '_group', eventManagement: '_event_management' } as const;
export const USER_DATA_TYPED_KEYS = {
  _group: ['groups', 'locations'],
  _event_management: ['events', 'notifications', 'tasks'],
} as const;
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
 * organisations), `notification` (his own new notifications) and `task` (created or changed tasks
 * of his organisations, with their revision).
 */
export const PUSH_STREAM_PATH = '/api/v3/events/stream';
export const PUSH_HEARTBEAT_MS = 25_000;
export type PushEvent =
  | { type: 'event'; data: FwEvent }
  | { type: 'notification'; data: FwNotification }
  | { type: 'task'; data: TaskWithRevision };
