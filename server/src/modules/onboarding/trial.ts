/**
 * Trials of units activated from their NFC tag (spec §9: 4 weeks). A trial is active from the
 * activation until ends_at; the trial job (startTrialJob, on the shared periodic helper, hourly)
 * - mails the activating user and the SuperUsers of the unit's organisation, each in his language,
 *   once, TRIAL_WARNING_DAYS before the end (a trial found only after its end gets no warning);
 * - ends it at ends_at (status ended) unless a SuperUser converted it to a subscription first.
 * Each step is a compare-and-set on the row, so replicas running the job at once do it once.
 * runTrialRound(db, mail, { now }) is one round with a clock of the caller's (tests move time).
 */
import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  ONBOARDING_ERROR_CODES,
  ONBOARDING_MESSAGES,
  TRIAL_WARNING_DAYS,
  USER_TYPES,
  type AdminTrial,
  type OnboardingActivation,
  type TrialStatus,
  type UnitTrial,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { organizations, unitTrials, units, userAdminState, userOrganizations, users } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { startPeriodic, type PeriodicHandle } from '../../jobs/periodic';
import { mailErrorSummary, type Mailer } from '../mail/mailer';
import { trialEndingMail } from './trial-mail';

/** How often the job looks (the warning and the end are due on a day, not a minute). */
export const TRIAL_CHECK_MS = 60 * 60_000;
const DAY_MS = 86_400_000;

type TrialRow = typeof unitTrials.$inferSelect;

export function asUnitTrial(r: TrialRow): UnitTrial {
  return {
    status: r.status as TrialStatus,
    startedAt: r.startedAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    endedAt: r.endedAt ? r.endedAt.toISOString() : null,
    convertedAt: r.convertedAt ? r.convertedAt.toISOString() : null,
  };
}

/** A unit's trial (UnitDetails.Trial), or null when its activation started none. */
export async function unitTrial(db: Db, unitId: number): Promise<UnitTrial | null> {
  const [row] = await db.select().from(unitTrials).where(eq(unitTrials.unitId, unitId)).limit(1);
  return row ? asUnitTrial(row) : null;
}

/** The activation of a unit as the onboarding answers it: the unit, its organisation, its trial. */
export async function activationOf(db: Db, unitId: number): Promise<OnboardingActivation | null> {
  const [row] = await db
    .select({ unit: units, orgName: organizations.name, trial: unitTrials })
    .from(units)
    .innerJoin(organizations, eq(organizations.id, units.organizationId))
    .innerJoin(unitTrials, eq(unitTrials.unitId, units.id))
    .where(eq(units.id, unitId))
    .limit(1);
  if (!row) return null;
  return {
    unitId: row.unit.id,
    unitName: row.unit.name,
    organizationId: row.unit.organizationId,
    organizationName: row.orgName,
    trial: asUnitTrial(row.trial),
  };
}

export interface TrialRoundOptions {
  now: Date;
  /** The origin the mail's link leads to (PUBLIC_ORIGIN, else where the activation came from). */
  originFor: (saved: string | null) => string;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
}

interface Recipient {
  id: number;
  username: string;
  name: string;
  email: string;
  language: string;
  timezone: string;
}

/** Whom a trial's warning goes to: who activated the unit and the SuperUsers of its organisation (active, with an address). */
async function recipientsOf(db: Db, organizationId: number, activatedBy: number | null): Promise<Recipient[]> {
  const superUsers = db
    .select({ id: userOrganizations.userId })
    .from(userOrganizations)
    .innerJoin(users, eq(users.id, userOrganizations.userId))
    .where(and(eq(userOrganizations.organizationId, organizationId), eq(users.userType, USER_TYPES.SuperUser)));
  const ids = new Set((await superUsers).map((r) => r.id));
  if (activatedBy !== null) ids.add(activatedBy);
  if (ids.size === 0) return [];
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      email: users.email,
      language: users.language,
      timezone: users.timezone,
      deactivatedAt: userAdminState.deactivatedAt,
    })
    .from(users)
    .leftJoin(userAdminState, eq(userAdminState.userId, users.id))
    .where(inArray(users.id, [...ids]))
    .orderBy(asc(users.id));
  return rows.filter((r) => r.email.trim() !== '' && !r.deactivatedAt);
}

/**
 * One round at `now`: ends the trials due, then warns the trials ending within TRIAL_WARNING_DAYS
 * that were not warned. Answers the unit ids of each.
 */
export async function runTrialRound(db: Db, mail: Mailer, opts: TrialRoundOptions): Promise<{ ended: number[]; warned: number[] }> {
  const { now } = opts;
  const ended = await db
    .update(unitTrials)
    .set({ status: 'ended', endedAt: now })
    .where(and(eq(unitTrials.status, 'active'), lte(unitTrials.endsAt, now)))
    .returning({ unitId: unitTrials.unitId });
  for (const e of ended) opts.log.info({ unitId: e.unitId }, 'trial ended');

  const due = await db
    .select({ trial: unitTrials, unitName: units.name, organizationId: units.organizationId, orgName: organizations.name })
    .from(unitTrials)
    .innerJoin(units, eq(units.id, unitTrials.unitId))
    .innerJoin(organizations, eq(organizations.id, units.organizationId))
    .where(
      and(
        eq(unitTrials.status, 'active'),
        isNull(unitTrials.warnedAt),
        gt(unitTrials.endsAt, now),
        lte(unitTrials.endsAt, new Date(now.getTime() + TRIAL_WARNING_DAYS * DAY_MS)),
      ),
    )
    .orderBy(asc(unitTrials.endsAt));
  const warned: number[] = [];
  for (const d of due) {
    // Claim the warning first: another replica's round skips it.
    const [claimed] = await db
      .update(unitTrials)
      .set({ warnedAt: now })
      .where(and(eq(unitTrials.unitId, d.trial.unitId), isNull(unitTrials.warnedAt), eq(unitTrials.status, 'active')))
      .returning({ unitId: unitTrials.unitId });
    if (!claimed) continue;
    const recipients = await recipientsOf(db, d.organizationId, d.trial.activatedBy);
    const link = new URL(`/devicemanagement/${d.trial.unitId}`, opts.originFor(d.trial.linkOrigin)).href;
    const daysLeft = Math.max(1, Math.ceil((d.trial.endsAt.getTime() - now.getTime()) / DAY_MS));
    let sent = 0;
    for (const r of recipients) {
      const m = trialEndingMail(r.language, {
        name: r.name || r.username,
        unit: d.unitName,
        organization: d.orgName,
        endsAt: d.trial.endsAt,
        timezone: r.timezone,
        days: daysLeft,
        link,
      });
      try {
        await mail.send({ to: r.email, subject: m.subject, text: m.text });
        sent++;
      } catch (err) {
        opts.log.warn({ unitId: d.trial.unitId, userId: r.id, err: mailErrorSummary(err) }, 'trial warning mail failed');
      }
    }
    if (recipients.length > 0 && sent === 0) {
      // Nobody got it: the next round tries again.
      await db.update(unitTrials).set({ warnedAt: null }).where(eq(unitTrials.unitId, d.trial.unitId));
      continue;
    }
    opts.log.info({ unitId: d.trial.unitId, recipients: sent }, 'trial warning sent');
    warned.push(d.trial.unitId);
  }
  return { ended: ended.map((e) => e.unitId), warned };
}

export function startTrialJob(
  db: Db,
  mail: Mailer,
  opts: Omit<TrialRoundOptions, 'now'> & { now?: () => Date; everyMs?: number; onError: (err: unknown) => void },
): PeriodicHandle {
  return startPeriodic((now) => runTrialRound(db, mail, { ...opts, now }), {
    everyMs: opts.everyMs ?? TRIAL_CHECK_MS,
    ...(opts.now ? { now: opts.now } : {}),
    log: opts.onError,
  });
}

// ───────── admin ─────────

function adminTrialQuery(db: Db) {
  return db
    .select({
      trial: unitTrials,
      unitName: units.name,
      organizationId: units.organizationId,
      orgName: organizations.name,
      activatedBy: users.username,
    })
    .from(unitTrials)
    .innerJoin(units, eq(units.id, unitTrials.unitId))
    .innerJoin(organizations, eq(organizations.id, units.organizationId))
    .leftJoin(users, eq(users.id, unitTrials.activatedBy));
}

type AdminRow = Awaited<ReturnType<ReturnType<typeof adminTrialQuery>['execute']>>[number];

function asAdminTrial(r: AdminRow): AdminTrial {
  return {
    ...asUnitTrial(r.trial),
    unitId: r.trial.unitId,
    unitName: r.unitName,
    organizationId: r.organizationId,
    organizationName: r.orgName,
    activatedBy: r.activatedBy ?? '',
    warnedAt: r.trial.warnedAt ? r.trial.warnedAt.toISOString() : null,
  };
}

/** The trials of the units of `orgIds`: running ones first, the one ending first first. */
export async function listTrials(db: Db, orgIds: readonly number[]): Promise<AdminTrial[]> {
  if (orgIds.length === 0) return [];
  const rows = await adminTrialQuery(db)
    .where(inArray(units.organizationId, [...orgIds]))
    .orderBy(sql`case when ${unitTrials.status} = 'active' then 0 else 1 end`, asc(unitTrials.endsAt), asc(unitTrials.unitId));
  return rows.map(asAdminTrial);
}

/** Converts a running trial to a subscription: the job leaves it running. 404 outside `orgIds`; 409 when not running. */
export async function convertTrial(db: Db, orgIds: readonly number[], unitId: number, userId: number, now = new Date()): Promise<AdminTrial> {
  const [row] = await adminTrialQuery(db).where(eq(unitTrials.unitId, unitId)).limit(1);
  if (!row || !orgIds.includes(row.organizationId)) throw notFound();
  const [saved] = await db
    .update(unitTrials)
    .set({ status: 'converted', convertedAt: now, convertedBy: userId })
    .where(and(eq(unitTrials.unitId, unitId), eq(unitTrials.status, 'active')))
    .returning({ unitId: unitTrials.unitId });
  if (!saved) throw new HttpError(409, ONBOARDING_MESSAGES.trialNotActive, ONBOARDING_ERROR_CODES.trialNotActive);
  const [after] = await adminTrialQuery(db).where(eq(unitTrials.unitId, unitId)).limit(1);
  return asAdminTrial(after!);
}
