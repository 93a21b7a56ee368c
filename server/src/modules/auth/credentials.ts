/**
 * The password check of every sign-in by password — the product's (plugin.ts) and the embedded
 * onboarding's on partner pages (../onboarding/embed-session.ts): the account, the sign-in
 * throttle, the password, then what may still keep a right password out (a deactivated account,
 * an address not yet confirmed, an organisation that does not allow passwords).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOGIN_BUSY_CODE, MESSAGES, SIGN_IN_METHOD_REFUSED_CODE } from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { deactivatedError, isDeactivated } from '../admin/users';
import { auditSignInFailed } from '../audit/signin';
import { SIGN_IN_METHOD_REFUSED, signInMethodAllowed } from '../organizations/policy';
import { isUnverified, notVerifiedError } from '../user/registration';
import { usernameIs } from '../user/username';
import { verifyPassword } from './passwords';
import { attemptFor, reserveAttempt, sendThrottled, succeeded, Throttled, type Attempt } from './throttle';

export async function checkPassword(
  db: Db,
  request: FastifyRequest,
  rawUsername: string,
  password: string,
): Promise<{ user: typeof users.$inferSelect; attempt: Attempt }> {
  // Blank fields never get here: the contract's LoginRequest refuses them with the spec's text.
  const username = rawUsername.trim();

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
  return { user, attempt };
}

/**
 * How every sign-in by password answers a refusal it cannot leave to the error handler: a throttled
 * attempt 429 with Retry-After, a full password queue 503 with one second; anything else is rethrown.
 */
export function refusedSignIn(reply: FastifyReply, err: unknown): FastifyReply {
  if (err instanceof Throttled) return sendThrottled(reply, err);
  if (err instanceof HttpError && err.code === LOGIN_BUSY_CODE) reply.header('retry-after', '1');
  throw err;
}
