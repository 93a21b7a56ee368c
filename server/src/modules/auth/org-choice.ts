/**
 * Account selection (issue 18 §3): a user of several organisations chooses which to work in. His
 * last choice is kept (user_org_choice) and a new session starts with it — whatever way he signs
 * in — so he chooses once and changes it from the header. An organisation he has left since is
 * dropped from it; when none is left, or he never chose, the session starts with all of his.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userOrgChoice } from '../../db/schema';
import { userOrgIds } from './scope';

/** Keeps `ids` as the user's choice (called with an already checked selection). */
export async function rememberOrgChoice(db: Db, userId: number, ids: number[], now = new Date()): Promise<void> {
  await db
    .insert(userOrgChoice)
    .values({ userId, organizationIds: ids, chosenAt: now })
    .onConflictDoUpdate({ target: userOrgChoice.userId, set: { organizationIds: sql`excluded.organization_ids`, chosenAt: now } });
}

/** The selection a new session of the user starts with. */
export async function initialSelection(db: Db, userId: number): Promise<number[]> {
  const mine = await userOrgIds(db, userId);
  const [row] = await db.select().from(userOrgChoice).where(eq(userOrgChoice.userId, userId)).limit(1);
  const kept = row ? row.organizationIds.filter((id) => mine.includes(id)) : [];
  return kept.length ? kept : mine;
}

/** Whether the user should be asked which organisations to work in: several, and no choice kept. */
export async function orgChoicePending(db: Db, userId: number): Promise<boolean> {
  const mine = await userOrgIds(db, userId);
  if (mine.length < 2) return false;
  const [row] = await db.select().from(userOrgChoice).where(eq(userOrgChoice.userId, userId)).limit(1);
  return !row || !row.organizationIds.some((id) => mine.includes(id));
}
