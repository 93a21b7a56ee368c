import { demoUser } from '@fieldwatch/shared/testing';
import type { UserProfile } from '@fieldwatch/shared';

export {
  createBus,
  defaultDashboardContent,
  emptyDashboardContent,
  encodeDashboardId,
  type Bus,
  type DashboardContent,
  type DashboardDocument,
  type DashboardSummary,
  type Toast,
} from '@fieldwatch/shared';

export const demoUserOf = (userType: 0 | 1 | 2): UserProfile => ({ ...demoUser, userType });
