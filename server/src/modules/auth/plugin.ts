/** Login, logout and the session list (v2), plus the older v1 login/logout. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  ENDPOINTS,
  LOGIN_BUSY_CODE,
  MESSAGES,
  type LoginResponse,
  type UserType,
} from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { users } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { route, type EndpointRequest } from '../../http/route';
import { userOrgIds } from './scope';
import { clearSessionCookie, sessionToken, setSessionCookie } from './cookie';
import { auth } from './guard';
import { verifyPassword } from './passwords';
import { attemptFor, rememberDevice, reserveAttempt, sendThrottled, succeeded, Throttled } from './throttle';
import {
  createSession,
  deleteExpiredSessions,
  deleteSessionByToken,
  listSessions,
  revokeSession,
} from './sessions';
import { isWellFormedToken } from './tokens';
import { usernameIs } from '../user/username';

export default async function authPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db, config } = ctx;

  /** Checks the credentials, opens a session and sets its cookie. */
  async function login(
    request: EndpointRequest<typeof ENDPOINTS.login>,
    reply: FastifyReply,
  ): Promise<LoginResponse> {
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
    if (!user || !ok) throw new HttpError(417, MESSAGES.invalidCredentials, 'invalid_credentials');
    await succeeded(db, attempt);
    const remember = request.body.remember !== false;
    await rememberDevice(db, request, reply, user.id, attempt, remember, config.cookieSecure);

    // A login replaces the session the browser had (no fixation, no orphan rows).
    const previous = sessionToken(request);
    if (isWellFormedToken(previous)) await deleteSessionByToken(db, previous);
    await deleteExpiredSessions(db, user.id);

    const now = new Date();
    // A new session works on all of the user's organisations.
    const { token } = await createSession(
      db,
      {
        userId: user.id,
        userAgent: request.headers['user-agent'] ?? '',
        ip: request.ip,
        selectedCustomers: await userOrgIds(db, user.id),
      },
      now,
    );
    await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
    setSessionCookie(request, reply, token, request.body.remember !== false, config.cookieSecure);
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
    if (isWellFormedToken(token)) await deleteSessionByToken(db, token);
    clearSessionCookie(request, reply, config.cookieSecure);
  }

  route(app, ENDPOINTS.login, async (request, reply) => {
    try {
      return { data: await login(request, reply) };
    } catch (err) {
      return refused(reply, err);
    }
  });

  route(app, ENDPOINTS.loginV1, async (request, reply) => {
    try {
      const r = await login(request, reply);
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
    if (id === a.publicId) clearSessionCookie(request, reply, config.cookieSecure);
    return { data: true };
  });
}
