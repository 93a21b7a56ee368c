/**
 * A user's e-mail notification preferences: the on/off switches of users (notify_email,
 * notify_desktop, as PUT /profile's notification_email/notification_desktop) and the finer choices
 * of notify_mail_settings (priorities, alarm types, digest interval).
 */
import { eq } from 'drizzle-orm';
import {
  DEFAULT_NOTIFY_MAIL_PREFERENCES,
  NOTIFICATION_PRIORITIES,
  NOTIFY_MAIL_INTERVALS,
  type NotificationPriority,
  type NotifyMailInterval,
  type NotifyMailPreferences,
  type NotifyMailSettings,
  type NotifyMailUpdateBody,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { notifyMailPending, notifyMailSettings, users } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';

export const NO_ADDRESS = 'Add an e-mail address in your personal info first: e-mail notifications need one';
export const MAIL_UNAVAILABLE = 'E-mail is not configured on this server; ask your administrator to set up SMTP';

type SettingsRow = typeof notifyMailSettings.$inferSelect;

/** The stored finer choices, or the defaults; values no longer known are dropped. */
export function choicesOf(row: SettingsRow | undefined): Omit<NotifyMailPreferences, 'email' | 'desktop'> {
  if (!row) return { ...DEFAULT_NOTIFY_MAIL_PREFERENCES, priorities: [...DEFAULT_NOTIFY_MAIL_PREFERENCES.priorities] };
  const priorities = (Array.isArray(row.priorities) ? row.priorities : []).filter((p): p is NotificationPriority =>
    (NOTIFICATION_PRIORITIES as readonly string[]).includes(p),
  );
  const alarmTypes = Array.isArray(row.alarmTypes) ? row.alarmTypes.filter((n) => Number.isInteger(n)) : null;
  const intervalMin = (NOTIFY_MAIL_INTERVALS as readonly number[]).includes(row.intervalMin)
    ? (row.intervalMin as NotifyMailInterval)
    : DEFAULT_NOTIFY_MAIL_PREFERENCES.intervalMin;
  return { priorities, alarmTypes, intervalMin };
}

export async function getNotifyMailSettings(db: Db, userId: number, mailAvailable: boolean): Promise<NotifyMailSettings> {
  const [u] = await db
    .select({ email: users.email, notifyEmail: users.notifyEmail, notifyDesktop: users.notifyDesktop })
    .from(users)
    .where(eq(users.id, userId));
  if (!u) throw notFound();
  const [row] = await db.select().from(notifyMailSettings).where(eq(notifyMailSettings.userId, userId));
  return {
    email: u.notifyEmail,
    desktop: u.notifyDesktop,
    ...choicesOf(row),
    mailAvailable,
    hasAddress: u.email.trim() !== '',
  };
}

/**
 * PUT /profile/notifications: only the fields sent change. Turning e-mail on needs an address and
 * a server that can mail; turning it off drops what was still waiting to be mailed. `origin` is
 * where the user saved from: his mails' links lead there when PUBLIC_ORIGIN is not set.
 */
export async function updateNotifyMailSettings(
  db: Db,
  userId: number,
  body: NotifyMailUpdateBody,
  opts: { mailAvailable: boolean; origin: string },
): Promise<NotifyMailSettings> {
  const before = await getNotifyMailSettings(db, userId, opts.mailAvailable);
  if (body.email === true && !before.email) {
    if (!before.hasAddress) throw badRequest(NO_ADDRESS);
    if (!opts.mailAvailable) throw badRequest(MAIL_UNAVAILABLE);
  }
  await db.transaction(async (tx) => {
    const flags: Partial<typeof users.$inferInsert> = {};
    if (body.email !== undefined) flags.notifyEmail = body.email;
    if (body.desktop !== undefined) flags.notifyDesktop = body.desktop;
    if (Object.keys(flags).length) await tx.update(users).set(flags).where(eq(users.id, userId));
    if (body.email === false) await tx.delete(notifyMailPending).where(eq(notifyMailPending.userId, userId));
    const set: Partial<typeof notifyMailSettings.$inferInsert> = { linkOrigin: opts.origin, updatedAt: new Date() };
    if (body.priorities !== undefined) set.priorities = body.priorities;
    if (body.alarmTypes !== undefined) set.alarmTypes = body.alarmTypes === null ? null : [...body.alarmTypes].sort((a, b) => a - b);
    if (body.intervalMin !== undefined) set.intervalMin = body.intervalMin;
    await tx
      .insert(notifyMailSettings)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: notifyMailSettings.userId, set });
  });
  return getNotifyMailSettings(db, userId, opts.mailAvailable);
}

/** The unsubscribe link's work: e-mail notifications off, nothing left waiting. */
export async function turnMailOff(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ notifyEmail: false }).where(eq(users.id, userId));
    await tx.delete(notifyMailPending).where(eq(notifyMailPending.userId, userId));
  });
}
