/**
 * The communication watchdog: a unit that has sent measurements before but none for `timeoutMs`
 * gets one active communication-error alarm (type 19, on the unit itself: channel 0) with the
 * time of its last contact, through the one alarm pipeline (event, notifications, task). Units
 * that never reported (not installed yet) are left alone, and a unit that already has an active
 * communication error, on any channel, gets no second one; the unique index on active alarms
 * settles two replicas running the check at the same moment.
 */
import { sql } from 'drizzle-orm';
import { COMMUNICATION_ERROR_ALARM } from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { processAlarmRows, type PipelineResult } from '../events/pipeline';

/** How often the watchdog looks; a timeout is never shorter than this. */
export const WATCHDOG_INTERVAL_MS = 5 * 60_000;

export interface WatchdogResult {
  alarmIds: number[];
  pipeline: PipelineResult;
}

export async function raiseCommunicationErrors(db: Db, now: Date, timeoutMs: number): Promise<WatchdogResult> {
  const cutoff = new Date(now.getTime() - timeoutMs).toISOString();
  const result = await db.execute(sql`
    insert into alarms (unit_id, channel_id, alarm_type, text, event_time, active)
    select u.id, 0, ${COMMUNICATION_ERROR_ALARM},
      'No contact since ' || to_char(u.last_contact_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC',
      ${now.toISOString()}::timestamptz, true
    from units u
    where u.last_contact_at < ${cutoff}::timestamptz
      and not exists (
        select 1 from alarms a
        where a.unit_id = u.id and a.alarm_type = ${COMMUNICATION_ERROR_ALARM} and a.active
      )
    order by u.id
    on conflict do nothing
    returning id`);
  const alarmIds = (result as unknown as { rows: Array<{ id: number | string }> }).rows.map((r) => Number(r.id));
  const pipeline =
    alarmIds.length > 0 ? await processAlarmRows(db, alarmIds) : { events: [], notifications: [], tasks: [] };
  return { alarmIds, pipeline };
}

export interface WatchdogHandle {
  stop(): Promise<void>;
}

/** Runs the check now and every WATCHDOG_INTERVAL_MS until stopped. */
export function startWatchdog(db: Db, timeoutMs: number, log: (err: unknown) => void): WatchdogHandle {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = running
      .then(() => raiseCommunicationErrors(db, new Date(), timeoutMs))
      .catch((err) => log(err));
  };
  const timer = setInterval(tick, WATCHDOG_INTERVAL_MS);
  timer.unref();
  tick();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
