/**
 * Two-factor authentication of a user (TOTP, contract/two-factor.ts): set up, turn on, check a code
 * or a recovery code, turn off, new recovery codes, and whether his organisations require it.
 *
 * Checks are made race-free in the database: a TOTP step is taken by a conditional update of
 * last_used_step, a recovery code by a conditional update of its used_at — two requests with the
 * same code cannot both pass, on any replica.
 */
import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import {
  parseSecondFactor,
  TOTP_ISSUER,
  USER_TYPES,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { organizationSettings, userOrganizations, userRecoveryCodes, users, userTotp } from '../../db/schema';
import { matchingStep, newTotpSecret, otpauthUri, qrDataUrl } from './totp';
import { hashRecoveryCode, newRecoveryCodes } from './recovery';

/** How a second factor was given: the app's code, or a recovery code. */
export type SecondFactorMethod = 'totp' | 'recoveryCode';

/** The user's secret row when two-factor authentication is on (enabled_at set), else null. */
export async function enabledTotp(db: Db, userId: number): Promise<typeof userTotp.$inferSelect | null> {
  const [row] = await db
    .select()
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.enabledAt)))
    .limit(1);
  return row ?? null;
}

export async function isTwoFactorOn(db: Db, userId: number): Promise<boolean> {
  return (await enabledTotp(db, userId)) !== null;
}

/**
 * Whether one of the user's organisations requires two-factor authentication of him: he is a
 * SuperUser and it asks it of SuperUsers (admin Security). The strictest of his organisations, as
 * for the password policy.
 */
export async function twoFactorRequired(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: users.id })
    .from(users)
    .innerJoin(userOrganizations, eq(userOrganizations.userId, users.id))
    .innerJoin(organizationSettings, eq(organizationSettings.organizationId, userOrganizations.organizationId))
    .where(
      and(
        eq(users.id, userId),
        eq(users.userType, USER_TYPES.SuperUser),
        eq(organizationSettings.requireTwoFactorSuperUsers, true),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Required of him and not on: he must turn it on before he may change administration settings. */
export async function twoFactorSetupRequired(db: Db, userId: number): Promise<boolean> {
  return (await twoFactorRequired(db, userId)) && !(await isTwoFactorOn(db, userId));
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

export async function twoFactorStatus(db: Db, userId: number): Promise<TwoFactorStatus> {
  const on = await enabledTotp(db, userId);
  return {
    enabled: on !== null,
    enabledAt: on?.enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: on ? await recoveryCodesLeft(db, userId) : 0,
    required: await twoFactorRequired(db, userId),
  };
}

/**
 * A new secret for the user's authenticator app, kept but not in force until a code of it turns
 * it on (enableTwoFactor); a setup started again replaces it. The caller checked that it is off.
 */
export async function beginSetup(db: Db, user: { id: number; username: string }): Promise<TwoFactorSetup> {
  const secret = newTotpSecret();
  await db
    .insert(userTotp)
    .values({ userId: user.id, secret })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secret, enabledAt: null, lastUsedStep: null, createdAt: new Date() },
      // Never over a secret in force (a concurrent enable won): that one stays.
      setWhere: isNull(userTotp.enabledAt),
    });
  const uri = otpauthUri(secret, user.username);
  return { secret, uri, qr: await qrDataUrl(uri), issuer: TOTP_ISSUER, account: user.username };
}

export type EnableOutcome = { ok: true; recoveryCodes: string[] } | { ok: false; reason: 'noSetup' | 'wrongCode' };

/** Turns it on when `code` is right for the pending secret; answers the new recovery codes (shown once). */
export async function enableTwoFactor(db: Db, userId: number, code: string, now = new Date()): Promise<EnableOutcome> {
  const [pending] = await db
    .select()
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNull(userTotp.enabledAt)))
    .limit(1);
  if (!pending) return { ok: false, reason: 'noSetup' };
  const factor = parseSecondFactor(code);
  const step = factor?.kind === 'totp' ? matchingStep(pending.secret, factor.code, null, now.getTime()) : null;
  if (step === null) return { ok: false, reason: 'wrongCode' };
  const codes = newRecoveryCodes();
  const done = await db.transaction(async (tx) => {
    const on = await tx
      .update(userTotp)
      .set({ enabledAt: now, lastUsedStep: step })
      .where(and(eq(userTotp.userId, userId), eq(userTotp.secret, pending.secret), isNull(userTotp.enabledAt)))
      .returning({ userId: userTotp.userId });
    if (on.length === 0) return false; // replaced or turned on meanwhile
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
    await tx.insert(userRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(c) })));
    return true;
  });
  return done ? { ok: true, recoveryCodes: codes } : { ok: false, reason: 'noSetup' };
}

/**
 * Checks a second factor of a user who has two-factor authentication on, and uses it up: the app's
 * code (its step never accepted again) or an unused recovery code (never accepted again). null when
 * it is not right (or already used, or two-factor authentication is off).
 */
export async function consumeSecondFactor(db: Db, userId: number, input: string, now = new Date()): Promise<SecondFactorMethod | null> {
  const factor = parseSecondFactor(input);
  if (!factor) return null;
  if (factor.kind === 'recovery') {
    const used = await db
      .update(userRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(userRecoveryCodes.userId, userId),
          eq(userRecoveryCodes.codeHash, hashRecoveryCode(factor.code)),
          isNull(userRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: userRecoveryCodes.id });
    // Only while two-factor authentication is on (codes are deleted when it goes off).
    return used.length > 0 ? 'recoveryCode' : null;
  }
  const totp = await enabledTotp(db, userId);
  if (!totp) return null;
  const step = matchingStep(totp.secret, factor.code, totp.lastUsedStep, now.getTime());
  if (step === null) return null;
  const taken = await db
    .update(userTotp)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(userTotp.userId, userId),
        isNotNull(userTotp.enabledAt),
        or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userTotp.userId });
  return taken.length > 0 ? 'totp' : null; // another request took this step (or a newer one) first
}

/** New recovery codes in place of all the old ones (shown once). */
export async function replaceRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
    await tx.insert(userRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(c) })));
  });
  return codes;
}

/** Turns it off: the secret and the recovery codes go. Answers whether it was on. */
export async function disableTwoFactor(db: Db, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const gone = await tx.delete(userTotp).where(eq(userTotp.userId, userId)).returning({ enabledAt: userTotp.enabledAt });
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
    return gone.some((r) => r.enabledAt !== null);
  });
}

