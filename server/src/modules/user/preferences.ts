/**
 * The user_preferences row: client preferences and the filter settings of each
 * dashboard. Keys starting with "_" are the server's own and never leave it. (Password links live
 * in their own table, password_reset_tokens: see password-reset.ts.)
 */
import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_CLIENT_PREFERENCES,
  type ClientPreferences,
  type FilterSettings,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { userPreferences } from '../../db/schema';

export const PREFERENCE_KEYS = ['dateInterval', 'weather', 'hiddenWidgets', 'filterSettings', 'textSearch', 'deviceTable'] as const;
const DASHBOARD_FILTERS = 'dashboardFilters';

async function readRaw(db: Db, userId: number): Promise<Record<string, unknown>> {
  const [row] = await db
    .select({ prefs: userPreferences.prefs })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId))
    .limit(1);
  return row?.prefs ?? {};
}

/** Merges top-level keys into the stored document (one statement: concurrent merges both land). */
async function mergeRaw(db: Db, userId: number, patch: Record<string, unknown>): Promise<void> {
  const json = JSON.stringify(patch);
  await db
    .insert(userPreferences)
    .values({ userId, prefs: patch, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: { prefs: sql`${userPreferences.prefs} || ${json}::jsonb`, updatedAt: new Date() },
    });
}

export async function getPreferences(db: Db, userId: number): Promise<ClientPreferences> {
  const raw = await readRaw(db, userId);
  const out: Record<string, unknown> = { ...DEFAULT_CLIENT_PREFERENCES };
  for (const k of PREFERENCE_KEYS) if (raw[k] !== undefined) out[k] = raw[k];
  return out as unknown as ClientPreferences;
}

export async function setPreferences(
  db: Db,
  userId: number,
  patch: Partial<ClientPreferences>,
): Promise<ClientPreferences> {
  const clean: Record<string, unknown> = {};
  for (const k of PREFERENCE_KEYS) if (patch[k] !== undefined) clean[k] = patch[k];
  if (Object.keys(clean).length) await mergeRaw(db, userId, clean);
  return getPreferences(db, userId);
}

/** Filter settings of all the user's dashboards, by dashboard id. */
export async function getDashboardFilters(db: Db, userId: number): Promise<Record<string, FilterSettings>> {
  return ((await readRaw(db, userId))[DASHBOARD_FILTERS] as Record<string, FilterSettings> | undefined) ?? {};
}

export async function getDashboardFilter(db: Db, userId: number, dashboardId: number): Promise<FilterSettings> {
  const all = (await readRaw(db, userId))[DASHBOARD_FILTERS] as Record<string, FilterSettings> | undefined;
  return all?.[String(dashboardId)] ?? {};
}

export async function setDashboardFilter(
  db: Db,
  userId: number,
  dashboardId: number,
  filter: FilterSettings | null,
): Promise<void> {
  const all = { ...((await readRaw(db, userId))[DASHBOARD_FILTERS] as Record<string, FilterSettings>) };
  if (filter === null) delete all[String(dashboardId)];
  else all[String(dashboardId)] = filter;
  await mergeRaw(db, userId, { [DASHBOARD_FILTERS]: all });
}
