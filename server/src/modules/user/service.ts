/** The user's profile, customers and session response. */
import { asc, eq } from 'drizzle-orm';
import {
  DATE_FORMATS,
  DEFAULT_DATE_FORMAT,
  DEFAULT_LANGUAGE,
  DEFAULT_TIME_FORMAT,
  isLanguage,
  isTheme,
  TIME_FORMATS,
  USER_TYPES,
  type Customer,
  type DateFormat,
  type Right,
  type SessionResponse,
  type TimeFormat,
  type UserProfile,
  type UserType,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { organizations, userOrganizations, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { AuthContext } from '../auth/guard';
import { twoFactorSetupRequired } from '../two-factor/service';

type UserRow = typeof users.$inferSelect;

function oneOf<T extends string>(list: readonly T[], value: string, fallback: T): T {
  return (list as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function toProfile(u: UserRow): UserProfile {
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    title: u.title,
    email: u.email,
    phone: u.phone,
    // No separate thumbnail is stored: the avatar (a small data URL) doubles as it.
    thumbnail: u.avatar,
    location: u.location,
    userType: u.userType as UserType,
    language: isLanguage(u.language) ? u.language : DEFAULT_LANGUAGE,
    timeConfig: {
      timeFormat: oneOf<TimeFormat>(TIME_FORMATS, u.timeFormat, DEFAULT_TIME_FORMAT),
      timezone: u.timezone,
      dateFormat: oneOf<DateFormat>(DATE_FORMATS, u.dateFormat, DEFAULT_DATE_FORMAT),
    },
    notification: { email: u.notifyEmail, desktop: u.notifyDesktop },
    avatar: u.avatar,
    theme: isTheme(u.theme) ? u.theme : null,
  };
}

export async function getProfile(db: Db, userId: number): Promise<UserProfile> {
  const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw notFound();
  return toProfile(u);
}

export function toCustomer(o: { id: number; name: string; rights: number[] }): Customer {
  return {
    CustomerID: o.id,
    CustomerName: o.name,
    CustomerRights: o.rights.map((w) => ({ Widget: w as Right })),
  };
}

/** The user's organisations as access-response customers, by id. */
export async function userCustomers(db: Db, userId: number): Promise<Customer[]> {
  const rows = await db
    .select({ id: organizations.id, name: organizations.name, rights: organizations.rights })
    .from(userOrganizations)
    .innerJoin(organizations, eq(organizations.id, userOrganizations.organizationId))
    .where(eq(userOrganizations.userId, userId))
    .orderBy(asc(organizations.id));
  return rows.map(toCustomer);
}

export async function sessionResponse(db: Db, a: AuthContext): Promise<SessionResponse> {
  const user = await getProfile(db, a.userId);
  const customers = await userCustomers(db, a.userId);
  const mine = new Set(customers.map((c) => c.CustomerID));
  return {
    user,
    userType: user.userType,
    Customers: customers,
    // Memberships may have changed since the selection was made: only report live ones.
    selectedCustomers: a.selectedCustomers.filter((id) => mine.has(id)),
    // His organisation requires two-factor authentication and he has not turned it on (two-factor/guard.ts).
    ...(user.userType === USER_TYPES.SuperUser && (await twoFactorSetupRequired(db, a.userId))
      ? { twoFactorSetupRequired: true }
      : {}),
  };
}

export async function setLanguage(db: Db, userId: number, language: string): Promise<void> {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}
