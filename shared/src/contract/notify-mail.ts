/**
 * E-mail notifications (issue 17 §3): which of his notifications a user gets by e-mail, batched
 * into one digest at most every `intervalMin` minutes, and the signed unsubscribe link of each
 * digest. The on/off switch is the profile's `notification.email` (users.notify_email); these are
 * the finer choices beside it, read and written at /api/v3/user/profile/notifications.
 */
import * as T from 'typebox';
import { ALARM_TYPE_MAX } from '../domain/alarm-types';
import { NOTIFICATION_PRIORITIES, type NotificationPriority } from '../domain/events';
import { StringEnum } from './common';

/** The digest intervals a user can choose (minutes). */
export const NOTIFY_MAIL_INTERVALS = [5, 15, 30, 60, 240, 1440] as const;
export type NotifyMailInterval = (typeof NOTIFY_MAIL_INTERVALS)[number];
export const DEFAULT_NOTIFY_MAIL_INTERVAL: NotifyMailInterval = 15;
/** A digest lists at most this many notifications, then "and N more". */
export const NOTIFY_MAIL_MAX_LISTED = 50;

export interface NotifyMailPreferences {
  /** E-mail notifications on (users.notify_email, the profile's notification.email). */
  email: boolean;
  /** Desktop notifications on (users.notify_desktop, the profile's notification.desktop). */
  desktop: boolean;
  /** The priorities whose notifications are mailed. */
  priorities: NotificationPriority[];
  /** The alarm types whose notifications are mailed; null: every type. */
  alarmTypes: number[] | null;
  /** At most one digest every this many minutes. */
  intervalMin: NotifyMailInterval;
}

/** GET /api/v3/user/profile/notifications: the preferences and what this server can do. */
export interface NotifyMailSettings extends NotifyMailPreferences {
  /** This server sends notification mail (SMTP configured); false: the e-mail switch cannot work here. */
  mailAvailable: boolean;
  /** The account has an e-mail address to send to. */
  hasAddress: boolean;
}

export const DEFAULT_NOTIFY_MAIL_PREFERENCES: Omit<NotifyMailPreferences, 'email' | 'desktop'> = {
  priorities: [...NOTIFICATION_PRIORITIES],
  alarmTypes: null,
  intervalMin: DEFAULT_NOTIFY_MAIL_INTERVAL,
};

/** PUT /api/v3/user/profile/notifications: only the fields sent change. */
export const NotifyMailUpdateBody = T.Object(
  {
    email: T.Optional(T.Boolean()),
    desktop: T.Optional(T.Boolean()),
    priorities: T.Optional(
      T.Array(StringEnum(NOTIFICATION_PRIORITIES), { uniqueItems: true, maxItems: NOTIFICATION_PRIORITIES.length }),
    ),
    alarmTypes: T.Optional(
      // Null first: ajv's type coercion would otherwise turn null into [] (no type at all).
      T.Union([
        T.Null(),
        T.Array(T.Integer({ minimum: 0, maximum: ALARM_TYPE_MAX }), { uniqueItems: true, maxItems: ALARM_TYPE_MAX + 1 }),
      ]),
    ),
    // The values of NOTIFY_MAIL_INTERVALS (written out so that the type is their union).
    intervalMin: T.Optional(
      T.Union([T.Literal(5), T.Literal(15), T.Literal(30), T.Literal(60), T.Literal(240), T.Literal(1440)]),
    ),
  },
  { additionalProperties: false },
);
export type NotifyMailUpdateBody = T.Static<typeof NotifyMailUpdateBody>;

/** The public unsubscribe link's query: ?token=… (signed by the server; see notify-mail/unsubscribe). */
export const UnsubscribeQuery = T.Object({ token: T.String({ minLength: 1, maxLength: 200 }) });

/** Whether a notification of this priority and alarm type (-1: none) is mailed under these preferences. */
export function mailsNotification(
  prefs: Pick<NotifyMailPreferences, 'priorities' | 'alarmTypes'>,
  priority: NotificationPriority,
  alarmType: number | null,
): boolean {
  if (!prefs.priorities.includes(priority)) return false;
  if (prefs.alarmTypes === null || alarmType === null) return true;
  return prefs.alarmTypes.includes(alarmType);
}
