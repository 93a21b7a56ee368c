/**
 * The embedded onboarding's own sign-in (issue 19 §2, contract/onboarding-embed.ts):
 * - POST   /api/v3/onboarding/embed/session   the product's password check (auth/credentials.ts),
 *   then a session bound to the partner origin whose token is answered in the body — no cookie,
 *   which a partner's page would not get back anyway. Only from a configured partner origin.
 * - DELETE /api/v3/onboarding/embed/session   ends the embed's session (its "sign out").
 * An account with two-factor authentication is told to continue on Fieldwatch: its second step,
 * and the trusted-device cookie of the sign-in throttle, belong to the product's own pages.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import { EMBED_ERROR_CODES, EMBED_MESSAGES, ENDPOINTS, type EmbedSession } from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { sessions, users } from '../../db/schema';
import { forbidden, HttpError } from '../../http/errors';
import { originHeader, PARTNER_REFUSED_CODE, PARTNER_REFUSED_MESSAGE } from '../../http/partner-cors';
import { route } from '../../http/route';
import { recordAudit } from '../audit/record';
import { auditSignIn, firstOrganization } from '../audit/signin';
import { checkPassword, refusedSignIn } from '../auth/credentials';
import { auth } from '../auth/guard';
import { initialSelection } from '../auth/org-choice';
import { createEmbedSession, deleteExpiredSessions } from '../auth/sessions';
import { isTwoFactorOn } from '../two-factor/service';
import { getProfile } from '../user/service';

export function embedSessionRoutes(app: FastifyInstance, { db, config }: ServerContext): void {
  const partners = new Set((config.partnerOrigins ?? []).map((o) => o.toLowerCase()));

  route(app, ENDPOINTS.embedSignIn, async (request, reply: FastifyReply) => {
    const origin = originHeader(request);
    // The token would be bound to this origin: only a partner's page may ask for one.
    if (!partners.has(origin)) throw new HttpError(403, PARTNER_REFUSED_MESSAGE, PARTNER_REFUSED_CODE);
    try {
      const { user } = await checkPassword(db, request, request.body.username, request.body.password);
      if (await isTwoFactorOn(db, user.id))
        throw new HttpError(403, EMBED_MESSAGES.twoFactor, EMBED_ERROR_CODES.twoFactor);
      await deleteExpiredSessions(db, user.id);
      const now = new Date();
      const { token, expiresAt } = await createEmbedSession(
        db,
        {
          userId: user.id,
          userAgent: request.headers['user-agent'] ?? '',
          ip: request.ip,
          selectedCustomers: await initialSelection(db, user.id),
          origin,
        },
        now,
      );
      await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
      await auditSignIn(db, request, user, 'embed');
      const answer: EmbedSession = {
        token,
        expiresAt: expiresAt.toISOString(),
        user: await getProfile(db, user.id),
      };
      return { data: answer };
    } catch (err) {
      return refusedSignIn(reply, err);
    }
  });

  route(app, ENDPOINTS.embedSignOut, async (request) => {
    const a = auth(request);
    // Only an embed session ends here: a product session has its own sign-out.
    if (a.apiToken || a.sessionId === '') throw forbidden(EMBED_MESSAGES.refused);
    const [row] = await db
      .select({ embedOrigin: sessions.embedOrigin })
      .from(sessions)
      .where(eq(sessions.id, a.sessionId));
    if (!row?.embedOrigin) throw forbidden(EMBED_MESSAGES.refused);
    await recordAudit(db, request, {
      action: 'auth.signout',
      organizationId: await firstOrganization(db, a.userId),
      actor: { id: a.userId },
      target: { type: 'session', id: a.publicId },
    });
    await db.delete(sessions).where(eq(sessions.id, a.sessionId));
    return { data: true as const };
  });
}
