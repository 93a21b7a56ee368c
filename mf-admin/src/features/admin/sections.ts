/** The sections of the admin area (spec §2), in the order and groups of the sub navigation. */
import type { IconName } from './Icon';

export type AdminSectionId =
  | 'general'
  | 'customization'
  | 'users'
  | 'accounts'
  | 'userManagement'
  | 'dashboardOwnership'
  | 'workspaceOwnership'
  | 'security'
  | 'api'
  | 'usageStatistics'
  | 'permissions'
  | 'auditLog';

export type AdminGroup = 'organisation' | 'people' | 'ownership' | 'platform';

export interface AdminSection {
  id: AdminSectionId;
  /** Path below /admin. */
  path: string;
  group: AdminGroup;
  icon: IconName;
}

export const ADMIN_GROUPS: readonly AdminGroup[] = ['organisation', 'people', 'ownership', 'platform'];

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { id: 'general', path: 'general', group: 'organisation', icon: 'building' },
  { id: 'customization', path: 'customization', group: 'organisation', icon: 'brush' },
  { id: 'users', path: 'users', group: 'people', icon: 'users' },
  { id: 'accounts', path: 'accounts', group: 'people', icon: 'briefcase' },
  { id: 'userManagement', path: 'user-management', group: 'people', icon: 'userCog' },
  { id: 'permissions', path: 'permissions', group: 'people', icon: 'key' },
  { id: 'dashboardOwnership', path: 'dashboard-ownership', group: 'ownership', icon: 'layout' },
  { id: 'workspaceOwnership', path: 'workspace-ownership', group: 'ownership', icon: 'folder' },
  { id: 'security', path: 'security', group: 'platform', icon: 'shield' },
  { id: 'api', path: 'api', group: 'platform', icon: 'code' },
  { id: 'usageStatistics', path: 'usage-statistics', group: 'platform', icon: 'chart' },
  { id: 'auditLog', path: 'audit-log', group: 'platform', icon: 'note' },
];
