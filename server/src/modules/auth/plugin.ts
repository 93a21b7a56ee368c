/** Login, logout and the session list (v2), plus the older v1 login/logout. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ENDPOINTS,
  TWO_FACTOR_ERROR_CODES,
  TWO_FACTOR_MESSAGES,
  type LoginAnswer,
  type UserType,
} from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { HttpError, notFound } from '../../http/errors';
import { route, type EndpointRequest } from '../../http/route';
import { clearSessionCookie, sessionToken } from './cookie';
import { auth } from './guard';
import { checkPassword, refusedSignIn } from './credentials';
import { rememberDevice } from './throttle';
import { deleteSessionByToken, listSessions, revokeSession } from './sessions';
import { isWellFormedToken } from './tokens';
import { openSession } from './open-session';
import { auditSessionEnded, auditSignIn, auditSignOut } from '../audit/signin';
import { startPendingLogin } from '../two-factor/pending-login';
import { isTwoFactorOn } from '../two-factor/service';

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
    const { user, attempt } = await checkPassword(db, request, request.body.username, request.body.password);
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
      return refusedSignIn(reply, err);
    }
  });

  route(app, ENDPOINTS.loginV1, async (request, reply) => {
    try {
      const r = await login(request, reply, 'v1');
      if (!('userId' in r)) throw new Error('v1 sign-in cannot take a second step'); // refused in login()
      return [{ UserID: r.userId, UserName: r.username, UserType: r.userType }];
    } catch (err) {
      return refusedSignIn(reply, err);
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
