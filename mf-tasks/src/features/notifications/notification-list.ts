/**
 * Pure rules of the notifications page: its filters as they stand in the URL, the API query they
 * make, and the changes that arrive while the page is open (marked seen elsewhere, an alarm
 * acknowledged or cleared) applied to a loaded page in place.
 */
import {
  alarmStateOf,
  NOTIFICATION_PAGE_LIMITS,
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_SEEN_FILTERS,
  type AlarmStatus,
  type NotificationItem,
  type NotificationPage,
  type NotificationPriority,
  type NotificationSeenFilter,
  type NotificationsSeen,
} from '@fieldwatch/shared';

/** Rows per page. */
export const PAGE_SIZE = NOTIFICATION_PAGE_LIMITS.default;

export interface PageFilter {
  priority: NotificationPriority[];
  seen: NotificationSeenFilter;
  customer: number | null;
  /** 0-based. */
  page: number;
}

export function isPriority(value: unknown): value is NotificationPriority {
  return (NOTIFICATION_PRIORITIES as readonly unknown[]).includes(value);
}

/** The filter of the URL (?priority=critical,high&seen=unseen&customer=3&page=2); unknown values are dropped. */
export function parsePageFilter(params: URLSearchParams): PageFilter {
  const priority = NOTIFICATION_PRIORITIES.filter((p) => (params.get('priority') ?? '').split(',').includes(p));
  const seenText = params.get('seen');
  const seen = (NOTIFICATION_SEEN_FILTERS as readonly string[]).includes(seenText ?? '')
    ? (seenText as NotificationSeenFilter)
    : 'all';
  const customer = Number(params.get('customer'));
  const page = Number(params.get('page'));
  return {
    priority,
    seen,
    customer: Number.isSafeInteger(customer) && customer > 0 ? customer : null,
    page: Number.isSafeInteger(page) && page > 1 ? page - 1 : 0,
  };
}

/** The URL of a filter, keeping the URL's other parameters; defaults are left out. */
export function withPageFilter(params: URLSearchParams, f: PageFilter): URLSearchParams {
  const p = new URLSearchParams(params);
  const set = (k: string, v: string | null) => (v === null ? p.delete(k) : p.set(k, v));
  set('priority', f.priority.length > 0 ? f.priority.join(',') : null);
  set('seen', f.seen === 'all' ? null : f.seen);
  set('customer', f.customer === null ? null : String(f.customer));
  set('page', f.page > 0 ? String(f.page + 1) : null);
  return p;
}

/** The query of GET /api/v3/notifications for a filter (a customer no longer selected is left out). */
export function apiQuery(f: PageFilter, selected: readonly number[]): Record<string, string | number | string[]> {
  return {
    ...(f.priority.length > 0 ? { priority: f.priority } : {}),
    seen: f.seen,
    ...(f.customer !== null && selected.includes(f.customer) ? { customer: f.customer } : {}),
    sort: 'priority',
    offset: f.page * PAGE_SIZE,
    limit: PAGE_SIZE,
  };
}

/** Axios' params serializer for repeated keys (priority=critical&priority=high), as Fastify reads them. */
export function serializeParams(params: Record<string, string | number | string[]>): string {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (Array.isArray(v)) for (const x of v) out.append(k, x);
    else out.append(k, String(v));
  }
  return out.toString();
}

/** Marks the page's notifications of `seen.ids` seen (in place: the rows stay where they are). */
export function applySeen(page: NotificationPage, seen: NotificationsSeen): NotificationPage {
  const ids = new Set(seen.ids);
  if (!page.items.some((n) => ids.has(n.id) && !n.seen)) return page;
  return { ...page, items: page.items.map((n) => (ids.has(n.id) && !n.seen ? { ...n, seen: seen.seen } : n)) };
}

/** The alarm of a row as the latest known state says (an action here, or one pushed from elsewhere). */
export function withAlarmStatus(n: NotificationItem, status: AlarmStatus | undefined): NotificationItem {
  if (!n.alarm || !status || status.alarmId !== n.alarm.id) return n;
  const active = status.state === 'activeUnacknowledged' || status.state === 'activeAcknowledged';
  return {
    ...n,
    alarm: {
      ...n.alarm,
      state: status.state,
      active,
      acknowledgedBy: status.acknowledgedBy,
      acknowledgedAt: status.acknowledgedAt,
      clearedBy: status.clearedBy,
      clearedAt: status.clearedAt,
    },
  };
}

/** Whether the row offers "Acknowledge": its alarm is active and nobody acknowledged it yet. */
export function canAcknowledge(n: NotificationItem): boolean {
  return !!n.alarm && alarmStateOf({ active: n.alarm.active, acknowledgedAt: n.alarm.acknowledgedAt }) === 'activeUnacknowledged';
}

/** New ids of a page against the ids shown before (rows that arrived while the page was open). */
export function arrivedIds(before: readonly NotificationItem[] | undefined, now: readonly NotificationItem[]): string[] {
  if (!before) return [];
  const had = new Set(before.map((n) => n.id));
  return now.filter((n) => !had.has(n.id)).map((n) => n.id);
}

/**
 * The part of a notification's message the row does not show already: the message starts with
 * the alarm type's name (shown beside the unit), so the rest is the alarm's own text. Null when
 * nothing is left.
 */
export function messageDetail(message: string, typeName: string | null): string | null {
  const rest = typeName && message.startsWith(typeName) ? message.slice(typeName.length).replace(/^[\s:–-]+/, '') : message.trim();
  return rest === '' ? null : rest;
}
