/** The typed event bus: how the shell and remotes talk without importing each other. */
import mitt, { type Emitter } from 'mitt';
import type { TaskWithRevision } from './api/alarms';
import type { Relay, UnitActionRecord } from './api/fleet';
import type { AlarmChange } from './domain/alarm-state';
import type { FwEvent, FwNotification } from './domain/events';
import type { NotificationsSeen } from './contract/notifications';
import type { UserProfile } from './api/types';

export type ToastKind = 'info' | 'success' | 'warning' | 'danger';
export interface Toast {
  kind: ToastKind;
  /** A translation key (namespace common) or, with raw, text shown as it is. */
  message: string;
  raw?: boolean;
  params?: Record<string, string | number>;
}

export type BusEvents = {
  toast: Toast;
  /** The session has ended (401 or logout). */
  'session:expired': void;
  'session:changed': void;
  /** The selected customers changed: refetch what they scope. */
  'customers:changed': number[];
  'devices:refresh': void;
  /** Notifications were marked seen or arrived: the shell's unseen badge re-counts. */
  'notifications:changed': void;
  'theme:changed': 'dark' | 'bright';
  /** An area asks the shell to switch the theme (the profile's preferences); the shell answers with theme:changed. */
  'theme:set': 'dark' | 'bright';
  /**
   * The signed-in user's profile was saved (the profile pages send the server's answer): the shell
   * puts it into the session store, so the header and every area's dates, times and zone follow at
   * once, and switches to its language.
   */
  'profile:changed': UserProfile;
  /** A new notification of the signed-in user arrived (pushed by the server). */
  'notifications:arrived': FwNotification;
  /** Some of the user's notifications were marked seen (here or in another of his browsers): lists mark them in place. */
  'notifications:seen': NotificationsSeen;
  /** A task was created or changed (pushed by the server): lists of tasks reload. */
  'tasks:changed': TaskWithRevision;
  /** A unit command was created or moved on in its life (pushed by the server). */
  'unit:command': UnitActionRecord;
  /** A unit's relay changed state (pushed by the server). */
  'unit:relay': Relay;
  /** An alarm was acknowledged, reset or cleared (pushed by the server, or answered to this browser's own action). */
  'alarms:changed': AlarmChange;
  /** A new alarm was raised (its event pushed by the server): cached unit lists gain it at once. */
  'alarms:raised': FwEvent;
};

export type Bus = Emitter<BusEvents>;

export function createBus(): Bus {
  return mitt<BusEvents>();
}
