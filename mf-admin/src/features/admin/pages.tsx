/**
 * The page of each admin section, by section id: every section has one (a missing one is a type
 * error). Each feature folder owns its page; this file only names it.
 */
import type { ComponentType } from 'react';
import type { AdminSectionId } from './sections';
import { UsersPage } from '../users/UsersPage';
import { UserManagementPage } from '../users/UserManagementPage';
import { GeneralPage } from '../general/GeneralPage';
import { CustomizationPage } from '../customization/CustomizationPage';
import { AccountsPage } from '../accounts/AccountsPage';
import { SecurityPage } from '../security/SecurityPage';

import { DashboardOwnershipPage } from '../dashboard-ownership/DashboardOwnershipPage';
import { WorkspaceOwnershipPage } from '../workspace-ownership/WorkspaceOwnershipPage';
import { UsageStatisticsPage } from '../usage-statistics/UsageStatisticsPage';
import { ApiTokensPage } from '../api-tokens/ApiTokensPage';
import { AuditLogPage } from '../audit-log/AuditLogPage';
import { PermissionsPage } from '../permissions/PermissionsPage';

export const SECTION_PAGES: Record<AdminSectionId, ComponentType> = {
  dashboardOwnership: DashboardOwnershipPage,
  workspaceOwnership: WorkspaceOwnershipPage,
  usageStatistics: UsageStatisticsPage,
  api: ApiTokensPage,
  auditLog: AuditLogPage,
  permissions: PermissionsPage,
  users: UsersPage,
  userManagement: UserManagementPage,
  general: GeneralPage,
  customization: CustomizationPage,
  accounts: AccountsPage,
  security: SecurityPage,
};
