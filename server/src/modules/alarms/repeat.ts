/**
 * The alarm repeat interval (a unit's settings `alarm.repeatMin`, the unit page's alarm tab): an
 * alarm that stays new — active and not acknowledged — is notified again to every member of its
 * organisation every repeatMin minutes after its last notification (shared isRepeatDue,
 * repeatMinutesOf). Acknowledged and cleared alarms are never repeated, nor are the alarms of a
 * unit whose alarms are switched off.
 *
 * The job is driven by a clock it is given (repeatDueAlarms(db, now)), so a test moves time by
 * passing a later `now`; startRepeater calls it once a minute with the server's clock. An alarm is
 * claimed by moving its notified_at in a conditional UPDATE before anything is sent, so two
 * replicas running the job at the same moment never both repeat it.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  ALARM_REPEAT_MINUTES,
  asReminder,
  buildAlarmId,
  eventFromAlarm,
  formatApiDate,
  isRepeatDue,
  notificationFromEvent,
  reminderText,
  repeatMinutesOf,
  SYSTEM_USER,
  type FwEvent,
  type FwNotification,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { startPeriodic, type PeriodicHandle } from '../../jobs/periodic';
import { alarmHistory, alarms, events, notifications, units, unitSettings } from '../../db/schema';
import { recipientsOf } from '../events/pipeline';
import { publishNew } from '../push/hub';

/** How often the job looks; the shortest repeat interval is ALARM_REPEAT_MINUTES.min. */
export const REPEAT_CHECK_MS = 60_000;
/** Alarms looked at per round (the oldest notified first; the rest wait for the next round). */
const MAX_PER_ROUND = 2000;

export interface RepeatResult {
  /** The alarms repeated now, with the number of this repeat. */
  repeated: Array<{ alarmId: number; repeat: number }>;
  notifications: Array<{ organizationId: number; userId: number; notification: FwNotification }>;
}

/** One round of the job at `now`, in one transaction: claimed alarms and their reminders commit together. */
export async function repeatDueAlarms(db: Db, now: Date, newId: () => string = randomUUID): Promise<RepeatResult> {
  return db.transaction((tx) => repeatRound(tx, now, newId));
}

async function repeatRound(db: Db, now: Date, newId: () => string): Promise<RepeatResult> {
  const empty: RepeatResult = { repeated: [], notifications: [] };
  const earliest = new Date(now.getTime() - ALARM_REPEAT_MINUTES.min * 60_000);
  const candidates = await db
    .select({
      id: alarms.id,
      unitId: alarms.unitId,
      channelId: alarms.channelId,
      alarmType: alarms.alarmType,
      text: alarms.text,
      eventTime: alarms.eventTime,
      active: alarms.active,
      notifiedAt: alarms.notifiedAt,
      eventId: alarms.eventId,
      org: units.organizationId,
      unitName: units.name,
      unitType: units.type,
      lat: units.lat,
      lon: units.lon,
      location: units.location,
      settings: unitSettings.settings,
    })
    .from(alarms)
    .innerJoin(units, eq(units.id, alarms.unitId))
    .leftJoin(unitSettings, eq(unitSettings.unitId, alarms.unitId))
    .where(and(eq(alarms.active, true), isNull(alarms.acknowledgedAt), lte(alarms.notifiedAt, earliest)))
    .orderBy(asc(alarms.notifiedAt), asc(alarms.id))
    .limit(MAX_PER_ROUND);
  const due = candidates.filter((c) =>
    // No settings stored yet: the defaults (alarms on, ALARM_REPEAT_MINUTES.default).
    isRepeatDue({ active: c.active, acknowledgedAt: null, notifiedAtMs: c.notifiedAt.getTime() }, repeatMinutesOf(c.settings ?? {}), now.getTime()),
  );
  if (due.length === 0) return empty;

  // The claim: only alarms still new and not notified since we read them.
  const claimed = await db
    .update(alarms)
    .set({ notifiedAt: now, repeats: sql`${alarms.repeats} + 1` })
    .where(
      and(
        inArray(alarms.id, due.map((d) => d.id)),
        eq(alarms.active, true),
        isNull(alarms.acknowledgedAt),
        lte(alarms.notifiedAt, earliest),
      ),
    )
    .returning({ id: alarms.id, repeats: alarms.repeats });
  if (claimed.length === 0) return empty;
  const repeatOf = new Map(claimed.map((c) => [c.id, c.repeats]));
  const mine = due.filter((d) => repeatOf.has(d.id));

  // The event each reminder refers to: the alarm's own (recorded by the pipeline, or found by its
  // alarm id); an alarm stored without the pipeline gets one now.
  const eventOf = new Map<number, FwEvent>();
  const recorded = mine.filter((m) => m.eventId).map((m) => m.eventId!);
  if (recorded.length > 0) {
    const docs = await db.select({ id: events.id, doc: events.doc }).from(events).where(inArray(events.id, recorded));
    const byId = new Map(docs.map((d) => [d.id, d.doc]));
    for (const m of mine) if (m.eventId && byId.has(m.eventId)) eventOf.set(m.id, byId.get(m.eventId)!);
  }
  const input = (m: (typeof mine)[number]) => ({
    AlarmID: m.id,
    AlarmType: m.alarmType,
    AlarmEventText: m.text,
    AlarmEventTime: formatApiDate(m.eventTime),
    UnitID: m.unitId,
    ChannelID: m.channelId,
    UnitName: m.unitName,
    UnitType: m.unitType,
    latitude: m.lat,
    longitude: m.lon,
    address: m.location,
  });
  const unknown = mine.filter((m) => !eventOf.has(m.id));
  if (unknown.length > 0) {
    const keys = new Map(unknown.map((m) => [buildAlarmId(input(m)), m]));
    const found = await db
      .select({ doc: events.doc, org: events.organizationId })
      .from(events)
      .where(
        and(
          inArray(events.organizationId, [...new Set(unknown.map((m) => m.org))]),
          inArray(sql<string>`${events.doc}->>'alarmId'`, [...keys.keys()]),
        ),
      );
    for (const f of found) {
      const m = f.doc.alarmId ? keys.get(f.doc.alarmId) : undefined;
      if (m && m.org === f.org && f.doc.type === 'alarm') eventOf.set(m.id, f.doc);
    }
    const made: Array<{ id: string; organizationId: number; created: Date; doc: FwEvent }> = [];
    for (const m of unknown) {
      if (eventOf.has(m.id)) continue;
      const ev = eventFromAlarm(input(m), newId(), m.eventTime.toISOString());
      eventOf.set(m.id, ev);
      made.push({ id: ev.id, organizationId: m.org, created: m.eventTime, doc: ev });
    }
    if (made.length > 0) await db.insert(events).values(made);
    const links = unknown.map((m) => ({ id: m.id, e: eventOf.get(m.id)!.id }));
    await db.execute(sql`
      update alarms a set event_id = x.e
      from jsonb_to_recordset(${JSON.stringify(links)}::jsonb) as x(id bigint, e text)
      where a.id = x.id and a.event_id is null`);
  }

  const recipients = await recipientsOf(db, [...new Set(mine.map((m) => m.org))]);
  const at = now.toISOString();
  const result: RepeatResult = { repeated: [], notifications: [] };
  for (const m of mine) {
    const repeat = repeatOf.get(m.id)!;
    result.repeated.push({ alarmId: m.id, repeat });
    const event = eventOf.get(m.id)!;
    for (const userId of recipients.get(m.org) ?? [])
      result.notifications.push({
        organizationId: m.org,
        userId,
        notification: reminderOf(notificationFromEvent(event, newId(), at), repeat),
      });
  }
  for (let i = 0; i < result.notifications.length; i += 500)
    await db.insert(notifications).values(
      result.notifications.slice(i, i + 500).map((n) => ({
        id: n.notification.id,
        organizationId: n.organizationId,
        userId: n.userId,
        created: now,
        doc: n.notification,
      })),
    );
  await db.insert(alarmHistory).values(
    mine.map((m) => ({ alarmId: m.id, at: now, kind: 'repeated', by: SYSTEM_USER, state: 'activeUnacknowledged' })),
  );
  await publishNew(db, {
    notifications: result.notifications.map((n) => ({
      organizationId: n.organizationId,
      userId: n.userId,
      id: n.notification.id,
    })),
  });
  return result;
}

export type RepeaterHandle = PeriodicHandle;

/** Runs the job now and every `everyMs` with the clock `now` until stopped. */
export function startRepeater(
  db: Db,
  opts: { now?: () => Date; everyMs?: number; log: (err: unknown) => void },
): RepeaterHandle {
  return startPeriodic((now) => repeatDueAlarms(db, now), { ...opts, everyMs: opts.everyMs ?? REPEAT_CHECK_MS });
}

/** The reminder's message, in English and as a key around the repeated message (local-text.ts). */
function reminderOf(n: FwNotification, repeat: number): FwNotification {
  const r = asReminder(n, repeat);
  return n.messageText ? { ...r, messageText: reminderText(repeat, n.messageText) } : r;
}
