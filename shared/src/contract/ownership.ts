/**
 * Dashboard and workspace ownership (issue 18 §1), under /api/v3/admin/ownership: a SuperUser sees
 * the dashboards and workspaces of the users of the organisations he administers and moves them
 * from one user to another of the same organisation (e.g. when someone leaves), and shares a
 * custom dashboard read-only with its owner's organisation.
 *
 * A user's workspace in an organisation is the work assigned to him there: the organisation's
 * tasks he is an assignee of that are not closed (neither done nor archived). Groups and locations
 * belong to the organisation as a whole (the product records no creator for them), so they are
 * everyone's and stay where they are; dashboards move under dashboard ownership.
 */
import * as T from 'typebox';
import type { DashboardKind } from '../api/types';
import { Id, Nullable } from './common';

/** A user the page lists, with the organisations (of the SuperUser's) he belongs to. */
export interface OwnershipUser {
  id: number;
  username: string;
  name: string;
  /** USER_TYPES: 0 SuperUser, 1 User, 2 Reader. */
  userType: number;
  organizationIds: number[];
}

export interface OwnershipOrganization {
  id: number;
  name: string;
}

/** One dashboard of a user. */
export interface OwnedDashboard {
  id: number;
  /** A custom dashboard's name; a built-in's name is its translation key. */
  name: string;
  /** The built-in kind, or null for a custom dashboard (only those move or are shared). */
  kind: DashboardKind | null;
  widgets: number;
  /** ISO time of the last change. */
  updatedAt: string;
  ownerId: number;
  /** The organisation that sees it read-only, or null. */
  sharedWith: number | null;
}

/** GET /api/v3/admin/ownership/dashboards */
export interface DashboardOwnershipView {
  organizations: OwnershipOrganization[];
  users: OwnershipUser[];
  dashboards: OwnedDashboard[];
}

/**
 * POST /api/v3/admin/ownership/dashboards/transfer: moves custom dashboards of `fromUserId` to
 * `toUserId`, both users of `organizationId`. Without `dashboardIds`: all of his custom dashboards.
 */
export const DashboardTransferBody = T.Object(
  {
    organizationId: Id,
    fromUserId: Id,
    toUserId: Id,
    dashboardIds: T.Optional(T.Array(Id, { minItems: 1, maxItems: 500 })),
  },
  { additionalProperties: false },
);
export type DashboardTransferBody = T.Static<typeof DashboardTransferBody>;

export interface DashboardTransferResult {
  /** The ids of the dashboards that moved. */
  dashboardIds: number[];
}

/** PUT /api/v3/admin/ownership/dashboards/:id/share: share with an organisation of the owner (null: stop sharing). */
export const DashboardShareBody = T.Object({ organizationId: Nullable(Id) }, { additionalProperties: false });
export type DashboardShareBody = T.Static<typeof DashboardShareBody>;

/** A task of a workspace. */
export interface WorkspaceTask {
  id: string;
  title: string;
  status: string;
  created: string;
}

/** A user's workspace in one organisation. */
export interface UserWorkspace {
  userId: number;
  organizationId: number;
  /** His open tasks there (newest first). */
  tasks: WorkspaceTask[];
}

/** GET /api/v3/admin/ownership/workspaces */
export interface WorkspaceOwnershipView {
  organizations: OwnershipOrganization[];
  users: OwnershipUser[];
  /** Only the workspaces that hold something. */
  workspaces: UserWorkspace[];
}

/**
 * POST /api/v3/admin/ownership/workspaces/transfer: `toUserId` takes `fromUserId`'s place on his
 * open tasks of `organizationId` (all of them, or those of `taskIds`).
 */
export const WorkspaceTransferBody = T.Object(
  {
    organizationId: Id,
    fromUserId: Id,
    toUserId: Id,
    taskIds: T.Optional(T.Array(T.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 1000 })),
  },
  { additionalProperties: false },
);
export type WorkspaceTransferBody = T.Static<typeof WorkspaceTransferBody>;

export interface WorkspaceTransferResult {
  /** The ids of the tasks that moved. */
  taskIds: string[];
}

/** Messages of the ownership routes (the page translates them by these texts). */
export const OWNERSHIP_MESSAGES = {
  userNotFound: 'User not found',
  dashboardNotFound: 'Dashboard not found',
  organizationNotFound: 'Organisation not found',
  sameUser: 'Choose another user to move them to',
  notInOrganization: 'Both users must belong to the chosen organisation',
  builtIn: 'Built-in dashboards belong to each user and cannot be moved or shared',
  ownerNotInOrganization: "The dashboard's owner does not belong to that organisation",
  taskNotFound: 'Task not found among the open tasks of that user',
  /** A write to a dashboard shared with the user's organisation (the dashboards module refuses it). */
  sharedReadOnly: 'This dashboard is shared with you read-only: only its owner can change it. Create your own dashboard to make changes.',
} as const;
