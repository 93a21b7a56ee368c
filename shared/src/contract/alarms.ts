/**
 * Alarms: the alarms of some units, an action on an alarm (acknowledge, reset) and the alarm
 * limits of a channel. The limits' shape is checked here; what a set of limits must satisfy
 * together (each level once, low not above high) is the domain rule validateLimits, which the
 * server applies to every change and a limit editor can apply before sending.
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
 * What can be done to an alarm (GET /api/v2/device/legacy/alarm_actions):
 * - acknowledge: the alarm is handled; it stops being active (leaves the unit's AlarmEvents);
 * - reset: the channel's alarm state is reset; every active alarm of the same unit and channel
 *   stops being active, so the limits can raise it again.
 * Both record who did it and when, as a system event of the organisation.
 */
export const ALARM_ACTIONS = ['acknowledge', 'reset'] as const;
export type AlarmAction = (typeof ALARM_ACTIONS)[number];

/** POST /api/v3/alarms/:id/actions (alarm ids are bigint). */
export const AlarmParams = T.Object({ id: T.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
export const AlarmActionRequest = T.Object({ action: StringEnum(ALARM_ACTIONS) }, { additionalProperties: false });
export type AlarmActionRequest = T.Static<typeof AlarmActionRequest>;

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
