/**
 * The digest job: every tick, each user with notifications waiting in notify_mail_pending (the
 * trigger of migration 0013 queues those of users with e-mail notifications on) whose last digest
 * is at least his interval old gets ONE mail listing those matching his priorities and alarm
 * types — an alarm storm of 100 alarms is one digest. Rows are claimed (claimed_at) before the
 * mail goes and deleted after it went, so two replicas never mail the same rows; a failed send
 * gives them back for the next tick, and a claim left by a server that stopped mid-send is taken
 * again after CLAIM_STALE_MS — nothing is lost across restarts.
 *
 * Driven by the clock it is given (runDigests(…, now)) like alarms/repeat.ts: tests move time by
 * passing a later `now`.
 */
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { mailsNotification, type FwEvent, type FwNotification, type NotificationPriority } from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { events, notifications, notifyMailPending, notifyMailSettings, tasks, users } from '../../db/schema';
import { mailErrorSummary, type Mailer } from '../mail/mailer';
import { notifyDigestMail, type DigestItem } from '../mail/templates';
import { renderAlarmTextIn, renderLocalTextIn } from '../../i18n/local-text';
import { choicesOf } from './settings';
import { unsubscribeToken } from './token';

export const DIGEST_TICK_MS = 60_000;
/** A claim older than this is from a server that stopped before its mail went: taken again. */
export const CLAIM_STALE_MS = 10 * 60_000;
/** Users mailed per tick at most (the rest wait for the next tick). */
const MAX_USERS_PER_TICK = 200;

export interface DigestOptions {
  mail: Mailer;
  log: FastifyBaseLogger;
  /** The origin the links of a user's mail lead to (PUBLIC_ORIGIN, else where he saved his settings). */
  originFor: (savedOrigin: string | null) => string;
}

export interface DigestSent {
  userId: number;
  to: string;
  count: number;
}

/** The task path of the tasks remote (mf-tasks) for one task. */
export function taskPath(taskId: string): string {
  return `/taskmanagement/${encodeURIComponent(taskId)}`;
}

/** One round at `now`: the digests due, each sent or given back. Answers what was sent. */
export async function runDigests(db: Db, opts: DigestOptions, now: Date): Promise<DigestSent[]> {
  const stale = new Date(now.getTime() - CLAIM_STALE_MS);
  const claimable = or(isNull(notifyMailPending.claimedAt), lt(notifyMailPending.claimedAt, stale));
  const waiting = await db
    .selectDistinct({ userId: notifyMailPending.userId })
    .from(notifyMailPending)
    .where(claimable)
    .limit(MAX_USERS_PER_TICK);
  if (waiting.length === 0) return [];
  const people = await db
    .select({ user: users, settings: notifyMailSettings })
    .from(users)
    .leftJoin(notifyMailSettings, eq(notifyMailSettings.userId, users.id))
    .where(inArray(users.id, waiting.map((w) => w.userId)));

  // Switched off (or no address) since the rows were queued: nothing to mail them.
  const off = people.filter((p) => !p.user.notifyEmail || p.user.email.trim() === '').map((p) => p.user.id);
  if (off.length) await db.delete(notifyMailPending).where(and(inArray(notifyMailPending.userId, off), claimable));

  const sent: DigestSent[] = [];
  for (const { user, settings } of people) {
    if (off.includes(user.id)) continue;
    const choices = choicesOf(settings ?? undefined);
    const last = settings?.lastSentAt;
    if (last && now.getTime() - last.getTime() < choices.intervalMin * 60_000) continue;

    const claimed = await db
      .update(notifyMailPending)
      .set({ claimedAt: now })
      .where(and(eq(notifyMailPending.userId, user.id), claimable))
      .returning({ id: notifyMailPending.notificationId });
    if (claimed.length === 0) continue;
    const ids = claimed.map((c) => c.id);
    try {
      const items = await digestItems(db, ids, choices, originFor(opts, settings?.linkOrigin ?? null), user.language);
      if (items.length > 0) {
        const origin = originFor(opts, settings?.linkOrigin ?? null);
        const unsubscribe = new URL('/api/v3/notify-mail/unsubscribe', origin);
        unsubscribe.searchParams.set('token', await unsubscribeToken(db, user.id));
        const message = notifyDigestMail(user.language, {
          username: user.username,
          name: user.name,
          timezone: user.timezone,
          timeFormat: user.timeFormat,
          items,
          notificationsLink: new URL('/notifications', origin).href,
          settingsLink: new URL('/profile/notifications', origin).href,
          unsubscribeLink: unsubscribe.href,
        });
        await opts.mail.send({
          to: user.email,
          ...message,
          headers: { 'List-Unsubscribe': `<${unsubscribe.href}>`, 'Auto-Submitted': 'auto-generated' },
        });
        await db
          .insert(notifyMailSettings)
          .values({ userId: user.id, lastSentAt: now })
          .onConflictDoUpdate({ target: notifyMailSettings.userId, set: { lastSentAt: now } });
        sent.push({ userId: user.id, to: user.email, count: items.length });
      }
      // Mailed, or none of them matched his choices: done with these rows either way.
      await db.delete(notifyMailPending).where(inArray(notifyMailPending.notificationId, ids));
    } catch (err) {
      // Given back: the next tick tries again. The log names the user, never the mail's text.
      opts.log.warn({ userId: user.id, err: mailErrorSummary(err) }, 'notification digest not sent; retried next tick');
      await db
        .update(notifyMailPending)
        .set({ claimedAt: null })
        .where(and(inArray(notifyMailPending.notificationId, ids), eq(notifyMailPending.claimedAt, now)));
    }
  }
  return sent;
}

function originFor(opts: DigestOptions, saved: string | null): string {
  return opts.originFor(saved);
}

/** The claimed notifications that match the user's choices, with their unit, alarm and task. */
async function digestItems(
  db: Db,
  ids: readonly string[],
  choices: ReturnType<typeof choicesOf>,
  origin: string,
  language: string,
): Promise<DigestItem[]> {
  const rows: Array<{ org: number; created: Date; doc: FwNotification }> = [];
  for (let i = 0; i < ids.length; i += 500)
    rows.push(
      ...(await db
        .select({ org: notifications.organizationId, created: notifications.created, doc: notifications.doc })
        .from(notifications)
        .where(inArray(notifications.id, ids.slice(i, i + 500)))),
    );
  const eventIds = [...new Set(rows.map((r) => r.doc.eventId).filter(Boolean))];
  const eventOf = new Map<string, FwEvent>();
  const taskOf = new Map<string, string>();
  for (let i = 0; i < eventIds.length; i += 500) {
    const slice = eventIds.slice(i, i + 500);
    for (const e of await db.select({ id: events.id, doc: events.doc }).from(events).where(inArray(events.id, slice)))
      eventOf.set(e.id, e.doc);
    const linked = await db
      .select({ id: tasks.id, eventIds: sql<string[]>`${tasks.doc}->'eventIds'` })
      .from(tasks)
      .where(
        and(
          inArray(tasks.organizationId, [...new Set(rows.map((r) => r.org))]),
          sql`${tasks.doc}->'eventIds' ?| array[${sql.join(slice.map((s) => sql`${s}`), sql`, `)}]::text[]`,
        ),
      );
    for (const t of linked) for (const e of t.eventIds ?? []) if (!taskOf.has(e)) taskOf.set(e, t.id);
  }
  const items: DigestItem[] = [];
  for (const r of rows) {
    const event = eventOf.get(r.doc.eventId);
    const alarmType = event?.alarm ? event.alarm.type : null;
    const priority: NotificationPriority = r.doc.priority;
    if (!mailsNotification(choices, priority, alarmType)) continue;
    const taskId = taskOf.get(r.doc.eventId);
    items.push({
      created: r.created,
      priority,
      unitName: event?.unitName ?? null,
      alarmType,
      // The server's texts in the user's language (a unit's own alarm text stays as it sent it).
      text: event?.alarm
        ? event.alarm.textLocal
          ? renderLocalTextIn(language, event.alarm.textLocal, event.alarm.text)
          : renderAlarmTextIn(language, event.alarm.text)
        : renderLocalTextIn(language, r.doc.messageText, r.doc.message),
      ...(r.doc.repeat ? { repeat: r.doc.repeat } : {}),
      ...(taskId ? { taskLink: new URL(taskPath(taskId), origin).href } : {}),
    });
  }
  return items;
}

export interface DigestJobHandle {
  stop(): Promise<void>;
}

/** Runs the job every `everyMs` with the clock `now` until stopped (ticks never overlap). */
export function startDigestJob(
  db: Db,
  opts: DigestOptions & { everyMs?: number; now?: () => Date },
): DigestJobHandle {
  const clock = opts.now ?? (() => new Date());
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = running
      .then(() => runDigests(db, opts, clock()))
      .catch((err: unknown) => opts.log.error({ err: mailErrorSummary(err) }, 'notification digest job failed'));
  };
  const timer = setInterval(tick, opts.everyMs ?? DIGEST_TICK_MS);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
