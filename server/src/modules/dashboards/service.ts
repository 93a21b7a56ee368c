/**
 * Dashboards of a user. Built-ins are created on fetch when missing, parking only when
 * the customers in scope have the parking right; their content is the shared default layout.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  CUSTOM_DASHBOARD_NAME,
  DASHBOARD_KINDS,
  DASHBOARD_MESSAGES,
  DASHBOARD_NAME_KEYS,
  DASHBOARD_VERSION,
  MESSAGES,
  OWNERSHIP_MESSAGES,
  defaultDashboardContent,
  emptyDashboardContent,
  showsParking,
  validateDashboardContent,
  type Dashboard,
  type DashboardContent,
  type DashboardDocument,
  type DashboardKind,
  type DashboardSummary,
  type DashboardTemplate,
  type FilterSettings,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { dashboards, dashboardShares, userOrganizations, users } from '../../db/schema';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/guard';
import { getDashboardFilter, getDashboardFilters, setDashboardFilter } from '../user/preferences';
import { userCustomers } from '../user/service';

type DashboardRow = typeof dashboards.$inferSelect;

export function toSummary(r: DashboardRow): DashboardSummary {
  return { id: r.id, name: r.name, static: r.staticKind ?? null, version: r.version };
}

export function toDashboard(r: DashboardRow): Dashboard & { updatedAt: string } {
  return { ...toSummary(r), content: r.content, updatedAt: r.updatedAt.toISOString() };
}

/** Built-ins first in DASHBOARD_KINDS order, then custom dashboards by creation (id). */
function order(a: DashboardRow, b: DashboardRow): number {
  const rank = (r: DashboardRow) =>
    r.staticKind ? DASHBOARD_KINDS.indexOf(r.staticKind) : DASHBOARD_KINDS.length;
  return rank(a) - rank(b) || a.id - b.id;
}

export interface ListOptions {
  excludeContent: boolean;
  /** Decide "shows parking" by the selected customers (true) or all of the user's (false). */
  useContext: boolean;
}

export async function listDashboards(
  db: Db,
  a: AuthContext,
  opts: ListOptions,
): Promise<Array<DashboardSummary | Dashboard>> {
  const customers = await userCustomers(db, a.userId);
  const selectedCustomers = opts.useContext ? a.selectedCustomers : customers.map((c) => c.CustomerID);
  const parking = showsParking({ customers, selectedCustomers });
  const wanted = DASHBOARD_KINDS.filter((k) => k !== 'parking' || parking);

  let rows = await db.select().from(dashboards).where(eq(dashboards.userId, a.userId));
  const missing = wanted.filter((k) => !rows.some((r) => r.staticKind === k));
  if (missing.length > 0) {
    // The partial unique index (user, kind) makes a concurrent fetch from another tab harmless.
    await db
      .insert(dashboards)
      .values(missing.map((kind) => newBuiltIn(a.userId, kind)))
      .onConflictDoNothing();
    rows = await db.select().from(dashboards).where(eq(dashboards.userId, a.userId));
  }
  // A parking dashboard made while a parking customer was selected stays stored, but is only
  // listed while the scope shows parking.
  const visible = rows.filter((r) => r.staticKind !== 'parking' || parking).sort(order);
  // Then the dashboards others shared with his organisations (read-only), by id.
  const shared = await sharedRows(db, a.userId);
  if (opts.excludeContent) return [...visible.map(toSummary), ...shared.map((x) => ({ ...toSummary(x.row), ...x.view }))];
  // With content, each entry is the whole document, as GET /dashboard/:id answers it.
  const filters = await getDashboardFilters(db, a.userId);
  return [
    ...visible.map((r) => ({ ...toDashboard(r), filter: filters[String(r.id)] ?? {} })),
    ...shared.map((x) => ({ ...toDashboard(x.row), ...x.view, filter: filters[String(x.row.id)] ?? {} })),
  ];
}

/** How a shared dashboard is shown to a user who does not own it. */
interface SharedView {
  readOnly: true;
  owner: string;
}

/**
 * Custom dashboards of other users shared with an organisation of `userId` whose owner still
 * belongs to it (admin ownership, issue 18): `id` one of them, or all.
 */
async function sharedRows(db: Db, userId: number, id?: number): Promise<Array<{ row: DashboardRow; view: SharedView }>> {
  const rows = await db
    .select({ row: dashboards, name: users.name, username: users.username })
    .from(dashboardShares)
    .innerJoin(dashboards, eq(dashboards.id, dashboardShares.dashboardId))
    .innerJoin(users, eq(users.id, dashboards.userId))
    .innerJoin(
      userOrganizations,
      and(eq(userOrganizations.organizationId, dashboardShares.organizationId), eq(userOrganizations.userId, userId)),
    )
    .where(
      and(
        id === undefined ? undefined : eq(dashboards.id, id),
        sql`${dashboards.userId} <> ${userId}`,
        sql`exists (select 1 from ${userOrganizations} o where o.user_id = ${dashboards.userId} and o.organization_id = ${dashboardShares.organizationId})`,
      ),
    )
    .orderBy(dashboards.id);
  return rows.map((r) => ({ row: r.row, view: { readOnly: true, owner: r.name || r.username } }));
}

function newBuiltIn(userId: number, kind: DashboardKind) {
  return {
    userId,
    name: DASHBOARD_NAME_KEYS[kind],
    staticKind: kind,
    version: DASHBOARD_VERSION,
    content: defaultDashboardContent(kind),
    updatedAt: new Date(),
  };
}

async function ownRow(db: Db, userId: number, id: number): Promise<DashboardRow> {
  const [row] = await db
    .select()
    .from(dashboards)
    .where(and(eq(dashboards.id, id), eq(dashboards.userId, userId)))
    .limit(1);
  if (!row) {
    // Someone else's dashboard shared with the user's organisation: he may look, not change it.
    if ((await sharedRows(db, userId, id)).length > 0) throw forbidden(OWNERSHIP_MESSAGES.sharedReadOnly);
    throw notFound(MESSAGES.dashboardNotFound);
  }
  return row;
}

/** The user's own dashboard, or one shared with him (read-only). */
async function viewableRow(db: Db, userId: number, id: number): Promise<{ row: DashboardRow; view?: SharedView }> {
  const [row] = await db
    .select()
    .from(dashboards)
    .where(and(eq(dashboards.id, id), eq(dashboards.userId, userId)))
    .limit(1);
  if (row) return { row };
  const [shared] = await sharedRows(db, userId, id);
  if (!shared) throw notFound(MESSAGES.dashboardNotFound);
  return shared;
}

/** The document as `viewerId` sees it: his filter; a shared one marked read-only with its owner. */
async function toDocument(db: Db, r: DashboardRow, viewerId = r.userId, view?: SharedView): Promise<DashboardDocument> {
  return { ...toDashboard(r), ...view, filter: await getDashboardFilter(db, viewerId, r.id) };
}

export async function getDashboard(db: Db, userId: number, id: number): Promise<DashboardDocument> {
  const { row, view } = await viewableRow(db, userId, id);
  return toDocument(db, row, userId, view);
}

/** The built-in kinds offered as templates: parking only when the scope shows parking. */
export async function dashboardTemplates(db: Db, a: AuthContext, useContext: boolean): Promise<DashboardTemplate[]> {
  const customers = await userCustomers(db, a.userId);
  const selectedCustomers = useContext ? a.selectedCustomers : customers.map((c) => c.CustomerID);
  const parking = showsParking({ customers, selectedCustomers });
  return DASHBOARD_KINDS.filter((k) => k !== 'parking' || parking).map((id) => ({
    id,
    nameKey: DASHBOARD_NAME_KEYS[id],
    content: defaultDashboardContent(id),
  }));
}

export interface CreateDashboardInput {
  name?: string;
  templateId?: DashboardKind | null;
  useContext: boolean;
}

/** A custom dashboard: empty and named "Default" unless told otherwise, or a template's content. */
export async function createDashboard(db: Db, a: AuthContext, input: CreateDashboardInput): Promise<DashboardDocument> {
  let content: DashboardContent = emptyDashboardContent();
  if (input.templateId) {
    const templates = await dashboardTemplates(db, a, input.useContext);
    const t = templates.find((x) => x.id === input.templateId);
    if (!t) throw badRequest(`Template "${input.templateId}" is not available`);
    content = t.content;
  }
  const name = input.name?.trim() || CUSTOM_DASHBOARD_NAME;
  const [row] = await db
    .insert(dashboards)
    .values({ userId: a.userId, name, staticKind: null, version: DASHBOARD_VERSION, content, updatedAt: new Date() })
    .returning();
  return toDocument(db, row!);
}

const conflict = () => new HttpError(409, DASHBOARD_MESSAGES.conflict, 'conflict');

/** A write's new updatedAt: now, but always after the previous one (it is the revision). */
const nextStamp = (prev: Date) => new Date(Math.max(Date.now(), prev.getTime() + 1));

/**
 * Writes the row if it is still the version `basedOn` (ISO updatedAt); without `basedOn`, the
 * version just read. A change in between is a 409 and nothing is written.
 */
async function writeRow(
  db: Db,
  row: DashboardRow,
  basedOn: string | undefined,
  set: Partial<Pick<DashboardRow, 'name' | 'content'>>,
): Promise<DashboardRow> {
  const stamp = basedOn ?? row.updatedAt.toISOString();
  if (basedOn !== undefined && new Date(basedOn).getTime() !== row.updatedAt.getTime()) throw conflict();
  const [updated] = await db
    .update(dashboards)
    .set({ ...set, updatedAt: nextStamp(row.updatedAt) })
    .where(
      and(
        eq(dashboards.id, row.id),
        sql`date_trunc('milliseconds', ${dashboards.updatedAt}) = ${stamp}::timestamptz`,
      ),
    )
    .returning();
  if (!updated) throw conflict();
  return updated;
}

export interface UpdateDashboardInput {
  content: unknown;
  name?: string;
  version?: string;
  updatedAt?: string;
}

export async function updateDashboard(
  db: Db,
  userId: number,
  id: number,
  input: UpdateDashboardInput,
): Promise<DashboardDocument> {
  const row = await ownRow(db, userId, id);
  const checked = validateDashboardContent(input.content, input.version);
  if (!checked.ok) throw badRequest(checked.error);
  const name = input.name === undefined ? undefined : input.name.trim();
  if (name === '') throw badRequest(MESSAGES.missingParameters);
  const updated = await writeRow(db, row, input.updatedAt, {
    content: checked.content,
    ...(name !== undefined ? { name } : {}),
  });
  return toDocument(db, updated);
}

/**
 * A rename changes the name only: updatedAt is the revision of the content (the version a save is
 * based on), so it stays, and an open board's next save (or one already on its way) is not refused
 * as "changed elsewhere" because of the rename (issue 20).
 */
export async function renameDashboard(db: Db, userId: number, id: number, name: string): Promise<DashboardDocument> {
  const trimmed = name.trim();
  if (trimmed === '') throw badRequest(MESSAGES.missingParameters);
  const row = await ownRow(db, userId, id);
  const [updated] = await db
    .update(dashboards)
    .set({ name: trimmed })
    .where(and(eq(dashboards.id, row.id), eq(dashboards.userId, userId)))
    .returning();
  if (!updated) throw notFound(MESSAGES.dashboardNotFound);
  return toDocument(db, updated);
}

/** Built-ins cannot be deleted (they would be created again on the next fetch): restore them. */
export async function deleteDashboard(db: Db, userId: number, id: number): Promise<void> {
  const row = await ownRow(db, userId, id);
  if (row.staticKind) throw badRequest(DASHBOARD_MESSAGES.builtInNotDeletable);
  await db.delete(dashboards).where(and(eq(dashboards.id, id), eq(dashboards.userId, userId)));
  await setDashboardFilter(db, userId, id, null);
}

/** Restore: a built-in dashboard gets its default layout back. */
export async function restoreDashboard(db: Db, userId: number, id: number): Promise<DashboardDocument> {
  const row = await ownRow(db, userId, id);
  if (!row.staticKind) throw badRequest(DASHBOARD_MESSAGES.notBuiltIn);
  return toDocument(db, await writeRow(db, row, undefined, { content: defaultDashboardContent(row.staticKind) }));
}

export async function setFilter(
  db: Db,
  userId: number,
  id: number,
  filter: FilterSettings,
): Promise<DashboardDocument> {
  // The filter is the viewer's own setting: he may set it on a dashboard shared with him too.
  const { row, view } = await viewableRow(db, userId, id);
  await setDashboardFilter(db, userId, id, filter);
  return toDocument(db, row, userId, view);
}
