/**
 * Organisation settings (issue 18 §1): read and write the General, Customization, Security and
 * Accounts data of the organisations a SuperUser belongs to. Callers pass `mine` (the caller's
 * organisation ids); an organisation outside it answers 404, as if it did not exist.
 */
import { and, asc, count, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import {
  ACCOUNT_URL_PREFIX,
  ACCOUNT_URL_REDIRECT_DAYS,
  accentContrastMessage,
  checkAccent,
  DEFAULT_LANGUAGE,
  DEFAULT_TIMEZONE,
  isTimeZone,
  ORGANIZATION_GENERAL_FIELDS,
  type AdminOrganization,
  type Branding,
  type CreateOrganizationBody,
  type OrganizationCustomization,
  type OrganizationGeneral,
  type OrganizationGeneralUpdate,
  type OrganizationMember,
  type OrganizationSecurity,
  type OrganizationSettings,
  type SignInMethod,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { organizations, organizationSettings, organizationSlugRedirects, userOrganizations, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { logoFromDataUrl } from './logo';

export const ACCOUNT_URL_TAKEN = 'This account URL is already used by another account. Choose another name.';
export const NO_SUCH_ACCOUNT_URL = 'No account has this address. Check the link, or sign in below.';
export const ORGANIZATION_NOT_FOUND = 'Not found';

export function assertMine(mine: readonly number[], id: number): void {
  if (!mine.includes(id)) throw notFound(ORGANIZATION_NOT_FOUND);
}

/** The detail fields kept in organization_settings.details (every general field but name and the defaults). */
const DETAIL_FIELDS = ORGANIZATION_GENERAL_FIELDS.filter(
  (f) => f !== 'name' && f !== 'defaultLanguage' && f !== 'defaultTimezone',
) as Array<Exclude<keyof OrganizationGeneral, 'name' | 'defaultLanguage' | 'defaultTimezone'>>;

async function ensureSettings(db: Db, id: number): Promise<void> {
  await db.insert(organizationSettings).values({ organizationId: id }).onConflictDoNothing();
}

export async function getSettings(db: Db, id: number, now = new Date()): Promise<OrganizationSettings> {
  const [row] = await db
    .select({ org: organizations, s: organizationSettings })
    .from(organizations)
    .leftJoin(organizationSettings, eq(organizationSettings.organizationId, organizations.id))
    .where(eq(organizations.id, id))
    .limit(1);
  if (!row) throw notFound(ORGANIZATION_NOT_FOUND);
  const s = row.s;
  const details = (s?.details ?? {}) as Record<string, string>;
  const redirects = await db
    .select()
    .from(organizationSlugRedirects)
    .where(and(eq(organizationSlugRedirects.organizationId, id), gt(organizationSlugRedirects.expiresAt, now)))
    .orderBy(asc(organizationSlugRedirects.expiresAt));
  const general = Object.fromEntries(DETAIL_FIELDS.map((f) => [f, typeof details[f] === 'string' ? details[f] : ''])) as Record<
    (typeof DETAIL_FIELDS)[number],
    string
  >;
  return {
    id: row.org.id,
    name: row.org.name,
    ...general,
    defaultLanguage: (s?.defaultLanguage ?? DEFAULT_LANGUAGE) as OrganizationGeneral['defaultLanguage'],
    defaultTimezone: s?.defaultTimezone ?? DEFAULT_TIMEZONE,
    parentId: s?.parentId ?? null,
    rights: row.org.rights,
    accent: s?.accent ?? null,
    logo: s?.logo ?? null,
    slug: s?.slug ?? null,
    slugRedirects: redirects.map((r) => ({ slug: r.slug, until: r.expiresAt.toISOString() })),
    passwordPolicy: {
      minLength: s?.passwordMinLength ?? 6,
      requireDigit: s?.passwordRequireDigit ?? false,
      requireMixedCase: s?.passwordRequireMixedCase ?? false,
      requireSymbol: s?.passwordRequireSymbol ?? false,
    },
    sessionLifetimeHours: s?.sessionLifetimeHours ?? 672,
    signInMethods: (s?.signInMethods ?? ['password', 'bankid']) as SignInMethod[],
    requireTwoFactorSuperUsers: s?.requireTwoFactorSuperUsers ?? false,
  };
}

export async function listOrganizations(db: Db, mine: readonly number[]): Promise<AdminOrganization[]> {
  if (mine.length === 0) return [];
  const rows = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      rights: organizations.rights,
      parentId: organizationSettings.parentId,
      slug: organizationSettings.slug,
    })
    .from(organizations)
    .leftJoin(organizationSettings, eq(organizationSettings.organizationId, organizations.id))
    .where(inArray(organizations.id, [...mine]))
    .orderBy(asc(organizations.name), asc(organizations.id));
  const counts = await db
    .select({ id: userOrganizations.organizationId, n: count() })
    .from(userOrganizations)
    .where(inArray(userOrganizations.organizationId, [...mine]))
    .groupBy(userOrganizations.organizationId);
  const byId = new Map(counts.map((c) => [c.id, Number(c.n)]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    rights: r.rights,
    // A main account the caller does not administer is not named to him.
    parentId: r.parentId !== null && mine.includes(r.parentId) ? r.parentId : null,
    slug: r.slug ?? null,
    users: byId.get(r.id) ?? 0,
  }));
}

/** PUT general: the before and after of the fields (for the audit log). */
export async function updateGeneral(
  db: Db,
  id: number,
  body: OrganizationGeneralUpdate,
): Promise<{ before: OrganizationSettings; after: OrganizationSettings }> {
  if (!isTimeZone(body.defaultTimezone)) throw badRequest('Enter valid Time zone');
  const before = await getSettings(db, id);
  // A detail left out keeps its value.
  const trimmed = Object.fromEntries(
    ORGANIZATION_GENERAL_FIELDS.map((k) => {
      const v = body[k] ?? before[k];
      return [k, typeof v === 'string' ? v.trim() : v];
    }),
  ) as OrganizationGeneral;
  await ensureSettings(db, id);
  await db.transaction(async (tx) => {
    await tx.update(organizations).set({ name: trimmed.name }).where(eq(organizations.id, id));
    await tx
      .update(organizationSettings)
      .set({
        details: Object.fromEntries(DETAIL_FIELDS.map((f) => [f, trimmed[f]])),
        defaultLanguage: trimmed.defaultLanguage,
        defaultTimezone: trimmed.defaultTimezone,
        updatedAt: new Date(),
      })
      .where(eq(organizationSettings.organizationId, id));
  });
  return { before, after: await getSettings(db, id) };
}

/** PUT customization: accent (checked for contrast), logo (re-encoded), account URL (old one redirects 30 days). */
export async function updateCustomization(
  db: Db,
  id: number,
  body: OrganizationCustomization,
  now = new Date(),
): Promise<{ before: OrganizationSettings; after: OrganizationSettings }> {
  const set: Partial<typeof organizationSettings.$inferInsert> = {};
  if (body.accent !== undefined) {
    if (body.accent !== null) {
      const c = checkAccent(body.accent);
      if (!c.ok) throw badRequest(accentContrastMessage(c));
      set.accent = body.accent.toLowerCase();
    } else set.accent = null;
  }
  // null removes the logo. The validator coerces types, so a null may arrive as '' (the first
  // branch of string | null): both mean "no logo".
  if (body.logo !== undefined) set.logo = body.logo === null || body.logo === '' ? null : await logoFromDataUrl(body.logo);
  const before = await getSettings(db, id, now);
  if (body.slug !== undefined && body.slug !== before.slug) {
    const slug = body.slug;
    if (slug !== null) {
      const [taken] = await db
        .select({ id: organizationSettings.organizationId })
        .from(organizationSettings)
        .where(eq(organizationSettings.slug, slug))
        .limit(1);
      const [held] = await db
        .select({ id: organizationSlugRedirects.organizationId })
        .from(organizationSlugRedirects)
        .where(and(eq(organizationSlugRedirects.slug, slug), gt(organizationSlugRedirects.expiresAt, now)))
        .limit(1);
      if ((taken && taken.id !== id) || (held && held.id !== id)) throw conflict(ACCOUNT_URL_TAKEN);
    }
    set.slug = slug;
  }
  await ensureSettings(db, id);
  await db.transaction(async (tx) => {
    if (set.slug !== undefined) {
      await tx.delete(organizationSlugRedirects).where(lte(organizationSlugRedirects.expiresAt, now));
      if (set.slug !== null) await tx.delete(organizationSlugRedirects).where(eq(organizationSlugRedirects.slug, set.slug));
      if (before.slug !== null) {
        const expiresAt = new Date(now.getTime() + ACCOUNT_URL_REDIRECT_DAYS * 86_400_000);
        await tx
          .insert(organizationSlugRedirects)
          .values({ slug: before.slug, organizationId: id, expiresAt })
          .onConflictDoUpdate({ target: organizationSlugRedirects.slug, set: { organizationId: id, expiresAt } });
      }
    }
    if (Object.keys(set).length) {
      await tx
        .update(organizationSettings)
        .set({ ...set, updatedAt: now })
        .where(eq(organizationSettings.organizationId, id));
    }
  }).catch((err: unknown) => {
    // Two accounts claiming one name at once: the unique index decides, 409 not 500.
    if (String((err as { code?: unknown })?.code ?? (err as { cause?: { code?: unknown } })?.cause?.code) === '23505')
      throw conflict(ACCOUNT_URL_TAKEN);
    throw err;
  });
  return { before, after: await getSettings(db, id, now) };
}

export async function updateSecurity(
  db: Db,
  id: number,
  body: OrganizationSecurity,
): Promise<{ before: OrganizationSettings; after: OrganizationSettings }> {
  const before = await getSettings(db, id);
  await ensureSettings(db, id);
  await db
    .update(organizationSettings)
    .set({
      passwordMinLength: body.passwordPolicy.minLength,
      passwordRequireDigit: body.passwordPolicy.requireDigit,
      passwordRequireMixedCase: body.passwordPolicy.requireMixedCase,
      passwordRequireSymbol: body.passwordPolicy.requireSymbol,
      sessionLifetimeHours: body.sessionLifetimeHours,
      signInMethods: [...body.signInMethods],
      // Left out: unchanged (older clients of this endpoint do not know the field).
      ...(body.requireTwoFactorSuperUsers !== undefined ? { requireTwoFactorSuperUsers: body.requireTwoFactorSuperUsers } : {}),
      updatedAt: new Date(),
    })
    .where(eq(organizationSettings.organizationId, id));
  return { before, after: await getSettings(db, id) };
}

/** A customer account under one of the caller's organisations; the caller becomes a member. */
export async function createOrganization(
  db: Db,
  userId: number,
  mine: readonly number[],
  body: CreateOrganizationBody,
): Promise<AdminOrganization> {
  assertMine(mine, body.parentId);
  const id = await db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({ name: body.name.trim(), rights: [...body.rights].sort((a, b) => a - b) })
      .returning({ id: organizations.id });
    await tx.insert(organizationSettings).values({ organizationId: org!.id, parentId: body.parentId });
    await tx.insert(userOrganizations).values({ userId, organizationId: org!.id });
    return org!.id;
  });
  const [created] = await listOrganizations(db, [...mine, id].filter((o) => o === id || o === body.parentId)).then((l) =>
    l.filter((o) => o.id === id),
  );
  return created!;
}

export async function updateRights(
  db: Db,
  id: number,
  mine: readonly number[],
  rights: readonly number[],
): Promise<{ before: number[]; after: AdminOrganization }> {
  const [org] = await db.select({ rights: organizations.rights }).from(organizations).where(eq(organizations.id, id)).limit(1);
  if (!org) throw notFound(ORGANIZATION_NOT_FOUND);
  await db
    .update(organizations)
    .set({ rights: [...rights].sort((a, b) => a - b) })
    .where(eq(organizations.id, id));
  const after = (await listOrganizations(db, mine)).find((o) => o.id === id)!;
  return { before: org.rights, after };
}

export async function members(db: Db, id: number): Promise<OrganizationMember[]> {
  return db
    .select({ id: users.id, username: users.username, name: users.name, userType: users.userType })
    .from(userOrganizations)
    .innerJoin(users, eq(users.id, userOrganizations.userId))
    .where(eq(userOrganizations.organizationId, id))
    .orderBy(asc(users.username));
}

/** Moves users from account `fromId` to `toId` (both the caller's): each must be a member of `fromId`. */
export async function moveUsers(db: Db, toId: number, fromId: number, userIds: readonly number[]): Promise<OrganizationMember[]> {
  if (toId === fromId) throw badRequest('Choose another account to move the users to.');
  const found = await db
    .select({ id: userOrganizations.userId, username: users.username })
    .from(userOrganizations)
    .innerJoin(users, eq(users.id, userOrganizations.userId))
    .where(and(eq(userOrganizations.organizationId, fromId), inArray(userOrganizations.userId, [...userIds])));
  if (found.length !== userIds.length) throw badRequest('Some of the users are not in the account they are moved from. Reload and try again.');
  await db.transaction(async (tx) => {
    await tx
      .delete(userOrganizations)
      .where(and(eq(userOrganizations.organizationId, fromId), inArray(userOrganizations.userId, [...userIds])));
    await tx
      .insert(userOrganizations)
      .values(userIds.map((u) => ({ userId: u, organizationId: toId })))
      .onConflictDoNothing();
  });
  return found.map((f) => ({ id: f.id, username: f.username, name: '', userType: 0 }));
}

function brandingOf(s: OrganizationSettings): Branding {
  return {
    organizationId: s.id,
    name: s.name,
    logo: s.logo,
    accent: s.accent,
    slug: s.slug,
    signInMethods: s.signInMethods,
  };
}

/** The branding the signed-in user sees: of the first selected customer that has a logo or colour, else of the first. */
export async function brandingForUser(db: Db, mine: readonly number[], selected: readonly number[]): Promise<Branding | null> {
  const order = [...selected.filter((id) => mine.includes(id)), ...mine.filter((id) => !selected.includes(id))];
  if (order.length === 0) return null;
  const rows = await db
    .select({ id: organizationSettings.organizationId })
    .from(organizationSettings)
    .where(
      and(
        inArray(organizationSettings.organizationId, order),
        sql`(${organizationSettings.logo} is not null or ${organizationSettings.accent} is not null)`,
      ),
    );
  const branded = new Set(rows.map((r) => r.id));
  const pick = order.find((id) => branded.has(id)) ?? order[0]!;
  return brandingOf(await getSettings(db, pick));
}

/** The branding of an account URL; an old one (within 30 days) names the new address. */
export async function brandingBySlug(db: Db, slug: string, now = new Date()): Promise<Branding> {
  const key = slug.toLowerCase();
  const [current] = await db
    .select({ id: organizationSettings.organizationId })
    .from(organizationSettings)
    .where(eq(organizationSettings.slug, key))
    .limit(1);
  if (current) return brandingOf(await getSettings(db, current.id, now));
  const [old] = await db
    .select({ id: organizationSlugRedirects.organizationId })
    .from(organizationSlugRedirects)
    .where(and(eq(organizationSlugRedirects.slug, key), gt(organizationSlugRedirects.expiresAt, now)))
    .limit(1);
  if (!old) throw notFound(NO_SUCH_ACCOUNT_URL);
  const b = brandingOf(await getSettings(db, old.id, now));
  return { ...b, movedTo: b.slug ? `${ACCOUNT_URL_PREFIX}${b.slug}` : '/login' };
}
