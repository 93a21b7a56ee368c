/**
 * Alarms: the alarms of some units, an action on one alarm or many (acknowledge, reset), an
 * alarm's history and the alarm limits of a channel. The limits' shape is checked here; what a set
 * of limits must satisfy together (each level once, low not above high) is the domain rule
 * validateLimits, which the server applies to every change and a limit editor can apply before
 * sending.
 */
import * as T from 'typebox';
import { ALARM_LIMIT_LEVELS } from '../domain/alarm-limits';
import { Id, MAX_INT, Nullable, StringEnum } from './common';

/** POST /api/v2/device/alarms body. */
export const AlarmsOfDevicesRequest = T.Object(
  {
    devices: T.Array(Id, { maxItems: 100_000 }),
    /** Only active alarms (default false: all, newest first, at most ALARM_FETCH_DEFAULT_ROWS). */
    active: T.Optional(T.Boolean()),
  },
  { additionalProperties: false },
);
export type AlarmsOfDevicesRequest = T.Static<typeof AlarmsOfDevicesRequest>;

/**
 * What a person can do to an alarm (GET /api/v2/device/legacy/alarm_actions). The state model is
 * ISA-18.2's, as the peers have it (domain/alarm-state.ts): active/cleared × unacknowledged/
 * acknowledged.
 * - acknowledge: someone has taken the alarm on. It records who and when; the alarm stays ACTIVE
 *   (on its unit, in the unit's status and in the alarm lists) until its condition clears, but it
 *   no longer counts as new and is no longer repeated. A cleared alarm nobody acknowledged can be
 *   acknowledged too (it is then closed).
 * - reset: clears the alarm by hand (a latched alarm, or to re-arm it: if its condition is still
 *   there, the next reading raises a new alarm). An active alarm only; an unacknowledged one is
 *   acknowledged by the same person at the same moment. Failure text: "Could not reset {0}".
 * Each change is recorded in the alarm's history (GET /api/v3/alarms/:id/history) and in the
 * activity log of the alarm's task, and pushed to every open browser of the organisation. An
 * action that changes nothing (someone else acknowledged it first) is not an error: the answer
 * says `changed: false` and shows the state as it is. Readers: 403; other organisations' alarms:
 * 404, nothing changed.
 */
export const ALARM_ACTIONS = ['acknowledge', 'reset'] as const;
export type AlarmAction = (typeof ALARM_ACTIONS)[number];
/** The spec's failure text of a reset ({0}: the alarm, e.g. "High level 1 on Pump station 2"). */
export const ALARM_RESET_FAILED = 'Could not reset {0}';

/** POST /api/v3/alarms/:id/actions and GET /api/v3/alarms/:id/history (alarm ids are bigint). */
export const AlarmParams = T.Object({ id: T.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
export const AlarmActionRequest = T.Object({ action: StringEnum(ALARM_ACTIONS) }, { additionalProperties: false });
export type AlarmActionRequest = T.Static<typeof AlarmActionRequest>;

/** Most alarms one bulk call acts on. */
export const MAX_BULK_ALARMS = 1000;
/**
 * POST /api/v3/alarms/actions: one action on many alarms, all or none. Every id must be an alarm
 * of the caller's organisations (else 404 and nothing changes); the changes are one transaction,
 * so a failure leaves every alarm as it was. Alarms the action does not change (already
 * acknowledged by someone else meanwhile) are answered `changed: false`: not a failure.
 */
export const BulkAlarmActionRequest = T.Object(
  {
    action: StringEnum(ALARM_ACTIONS),
    ids: T.Array(T.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), {
      minItems: 1,
      maxItems: MAX_BULK_ALARMS,
    }),
  },
  { additionalProperties: false },
);
export type BulkAlarmActionRequest = T.Static<typeof BulkAlarmActionRequest>;

/** GET/PUT /api/v3/device/devices/:id/channels/:n/limits */
export const LimitChannelParams = T.Object({
  id: T.Integer({ minimum: 1, maximum: MAX_INT }),
  n: T.Integer({ minimum: 0, maximum: 10_000 }),
});
/** PUT …/limits: some levels (others keep theirs); fields left out keep their stored value. */
export const ChannelLimitsUpdate = T.Object(
  {
    levels: T.Array(
      T.Object(
        {
          level: T.Integer({ minimum: 1, maximum: ALARM_LIMIT_LEVELS.length }),
          low: T.Optional(Nullable(T.Number())),
          high: T.Optional(Nullable(T.Number())),
          enabled: T.Optional(T.Boolean()),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: ALARM_LIMIT_LEVELS.length },
    ),
  },
  { additionalProperties: false },
);
export type ChannelLimitsUpdate = T.Static<typeof ChannelLimitsUpdate>;
