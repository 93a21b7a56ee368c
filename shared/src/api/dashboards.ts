/** Payloads of /api/v3/user/dashboard beyond list/get (create, save, rename, filter, templates). */
import type { DashboardKind } from './types';
import type { Dashboard, DashboardContent } from '../domain/dashboard-content';
import type { FilterSettings } from '../contract/user';
import { DASHBOARD_LIMITS } from '../domain/dashboard-validate';

/** GET /api/v3/user/dashboard/:id, and what create/save/rename/restore answer. */
export interface DashboardDocument extends Dashboard {
  /** Send it back as `updatedAt` on PUT; a stale one answers 409 (code 'conflict'). */
  updatedAt: string;
  /** Filter settings of the dashboard (PUT /dashboard/:id/filter). */
  filter: FilterSettings;
}

/** GET /api/v3/user/dashboard/template */
export interface DashboardTemplate {
  id: DashboardKind;
  nameKey: string;
  content: DashboardContent;
}

/** Messages of the dashboard API. */
export const DASHBOARD_MESSAGES = {
  builtInNotDeletable: 'A built-in dashboard cannot be deleted; restore it instead',
  notBuiltIn: 'Only a built-in dashboard can be restored',
  conflict: 'The dashboard was changed elsewhere; reload it and try again',
  /** The editor's refusals at the validator's limits (the server's own 400 names the field). */
  tooManyWidgets: `A dashboard holds at most ${DASHBOARD_LIMITS.widgets} widgets`,
  tooManyLinkGroups: `A dashboard has at most ${DASHBOARD_LIMITS.linkGroups} link groups`,
} as const;
