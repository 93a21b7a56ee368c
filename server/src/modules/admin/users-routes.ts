/**
 * The routes of user management (/api/v3/admin/users…), registered inside the admin plugin (whose
 * hook lets SuperUsers only through). Every write is recorded in the audit log, under the
 * organisation of the affected user.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { ENDPOINTS } from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { users } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { route } from '../../http/route';
import { changedFields, recordAudit } from '../audit/record';
import { auth } from '../auth/guard';
import { listSessions } from '../auth/sessions';
import { publishNew } from '../push/hub';
import { createRestoreToken, linkBase } from '../user/password-reset';
import {
  AUDITED_FIELDS,
  AUDITED_SECRET_FIELDS,
  auditedOf,
  auditOrg,
  createInvitedUser,
  deleteManagedUser,
  endAllSessions,
  listManagedUsers,
  managedUser,
  resendInvitation,
  setDeactivated,
  updateManagedUser,
  userOrgIds,
} from './users';

/** The request's own origin (honours X-Forwarded-* only with TRUST_PROXY), as the password links use. */
function requestOrigin(request: FastifyRequest): string {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    throw badRequest('Bad Host header');
  }
}

const target = (u: { id: number; username: string }) => ({ type: 'user', id: u.id, name: u.username });

export function registerUserRoutes(app: FastifyInstance, { db, mail }: ServerContext): void {
  const mine = (request: FastifyRequest) => userOrgIds(db, auth(request).userId);

  route(app, ENDPOINTS.adminUsers, async (request) => ({
    data: await listManagedUsers(db, await mine(request)),
  }));

  route(app, ENDPOINTS.inviteUser, async (request) => {
    const b = request.body;
    const base = linkBase(b.baseUrl, requestOrigin(request));
    const user = await createInvitedUser(
      db,
      mail,
      auth(request).userId,
      await mine(request),
      { username: b.username ?? b.email, name: b.name, email: b.email, userType: b.userType, organizationIds: b.organizationIds },
      base,
      request.log,
    );
    await recordAudit(db, request, {
      action: 'user.invite',
      organizationId: auditOrg(user),
      target: target(user),
      details: { email: user.email, userType: user.userType, organizationIds: b.organizationIds },
    });
    return { data: user };
  });

  route(app, ENDPOINTS.createUser, async (request) => {
    const b = request.body;
    const base = linkBase(b.baseUrl, requestOrigin(request));
    const user = await createInvitedUser(db, mail, auth(request).userId, await mine(request), b, base, request.log);
    await recordAudit(db, request, {
      action: 'user.create',
      organizationId: auditOrg(user),
      target: target(user),
      details: { email: user.email, userType: user.userType, organizationIds: b.organizationIds },
    });
    return { data: user };
  });

  route(app, ENDPOINTS.updateUser, async (request) => {
    const orgs = await mine(request);
    const before = await managedUser(db, orgs, request.params.id);
    const after = await updateManagedUser(db, orgs, before, request.body);
    const changes = changedFields(auditedOf(before), auditedOf(after), AUDITED_FIELDS, AUDITED_SECRET_FIELDS);
    if (Object.keys(changes).length > 0)
      await recordAudit(db, request, {
        action: 'user.update',
        organizationId: auditOrg(after),
        target: target(after),
        details: { changedFields: changes },
      });
    return { data: after };
  });

  for (const [endpoint, deactivate] of [
    [ENDPOINTS.deactivateUser, true],
    [ENDPOINTS.reactivateUser, false],
  ] as const) {
    route(app, endpoint, async (request) => {
      const orgs = await mine(request);
      const before = await managedUser(db, orgs, request.params.id);
      const { user, sessionsEnded } = await setDeactivated(db, orgs, before, auth(request).userId, deactivate);
      if (before.status === 'deactivated' !== deactivate)
        await recordAudit(db, request, {
          action: deactivate ? 'user.deactivate' : 'user.reactivate',
          organizationId: auditOrg(user),
          target: target(user),
          details: deactivate ? { sessionsEnded } : {},
        });
      return { data: user };
    });
  }

  route(app, ENDPOINTS.deleteUser, async (request) => {
    const a = auth(request);
    const orgs = await mine(request);
    const u = await managedUser(db, orgs, request.params.id);
    const { tasks, reassignTo } = request.query;
    if (tasks === 'reassign' && reassignTo === undefined) throw badRequest('Choose the user who takes over the tasks, or leave them unassigned');
    const [me] = await db.select({ username: users.username }).from(users).where(eq(users.id, a.userId));
    const result = await deleteManagedUser(
      db,
      orgs,
      u,
      { id: a.userId, username: me?.username ?? '' },
      tasks === 'reassign' ? reassignTo! : null,
    );
    await recordAudit(db, request, {
      action: 'user.delete',
      organizationId: auditOrg(u),
      target: target(u),
      details: {
        email: u.email,
        userType: u.userType,
        organizationIds: u.organizations.map((o) => o.id),
        tasks,
        reassignedTo: result.reassignedTo,
        tasksReassigned: result.tasksReassigned,
        tasksUnassigned: result.tasksUnassigned,
      },
    });
    if (result.changedTasks.length > 0) await publishNew(db, { tasks: result.changedTasks });
    return {
      data: { id: result.id, tasksReassigned: result.tasksReassigned, tasksUnassigned: result.tasksUnassigned },
    };
  });

  route(app, ENDPOINTS.userResetLink, async (request) => {
    const a = auth(request);
    const u = await managedUser(db, await mine(request), request.params.id);
    let answer;
    if (u.status === 'invited') {
      await resendInvitation(db, mail, a.userId, u, linkBase(request.body.baseUrl, requestOrigin(request)), request.log);
      answer = { message: 'The invitation was sent again by e-mail' };
    } else {
      answer = await createRestoreToken(db, mail, a, u.id, request.body.baseUrl, requestOrigin(request), request.log);
    }
    await recordAudit(db, request, {
      action: 'user.resetLink',
      organizationId: auditOrg(u),
      target: target(u),
      details: { kind: u.status === 'invited' ? 'invitation' : 'reset' },
    });
    return { data: answer };
  });

  route(app, ENDPOINTS.userSessions, async (request) => {
    const u = await managedUser(db, await mine(request), request.params.id);
    return { data: { lastLogin: u.lastLogin, sessions: await listSessions(db, u.id, '') } };
  });

  route(app, ENDPOINTS.endUserSessions, async (request) => {
    const u = await managedUser(db, await mine(request), request.params.id);
    const ended = await endAllSessions(db, u.id);
    await recordAudit(db, request, {
      action: 'user.sessionsEnded',
      organizationId: auditOrg(u),
      target: target(u),
      details: { ended },
    });
    return { data: { ended } };
  });
}
