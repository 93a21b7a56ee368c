/** Login, logout and the session list (v2), plus the older v1 login/logout. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ENDPOINTS,
  LOGIN_BUSY_CODE,
  SIGN_IN_METHOD_REFUSED_CODE,
  MESSAGES,
  TWO_FACTOR_ERROR_CODES,
  TWO_FACTOR_MESSAGES,
  type LoginAnswer,
  type UserType,
} from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { users } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { route, type EndpointRequest } from '../../http/route';
import { clearSessionCookie, sessionToken } from './cookie';
import { auth } from './guard';
import { verifyPassword } from './passwords';
import { attemptFor, rememberDevice, reserveAttempt, sendThrottled, succeeded, Throttled } from './throttle';
import { deleteSessionByToken, listSessions, revokeSession } from './sessions';
import { isWellFormedToken } from './tokens';
import { openSession } from './open-session';
import { usernameIs } from '../user/username';
import { auditSessionEnded, auditSignIn, auditSignInFailed, auditSignOut } from '../audit/signin';
import { deactivatedError, isDeactivated } from '../admin/users';
import { SIGN_IN_METHOD_REFUSED, signInMethodAllowed } from '../organizations/policy';
import { startPendingLogin } from '../two-factor/pending-login';
import { isTwoFactorOn } from '../two-factor/service';
import { isUnverified, notVerifiedError } from '../user/registration';

export default async function authPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db, config } = ctx;

  /**
   * Checks the credentials, opens a session and sets its cookie — or, when the user has two-factor
   * authentication on, opens none and starts the second step (v2; the older v1 cannot ask for a
   * code and refuses such an account).
   */
  async function login(
    request: EndpointRequest<typeof ENDPOINTS.login>,
    reply: FastifyReply,
    version: 'v1' | 'v2',
  ): Promise<LoginAnswer> {
    // Blank fields never get here: the contract's LoginRequest refuses them with the spec's text.
    const username = request.body.username.trim();
    const { password } = request.body;

    // Case- and form-insensitive (usernameKey): the unique index makes the key name exactly one
    // account, so "Demo.User" typed by a phone's auto-capitalisation still finds demo.user, and
    // no look-alike name can be registered beside it to be signed into by mistake.
    const [user] = await db.select().from(users).where(usernameIs(username)).limit(1);
    // Counted before the (costly) password check; a waiting account+address or device answers
    // 429 at once. The rule, and why the real user is never locked out: throttle.ts.
    const attempt = await attemptFor(db, request, username, user?.id);
    await reserveAttempt(db, attempt);
    const ok = await verifyPassword(user?.passwordHash ?? null, password);
    if (!user || !ok) {
      await auditSignInFailed(db, request, username, user);
      throw new HttpError(417, MESSAGES.invalidCredentials, 'invalid_credentials');
    }
    // A deactivated account (admin user management) cannot sign in, even with the right password.
    if (await isDeactivated(db, user.id)) throw deactivatedError();
    await succeeded(db, attempt);
    // A registered account signs in once its address is confirmed by the mailed link (registration.ts).
    if (await isUnverified(db, user.id)) throw notVerifiedError();
    // The organisation's sign-in methods (admin Security): told only to whom knows the password.
    if (!(await signInMethodAllowed(db, user.id, 'password'))) {
      throw new HttpError(403, SIGN_IN_METHOD_REFUSED.password, SIGN_IN_METHOD_REFUSED_CODE);
    }
    const remember = request.body.remember !== false;
    // Two-factor authentication (modules/two-factor): no session (nor trusted device) before the code.
    if (await isTwoFactorOn(db, user.id)) {
      if (version === 'v1') throw new HttpError(403, TWO_FACTOR_MESSAGES.unsupported, TWO_FACTOR_ERROR_CODES.unsupported);
      return startPendingLogin(db, request, reply, user.id, remember, config.cookieSecure);
    }
    await rememberDevice(db, request, reply, user.id, attempt, remember, config.cookieSecure);

    // The one way a session opens (BankID's too): it replaces the browser's, on the last chosen organisations.
    await openSession(db, request, reply, user.id, remember, config.cookieSecure);
    await auditSignIn(db, request, user, 'password');
    return { userId: user.id, username: user.username, userType: user.userType as UserType };
  }

  /** A throttled sign-in answers 429 with Retry-After; a full password queue 503 with one second. */
  function refused(reply: FastifyReply, err: unknown): FastifyReply {
    if (err instanceof Throttled) return sendThrottled(reply, err);
    if (err instanceof HttpError && err.code === LOGIN_BUSY_CODE) reply.header('retry-after', '1');
    throw err;
  }

  /** Logout is public and idempotent: it always expires the cookie, with or without a session. */
  async function logout(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = sessionToken(request);
    await auditSignOut(db, request, token);
    if (isWellFormedToken(token)) await deleteSessionByToken(db, token);
    clearSessionCookie(request, reply, config.cookieSecure);
  }

  route(app, ENDPOINTS.login, async (request, reply) => {
    try {
      return { data: await login(request, reply, 'v2') };
    } catch (err) {
      return refused(reply, err);
    }
  });

  route(app, ENDPOINTS.loginV1, async (request, reply) => {
    try {
      const r = await login(request, reply, 'v1');
      if (!('userId' in r)) throw new Error('v1 sign-in cannot take a second step'); // refused in login()
      return [{ UserID: r.userId, UserName: r.username, UserType: r.userType }];
    } catch (err) {
      return refused(reply, err);
    }
  });

  route(app, ENDPOINTS.logout, async (request, reply) => {
    await logout(request, reply);
    return { data: true };
  });

  route(app, ENDPOINTS.logoutV1, async (request, reply) => {
    await logout(request, reply);
    return [];
  });

  route(app, ENDPOINTS.sessions, async (request) => {
    const a = auth(request);
    return { data: await listSessions(db, a.userId, a.sessionId) };
  });

  route(app, ENDPOINTS.revokeSession, async (request, reply) => {
    const a = auth(request);
    const id = request.params.id.toLowerCase();
    if (!(await revokeSession(db, a.userId, id))) throw notFound();
    await auditSessionEnded(db, request, a.userId, id);
    if (id === a.publicId) clearSessionCookie(request, reply, config.cookieSecure);
    return { data: true };
  });
}
