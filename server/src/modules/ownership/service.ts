/**
 * Dashboard and workspace ownership (issue 18 §1): what the users of a SuperUser's organisations
 * own, and moving it from one user to another of the same organisation.
 *
 * Scope: the caller's organisations (`mine`). A user who shares none of them, a dashboard whose
 * owner shares none of them, an organisation that is not one of them: 404, as if it did not exist.
 * Both users of a transfer must belong to the organisation named: a user of another organisation
 * (even another of the caller's) is refused with 400.
 *
 * A workspace (see shared/src/contract/ownership.ts): a user's open tasks in an organisation —
 * those he is an assignee of that are neither done nor archived.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  OWNERSHIP_MESSAGES,
  type DashboardOwnershipView,
  type FwTask,
  type OwnedDashboard,
  type OwnershipOrganization,
  type OwnershipUser,
  type UserWorkspace,
  type WorkspaceOwnershipView,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { dashboards, dashboardShares, organizations, tasks, userOrganizations, users } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';

/** Task statuses of closed work, which is not moved. */
const CLOSED_STATUSES = ['done', 'archived'];

export async function ownershipOrganizations(db: Db, mine: readonly number[]): Promise<OwnershipOrganization[]> {
  if (mine.length === 0) return [];
  return db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(inArray(organizations.id, [...mine]))
    .orderBy(asc(organizations.name), asc(organizations.id));
}

/** The users of `mine` (or those of `ids` among them), each with his organisations among `mine`. */
export async function ownershipUsers(db: Db, mine: readonly number[], ids?: readonly number[]): Promise<OwnershipUser[]> {
  if (mine.length === 0) return [];
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      userType: users.userType,
      org: userOrganizations.organizationId,
    })
    .from(users)
    .innerJoin(userOrganizations, eq(userOrganizations.userId, users.id))
    .where(and(inArray(userOrganizations.organizationId, [...mine]), ids ? inArray(users.id, [...ids, -1]) : undefined))
    .orderBy(asc(users.username), asc(userOrganizations.organizationId));
  const out = new Map<number, OwnershipUser>();
  for (const r of rows) {
    const u = out.get(r.id) ?? { id: r.id, username: r.username, name: r.name, userType: r.userType, organizationIds: [] };
    u.organizationIds.push(r.org);
    out.set(r.id, u);
  }
  return [...out.values()];
}

type DashboardRow = typeof dashboards.$inferSelect;

function owned(r: DashboardRow, sharedWith: number | null): OwnedDashboard {
  return {
    id: r.id,
    name: r.name,
    kind: r.staticKind ?? null,
    widgets: Array.isArray(r.content?.widgets) ? r.content.widgets.length : 0,
    updatedAt: r.updatedAt.toISOString(),
    ownerId: r.userId,
    sharedWith,
  };
}

export async function dashboardOwnership(db: Db, mine: readonly number[]): Promise<DashboardOwnershipView> {
  const [orgs, people] = await Promise.all([ownershipOrganizations(db, mine), ownershipUsers(db, mine)]);
  const ids = people.map((u) => u.id);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ d: dashboards, sharedWith: dashboardShares.organizationId })
          .from(dashboards)
          .leftJoin(dashboardShares, eq(dashboardShares.dashboardId, dashboards.id))
          .where(inArray(dashboards.userId, ids))
          .orderBy(asc(dashboards.userId), asc(dashboards.id));
  return { organizations: orgs, users: people, dashboards: rows.map((r) => owned(r.d, r.sharedWith ?? null)) };
}

/** The two users of a transfer within `organizationId`, checked as the module comment says. */
export async function transferParties(
  db: Db,
  mine: readonly number[],
  input: { organizationId: number; fromUserId: number; toUserId: number },
): Promise<{ from: OwnershipUser; to: OwnershipUser }> {
  if (!mine.includes(input.organizationId)) throw notFound(OWNERSHIP_MESSAGES.organizationNotFound);
  const people = await ownershipUsers(db, mine, [input.fromUserId, input.toUserId]);
  const from = people.find((u) => u.id === input.fromUserId);
  const to = people.find((u) => u.id === input.toUserId);
  if (!from || !to) throw notFound(OWNERSHIP_MESSAGES.userNotFound);
  if (from.id === to.id) throw badRequest(OWNERSHIP_MESSAGES.sameUser);
  if (!from.organizationIds.includes(input.organizationId) || !to.organizationIds.includes(input.organizationId))
    throw badRequest(OWNERSHIP_MESSAGES.notInOrganization);
  return { from, to };
}

/** Moves custom dashboards of `from` to `to` (all, or those of `dashboardIds`); answers what moved. */
export async function transferDashboards(
  db: Db,
  from: OwnershipUser,
  to: OwnershipUser,
  dashboardIds: readonly number[] | undefined,
): Promise<Array<{ id: number; name: string }>> {
  const rows = await db
    .select()
    .from(dashboards)
    .where(and(eq(dashboards.userId, from.id), dashboardIds ? inArray(dashboards.id, [...dashboardIds]) : isNull(dashboards.staticKind)));
  if (dashboardIds) {
    if (new Set(dashboardIds).size !== rows.length) throw notFound(OWNERSHIP_MESSAGES.dashboardNotFound);
    if (rows.some((r) => r.staticKind)) throw badRequest(OWNERSHIP_MESSAGES.builtIn);
  }
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  await db
    .update(dashboards)
    .set({ userId: to.id, updatedAt: sql`greatest(now(), ${dashboards.updatedAt} + interval '1 millisecond')` })
    .where(and(inArray(dashboards.id, ids), eq(dashboards.userId, from.id)));
  return rows.map((r) => ({ id: r.id, name: r.name }));
}

/** A dashboard whose owner shares one of `mine`, with its share; 404 otherwise. */
export async function adminDashboard(
  db: Db,
  mine: readonly number[],
  id: number,
): Promise<{ row: DashboardRow; owner: OwnershipUser; sharedWith: number | null }> {
  const [r] = await db
    .select({ d: dashboards, sharedWith: dashboardShares.organizationId })
    .from(dashboards)
    .leftJoin(dashboardShares, eq(dashboardShares.dashboardId, dashboards.id))
    .where(eq(dashboards.id, id))
    .limit(1);
  const [owner] = r ? await ownershipUsers(db, mine, [r.d.userId]) : [];
  if (!r || !owner) throw notFound(OWNERSHIP_MESSAGES.dashboardNotFound);
  return { row: r.d, owner, sharedWith: r.sharedWith ?? null };
}

/** Shares the dashboard with `organizationId` (an organisation of its owner and of the caller), or stops (null). */
export async function shareDashboard(
  db: Db,
  mine: readonly number[],
  callerId: number,
  id: number,
  organizationId: number | null,
): Promise<{ dashboard: OwnedDashboard; before: number | null; owner: OwnershipUser }> {
  const { row, owner, sharedWith } = await adminDashboard(db, mine, id);
  if (row.staticKind) throw badRequest(OWNERSHIP_MESSAGES.builtIn);
  if (organizationId === null) {
    await db.delete(dashboardShares).where(eq(dashboardShares.dashboardId, id));
  } else {
    if (!mine.includes(organizationId)) throw notFound(OWNERSHIP_MESSAGES.organizationNotFound);
    if (!owner.organizationIds.includes(organizationId)) throw badRequest(OWNERSHIP_MESSAGES.ownerNotInOrganization);
    await db
      .insert(dashboardShares)
      .values({ dashboardId: id, organizationId, sharedBy: callerId })
      .onConflictDoUpdate({
        target: dashboardShares.dashboardId,
        set: { organizationId, sharedBy: callerId, sharedAt: new Date() },
      });
  }
  return { dashboard: owned(row, organizationId), before: sharedWith, owner };
}

// ───────── workspaces ─────────

const assignedTo = (username: string) => sql`(${tasks.doc}->'assignees') @> ${JSON.stringify([username])}::jsonb`;
const open = sql`coalesce(${tasks.status}, '') not in (${sql.join(
  CLOSED_STATUSES.map((s) => sql`${s}`),
  sql`, `,
)})`;

export async function workspaceOwnership(db: Db, mine: readonly number[]): Promise<WorkspaceOwnershipView> {
  const [orgs, people] = await Promise.all([ownershipOrganizations(db, mine), ownershipUsers(db, mine)]);
  const rows =
    mine.length === 0
      ? []
      : await db
          .select({ id: tasks.id, org: tasks.organizationId, doc: tasks.doc, created: tasks.created })
          .from(tasks)
          .where(and(inArray(tasks.organizationId, [...mine]), open, sql`jsonb_array_length(coalesce(${tasks.doc}->'assignees', '[]'::jsonb)) > 0`))
          .orderBy(desc(tasks.created), asc(tasks.id));
  const byName = new Map(people.map((u) => [u.username, u]));
  const spaces = new Map<string, UserWorkspace>();
  for (const r of rows) {
    const doc = r.doc as FwTask;
    for (const name of new Set(doc.assignees ?? [])) {
      const u = byName.get(name);
      // Only members of the task's organisation: that is where his workspace is.
      if (!u || !u.organizationIds.includes(r.org)) continue;
      const key = `${u.id}:${r.org}`;
      const w = spaces.get(key) ?? { userId: u.id, organizationId: r.org, tasks: [] };
      w.tasks.push({ id: r.id, title: doc.title ?? '', status: doc.status, created: r.created.toISOString() });
      spaces.set(key, w);
    }
  }
  return { organizations: orgs, users: people, workspaces: [...spaces.values()] };
}

/**
 * `to` takes `from`'s place on his open tasks of `organizationId` (all, or those of `taskIds`):
 * each changed task gets an "assignees" activity by the caller, as an assignment in the task
 * screen writes, and its revision moves on.
 */
export async function transferWorkspace(
  db: Db,
  organizationId: number,
  from: OwnershipUser,
  to: OwnershipUser,
  taskIds: readonly string[] | undefined,
  caller: string,
  now = new Date(),
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: tasks.id, doc: tasks.doc })
      .from(tasks)
      .where(
        and(
          eq(tasks.organizationId, organizationId),
          open,
          assignedTo(from.username),
          taskIds ? inArray(tasks.id, [...taskIds]) : undefined,
        ),
      )
      .orderBy(asc(tasks.id))
      .for('update');
    if (taskIds && new Set(taskIds).size !== rows.length) throw notFound(OWNERSHIP_MESSAGES.taskNotFound);
    for (const r of rows) {
      const doc = r.doc as FwTask;
      const assignees = [...new Set((doc.assignees ?? []).map((a) => (a === from.username ? to.username : a)))];
      const next: FwTask = {
        ...doc,
        assignees,
        activities: [...(doc.activities ?? []), { date: now.toISOString(), user: caller, type: 'assignees', assignees }],
      };
      await tx
        .update(tasks)
        .set({ doc: next, revision: sql`${tasks.revision} + 1` })
        .where(eq(tasks.id, r.id));
    }
    return rows.map((r) => r.id);
  });
}
