/**
 * /api/v3/user: session (access response and customer selection), profile, avatar, password,
 * restore links, organisation and client preferences.
 *
 * A Reader may edit his own profile, password and preferences: personal settings are not
 * operational data, so these routes do not call requireWriter.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AVATAR_CONTENT_TYPES,
  AVATAR_MAX_BYTES,
  AVATAR_TOO_LARGE,
  ENDPOINTS,
  isLanguage,
  MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  SUPPORTED_LANGUAGES,
  type ChangeOwnPasswordBody,
} from '@fieldwatch/shared';
import { eq } from 'drizzle-orm';
import type { ServerContext } from '../../context';
import { users } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { parseIdList } from '../../http/params';
import { route } from '../../http/route';
import { auth, cookieSession } from '../auth/guard';
import { userOrgIds } from '../auth/scope';
import { setSelectedCustomers } from '../auth/sessions';
import { rememberOrgChoice } from '../auth/org-choice';
import notifyMailPlugin from '../notify-mail/plugin';
import { auditPasswordChange, auditProfileChange } from './audit';
import { auditPasswordReset } from '../audit/signin';
import { avatarDataUrl, changePassword, organizationOf, setAvatar, updateProfile } from './account';
import {
  changePasswordWithToken,
  createRestoreToken,
  forgotPassword,
  linkBase,
  verifyRestoreToken,
} from './password-reset';
import { getPreferences, setPreferences } from './preferences';
import registrationRoutes from './registration-routes';
import { signInAfterPasswordLink } from './sign-in-after-link';
import { getProfile, sessionResponse, setLanguage } from './service';

/** The request's own origin (honours X-Forwarded-* only with TRUST_PROXY). */
function requestOrigin(request: FastifyRequest): string {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    throw badRequest('Bad Host header');
  }
}

/** The two passwords of PUT /password: from a JSON body if it has them, else from the query. */
function passwordPair(body: unknown, query: Partial<ChangeOwnPasswordBody>): ChangeOwnPasswordBody {
  const b = body !== null && typeof body === 'object' && !Buffer.isBuffer(body) ? (body as Record<string, unknown>) : {};
  const fromBody = b.oldPassword !== undefined || b.newPassword !== undefined;
  const { oldPassword, newPassword } = fromBody ? b : query;
  const fields = Object.keys(b).filter((k) => k !== 'oldPassword' && k !== 'newPassword');
  if (fields.length) throw badRequest(`Unknown field ${fields.map((k) => `"${k}"`).join(', ')}; send oldPassword and newPassword`);
  for (const [name, v] of [['oldPassword', oldPassword], ['newPassword', newPassword]] as const) {
    if (typeof v !== 'string' || v === '') throw badRequest(`${name} is missing; send oldPassword and newPassword`);
    if (v.length > PASSWORD_MAX_LENGTH) throw badRequest(`${name} is longer than ${PASSWORD_MAX_LENGTH} characters`);
  }
  return { oldPassword: oldPassword as string, newPassword: newPassword as string };
}

export default async function userPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db, mail, config } = ctx;
  // The profile's e-mail notification settings, their unsubscribe link and the digest job.
  await app.register(notifyMailPlugin, ctx);
  // Registration: register, verify (signs in), resend (public).
  await app.register(registrationRoutes, ctx);

  route(app, ENDPOINTS.session, async (request) => {
    return { data: await sessionResponse(db, auth(request)) };
  });

  // Public: the page's first check answers 200 either way (null = signed out), so a visit to the
  // sign-in page with an ended session logs no 401 (issue 20 §7). /session keeps its 401.
  route(app, ENDPOINTS.sessionProbe, async (request) => {
    const found = await cookieSession(db, request);
    return { data: found ? await sessionResponse(db, found) : null };
  });

  /** Selects the customers (organisations) that scope devices, alarms and KPIs: ?id=1,2 */
  route(app, ENDPOINTS.selectCustomers, async (request) => {
    const a = auth(request);
    // In id order, whatever order they were ticked in: the first selected organisation is the
    // default of forms (new task, …), which must not depend on the order of clicks.
    const ids = [...new Set(parseIdList(request.query.id, 'id'))].sort((x, y) => x - y);
    const mine = new Set(await userOrgIds(db, a.userId));
    const foreign = ids.filter((id) => !mine.has(id));
    if (foreign.length) throw notFound(`Organisation not found: ${foreign.join(', ')}`);
    await setSelectedCustomers(db, a.sessionId, ids);
    // Remembered: the user's next session starts with this choice (account selection, issue 18 §3).
    await rememberOrgChoice(db, a.userId, ids);
    return { data: await sessionResponse(db, { ...a, selectedCustomers: ids }) };
  });

  route(app, ENDPOINTS.profile, async (request) => {
    return { data: await getProfile(db, auth(request).userId) };
  });

  route(app, ENDPOINTS.profileLanguage, async (request) => {
    const a = auth(request);
    const { language } = request.query;
    if (!isLanguage(language)) {
      throw badRequest(`Unsupported language "${language}"; use one of ${SUPPORTED_LANGUAGES.join(', ')}`);
    }
    const before = await getProfile(db, a.userId);
    await setLanguage(db, a.userId, language);
    const after = await getProfile(db, a.userId);
    await auditProfileChange(db, request, before, after);
    return { data: after };
  });

  /** Only the fields of PROFILE_FIELDS; an unknown one is logged and nothing is saved (400). */
  route(app, ENDPOINTS.updateProfile, async (request) => {
    const a = auth(request);
    const before = await getProfile(db, a.userId);
    const after = await updateProfile(db, a.userId, request.body, request.log);
    await auditProfileChange(db, request, before, after);
    return { data: after };
  });

  // The avatar upload's body is the image itself. Read here with our own limit, so that a too
  // large one answers "Image size exceeded" (413) whatever its size, and is never kept in memory.
  app.addContentTypeParser([...AVATAR_CONTENT_TYPES], (_request, payload, done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const finish = (err: Error | null, body?: Buffer) => {
      if (finished) return;
      finished = true;
      done(err, body);
    };
    payload.on('data', (chunk: Buffer) => {
      if (finished) return;
      size += chunk.length;
      if (size > AVATAR_MAX_BYTES) finish(new HttpError(413, AVATAR_TOO_LARGE, 'too_large'));
      else chunks.push(chunk);
    });
    payload.on('end', () => finish(null, Buffer.concat(chunks)));
    payload.on('error', (err) => finish(err));
  });

  route(app, ENDPOINTS.uploadAvatar, async (request) => {
    const a = auth(request);
    const body = request.body;
    if (body === undefined || body === null || (Buffer.isBuffer(body) && body.length === 0)) {
      throw badRequest(MESSAGES.missingParameters);
    }
    if (!Buffer.isBuffer(body)) {
      throw new HttpError(415, `The avatar must be sent as the image itself (${AVATAR_CONTENT_TYPES.join(', ')})`, 'unsupported_media_type');
    }
    const type = String(request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const before = await getProfile(db, a.userId);
    const after = await setAvatar(db, a.userId, await avatarDataUrl(type, body));
    await auditProfileChange(db, request, before, after);
    return { data: after };
  });

  route(app, ENDPOINTS.deleteAvatar, async (request) => {
    const a = auth(request);
    const before = await getProfile(db, a.userId);
    const after = await setAvatar(db, a.userId, null);
    await auditProfileChange(db, request, before, after);
    return { data: after };
  });

  /**
   * PUT /password: the old password is always needed; the user's other sessions end.
   * The contract's form is ?oldPassword&newPassword; a JSON body { oldPassword, newPassword } is
   * accepted too and preferred, as it keeps passwords out of URLs (and so out of logs). The body
   * has no schema of its own: the contract's form sends none, which a body schema would refuse.
   */
  route(app, ENDPOINTS.changeOwnPassword, async (request) => {
    const { oldPassword, newPassword } = passwordPair(request.body, request.query);
    const a = auth(request);
    await changePassword(db, a, oldPassword, newPassword);
    await auditPasswordChange(db, request, await getProfile(db, a.userId));
    return { data: { message: PASSWORD_MESSAGES.changed } };
  });

  /**
   * Mails a password link to a user (himself, or as SuperUser a user of whose organisations he
   * administers every one) and answers only that it was sent. baseUrl must be on this origin.
   */
  route(app, ENDPOINTS.createRestoreToken, async (request) => {
    const { userId, baseUrl } = request.body;
    return {
      data: await createRestoreToken(db, mail, auth(request), userId, baseUrl, requestOrigin(request), request.log),
    };
  });

  // Forgotten password (public). The answer must not tell whether an account matched, by its
  // body, its status or its time: it goes out before any look-up; the work runs after it, and
  // closing the app waits for what is still running.
  const pendingForgot = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pendingForgot]);
  });
  route(app, ENDPOINTS.forgotPassword, async (request) => {
    const { login, baseUrl } = request.body;
    if (!login.trim()) throw badRequest(MESSAGES.missingParameters);
    const base = linkBase(baseUrl, requestOrigin(request));
    const work = forgotPassword(db, mail, login, base, request.log);
    pendingForgot.add(work);
    void work.finally(() => pendingForgot.delete(work));
    return { data: { message: PASSWORD_MESSAGES.forgotSent } };
  });

  // The two calls a restore link leads to are reachable without a session (the token is the key).
  route(app, ENDPOINTS.verifyResetToken, async (request) => ({
    data: await verifyRestoreToken(db, request.params.token),
  }));

  // The new password set, the browser that used the link is signed in (every other session ended):
  // the person just proved he holds the account's mail and knows its new password.
  route(app, ENDPOINTS.resetPassword, async (request, reply) => {
    const userId = await changePasswordWithToken(db, request.body.token, request.body.newPassword);
    const [who] = await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, userId));
    if (who) await auditPasswordReset(db, request, who);
    const signedIn = await signInAfterPasswordLink(db, request, reply, userId, config.cookieSecure);
    return { data: { message: PASSWORD_MESSAGES.changed, signedIn } };
  });

  route(app, ENDPOINTS.organization, async (request) => ({
    data: await organizationOf(db, auth(request).userId, request.params.id),
  }));

  route(app, ENDPOINTS.preferences, async (request) => ({
    data: await getPreferences(db, auth(request).userId),
  }));

  route(app, ENDPOINTS.updatePreferences, async (request) => ({
    data: await setPreferences(db, auth(request).userId, request.body),
  }));
}
