/**
 * Desktop notifications (the browser's Notification API) for new CRITICAL notifications while the
 * app is open: shown when the user's profile has notification.desktop on and the browser has
 * granted the permission (the profile's notification setting asks for it; nothing here asks). The
 * title and body are in the user's language; clicking one focuses the window and opens the unit of
 * the alarm (or the notifications page when the unit is not known here).
 */
import type { i18n as I18n } from 'i18next';
import { renderLocalText, type FwEvent, type FwNotification, type UserProfile } from '@fieldwatch/shared';

export interface DesktopNotifyDeps {
  i18n: Pick<I18n, 't'> | null;
  user: UserProfile | null;
  /** Recent events of the selected customers (the session store's): the notification's unit is found here. */
  events: readonly FwEvent[];
  /** Opens a path of the product (the shell's navigation). */
  open: (path: string) => void;
  /** The window to focus on a click. */
  focus: () => void;
}

/** Where a click on the desktop notification of `doc` leads. */
export function desktopTarget(doc: FwNotification, events: readonly FwEvent[]): string {
  const event = events.find((e) => e.id === doc.eventId);
  return event?.unitId != null ? `/devicemanagement/${event.unitId}` : '/notifications';
}

/** Shows the desktop notification of a new notification when it should; answers it (or null). */
export function showDesktopNotification(doc: FwNotification, deps: DesktopNotifyDeps): Notification | null {
  if (doc.priority !== 'critical') return null;
  if (!deps.user?.notification?.desktop) return null;
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return null;
  const t = deps.i18n?.t.bind(deps.i18n);
  const event = deps.events.find((e) => e.id === doc.eventId);
  const message = t ? renderLocalText(doc.messageText, doc.message, (k, p) => t(k, p)) : doc.message;
  const unit = event?.unitName;
  const title = t
    ? unit
      ? t('shell:desktopNotification.titleUnit', { unit })
      : t('shell:desktopNotification.title')
    : unit
      ? `Critical alarm: ${unit}`
      : 'Critical alarm';
  try {
    const n = new Notification(title, { body: message, tag: doc.id, requireInteraction: true });
    const path = desktopTarget(doc, deps.events);
    n.onclick = () => {
      deps.focus();
      deps.open(path);
      n.close();
    };
    return n;
  } catch {
    // Some browsers refuse `new Notification` outside a service worker (Android Chrome): no desktop notice.
    return null;
  }
}
