/**
 * The archive job: a done task whose move to done (its latest status activity, shared doneSince)
 * is older than TASK_ARCHIVE_AFTER_DAYS moves to archived, by "system", with its status activity.
 * Driven by a clock it is given (archiveDoneTasks(db, days, now)), so tests move time; startArchiver
 * runs it at start and every hour. Each task is written by compare-and-set on its revision: a task
 * changed at the same moment (or archived by another replica) is left for the next round.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { doneSince, isValidTask, setStatus, SYSTEM_USER } from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { startPeriodic, type PeriodicHandle } from '../../jobs/periodic';
import { tasks } from '../../db/schema';
import { publishNew } from '../push/hub';

export const ARCHIVE_CHECK_MS = 60 * 60_000;
/** Tasks looked at per round (the rest wait for the next round). */
const MAX_PER_ROUND = 5000;

/** Archives the done tasks due at `now`; answers the ids archived. */
export async function archiveDoneTasks(db: Db, days: number, now: Date): Promise<Array<{ organizationId: number; id: string }>> {
  if (days <= 0) return [];
  const cutoff = now.getTime() - days * 86_400_000;
  // A task created after the cutoff cannot have moved to done before it.
  const candidates = await db
    .select({ id: tasks.id, doc: tasks.doc, revision: tasks.revision, organizationId: tasks.organizationId })
    .from(tasks)
    .where(and(eq(tasks.status, 'done'), sql`${tasks.created} < ${new Date(cutoff)}`))
    .orderBy(asc(tasks.created))
    .limit(MAX_PER_ROUND);
  const done: Array<{ organizationId: number; id: string }> = [];
  const at = now.toISOString();
  for (const c of candidates) {
    if (!isValidTask(c.doc)) continue;
    const since = doneSince(c.doc);
    const sinceMs = since ? Date.parse(since) : NaN;
    if (!Number.isFinite(sinceMs) || sinceMs >= cutoff) continue;
    const next = setStatus(c.doc, 'archived', SYSTEM_USER, at);
    const [saved] = await db
      .update(tasks)
      .set({ doc: next, revision: sql`${tasks.revision} + 1` })
      .where(and(eq(tasks.id, c.id), eq(tasks.revision, c.revision)))
      .returning({ id: tasks.id });
    if (saved) done.push({ organizationId: c.organizationId, id: c.id });
  }
  if (done.length > 0) await publishNew(db, { tasks: done });
  return done;
}

export type ArchiverHandle = PeriodicHandle;

export function startArchiver(
  db: Db,
  days: number,
  opts: { now?: () => Date; everyMs?: number; log: (err: unknown) => void },
): ArchiverHandle {
  return startPeriodic((now) => archiveDoneTasks(db, days, now), { ...opts, everyMs: opts.everyMs ?? ARCHIVE_CHECK_MS });
}
