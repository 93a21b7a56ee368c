/**
 * Server push (GET /api/v3/events/stream, server-sent events): new events go into the session
 * store at once, a new notification re-counts the unseen badge (and a critical one shows a toast),
 * a changed task tells the task lists to reload, and unit commands, relay states and alarm state
 * changes (acknowledged, reset, cleared) go on the bus for the screens that show them. The
 * browser's EventSource reconnects by itself (the server asks for 5 s); the 30-minute alarm poll
 * stays the fallback when the stream is down.
 */
import type { i18n as I18n } from 'i18next';
import { navigateToUrl } from 'single-spa';
import {
  PUSH_STREAM_PATH,
  renderLocalText,
  trackAlarmChanges,
  type AlarmChange,
  type FwEvent,
  type FwNotification,
  type NotificationsSeen,
  type Relay,
  type TaskWithRevision,
  type UnitActionRecord,
} from '@fieldwatch/shared';
import { bus, queryClient, sessionStore } from '../../platform';
import { showDesktopNotification } from './desktop-notify';

/** Events kept in the store: the login load's 200 plus what arrived since, newest first. */
const MAX_EVENTS = 500;

let source: EventSource | null = null;

function parse<T>(e: MessageEvent<string>): T | null {
  try {
    return JSON.parse(e.data) as T;
  } catch {
    return null;
  }
}

/** The page's i18next (the session gives it): desktop notifications and toasts in the user's language. */
let texts: I18n | null = null;

export function startPush(i18n?: I18n): void {
  stopPush();
  if (i18n) texts = i18n;
  if (typeof EventSource === 'undefined') return; // the poll alone (old browsers, jsdom)
  // Alarm changes go into the page's cache in place, whether or not an alarm screen is open.
  trackAlarmChanges(bus, queryClient);
  const es = new EventSource(PUSH_STREAM_PATH, { withCredentials: true });
  es.addEventListener('event', (e) => {
    const doc = parse<FwEvent>(e as MessageEvent<string>);
    if (!doc) return;
    const store = sessionStore.getState();
    if (store.events.some((x) => x.id === doc.id)) return;
    store.setEvents([doc, ...store.events].slice(0, MAX_EVENTS));
    if (doc.type === 'alarm') bus.emit('alarms:raised', doc);
  });
  es.addEventListener('notification', (e) => {
    const doc = parse<FwNotification>(e as MessageEvent<string>);
    if (!doc) return;
    bus.emit('notifications:changed');
    bus.emit('notifications:arrived', doc);
    if (doc.priority !== 'critical') return;
    const t = texts?.t.bind(texts);
    const message = t ? renderLocalText(doc.messageText, doc.message, (k, p) => t(k, p)) : doc.message;
    bus.emit('toast', { kind: 'danger', message: 'push.critical', params: { message } });
    const store = sessionStore.getState();
    showDesktopNotification(doc, {
      i18n: texts,
      user: store.user,
      events: store.events,
      open: (path) => navigateToUrl(path),
      focus: () => window.focus(),
    });
  });
  // Marked seen in this or another browser of the user: the badge re-counts, lists mark them.
  es.addEventListener('notificationsSeen', (e) => {
    const doc = parse<NotificationsSeen>(e as MessageEvent<string>);
    if (!doc) return;
    bus.emit('notifications:seen', doc);
    bus.emit('notifications:changed');
  });
  es.addEventListener('task', (e) => {
    const doc = parse<TaskWithRevision>(e as MessageEvent<string>);
    if (doc) bus.emit('tasks:changed', doc);
  });
  es.addEventListener('command', (e) => {
    const doc = parse<UnitActionRecord>(e as MessageEvent<string>);
    if (doc) bus.emit('unit:command', doc);
  });
  es.addEventListener('relay', (e) => {
    const doc = parse<Relay>(e as MessageEvent<string>);
    if (doc) bus.emit('unit:relay', doc);
  });
  // An alarm acknowledged, reset or cleared: the screens that show it update in place.
  es.addEventListener('alarm', (e) => {
    const doc = parse<AlarmChange>(e as MessageEvent<string>);
    if (doc) bus.emit('alarms:changed', doc);
  });
  source = es;
}

export function stopPush(): void {
  source?.close();
  source = null;
}
