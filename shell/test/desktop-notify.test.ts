import type { FwEvent, FwNotification, UserProfile } from '@fieldwatch/shared';
import { desktopTarget, showDesktopNotification } from '../src/features/session/desktop-notify';

class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static made: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  closed = false;
  constructor(
    readonly title: string,
    readonly options?: NotificationOptions,
  ) {
    FakeNotification.made.push(this);
  }
  close() {
    this.closed = true;
  }
}

const note = (over: Partial<FwNotification> = {}): FwNotification => ({
  id: 'n1',
  created: '2026-11-26T10:00:00Z',
  version: '1',
  kind: 'notification',
  eventId: 'e1',
  type: 'alarm',
  message: 'Loop alarm Pump 4',
  priority: 'critical',
  ...over,
});
const event = { id: 'e1', unitId: 10004, unitName: 'Pump 4' } as FwEvent;
const user = (desktop: boolean) => ({ notification: { email: false, desktop } }) as UserProfile;
/** A t that shows the key and its values, to see what was asked for. */
const i18n = { t: ((key: string, values?: Record<string, unknown>) => `${key}${values?.unit ? ` ${String(values.unit)}` : ''}`) as never };

describe('desktop notifications', () => {
  beforeEach(() => {
    FakeNotification.made = [];
    FakeNotification.permission = 'granted';
    (globalThis as unknown as { Notification: unknown }).Notification = FakeNotification;
  });

  test('a critical notification with the setting on and permission granted: one, named in the user\'s language; a click focuses and opens the unit', () => {
    const open = jest.fn();
    const focus = jest.fn();
    const n = showDesktopNotification(note(), { i18n, user: user(true), events: [event], open, focus });
    expect(n).not.toBeNull();
    expect(FakeNotification.made).toHaveLength(1);
    const made = FakeNotification.made[0]!;
    expect(made.title).toBe('shell:desktopNotification.titleUnit Pump 4');
    expect(made.options).toMatchObject({ body: 'Loop alarm Pump 4', tag: 'n1' });
    made.onclick!();
    expect(focus).toHaveBeenCalled();
    expect(open).toHaveBeenCalledWith('/devicemanagement/10004');
    expect(made.closed).toBe(true);
  });

  test('none for other priorities, with the setting off, or without permission', () => {
    const deps = { i18n, user: user(true), events: [event], open: jest.fn(), focus: jest.fn() };
    expect(showDesktopNotification(note({ priority: 'high' }), deps)).toBeNull();
    expect(showDesktopNotification(note(), { ...deps, user: user(false) })).toBeNull();
    expect(showDesktopNotification(note(), { ...deps, user: null })).toBeNull();
    FakeNotification.permission = 'default';
    expect(showDesktopNotification(note(), deps)).toBeNull();
    expect(FakeNotification.made).toHaveLength(0);
  });

  test('an event not known here: the click opens the notifications page', () => {
    expect(desktopTarget(note({ eventId: 'other' }), [event])).toBe('/notifications');
    expect(desktopTarget(note(), [event])).toBe('/devicemanagement/10004');
  });
});
