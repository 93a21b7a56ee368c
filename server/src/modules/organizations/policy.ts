/**
 * The security settings of a user's organisations, applied where the auth and user modules set
 * passwords and create sessions: a user of several organisations gets the strictest of them (the
 * longest minimum and every rule, the shortest session lifetime).
 */
import { eq } from 'drizzle-orm';
import {
  COOKIE_MAX_AGE_SECONDS,
  DEFAULT_LANGUAGE,
  DEFAULT_TIMEZONE,
  passwordPolicyMessage,
  passwordPolicyProblems,
  SESSION_LIFETIME_MAX_HOURS,
  strictestPolicy,
  type PasswordPolicy,
  type SignInMethod,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { organizationSettings, userOrganizations } from '../../db/schema';
import { badRequest } from '../../http/errors';

async function settingsOfUser(db: Db, userId: number) {
  return db
    .select({
      minLength: organizationSettings.passwordMinLength,
      requireDigit: organizationSettings.passwordRequireDigit,
      requireMixedCase: organizationSettings.passwordRequireMixedCase,
      requireSymbol: organizationSettings.passwordRequireSymbol,
      sessionLifetimeHours: organizationSettings.sessionLifetimeHours,
      signInMethods: organizationSettings.signInMethods,
    })
    .from(userOrganizations)
    .innerJoin(organizationSettings, eq(organizationSettings.organizationId, userOrganizations.organizationId))
    .where(eq(userOrganizations.userId, userId));
}

/** The password policy a new password of the user must meet. */
export async function passwordPolicyOf(db: Db, userId: number): Promise<PasswordPolicy> {
  return strictestPolicy(await settingsOfUser(db, userId));
}

/** 400 with the policy's message when the password breaks the user's organisations' policy. */
export async function checkPasswordPolicy(db: Db, userId: number, password: string): Promise<void> {
  const policy = await passwordPolicyOf(db, userId);
  const problems = passwordPolicyProblems(password, policy);
  if (problems.length) throw badRequest(passwordPolicyMessage(policy, problems));
}

/** How long a new session of the user lives (ms): the shortest of his organisations', at most 28 days. */
export async function sessionLifetimeMs(db: Db, userId: number): Promise<number> {
  const rows = await settingsOfUser(db, userId);
  const hours = Math.min(SESSION_LIFETIME_MAX_HOURS, ...rows.map((r) => r.sessionLifetimeHours));
  return Math.min(hours * 3600_000, COOKIE_MAX_AGE_SECONDS * 1000);
}

/**
 * Whether the user may sign in by `method`: yes when at least one of his organisations allows it
 * (an organisation without settings allows every method).
 */
export async function signInMethodAllowed(db: Db, userId: number, method: SignInMethod): Promise<boolean> {
  const [orgs, rows] = await Promise.all([
    db.select({ id: userOrganizations.organizationId }).from(userOrganizations).where(eq(userOrganizations.userId, userId)),
    settingsOfUser(db, userId),
  ]);
  if (orgs.length === 0 || rows.length < orgs.length) return true;
  return rows.some((r) => r.signInMethods.includes(method));
}

export const SIGN_IN_METHOD_REFUSED: Record<SignInMethod, string> = {
  password: 'Your organisation does not allow signing in with a password. Sign in with BankID.',
  bankid: 'Your organisation does not allow signing in with BankID. Sign in with your username and password.',
};

/**
 * The language and time zone a new user of `organizationId` starts with (admin General), for
 * whoever creates users (invitations, registration). Without settings: the product's defaults.
 */
export async function newUserDefaults(
  db: Db,
  organizationId: number,
  fallback: { language: string; timezone: string } = { language: DEFAULT_LANGUAGE, timezone: DEFAULT_TIMEZONE },
): Promise<{ language: string; timezone: string }> {
  const [row] = await db
    .select({ language: organizationSettings.defaultLanguage, timezone: organizationSettings.defaultTimezone })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId))
    .limit(1);
  return row ?? fallback;
}
