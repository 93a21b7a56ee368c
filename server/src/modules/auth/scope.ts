/** Organisation membership and the customer scope of a request. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizations, userOrganizations } from '../../db/schema';
import { tokenIdOfUserId, type AuthContext } from './guard';
import { tokenOrganization } from '../ingestion/tokens';

function userOrgsQuery(db: Db) {
  return db
    .select({ id: userOrganizations.organizationId })
    .from(userOrganizations)
    .where(eq(userOrganizations.userId, sql.placeholder('userId')))
    .prepare('user_org_ids');
}

/**
 * Asked by nearly every request: built once per database as a prepared statement (building a
 * drizzle query costs more JavaScript than PostgreSQL spends answering this one).
 */
const userOrgsQueries = new WeakMap<Db, ReturnType<typeof userOrgsQuery>>();

export async function userOrgIds(db: Db, userId: number): Promise<number[]> {
  // An API token's context (auth/guard.ts): its one organisation.
  const tokenId = tokenIdOfUserId(userId);
  if (tokenId !== null) {
    const org = await tokenOrganization(db, tokenId);
    return org === null ? [] : [org];
  }
  let query = userOrgsQueries.get(db);
  if (!query) userOrgsQueries.set(db, (query = userOrgsQuery(db)));
  const rows = await query.execute({ userId });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * The organisations a query may see. With the session context: the selected customers (kept to
 * those the user still belongs to, as memberships can change after selection); without: all of
 * the user's organisations.
 */
export async function scopedOrgIds(db: Db, auth: AuthContext, useContext: boolean): Promise<number[]> {
  const mine = await userOrgIds(db, auth.userId);
  if (!useContext) return mine;
  return mine.filter((id) => auth.selectedCustomers.includes(id));
}

/** The organisations of `orgIds` that hold a customer right. */
export async function orgsWithRight(db: Db, orgIds: readonly number[], right: number): Promise<number[]> {
  if (orgIds.length === 0) return [];
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(inArray(organizations.id, [...orgIds]), sql`${right} = any(${organizations.rights})`));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
