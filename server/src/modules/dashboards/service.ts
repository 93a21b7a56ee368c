/**
 * Dashboards of a user. Built-ins are created on fetch when missing (spec §4), parking only when
 * the customers in scope have the parking right; their content is the shared default layout.
 */
import { and, eq } from 'drizzle-orm';
import {
  DASHBOARD_KINDS,
  DASHBOARD_NAME_KEYS,
  DASHBOARD_VERSION,
  MESSAGES,
  defaultDashboardContent,
  showsParking,
  type Dashboard,
  type DashboardKind,
  type DashboardSummary,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { dashboards } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { AuthContext } from '../auth/guard';
import { userCustomers } from '../user/service';

type DashboardRow = typeof dashboards.$inferSelect;

export function toSummary(r: DashboardRow): DashboardSummary {
  return { id: r.id, name: r.name, static: r.staticKind ?? null, version: r.version };
}

export function toDashboard(r: DashboardRow): Dashboard {
  return { ...toSummary(r), content: r.content };
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
  return visible.map(opts.excludeContent ? toSummary : toDashboard);
}

function newBuiltIn(userId: number, kind: DashboardKind) {
  return {
    userId,
    name: DASHBOARD_NAME_KEYS[kind],
    staticKind: kind,
    version: DASHBOARD_VERSION,
    content: defaultDashboardContent(kind),
  };
}

export async function getDashboard(db: Db, userId: number, id: number): Promise<Dashboard> {
  const [row] = await db
    .select()
    .from(dashboards)
    .where(and(eq(dashboards.id, id), eq(dashboards.userId, userId)))
    .limit(1);
  if (!row) throw notFound(MESSAGES.dashboardNotFound);
  return toDashboard(row);
}
