/**
 * User management of the admin area (issue 18 §1): the list, invitation and direct creation,
 * edits, deactivation, deletion with the user's tasks reassigned or unassigned, password links
 * and sessions.
 *
 * Who may be managed: a user ALL of whose organisations the caller belongs to — the rule of
 * createRestoreToken (password-reset.ts): one shared organisation is not enough, else an
 * administrator of one organisation could take over an account that also works in others. Any
 * other user answers 404, as one that does not exist.
 *
 * A new user gets no usable password (NO_PASSWORD never verifies): the mailed link lets him choose
 * one (password_reset_tokens, as the user's own password link, but valid for INVITATION_TTL_DAYS).
 * The link's secret only ever goes into that mail.
 */
import { and, asc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  ACCOUNT_DEACTIVATED_CODE,
  ADMIN_USER_MESSAGES,
  DEFAULT_TIMEZONE,
  INVITATION_TTL_DAYS,
  LAST_SUPERUSER_CODE,
  maskPersonalNumber,
  normalizeUsername,
  parsePersonalNumber,
  PERSONAL_NUMBER_TAKEN_CODE,
  USER_TYPES,
  type FwTask,
  type ManagedUser,
  type ManagedUserDeleted,
  type ManagedUserStatus,
  type UpdateUserBody,
  type UserType,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import {
  organizations,
  passwordResetTokens,
  sessions,
  tasks,
  userAdminState,
  userIdentities,
  userOrganizations,
  users,
  userTotp,
} from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { userOrgIds } from '../auth/scope';
import { hashToken, newSecretToken } from '../auth/tokens';
import { mailErrorSummary, type Mailer } from '../mail/mailer';
import { isUniqueViolation } from '../user/username';
import { newUserDefaults } from '../organizations/policy';
import { invitationMail } from './users-mail';
import { IDENTITY_KINDS } from '../oidc/identities';
import { sessionCache } from '../auth/session-cache';

/** Stored as the password hash of a user who has not chosen one: no argon2 string, never verifies. */
export const NO_PASSWORD = '!invited';
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 3600_000;

export const lastSuperUser = (org: string) =>
  new HttpError(409, ADMIN_USER_MESSAGES.lastSuperUser(org), LAST_SUPERUSER_CODE);
const usernameTaken = () => new HttpError(409, ADMIN_USER_MESSAGES.usernameTaken, 'username_taken');
const mailFailed = () =>
  new HttpError(
    503,
    'The e-mail with the link could not be sent, so nothing was saved. Check the address and try again in a few minutes.',
    'mail_failed',
  );
const notYourOrganization = () => notFound(ADMIN_USER_MESSAGES.notYourOrganization);

/** Whether the user is deactivated (the login refuses him). */
export async function isDeactivated(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ at: userAdminState.deactivatedAt })
    .from(userAdminState)
    .where(eq(userAdminState.userId, userId))
    .limit(1);
  return Boolean(row?.at);
}

export const deactivatedError = () => new HttpError(403, ADMIN_USER_MESSAGES.deactivated, ACCOUNT_DEACTIVATED_CODE);

const statusOf = (passwordHash: string, deactivatedAt: Date | null): ManagedUserStatus =>
  deactivatedAt ? 'deactivated' : passwordHash === NO_PASSWORD ? 'invited' : 'active';

/**
 * The users who share an organisation with the caller (only the shared organisations are listed),
 * or just `onlyIds`. `manageable`: all of the user's organisations are the caller's.
 */
export async function listManagedUsers(db: Db, mine: readonly number[], onlyIds?: readonly number[]): Promise<ManagedUser[]> {
  if (mine.length === 0 || onlyIds?.length === 0) return [];
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      title: users.title,
      email: users.email,
      phone: users.phone,
      userType: users.userType,
      passwordHash: users.passwordHash,
      lastLoginAt: users.lastLoginAt,
      invitedAt: userAdminState.invitedAt,
      deactivatedAt: userAdminState.deactivatedAt,
      orgId: organizations.id,
      orgName: organizations.name,
    })
    .from(userOrganizations)
    .innerJoin(users, eq(users.id, userOrganizations.userId))
    .innerJoin(organizations, eq(organizations.id, userOrganizations.organizationId))
    .leftJoin(userAdminState, eq(userAdminState.userId, users.id))
    .where(
      and(
        inArray(userOrganizations.organizationId, [...mine]),
        onlyIds ? inArray(users.id, [...onlyIds]) : undefined,
      ),
    )
    .orderBy(asc(users.username), asc(organizations.id));

  const byId = new Map<number, ManagedUser>();
  for (const r of rows) {
    let u = byId.get(r.id);
    if (!u) {
      u = {
        id: r.id,
        username: r.username,
        name: r.name,
        title: r.title,
        email: r.email,
        phone: r.phone,
        userType: r.userType as UserType,
        organizations: [],
        lastLogin: r.lastLoginAt ? r.lastLoginAt.toISOString() : null,
        status: statusOf(r.passwordHash, r.deactivatedAt),
        invitedAt: r.invitedAt ? r.invitedAt.toISOString() : null,
        deactivatedAt: r.deactivatedAt ? r.deactivatedAt.toISOString() : null,
        manageable: false,
        personalNumber: null,
        twoFactor: false,
      };
      byId.set(r.id, u);
    }
    u.organizations.push({ id: r.orgId, name: r.orgName });
  }
  if (byId.size > 0) {
    // Manageable: no organisation of his outside the caller's.
    const outside = await db
      .selectDistinct({ userId: userOrganizations.userId })
      .from(userOrganizations)
      .where(
        and(
          inArray(userOrganizations.userId, [...byId.keys()]),
          sql`${userOrganizations.organizationId} NOT IN (${sql.join(
            mine.map((o) => sql`${o}`),
            sql`, `,
          )})`,
        ),
      );
    const blocked = new Set(outside.map((r) => r.userId));
    for (const u of byId.values()) u.manageable = !blocked.has(u.id);
    const numbers = await db
      .select({ userId: userIdentities.userId, value: userIdentities.value })
      .from(userIdentities)
      .where(and(inArray(userIdentities.userId, [...byId.keys()]), eq(userIdentities.kind, IDENTITY_KINDS.personalNumber)));
    for (const n of numbers) byId.get(n.userId)!.personalNumber = maskPersonalNumber(n.value);
    // Two-factor authentication on (never its secret): an administrator may turn it off (lost phone).
    const totp = await db
      .select({ userId: userTotp.userId })
      .from(userTotp)
      .where(and(inArray(userTotp.userId, [...byId.keys()]), isNotNull(userTotp.enabledAt)));
    for (const r of totp) byId.get(r.userId)!.twoFactor = true;
  }
  return [...byId.values()];
}

/** The user `id` as the caller may manage him, else 404 (unknown, or in an organisation not his). */
export async function managedUser(db: Db, mine: readonly number[], id: number): Promise<ManagedUser> {
  const [u] = await listManagedUsers(db, mine, [id]);
  if (!u || !u.manageable) throw notFound();
  return u;
}

/** Refuses organisation ids the caller does not belong to (as if they did not exist: 404). */
function checkOrgs(mine: readonly number[], ids: readonly number[]): void {
  if (!ids.every((o) => mine.includes(o))) throw notYourOrganization();
}

/**
 * Refuses a change that would leave one of `orgIds` without an active SuperUser other than
 * `userId`: the change takes `userId` out of those organisations' SuperUsers.
 */
async function keepSuperUsers(db: Db, userId: number, orgIds: readonly number[]): Promise<void> {
  for (const org of orgIds) {
    const [other] = await db
      .select({ id: users.id })
      .from(userOrganizations)
      .innerJoin(users, eq(users.id, userOrganizations.userId))
      .leftJoin(userAdminState, eq(userAdminState.userId, users.id))
      .where(
        and(
          eq(userOrganizations.organizationId, org),
          ne(users.id, userId),
          eq(users.userType, USER_TYPES.SuperUser),
          ne(users.passwordHash, NO_PASSWORD),
          isNull(userAdminState.deactivatedAt),
        ),
      )
      .limit(1);
    if (!other) {
      const [o] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, org));
      throw lastSuperUser(o?.name ?? String(org));
    }
  }
}

/** An active SuperUser's organisations that `change` would take him out of as SuperUser. */
function superUserOrgsLost(u: ManagedUser, change: { userType?: number; organizationIds?: readonly number[] }): number[] {
  if (u.userType !== USER_TYPES.SuperUser || u.status !== 'active') return [];
  const current = u.organizations.map((o) => o.id);
  if (change.userType !== undefined && change.userType !== USER_TYPES.SuperUser) return current;
  if (change.organizationIds) return current.filter((o) => !change.organizationIds!.includes(o));
  return [];
}

/** The link page with ?token= (and ?invite=1 for an invitation: the page words it so). */
export function linkWithToken(base: URL, token: string, invite: boolean): string {
  const link = new URL(base);
  if (invite) link.searchParams.set('invite', '1');
  link.searchParams.set('token', token);
  return link.toString();
}

export interface NewUser {
  username: string;
  name: string;
  email: string;
  userType: number;
  organizationIds: number[];
}

/** Who invites: his name for the mail and his language as the new user's. */
interface Inviter {
  id: number;
  name: string;
  language: string;
}

async function inviterOf(db: Db, id: number): Promise<Inviter> {
  const [u] = await db
    .select({ id: users.id, name: users.name, username: users.username, language: users.language })
    .from(users)
    .where(eq(users.id, id));
  return { id, name: u?.name || u?.username || '', language: u?.language ?? 'en' };
}

/** Stores a fresh invitation token of the user (replacing any link he had) and mails it. */
async function mailInvitation(
  db: Db,
  mail: Mailer,
  user: { id: number; username: string; name: string; email: string; language: string },
  inviterName: string,
  orgNames: string[],
  base: URL,
  now: Date,
): Promise<void> {
  const token = newSecretToken();
  const tokenHash = hashToken(token);
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  await db
    .insert(passwordResetTokens)
    .values({ userId: user.id, tokenHash, expiresAt, createdAt: now })
    .onConflictDoUpdate({ target: passwordResetTokens.userId, set: { tokenHash, expiresAt, createdAt: now } });
  const message = invitationMail(user.language, {
    name: user.name || user.username,
    username: user.username,
    inviter: inviterName,
    organizations: orgNames.join(', '),
    link: linkWithToken(base, token, true),
    days: INVITATION_TTL_DAYS,
  });
  try {
    await mail.send({ to: user.email, ...message });
  } catch (err) {
    await db
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, user.id), eq(passwordResetTokens.tokenHash, tokenHash)));
    throw err;
  }
}

/**
 * Creates the user (no usable password) in the given organisations and mails him the invitation.
 * A mail that cannot be sent undoes the creation (503): an account nobody can open helps no one.
 */
export async function createInvitedUser(
  db: Db,
  mail: Mailer,
  callerId: number,
  mine: readonly number[],
  input: NewUser,
  base: URL,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<ManagedUser> {
  checkOrgs(mine, input.organizationIds);
  const username = normalizeUsername(input.username);
  if (!username) throw badRequest('Username should not be blank');
  const inviter = await inviterOf(db, callerId);
  // The organisation's defaults for new users (admin General); without any, the inviter's language.
  const defaults = await newUserDefaults(db, Math.min(...input.organizationIds), { language: inviter.language, timezone: DEFAULT_TIMEZONE });
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          username,
          passwordHash: NO_PASSWORD,
          name: input.name.trim(),
          email: input.email.trim(),
          userType: input.userType,
          language: defaults.language,
          timezone: defaults.timezone,
          createdAt: now,
        })
        .returning({ id: users.id });
      await tx.insert(userOrganizations).values(input.organizationIds.map((organizationId) => ({ userId: row!.id, organizationId })));
      await tx.insert(userAdminState).values({ userId: row!.id, invitedAt: now, invitedBy: callerId });
      return row!.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw usernameTaken();
    throw err;
  }
  const created = await managedUser(db, mine, id);
  try {
    await mailInvitation(
      db,
      mail,
      { id, username, name: created.name, email: created.email, language: defaults.language },
      inviter.name,
      created.organizations.map((o) => o.name),
      base,
      now,
    );
  } catch (err) {
    log.warn({ userId: id, err: mailErrorSummary(err) }, 'invitation could not be sent; the user is removed again');
    await db.delete(users).where(eq(users.id, id));
    throw mailFailed();
  }
  return created;
}

/** Mails an invited user (no password yet) his invitation again, with a new link. */
export async function resendInvitation(
  db: Db,
  mail: Mailer,
  callerId: number,
  u: ManagedUser,
  base: URL,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<void> {
  if (!u.email) throw badRequest(ADMIN_USER_MESSAGES.noEmail);
  const inviter = await inviterOf(db, callerId);
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, u.id));
  try {
    await mailInvitation(
      db,
      mail,
      { id: u.id, username: u.username, name: u.name, email: u.email, language: row?.language ?? 'en' },
      inviter.name,
      u.organizations.map((o) => o.name),
      base,
      now,
    );
  } catch (err) {
    log.warn({ userId: u.id, err: mailErrorSummary(err) }, 'invitation could not be sent again');
    throw new HttpError(503, 'The e-mail with the link could not be sent; try again in a few minutes', 'mail_failed');
  }
}

/** The fields of the audit's before/after. */
export const AUDITED_FIELDS = ['name', 'title', 'email', 'phone', 'userType', 'organizationIds', 'personalNumber'] as const;
/** Recorded as "changed", never the value (even masked). */
export const AUDITED_SECRET_FIELDS = ['personalNumber'] as const;
export type AuditedUser = Record<(typeof AUDITED_FIELDS)[number], unknown>;
export const auditedOf = (u: ManagedUser): AuditedUser => ({
  name: u.name,
  title: u.title,
  email: u.email,
  phone: u.phone,
  userType: u.userType,
  organizationIds: u.organizations.map((o) => o.id).sort((a, b) => a - b),
  personalNumber: u.personalNumber,
});

/** PUT /admin/users/:id. Organisations are replaced by the given list (all of them the caller's). */
export async function updateManagedUser(
  db: Db,
  mine: readonly number[],
  u: ManagedUser,
  body: UpdateUserBody,
): Promise<ManagedUser> {
  if (body.organizationIds) checkOrgs(mine, body.organizationIds);
  await keepSuperUsers(db, u.id, superUserOrgsLost(u, body));
  const set: Partial<typeof users.$inferInsert> = {};
  if (body.name !== undefined) set.name = body.name.trim();
  if (body.title !== undefined) set.title = body.title.trim();
  if (body.email !== undefined) set.email = body.email.trim();
  if (body.phone !== undefined) set.phone = body.phone.trim();
  if (body.userType !== undefined) set.userType = body.userType;
  let personalNumber: string | null | undefined;
  // null unlinks. The validator coerces types, so a null may arrive as '' (the first branch of
  // string | null): both mean "no number".
  if (typeof body.personalNumber === 'string' && body.personalNumber.trim() !== '') {
    const parsed = parsePersonalNumber(body.personalNumber);
    if (!('value' in parsed)) throw badRequest(ADMIN_USER_MESSAGES.personalNumber);
    personalNumber = parsed.value;
    const [other] = await db
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(and(eq(userIdentities.kind, IDENTITY_KINDS.personalNumber), eq(userIdentities.value, personalNumber)))
      .limit(1);
    if (other && other.userId !== u.id) throw new HttpError(409, ADMIN_USER_MESSAGES.personalNumberTaken, PERSONAL_NUMBER_TAKEN_CODE);
  } else if (body.personalNumber !== undefined) personalNumber = null;
  await db.transaction(async (tx) => {
    if (personalNumber !== undefined) {
      // One number per user; the unique (kind, value) index keeps one user per number.
      await tx
        .delete(userIdentities)
        .where(and(eq(userIdentities.userId, u.id), eq(userIdentities.kind, IDENTITY_KINDS.personalNumber)));
      if (personalNumber) await tx.insert(userIdentities).values({ userId: u.id, kind: IDENTITY_KINDS.personalNumber, value: personalNumber });
    }
    if (Object.keys(set).length > 0) await tx.update(users).set(set).where(eq(users.id, u.id));
    if (body.organizationIds) {
      const wanted = [...new Set(body.organizationIds)];
      await tx.delete(userOrganizations).where(eq(userOrganizations.userId, u.id));
      await tx.insert(userOrganizations).values(wanted.map((organizationId) => ({ userId: u.id, organizationId })));
    }
  });
  // His sessions carry his user type: looked up afresh from now on.
  sessionCache(db).forgetUsers([u.id]);
  return managedUser(db, mine, u.id);
}

/** Deactivates (true) or reactivates (false) the user; a deactivation ends all his sessions. */
export async function setDeactivated(
  db: Db,
  mine: readonly number[],
  u: ManagedUser,
  callerId: number,
  deactivate: boolean,
  now = new Date(),
): Promise<{ user: ManagedUser; sessionsEnded: number }> {
  let ended = 0;
  if (deactivate) {
    if (u.id === callerId) throw badRequest(ADMIN_USER_MESSAGES.selfDeactivate);
    await keepSuperUsers(db, u.id, superUserOrgsLost(u, { userType: USER_TYPES.User }));
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(userAdminState)
      .values({ userId: u.id, deactivatedAt: deactivate ? now : null })
      .onConflictDoUpdate({ target: userAdminState.userId, set: { deactivatedAt: deactivate ? now : null } });
    if (deactivate) {
      const gone = await tx.delete(sessions).where(eq(sessions.userId, u.id)).returning({ id: sessions.publicId });
      ended = gone.length;
    }
  });
  sessionCache(db).forgetUsers([u.id]);
  return { user: await managedUser(db, mine, u.id), sessionsEnded: ended };
}

/**
 * Deletes the user. His tasks (those that list him as an assignee) either go to `reassignTo` — an
 * active user who is a member of each of those tasks' organisations — or are left without him.
 * Each changed task gets an "assignees" activity by the caller, as an assignment in the task
 * screen writes.
 */
export async function deleteManagedUser(
  db: Db,
  mine: readonly number[],
  u: ManagedUser,
  caller: { id: number; username: string },
  reassignTo: number | null,
  now = new Date(),
): Promise<ManagedUserDeleted & { changedTasks: Array<{ organizationId: number; id: string }>; reassignedTo: string | null }> {
  if (u.id === caller.id) throw badRequest(ADMIN_USER_MESSAGES.selfDelete);
  await keepSuperUsers(db, u.id, superUserOrgsLost(u, { userType: USER_TYPES.User }));
  const orgIds = u.organizations.map((o) => o.id);
  const assigned = sql`(${tasks.doc}->'assignees') @> ${JSON.stringify([u.username])}::jsonb`;

  let heir: { username: string; orgs: number[] } | null = null;
  if (reassignTo !== null) {
    if (reassignTo === u.id) throw badRequest(ADMIN_USER_MESSAGES.reassignTarget);
    const [target] = await listManagedUsers(db, mine, [reassignTo]);
    if (!target || target.status === 'deactivated') throw badRequest(ADMIN_USER_MESSAGES.reassignTarget);
    heir = { username: target.username, orgs: await userOrgIds(db, target.id) };
    const taskOrgs = await db
      .selectDistinct({ org: tasks.organizationId })
      .from(tasks)
      .where(and(inArray(tasks.organizationId, orgIds), assigned));
    if (!taskOrgs.every((t) => heir!.orgs.includes(t.org))) throw badRequest(ADMIN_USER_MESSAGES.reassignTarget);
  }

  const changed: Array<{ organizationId: number; id: string }> = [];
  let reassigned = 0;
  let unassigned = 0;
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: tasks.id, doc: tasks.doc, organizationId: tasks.organizationId })
      .from(tasks)
      .where(and(inArray(tasks.organizationId, orgIds), assigned))
      .for('update');
    for (const r of rows) {
      const doc = r.doc as FwTask;
      const others = (doc.assignees ?? []).filter((a) => a !== u.username);
      const assignees = heir && !others.includes(heir.username) ? [...others, heir.username] : others;
      const next: FwTask = {
        ...doc,
        assignees,
        activities: [
          ...(doc.activities ?? []),
          { date: now.toISOString(), user: caller.username, type: 'assignees', assignees },
        ],
      };
      await tx
        .update(tasks)
        .set({ doc: next, revision: sql`${tasks.revision} + 1` })
        .where(eq(tasks.id, r.id));
      changed.push({ organizationId: r.organizationId, id: r.id });
      if (heir) reassigned += 1;
      else unassigned += 1;
    }
    await tx.delete(users).where(eq(users.id, u.id));
  });
  return {
    id: u.id,
    tasksReassigned: reassigned,
    tasksUnassigned: unassigned,
    changedTasks: changed,
    reassignedTo: heir?.username ?? null,
  };
}

/** Ends every session of the user; answers how many there were. */
export async function endAllSessions(db: Db, userId: number): Promise<number> {
  const gone = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.publicId });
  sessionCache(db).forgetUsers([userId]);
  return gone.length;
}

/** The organisation an audit entry of the user belongs to: his first one (by id). */
export const auditOrg = (u: ManagedUser): number | null =>
  u.organizations.map((o) => o.id).sort((a, b) => a - b)[0] ?? null;

export { userOrgIds };
