/**
 * Which user a BankID sign-in is (user_identities): first the provider's subject, once he has
 * signed in before; then his personal identity number, as linked by an administrator; then a
 * verified e-mail address that names exactly one user. A match by number or e-mail links the
 * subject, so a later change of e-mail does not lose the account.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userIdentities, users } from '../../db/schema';

export const IDENTITY_KINDS = { personalNumber: 'personal_number', subject: 'oidc_sub' } as const;

/**
 * A personal identity number as stored: digits only ("19900101-1234", "900101+1234" and
 * "199001011234" differ only in punctuation). null when it holds no digits or other characters.
 */
export function normalizePersonalNumber(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  if (!/^[0-9][0-9 +-]{3,30}$/.test(text)) return null;
  return text.replace(/[^0-9]/g, '');
}

export type Match = { userId: number; by: 'subject' | 'personal_number' | 'email' };

const subjectOf = (issuer: string, sub: string) => `${issuer} ${sub}`;

async function byIdentity(db: Db, kind: string, value: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.kind, kind), eq(userIdentities.value, value)))
    .limit(1);
  return row?.userId ?? null;
}

export async function matchUser(
  db: Db,
  issuer: string,
  claims: Record<string, unknown>,
  pnrClaim: string,
): Promise<Match | null> {
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (sub) {
    const userId = await byIdentity(db, IDENTITY_KINDS.subject, subjectOf(issuer, sub));
    if (userId !== null) return { userId, by: 'subject' };
  }
  const pnr = normalizePersonalNumber(claims[pnrClaim]);
  if (pnr) {
    const userId = await byIdentity(db, IDENTITY_KINDS.personalNumber, pnr);
    if (userId !== null) return { userId, by: 'personal_number' };
  }
  // Only an address the provider says it verified, and only when exactly one user has it.
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (email && claims.email_verified === true) {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .limit(2);
    if (rows.length === 1) return { userId: rows[0]!.id, by: 'email' };
  }
  return null;
}

/** After a sign-in: the subject is linked to the user (first time) and the identities' last use noted. */
export async function noteSignIn(db: Db, issuer: string, sub: string, userId: number, now = new Date()): Promise<void> {
  if (!sub) return;
  await db
    .insert(userIdentities)
    .values({ userId, kind: IDENTITY_KINDS.subject, value: subjectOf(issuer, sub), lastUsedAt: now })
    .onConflictDoUpdate({
      target: [userIdentities.kind, userIdentities.value],
      set: { lastUsedAt: now },
      // A subject already linked to another user stays his.
      setWhere: eq(userIdentities.userId, userId),
    });
}

/** Links a personal identity number to a user (administration, tests); replaces his earlier one. */
export async function linkPersonalNumber(db: Db, userId: number, personalNumber: string): Promise<void> {
  const value = normalizePersonalNumber(personalNumber);
  if (!value) throw new Error('Not a personal identity number');
  await db
    .delete(userIdentities)
    .where(and(eq(userIdentities.userId, userId), eq(userIdentities.kind, IDENTITY_KINDS.personalNumber)));
  await db.insert(userIdentities).values({ userId, kind: IDENTITY_KINDS.personalNumber, value });
}
