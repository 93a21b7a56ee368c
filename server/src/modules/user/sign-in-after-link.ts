/**
 * Signing in the browser that set a password with a mailed link (a forgotten password, or an
 * invitation of user management): the person holds the account's mail and has just typed its new
 * password, which is what a password sign-in asks. The same refusals apply as to a password
 * sign-in: a deactivated account, or one whose organisations allow only BankID, is not signed in
 * (the password is set all the same; the page then says to sign in).
 *
 * An account with two-factor authentication is not signed in either: a mailed link and a password
 * are not its second factor. The page then sends him to sign in, where the code is asked.
 */
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSecure } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { isDeactivated } from '../admin/users';
import { auditSignIn } from '../audit/signin';
import { openSession } from '../auth/open-session';
import { signInMethodAllowed } from '../organizations/policy';
import { isTwoFactorOn } from '../two-factor/service';

/** Opens a session for `userId` unless his account may not sign in by password; answers whether it did. */
export async function signInAfterPasswordLink(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  cookieSecure: CookieSecure,
): Promise<boolean> {
  if (await isDeactivated(db, userId)) return false;
  if (!(await signInMethodAllowed(db, userId, 'password'))) return false;
  if (await isTwoFactorOn(db, userId)) return false;
  const [user] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return false;
  await openSession(db, request, reply, user.id, true, cookieSecure);
  await auditSignIn(db, request, user, 'passwordLink');
  return true;
}
