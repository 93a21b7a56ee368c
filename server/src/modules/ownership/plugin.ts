/**
 * /api/v3/admin/ownership: dashboard and workspace ownership (issue 18 §1), for SuperUsers, on the
 * organisations they belong to. Every write is in the audit log (dashboard.transfer,
 * dashboard.share, workspace.transfer).
 */
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { route } from '../../http/route';
import { recordAudit } from '../audit/record';
import { auth } from '../auth/guard';
import { requireAdmin } from '../auth/permissions';
import { userOrgIds } from '../auth/scope';
import { usernameOf } from '../events/service';
import { publishNew } from '../push/hub';
import {
  dashboardOwnership,
  shareDashboard,
  transferDashboards,
  transferParties,
  transferWorkspace,
  workspaceOwnership,
} from './service';

export default async function ownershipPlugin(app: FastifyInstance, { db }: ServerContext): Promise<void> {
  /** The caller's organisations, once he is known to be a SuperUser. */
  const adminScope = async (userId: number) => userOrgIds(db, userId);

  route(app, ENDPOINTS.dashboardOwnership, async (request) => {
    const a = auth(request);
    requireAdmin(a);
    return { data: await dashboardOwnership(db, await adminScope(a.userId)) };
  });

  route(app, ENDPOINTS.transferDashboards, async (request) => {
    const a = auth(request);
    requireAdmin(a);
    const mine = await adminScope(a.userId);
    const b = request.body;
    const { from, to } = await transferParties(db, mine, b);
    const moved = await transferDashboards(db, from, to, b.dashboardIds);
    if (moved.length > 0)
      await recordAudit(db, request, {
        action: 'dashboard.transfer',
        organizationId: b.organizationId,
        target: { type: 'user', id: from.id, name: from.username },
        details: { to: { id: to.id, username: to.username }, dashboards: moved },
      });
    return { data: { dashboardIds: moved.map((d) => d.id) } };
  });

  route(app, ENDPOINTS.shareDashboard, async (request) => {
    const a = auth(request);
    requireAdmin(a);
    const mine = await adminScope(a.userId);
    const to = request.body.organizationId;
    const { dashboard, before, owner } = await shareDashboard(db, mine, a.userId, request.params.id, to);
    if (before !== to)
      await recordAudit(db, request, {
        action: 'dashboard.share',
        organizationId: to ?? before ?? owner.organizationIds[0] ?? null,
        target: { type: 'dashboard', id: dashboard.id, name: dashboard.name },
        details: { owner: owner.username, sharedWith: { from: before, to } },
      });
    return { data: dashboard };
  });

  route(app, ENDPOINTS.workspaceOwnership, async (request) => {
    const a = auth(request);
    requireAdmin(a);
    return { data: await workspaceOwnership(db, await adminScope(a.userId)) };
  });

  route(app, ENDPOINTS.transferWorkspace, async (request) => {
    const a = auth(request);
    requireAdmin(a);
    const mine = await adminScope(a.userId);
    const b = request.body;
    const { from, to } = await transferParties(db, mine, b);
    const caller = await usernameOf(db, a.userId);
    const moved = await transferWorkspace(db, b.organizationId, from, to, b.taskIds, caller);
    if (moved.length > 0) {
      await publishNew(db, { tasks: moved.map((id) => ({ organizationId: b.organizationId, id })) });
      await recordAudit(db, request, {
        action: 'workspace.transfer',
        organizationId: b.organizationId,
        target: { type: 'user', id: from.id, name: from.username },
        details: { to: { id: to.id, username: to.username }, tasks: moved.length, taskIds: moved.slice(0, 100) },
      });
    }
    return { data: { taskIds: moved } };
  });
}
