/**
 * Registration's three public calls (registration.ts): register, verify (signs in), resend.
 * Registered by the user plugin.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ENDPOINTS,
  REGISTRATION_MESSAGES,
  REGISTRATION_THROTTLED_CODE,
  type RegistrationThrottledBody,
} from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { badRequest } from '../../http/errors';
import { route } from '../../http/route';
import { openSession } from '../auth/open-session';
import { deactivatedError, isDeactivated } from '../admin/users';
import { recordAudit } from '../audit/record';
import { auditSignIn } from '../audit/signin';
import {
  limitCalls,
  registerAccount,
  RegistrationThrottled,
  RESEND_LIMIT,
  resendVerification,
  verifyRegistration,
} from './registration';

/** The origin the mailed link points at: PUBLIC_ORIGIN when set, else the request's own. */
function linkOrigin(request: FastifyRequest, publicOrigins: readonly string[] | undefined): string {
  if (publicOrigins?.[0]) return publicOrigins[0];
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    throw badRequest('Bad Host header');
  }
}

/** The 429 of a throttled registration or resend: its wait in Retry-After and in the body. */
function sendThrottled(reply: FastifyReply, err: RegistrationThrottled): FastifyReply {
  const body: RegistrationThrottledBody = {
    message: err.message,
    code: REGISTRATION_THROTTLED_CODE,
    retryAfter: err.retryAfter,
  };
  return reply.code(429).header('retry-after', String(err.retryAfter)).send(body);
}

export default async function registrationRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db, mail, config } = ctx;

  route(app, ENDPOINTS.register, async (request, reply) => {
    try {
      const r = await registerAccount(db, mail, request.body, {
        ip: request.ip,
        origin: linkOrigin(request, config.publicOrigins),
        log: request.log,
      });
      await recordAudit(db, request, {
        action: 'auth.registered',
        organizationId: null,
        actor: { id: r.userId, name: r.username },
        target: { type: 'user', id: r.userId, name: r.username },
        details: {
          from: request.body.redirect?.startsWith('/onboarding') ? 'onboarding' : 'signIn',
          usernameFromEmail: r.derived,
          language: request.body.language ?? null,
        },
      });
      reply.code(201);
      return { data: { email: r.email, username: r.username } };
    } catch (err) {
      if (err instanceof RegistrationThrottled) return sendThrottled(reply, err);
      throw err;
    }
  });

  /** The link's one use: verified, and signed in (a new session in this browser). */
  route(app, ENDPOINTS.verifyEmail, async (request, reply) => {
    const v = await verifyRegistration(db, request.body.token);
    const user = { id: v.userId, username: v.username };
    await recordAudit(db, request, {
      action: 'auth.emailVerified',
      organizationId: null,
      actor: { id: user.id, name: user.username },
      target: { type: 'user', id: user.id, name: user.username },
    });
    if (await isDeactivated(db, user.id)) throw deactivatedError();
    await openSession(db, request, reply, user.id, true, config.cookieSecure);
    await auditSignIn(db, request, user, 'emailLink');
    return { data: v };
  });

  // A new link (public): the answer must not tell whether an account matched, by its body, its
  // status or its time. Only the client address's count is checked first; the work runs after the
  // answer, and closing the app waits for what is still running.
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });
  route(app, ENDPOINTS.resendVerification, async (request, reply) => {
    try {
      await limitCalls(db, RESEND_LIMIT, request.ip);
    } catch (err) {
      if (err instanceof RegistrationThrottled) return sendThrottled(reply, err);
      throw err;
    }
    const { login, redirect } = request.body;
    const work = resendVerification(
      db,
      mail,
      login.trim(),
      redirect,
      linkOrigin(request, config.publicOrigins),
      request.log,
    );
    pending.add(work);
    void work.finally(() => pending.delete(work));
    return { data: { message: REGISTRATION_MESSAGES.resendSent } };
  });
}
