/**
 * Organisation administration (issue 18 §1 General, Customization, Accounts, Security) and the
 * branding the shell shows. Admin routes: SuperUsers, on the organisations they belong to only
 * (another organisation answers 404). Every write is in the audit log.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ENDPOINTS, ORGANIZATION_GENERAL_FIELDS, TWO_FACTOR_MESSAGES } from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { badRequest } from '../../http/errors';
import { route } from '../../http/route';
import { changedFields, recordAudit } from '../audit/record';
import { auth } from '../auth/guard';
import { requireAdmin } from '../auth/permissions';
import { userOrgIds } from '../auth/scope';
import { isTwoFactorOn } from '../two-factor/service';
import {
  assertMine,
  brandingBySlug,
  brandingForUser,
  createOrganization,
  getSettings,
  listOrganizations,
  members,
  moveUsers,
  updateCustomization,
  updateGeneral,
  updateRights,
  updateSecurity,
} from './service';


export default async function organizationsPlugin(app: FastifyInstance, { db, config }: ServerContext): Promise<void> {
  /** The SuperUser's organisations; 403 for anyone else. */
  async function adminScope(request: FastifyRequest): Promise<number[]> {
    const a = auth(request);
    requireAdmin(a);
    return userOrgIds(db, a.userId);
  }
  async function adminOf(request: FastifyRequest, id: number): Promise<number[]> {
    const mine = await adminScope(request);
    assertMine(mine, id);
    return mine;
  }

  route(app, ENDPOINTS.adminOrganizations, async (request) => {
    return { data: await listOrganizations(db, await adminScope(request)) };
  });

  route(app, ENDPOINTS.adminOrganization, async (request) => {
    await adminOf(request, request.params.id);
    return { data: await getSettings(db, request.params.id) };
  });

  route(app, ENDPOINTS.updateOrganizationGeneral, async (request) => {
    const { id } = request.params;
    await adminOf(request, id);
    const { before, after } = await updateGeneral(db, id, request.body);
    await recordAudit(db, request, {
      action: 'organization.update',
      organizationId: id,
      target: { type: 'organization', id, name: after.name },
      details: { changedFields: changedFields({ ...before }, { ...after }, ORGANIZATION_GENERAL_FIELDS) },
    });
    return { data: after };
  });

  route(app, ENDPOINTS.updateOrganizationCustomization, async (request) => {
    const { id } = request.params;
    await adminOf(request, id);
    const { before, after } = await updateCustomization(db, id, request.body);
    const changes = changedFields({ ...before }, { ...after }, ['accent', 'slug']);
    if (before.logo !== after.logo) changes.logo = after.logo ? 'changed' : { from: 'a logo', to: null };
    await recordAudit(db, request, {
      action: 'organization.customize',
      organizationId: id,
      target: { type: 'organization', id, name: after.name },
      details: { changedFields: changes },
    });
    return { data: after };
  });

  route(app, ENDPOINTS.updateOrganizationSecurity, async (request) => {
    const { id } = request.params;
    await adminOf(request, id);
    if (!request.body.signInMethods.includes('password') && !config.oidc?.issuer) {
      throw badRequest(
        'BankID is not set up on this server, so password sign-in must stay allowed (otherwise nobody could sign in).',
      );
    }
    // Requiring two-factor authentication of SuperUsers: the one who turns it on has it himself, so
    // the requirement cannot shut him out of administration (its guard: two-factor/guard.ts).
    if (request.body.requireTwoFactorSuperUsers && !(await isTwoFactorOn(db, auth(request).userId))) {
      throw badRequest(TWO_FACTOR_MESSAGES.enableYourselfFirst);
    }
    const { before, after } = await updateSecurity(db, id, request.body);
    await recordAudit(db, request, {
      action: 'organization.security',
      organizationId: id,
      target: { type: 'organization', id, name: after.name },
      details: {
        changedFields: changedFields({ ...before }, { ...after }, [
          'passwordPolicy',
          'sessionLifetimeHours',
          'signInMethods',
          'requireTwoFactorSuperUsers',
        ]),
      },
    });
    return { data: after };
  });

  route(app, ENDPOINTS.createOrganization, async (request) => {
    const mine = await adminScope(request);
    const created = await createOrganization(db, auth(request).userId, mine, request.body);
    await recordAudit(db, request, {
      action: 'organization.create',
      organizationId: created.id,
      target: { type: 'organization', id: created.id, name: created.name },
      details: { parentId: request.body.parentId, rights: created.rights },
    });
    return { data: created };
  });

  route(app, ENDPOINTS.updateOrganizationRights, async (request) => {
    const { id } = request.params;
    const mine = await adminOf(request, id);
    const { before, after } = await updateRights(db, id, mine, request.body.rights);
    await recordAudit(db, request, {
      action: 'organization.update',
      organizationId: id,
      target: { type: 'organization', id, name: after.name },
      details: { changedFields: changedFields({ rights: before }, { rights: after.rights }, ['rights']) },
    });
    return { data: after };
  });

  route(app, ENDPOINTS.organizationMembers, async (request) => {
    await adminOf(request, request.params.id);
    return { data: await members(db, request.params.id) };
  });

  route(app, ENDPOINTS.moveOrganizationUsers, async (request) => {
    const { id } = request.params;
    const mine = await adminOf(request, id);
    assertMine(mine, request.body.fromId);
    const moved = await moveUsers(db, id, request.body.fromId, request.body.userIds);
    const to = await getSettings(db, id);
    await recordAudit(db, request, {
      action: 'organization.users',
      organizationId: id,
      target: { type: 'organization', id, name: to.name },
      details: { moved: moved.map((u) => u.username), fromId: request.body.fromId, toId: id },
    });
    return { data: await members(db, id) };
  });

  route(app, ENDPOINTS.branding, async (request) => {
    const a = auth(request);
    return { data: await brandingForUser(db, await userOrgIds(db, a.userId), a.selectedCustomers) };
  });

  route(app, ENDPOINTS.brandingBySlug, async (request) => {
    return { data: await brandingBySlug(db, request.params.slug) };
  });
}
