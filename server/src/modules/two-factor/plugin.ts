/**
 * Two-factor authentication with TOTP (issue 18, Security; contract/two-factor.ts):
 * - the user's own, under /api/v3/user/two-factor: status, setup (current password), enable (a
 *   code of the new secret; answers the recovery codes once), disable (password and a code or
 *   recovery code; refused while his organisation requires it), new recovery codes (a code);
 * - the second step of a password sign-in, POST /api/v2/auth/login/two-factor (public: the pending
 *   sign-in's cookie is the key), which opens the session as the password step would have;
 * - an administrator's reset for a user who lost his phone, DELETE /api/v3/admin/users/:id/two-factor.
 *
 * Every change and every sign-in is in the audit log, never a secret, code or recovery code. Codes
 * are counted by the sign-in throttle per account (secondFactorAttempt) wherever one unlocks
 * something: signing in, turning it off, new recovery codes.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  ENDPOINTS,
  TWO_FACTOR_ERROR_CODES as CODES,
  TWO_FACTOR_MESSAGES as MESSAGES,
  type TwoFactorLoginDone,
  type UserType,
} from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { users } from '../../db/schema';
import { badRequest, HttpError } from '../../http/errors';
import { route, type EndpointRequest } from '../../http/route';
import { deactivatedError, isDeactivated, managedUser, userOrgIds } from '../admin/users';
import { firstOrganization, auditSignIn, auditSignInFailed } from '../audit/signin';
import { recordAudit } from '../audit/record';
import { auth } from '../auth/guard';
import { openSession } from '../auth/open-session';
import { verifyPassword } from '../auth/passwords';
import { requireAdmin } from '../auth/permissions';
import {
  attemptFor,
  rememberDevice,
  reserveAttempt,
  secondFactorAttempt,
  sendThrottled,
  succeeded,
  Throttled,
} from '../auth/throttle';
import { signInMethodAllowed } from '../organizations/policy';
import { clearPendingLoginCookie, endPendingLogin, findPendingLogin, noteWrongCode } from './pending-login';
import {
  beginSetup,
  disableTwoFactor,
  enableTwoFactor,
  isTwoFactorOn,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  twoFactorRequired,
  twoFactorStatus,
  consumeSecondFactor,
  type SecondFactorMethod,
} from './service';

const wrongCode = (message: string = MESSAGES.wrongCode) => new HttpError(400, message, CODES.wrongCode);
const expired = () => new HttpError(401, MESSAGES.expired, CODES.expired);
const stateError = (message: string) => new HttpError(409, message, CODES.state);

export default async function twoFactorPlugin(app: FastifyInstance, { db, config }: ServerContext): Promise<void> {
  async function userOf(id: number) {
    const [u] = await db
      .select({ id: users.id, username: users.username, userType: users.userType, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    if (!u) throw expired();
    return u;
  }

  /** The signed-in user's current password, asked again before his second factor changes. */
  async function checkPassword(userId: number, password: string) {
    const u = await userOf(userId);
    if (!(await verifyPassword(u.passwordHash, password))) throw new HttpError(400, MESSAGES.wrongPassword, CODES.wrongPassword);
    return u;
  }

  /**
   * Uses up a code of the user's (throttled per account): the method it was, or a 400. A throttled
   * user gets 429 before his code is looked at.
   */
  async function spendCode(userId: number, code: string, message?: string): Promise<SecondFactorMethod> {
    const attempt = secondFactorAttempt(userId);
    await reserveAttempt(db, attempt);
    const method = await consumeSecondFactor(db, userId, code);
    if (!method) throw wrongCode(message);
    await succeeded(db, attempt);
    return method;
  }

  async function audit(
    request: FastifyRequest,
    action: 'auth.twoFactorEnabled' | 'auth.twoFactorDisabled' | 'auth.twoFactorRecoveryCodes',
    user: { id: number; username: string },
    details: Record<string, unknown>,
  ) {
    await recordAudit(db, request, {
      action,
      organizationId: await firstOrganization(db, user.id),
      target: { type: 'user', id: user.id, name: user.username },
      details,
    });
  }

  /** Throttled answers are 429 with Retry-After, as the password step's. */
  function throttled(reply: FastifyReply, err: unknown): FastifyReply {
    if (err instanceof Throttled) return sendThrottled(reply, err);
    throw err;
  }

  // ───────── the second step of a sign-in ─────────

  route(app, ENDPOINTS.loginTwoFactor, async (request, reply) => {
    try {
      return { data: await secondStep(request, reply) };
    } catch (err) {
      // A pending sign-in that is over: its cookie goes too.
      if (err instanceof HttpError && (err.code === CODES.expired || err.code === CODES.tooManyCodes))
        clearPendingLoginCookie(request, reply, config.cookieSecure);
      return throttled(reply, err);
    }
  });

  async function secondStep(request: EndpointRequest<typeof ENDPOINTS.loginTwoFactor>, reply: FastifyReply): Promise<TwoFactorLoginDone> {
    const pending = await findPendingLogin(db, request);
    if (!pending) throw expired();
    const user = await userOf(pending.userId);
    // What may have changed in the five minutes since the password: the account deactivated, the
    // method disallowed, two-factor authentication reset by an administrator (sign in again).
    if (await isDeactivated(db, user.id)) {
      await endPendingLogin(db, pending.ticketHash);
      throw deactivatedError();
    }
    if (!(await signInMethodAllowed(db, user.id, 'password')) || !(await isTwoFactorOn(db, user.id))) {
      await endPendingLogin(db, pending.ticketHash);
      throw expired();
    }
    const attempt = secondFactorAttempt(user.id);
    await reserveAttempt(db, attempt);
    const method = await consumeSecondFactor(db, user.id, request.body.code);
    if (!method) {
      await auditSignInFailed(db, request, user.username, user, 'wrongCode');
      if (!(await noteWrongCode(db, pending.ticketHash))) throw new HttpError(401, MESSAGES.tooManyCodes, CODES.tooManyCodes);
      throw wrongCode();
    }
    // Used once: of two requests with right codes only one opens a session.
    if (!(await endPendingLogin(db, pending.ticketHash))) throw expired();
    await succeeded(db, attempt);
    clearPendingLoginCookie(request, reply, config.cookieSecure);
    // Only now, signed in, does this browser become one of the user's trusted devices (throttle.ts).
    await rememberDevice(
      db,
      request,
      reply,
      user.id,
      await attemptFor(db, request, user.username, user.id),
      pending.remember,
      config.cookieSecure,
    );
    await openSession(db, request, reply, user.id, pending.remember, config.cookieSecure);
    await auditSignIn(db, request, user, method === 'totp' ? 'password+totp' : 'password+recoveryCode');
    return {
      userId: user.id,
      username: user.username,
      userType: user.userType as UserType,
      ...(method === 'recoveryCode' ? { recoveryCodesLeft: await recoveryCodesLeft(db, user.id) } : {}),
    };
  }

  // ───────── the user's own ─────────

  route(app, ENDPOINTS.twoFactorStatus, async (request) => {
    return { data: await twoFactorStatus(db, auth(request).userId) };
  });

  route(app, ENDPOINTS.twoFactorSetup, async (request) => {
    const a = auth(request);
    if (await isTwoFactorOn(db, a.userId)) throw stateError(MESSAGES.alreadyOn);
    const user = await checkPassword(a.userId, request.body.password);
    // The secret is in this answer only; it is not in force (nor audited) until a code turns it on.
    return { data: await beginSetup(db, user) };
  });

  route(app, ENDPOINTS.twoFactorEnable, async (request) => {
    const a = auth(request);
    if (await isTwoFactorOn(db, a.userId)) throw stateError(MESSAGES.alreadyOn);
    const outcome = await enableTwoFactor(db, a.userId, request.body.code);
    if (!outcome.ok) throw outcome.reason === 'noSetup' ? stateError(MESSAGES.noSetup) : wrongCode(MESSAGES.wrongSetupCode);
    await audit(request, 'auth.twoFactorEnabled', await userOf(a.userId), { recoveryCodes: outcome.recoveryCodes.length });
    return { data: { recoveryCodes: outcome.recoveryCodes } };
  });

  route(app, ENDPOINTS.twoFactorDisable, async (request, reply) => {
    try {
      const a = auth(request);
      if (!(await isTwoFactorOn(db, a.userId))) throw stateError(MESSAGES.notOn);
      if (await twoFactorRequired(db, a.userId)) throw new HttpError(403, MESSAGES.required, CODES.required);
      const user = await checkPassword(a.userId, request.body.password);
      const method = await spendCode(a.userId, request.body.code);
      await disableTwoFactor(db, a.userId);
      await audit(request, 'auth.twoFactorDisabled', user, { by: 'self', method });
      return { data: await twoFactorStatus(db, a.userId) };
    } catch (err) {
      return throttled(reply, err);
    }
  });

  route(app, ENDPOINTS.twoFactorRecoveryCodes, async (request, reply) => {
    try {
      const a = auth(request);
      if (!(await isTwoFactorOn(db, a.userId))) throw stateError(MESSAGES.notOn);
      const method = await spendCode(a.userId, request.body.code);
      const codes = await replaceRecoveryCodes(db, a.userId);
      await audit(request, 'auth.twoFactorRecoveryCodes', await userOf(a.userId), { recoveryCodes: codes.length, method });
      return { data: { recoveryCodes: codes } };
    } catch (err) {
      return throttled(reply, err);
    }
  });

  // ───────── an administrator's reset ─────────

  route(app, ENDPOINTS.resetUserTwoFactor, async (request) => {
    const a = auth(request);
    requireAdmin(a);
    // Only a user he may manage (every organisation of the user is his), else 404.
    const target = await managedUser(db, await userOrgIds(db, a.userId), request.params.id);
    // His own goes off in his profile, with his password and a code: a session alone is not enough.
    if (target.id === a.userId) throw badRequest(MESSAGES.ownInProfile);
    const wasOn = await disableTwoFactor(db, target.id);
    if (wasOn) {
      await recordAudit(db, request, {
        action: 'auth.twoFactorDisabled',
        organizationId: target.organizations[0]?.id ?? null,
        target: { type: 'user', id: target.id, name: target.username },
        details: { by: 'administrator' },
      });
    }
    return { data: await managedUser(db, await userOrgIds(db, a.userId), target.id) };
  });
}
