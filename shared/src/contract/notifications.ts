/**
 * The notifications page (/api/v3/notifications): the signed-in user's own notifications of the
 * selected customers, filtered, paged and each told with what it is about — its unit, the unit's
 * location and groups, the alarm (type, current state, who acknowledged it) and the task that
 * holds its event — so a row can name them and link to them. Counts for the unseen badge, and
 * marking several or all seen. Another user's or organisation's notification is never listed,
 * counted or changed: ids that are not the caller's own are ignored (as marking a missing one
 * does nothing), never reported as an error.
 */
import * as T from 'typebox';
import type { AlarmState } from '../domain/alarm-state';
import { NOTIFICATION_PRIORITIES, type FwNotification } from '../domain/events';
import { Id, StringEnum, WithDefault } from './common';

export const NOTIFICATION_SEEN_FILTERS = ['all', 'unseen', 'seen'] as const;
export type NotificationSeenFilter = (typeof NOTIFICATION_SEEN_FILTERS)[number];
/** priority: critical first, then by priority, newest first within one; newest / oldest: by time only. */
export const NOTIFICATION_SORTS = ['priority', 'newest', 'oldest'] as const;
export type NotificationSort = (typeof NOTIFICATION_SORTS)[number];
export const NOTIFICATION_PAGE_LIMITS = { default: 50, max: 500 } as const;
/** Most ids one "mark seen" call takes. */
export const MAX_NOTIFICATION_IDS = 1000;

const NotificationId = T.String({ minLength: 1, maxLength: 200 });
const Priorities = T.Array(StringEnum(NOTIFICATION_PRIORITIES), { maxItems: NOTIFICATION_PRIORITIES.length });

/** GET /api/v3/notifications?priority=critical&priority=high&seen=unseen&customer=3&offset=0&limit=50 */
export const NotificationListQuery = T.Object({
  priority: T.Optional(Priorities),
  seen: WithDefault(StringEnum(NOTIFICATION_SEEN_FILTERS, { default: 'all' })),
  /** One of the selected customers (an organisation id); another one answers an empty page. */
  customer: T.Optional(Id),
  sort: WithDefault(StringEnum(NOTIFICATION_SORTS, { default: 'priority' })),
  offset: WithDefault(T.Integer({ minimum: 0, maximum: 10_000_000, default: 0 })),
  limit: WithDefault(
    T.Integer({ minimum: 1, maximum: NOTIFICATION_PAGE_LIMITS.max, default: NOTIFICATION_PAGE_LIMITS.default }),
  ),
});
export type NotificationListQuery = T.Static<typeof NotificationListQuery>;

/**
 * POST /api/v3/notifications/seen: `ids` (the caller's own; others are ignored), or `all: true`
 * — every unseen one of the selected customers, narrowed by `priority` and `customer` when given
 * (the page's current filter).
 */
export const MarkNotificationsSeenRequest = T.Object(
  {
    ids: T.Optional(T.Array(NotificationId, { minItems: 1, maxItems: MAX_NOTIFICATION_IDS })),
    all: T.Optional(T.Boolean()),
    priority: T.Optional(Priorities),
    customer: T.Optional(Id),
  },
  { additionalProperties: false },
);
export type MarkNotificationsSeenRequest = T.Static<typeof MarkNotificationsSeenRequest>;

/** The alarm a notification is about, as it is now. */
export interface NotificationAlarm {
  /** The alarm's row id (POST /api/v3/alarms/actions takes it). */
  id: number;
  type: number;
  state: AlarmState;
  active: boolean;
  acknowledgedBy: string | null;
  acknowledgedAt: string | null;
  clearedBy: string | null;
  clearedAt: string | null;
}

/** One notification with what it is about (null / [] where it is not known). */
export interface NotificationItem extends FwNotification {
  organizationId: number;
  organizationName: string;
  unit: { id: number; name: string } | null;
  /** The name of the location that holds the unit. */
  location: string | null;
  /** Names of the groups that hold that location. */
  groups: string[];
  /** The alarm type (number; its name is alarmTypeKey's translation), also when the alarm row is gone. */
  alarmType: number | null;
  alarm: NotificationAlarm | null;
  /** The task that holds the notification's event. */
  taskId: string | null;
}

export interface NotificationPage {
  items: NotificationItem[];
  /** How many match the filter (all pages). */
  total: number;
  offset: number;
  limit: number;
}

/** GET /api/v3/notifications/counts: unseen ones of the selected customers, in all and by customer. */
export interface NotificationCounts {
  unseen: number;
  critical: number;
  /** Organisation id → unseen notifications of it. */
  byCustomer: Record<string, number>;
}

/** What marking seen changed: the ids now seen (that were not before) and when. */
export interface NotificationsSeen {
  ids: string[];
  seen: string;
}
