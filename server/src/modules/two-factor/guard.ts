/**
 * An organisation that requires two-factor authentication of its SuperUsers (admin Security) lets
 * such a SuperUser sign in without it — he could not turn it on otherwise — but refuses his
 * administration writes (any /api/v3/admin/… request that is not a read) with 403
 * two_factor_setup_required until he has turned it on; reads stay open. The shell sends him to
 * /profile/two-factor meanwhile (SessionResponse.twoFactorSetupRequired).
 *
 * A hook on the root instance, installed right after the session guard (it reads request.auth).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TWO_FACTOR_ERROR_CODES, TWO_FACTOR_MESSAGES, USER_TYPES } from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { HttpError } from '../../http/errors';
import { twoFactorSetupRequired } from './service';

const ADMIN_PREFIX = '/api/v3/admin/';
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** An administration write (by the route it matched, not the raw URL): the only requests held back. */
export function isAdminWrite(request: FastifyRequest): boolean {
  return !READS.has(request.method) && (request.routeOptions.url ?? '').startsWith(ADMIN_PREFIX);
}

export function installTwoFactorGuard(app: FastifyInstance, { db }: ServerContext): void {
  app.addHook('onRequest', async (request) => {
    const a = request.auth;
    // Only SuperUsers' sessions can administer (API tokens are Readers): nobody else pays a query.
    if (!a || a.apiToken || a.userType !== USER_TYPES.SuperUser || !isAdminWrite(request)) return;
    if (await twoFactorSetupRequired(db, a.userId)) {
      throw new HttpError(403, TWO_FACTOR_MESSAGES.setupRequired, TWO_FACTOR_ERROR_CODES.setupRequired);
    }
  });
}
