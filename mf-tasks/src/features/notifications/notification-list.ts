/** Pure helpers of the notification list: order, unseen filter, local "seen" marks. */
import {
  type FwNotification,
  markSeen,
  NOTIFICATION_PRIORITIES,
  type NotificationPriority,
} from '@fieldwatch/shared';

export const NOTIFICATION_FILTERS = ['all', 'unseen'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

export function parseFilter(value: string | null): NotificationFilter {
  return value === 'unseen' ? 'unseen' : 'all';
}

/** Newest first; ties by id so the order is stable. */
export function newestFirst(list: readonly FwNotification[]): FwNotification[] {
  return [...list].sort((a, b) => b.created.localeCompare(a.created) || b.id.localeCompare(a.id));
}

export function countUnseen(list: readonly FwNotification[]): number {
  return list.reduce((n, x) => (x.seen ? n : n + 1), 0);
}

/**
 * Applies the seen marks made in this view (id → time) over the list as loaded, by the shared rule:
 * only an unseen notification becomes seen, an unknown id changes nothing.
 */
export function withSeen(
  list: readonly FwNotification[],
  marks: Readonly<Record<string, string>>,
): FwNotification[] {
  let out = [...list];
  for (const [id, seen] of Object.entries(marks)) out = markSeen(out, id, seen);
  return out;
}

/**
 * The notifications a filter shows. With "unseen", those marked seen in this view stay (shown as
 * seen) so the list does not jump under the pointer; `keep` holds their ids.
 */
export function filterNotifications(
  list: readonly FwNotification[],
  filter: NotificationFilter,
  keep: ReadonlySet<string> = new Set(),
): FwNotification[] {
  return filter === 'all' ? [...list] : list.filter((n) => !n.seen || keep.has(n.id));
}

export function isPriority(value: unknown): value is NotificationPriority {
  return (NOTIFICATION_PRIORITIES as readonly unknown[]).includes(value);
}
