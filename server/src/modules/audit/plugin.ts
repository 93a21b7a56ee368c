/**
 * /api/v3/admin/audit (and .csv): the audit log for the admin area (SuperUsers: capability
 * `auditLog` of PERMISSIONS). What is listed: service.ts.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ENDPOINTS } from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { route } from '../../http/route';
import { auth } from '../auth/guard';
import { requireCapability } from '../auth/permissions';
import { userOrgIds } from '../auth/scope';
import { auditCsv, listAudit } from './service';

export default async function auditPlugin(app: FastifyInstance, { db }: ServerContext): Promise<void> {
  route(app, ENDPOINTS.auditLog, async (request) => {
    const a = auth(request);
    requireCapability(a, 'auditLog');
    return { data: await listAudit(db, a.userId, await userOrgIds(db, a.userId), request.query) };
  });

  route(app, ENDPOINTS.auditLogCsv, async (request, reply: FastifyReply) => {
    const a = auth(request);
    requireCapability(a, 'auditLog');
    const out = await auditCsv(db, a.userId, await userOrgIds(db, a.userId), request.query);
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="audit-log.csv"')
      .header('x-matched', String(out.matched))
      .header('x-truncated', String(out.truncated));
    return out.text;
  });
}
