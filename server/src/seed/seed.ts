/**
 * Writes the demo fleet into an empty database (DEMO=1). Idempotent: it does nothing once any user
 * exists, and an advisory lock keeps two replicas starting at once from seeding twice. Alarms go
 * through the same pipeline as live ones, so events, notifications and tasks are consistent.
 */
import { sql } from 'drizzle-orm';
import { addNote, assign, formatApiDate, setStatus, USER_TYPES, type FwTask, type TaskStatus } from '@fieldwatch/shared';
import type { Db } from '../db/client';
import { alarms, channels, containers, nfcTags, organizations, units, userOrganizations, users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import {
  runAlarmPipeline,
  storePipelineResult,
  type PipelineAlarm,
  type PipelineResult,
} from '../modules/events/pipeline';
import { DEMO_PASSWORD, DEMO_SEED, generateDemoData, type DemoData } from './fleet';
import type { OrgKey } from './places';
import { seedTelemetry } from './telemetry';
import { createRng } from './prng';

/** Arbitrary constant naming the seed's advisory lock. */
const SEED_LOCK_KEY = 4_711_0001;
const BATCH = 500;

export interface SeedOptions {
  seed?: number;
  now?: Date;
}

export interface SeedResult {
  seeded: boolean;
  units: number;
  activeAlarms: number;
  tasks: number;
}

async function insertBatches<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

export async function seedDemo(db: Db, opts: SeedOptions = {}): Promise<SeedResult> {
  const seed = opts.seed ?? DEMO_SEED;
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(users);
    if (existing && Number(existing.n) > 0) return { seeded: false, units: 0, activeAlarms: 0, tasks: 0 };

    const data = generateDemoData(seed, now);
    const orgIds = new Map<OrgKey, number>();
    for (const o of data.orgs) {
      const [row] = await tx
        .insert(organizations)
        .values({ name: o.name, rights: o.rights })
        .returning({ id: organizations.id });
      orgIds.set(o.key, row!.id);
    }
    const orgId = (key: OrgKey) => orgIds.get(key)!;

    // One hash for the three demo users: argon2 is deliberately slow.
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const userIds = new Map<string, number>();
    for (const u of data.users) {
      const { orgs, ...profile } = u;
      const [row] = await tx
        .insert(users)
        .values({ ...profile, passwordHash })
        .returning({ id: users.id });
      userIds.set(u.username, row!.id);
      await tx
        .insert(userOrganizations)
        .values(orgs.map((k) => ({ userId: row!.id, organizationId: orgId(k) })));
    }

    await insertBatches(data.units, (b) =>
      tx.insert(units).values(
        b.map((u) => ({
          id: u.id,
          organizationId: orgId(u.org),
          name: u.name,
          location: u.location,
          type: u.type,
          lat: u.lat,
          lon: u.lon,
        })),
      ),
    );
    // Units carry explicit ids: move the sequence past them for units created later.
    await tx.execute(sql`select setval(pg_get_serial_sequence('units', 'id'), (select max(id) from units))`);
    await insertBatches(data.channels, (b) => tx.insert(channels).values(b));
    await insertBatches(data.alarms, (b) => tx.insert(alarms).values(b));
    await insertBatches(data.tags, (b) => tx.insert(nfcTags).values(b));
    await seedTelemetry(tx, data, now, seed);
    // Parents before children; one millisecond apart so lists keep the tree's order.
    await insertBatches(data.containers, (b) =>
      tx.insert(containers).values(
        b.map(({ org, ...c }) => {
          const at = new Date(now.getTime() - 86_400_000 + data.containers.findIndex((x) => x.id === c.id));
          return { ...c, organizationId: orgId(org), createdAt: at, updatedAt: at };
        }),
      ),
    );

    const result = pipelineForActiveAlarms(data, orgId, userIds, seed);
    followUp(result, data, new Map(data.orgs.map((o) => [orgId(o.key), o.key])), now);
    await storePipelineResult(tx, result);

    return {
      seeded: true,
      units: data.units.length,
      activeAlarms: data.alarms.filter((a) => a.active).length,
      tasks: result.tasks.length,
    };
  });
}

function pipelineForActiveAlarms(
  data: DemoData,
  orgId: (key: OrgKey) => number,
  userIds: ReadonlyMap<string, number>,
  seed: number,
): PipelineResult {
  const unitById = new Map(data.units.map((u) => [u.id, u]));
  const input: PipelineAlarm[] = data.alarms
    .filter((a) => a.active)
    .map((a) => {
      const u = unitById.get(a.unitId)!;
      return {
        organizationId: orgId(u.org),
        at: a.eventTime.toISOString(),
        AlarmType: a.alarmType,
        AlarmEventText: a.text,
        AlarmEventTime: formatApiDate(a.eventTime),
        UnitID: u.id,
        ChannelID: a.channelId,
        UnitName: u.name,
        UnitType: u.type,
        latitude: u.lat,
        longitude: u.lon,
        address: u.location,
      };
    });
  const recipients = new Map<number, number[]>();
  for (const u of data.users) {
    for (const k of u.orgs)
      recipients.set(orgId(k), [...(recipients.get(orgId(k)) ?? []), userIds.get(u.username)!]);
  }
  // A separate stream for ids, so adding a field to the fleet does not reshuffle every id.
  const ids = createRng(seed ^ 0x5eed5eed);
  return runAlarmPipeline(input, [], recipients, () => ids.uuid());
}

const NOTES = [
  'On site. Replacing the battery pack.',
  'Checked the cabinet; lid was left open after service.',
  'Level back to normal after pump restart.',
  'Ordered a new sensor, will install on Thursday.',
  'Cleared debris from the inlet.',
];

/**
 * Makes the task list look lived-in: some tasks assigned and in work, some reported, some done,
 * using the shared task rules. Also marks about a third of the notifications seen.
 */
function followUp(
  result: PipelineResult,
  data: DemoData,
  orgKeys: ReadonlyMap<number, OrgKey>,
  now: Date,
): void {
  const capped = (base: string, minutes: number) =>
    new Date(Math.min(new Date(base).getTime() + minutes * 60_000, now.getTime())).toISOString();

  result.tasks.sort((a, b) => a.task.created.localeCompare(b.task.created));
  result.tasks.forEach((stored, i) => {
    const key = orgKeys.get(stored.organizationId);
    const members = data.users.filter((u) => key !== undefined && u.orgs.includes(key));
    // Tasks are worked by people who may write: a SuperUser acts, a User is assigned.
    const actor = members.find((u) => u.userType === USER_TYPES.SuperUser)?.username ?? 'system';
    const assignee = members.find((u) => u.userType === USER_TYPES.User)?.username ?? actor;
    const note = NOTES[i % NOTES.length] as string;
    let t: FwTask = stored.task;
    // Follow-up happens after everything the pipeline recorded on the task.
    const base = t.activities[t.activities.length - 1]?.date ?? t.created;
    const step = (status: TaskStatus, minutes: number) => {
      t = setStatus(t, status, actor, capped(base, minutes));
    };
    switch (i % 7) {
      case 1:
        t = assign(t, assignee, actor, capped(base, 10));
        step('working', 25);
        break;
      case 3:
        t = assign(t, assignee, actor, capped(base, 10));
        step('working', 30);
        t = addNote(t, note, assignee, capped(base, 55));
        step('reported', 70);
        break;
      case 5:
        step('working', 20);
        t = addNote(t, note, actor, capped(base, 40));
        step('done', 90);
        break;
      default:
        break;
    }
    stored.task = t;
  });

  result.notifications.forEach((n, i) => {
    if (i % 3 === 0) n.notification = { ...n.notification, seen: capped(n.notification.created, 12) };
  });
}
