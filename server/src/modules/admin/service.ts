/** The admin area's user list: users who share an organisation with the caller. */
import { asc, eq, inArray } from 'drizzle-orm';
import type { AdminUser, UserType } from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { organizations, userOrganizations, users } from '../../db/schema';
import { userOrgIds } from '../auth/scope';

export async function listAdminUsers(db: Db, callerId: number): Promise<AdminUser[]> {
  const mine = await userOrgIds(db, callerId);
  if (mine.length === 0) return [];
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      email: users.email,
      userType: users.userType,
      lastLoginAt: users.lastLoginAt,
      orgId: organizations.id,
      orgName: organizations.name,
    })
    .from(userOrganizations)
    .innerJoin(users, eq(users.id, userOrganizations.userId))
    .innerJoin(organizations, eq(organizations.id, userOrganizations.organizationId))
    // Only the shared organisations are listed: the caller learns nothing about the others.
    .where(inArray(userOrganizations.organizationId, mine))
    .orderBy(asc(users.username), asc(organizations.id));

  const byId = new Map<number, AdminUser>();
  for (const r of rows) {
    let u = byId.get(r.id);
    if (!u) {
      u = {
        id: r.id,
        username: r.username,
        name: r.name,
        email: r.email,
        userType: r.userType as UserType,
        organizations: [],
        lastLogin: r.lastLoginAt ? r.lastLoginAt.toISOString() : null,
      };
      byId.set(r.id, u);
    }
    u.organizations.push({ id: r.orgId, name: r.orgName });
  }
  return [...byId.values()];
}
