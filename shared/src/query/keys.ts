/**
 * Query keys of the page's data cache, one function per kind of server data. Lists scoped by the
 * customer selection carry the selected customer ids (sorted), so another selection is another
 * entry and going back to the first one finds it again. Keys under 'shell' belong to the shell's
 * own machinery (the remote map, the code of each area) and outlive a session; every other key is
 * session data and is dropped when a session starts or ends.
 */
import type { RemoteName } from '../areas';

const ids = (customers: readonly number[]) => [...new Set(customers)].sort((a, b) => a - b);

export const queryKeys = {
  /** GET /remotes.json: where each remote lives. */
  remotes: () => ['shell', 'remotes'] as const,
  /** The code of an area (its single-spa lifecycles), loaded through Module Federation. */
  area: (name: RemoteName) => ['shell', 'area', name] as const,
  /** The signed-in user, the customers and the selection (GET /api/v3/user/session). */
  session: () => ['session'] as const,
  /** The dashboards (names and kinds, without content) of the selected customers. */
  dashboards: () => ['dashboards'] as const,
  /** The user's notifications; `limit` as the call asks for them (the alarm listener's count asks for 500). */
  notifications: (limit?: number) => (limit === undefined ? (['notifications'] as const) : (['notifications', { limit }] as const)),
  /** One page of the notifications page (filters, page) of the selected customers: under notifications(). */
  notificationPage: (customers: readonly number[], query: Readonly<Record<string, unknown>>) =>
    ['notifications', 'page', ids(customers), query] as const,
  /** Unseen notifications of the selected customers (the badge): under notifications(). */
  notificationCounts: (customers: readonly number[]) => ['notifications', 'counts', ids(customers)] as const,
  /** The follow-up tasks of the selected customers. */
  tasks: (customers: readonly number[]) => ['tasks', ids(customers)] as const,
  /** One page of the task search (view, filters, sort, page) of the selected customers: under tasks(customers). */
  taskSearch: (customers: readonly number[], query: Readonly<Record<string, unknown>>) =>
    ['tasks', ids(customers), 'search', query] as const,
  /** One task as its page shows it (events, alarms, files, user names). */
  task: (id: string) => ['tasks', 'detail', id] as const,
  /** The users a task of an organisation can be assigned to (undefined: the first selected customer's). */
  taskUsers: (organizationId?: number) => ['tasks', 'users', organizationId ?? null] as const,
  /** The units of the selected customers: the session's unit list. */
  devices: (customers: readonly number[]) => ['devices', ids(customers)] as const,
  /** Recent events of the selected customers. */
  events: (customers: readonly number[]) => ['events', ids(customers)] as const,
  /** Groups and locations of the selected customers. */
  containers: (customers: readonly number[]) => ['containers', ids(customers)] as const,
  /** The people who share an organisation with the signed-in SuperUser. */
  adminUsers: () => ['admin', 'users'] as const,
  /** The organisations the SuperUser administers (admin Accounts, and the organisation pickers). */
  adminOrganizations: () => ['admin', 'organizations'] as const,
  /** Dashboard ownership: the dashboards of the users of the SuperUser's organisations. */
  adminDashboardOwnership: () => ['admin', 'ownership', 'dashboards'] as const,
  /** Workspace ownership: the open tasks of the users of the SuperUser's organisations. */
  adminWorkspaceOwnership: () => ['admin', 'ownership', 'workspaces'] as const,
  /** Usage statistics of one organisation over a period of whole days. */
  adminUsage: (organizationId: number, from: string, to: string) => ['admin', 'usage', organizationId, from, to] as const,
  /** One organisation's settings (General, Customization, Security). */
  adminOrganization: (id: number) => ['admin', 'organizations', id] as const,
  /** The members of one organisation (moving users between accounts). */
  organizationMembers: (id: number) => ['admin', 'organizations', id, 'members'] as const,
  /** The API tokens of the SuperUser's organisations (admin API). */
  apiTokens: () => ['admin', 'tokens'] as const,
  /** One page of the audit log (filters and cursor). */
  auditLog: (query: Readonly<Record<string, unknown>>) => ['admin', 'audit', query] as const,
  /** The branding (logo, accent colour) of the signed-in user's organisation. */
  branding: () => ['branding'] as const,
  /** Where the signed-in user is signed in. */
  userSessions: () => ['user', 'sessions'] as const,
  /** The signed-in user's two-factor authentication (status). */
  userTwoFactor: () => ['user', 'two-factor'] as const,
  /** Everything of one unit's page (details, options, settings, commands, relay, firmware, data): a prefix. */
  unit: (unitId: number) => ['unit', unitId] as const,
  /** One part of a unit's page, e.g. unitPart(7, 'settings'); `extra` for parameters such as a range. */
  unitPart: (unitId: number, part: string, extra?: unknown) =>
    extra === undefined ? (['unit', unitId, part] as const) : (['unit', unitId, part, extra] as const),
  /** The deployment's configuration (GET /api/v3/config: map tiles, NFC host): once per page load. */
  clientConfig: () => ['config'] as const,
  /** Whether BankID sign-in is enabled here (GET /api/v3/auth/bankid): the login page's, outlives sessions. */
  bankIdStatus: () => ['shell', 'bankid'] as const,
  /** What an NFC tag (onboarding) stands for. */
  onboardingTag: (tag: string) => ['onboarding', 'tag', tag] as const,
  /** The signed-in user's steps with an NFC tag (organisation, placement, terms). */
  onboardingFlow: (tag: string) => ['onboarding', 'flow', tag] as const,
  /** The trials of the admin's organisations. */
  adminTrials: () => ['admin', 'trials'] as const,
};

/** Whether a query holds session data (dropped at sign-in, sign-out and expiry). */
export function isSessionData(queryKey: readonly unknown[]): boolean {
  return queryKey[0] !== 'shell';
}
