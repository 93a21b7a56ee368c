/**
 * User management in the admin area (issue 18 §1, /api/v3/admin/users…): a SuperUser invites,
 * adds, edits, deactivates, reactivates and deletes the users of the organisations he
 * administers, sends them a password link and ends their sessions.
 *
 * Who may be managed: a user ALL of whose organisations the caller belongs to (the rule of
 * createRestorePasswordToken) — else the user answers 404, as if he did not exist. A new user has
 * no usable password: he chooses one from the link mailed to him (an administrator never sets or
 * sees a password, and the link's secret is never in an answer).
 */
import * as T from 'typebox';
import type { AdminUser, SessionListItem } from '../api/types';
import { Username } from './auth';
import { Id, NOT_BLANK, StringEnum } from './common';
import { Email, Phone, PROFILE_TEXT_LIMITS } from './user';

/** A user's state: active, invited (no password chosen yet), or deactivated (cannot sign in). */
export const MANAGED_USER_STATUSES = ['active', 'invited', 'deactivated'] as const;
export type ManagedUserStatus = (typeof MANAGED_USER_STATUSES)[number];

/** How long an invitation link stays valid (a password link of the user himself: an hour). */
export const INVITATION_TTL_DAYS = 7;

/** A row of the admin user list: AdminUser plus what the management needs. */
export interface ManagedUser extends AdminUser {
  title: string;
  phone: string;
  status: ManagedUserStatus;
  /** ISO time of the invitation (or of the direct creation), null for older accounts. */
  invitedAt: string | null;
  /** ISO time of the deactivation, or null. */
  deactivatedAt: string | null;
  /** Whether the caller may manage him: every organisation of his is one of the caller's. */
  manageable: boolean;
  /**
   * His linked personal identity number for BankID, masked ("19900101-••••"), or null. The whole
   * number is never sent back; an administrator replaces or removes it.
   */
  personalNumber: string | null;
  /** Two-factor authentication (TOTP) is on; an administrator may turn it off (resetUserTwoFactor). */
  twoFactor?: boolean;
}

/** What the admin sees of a user's sign-ins: the last one and his open sessions. */
export interface ManagedUserSessions {
  lastLogin: string | null;
  sessions: SessionListItem[];
}

export interface ManagedUserDeleted {
  id: number;
  /** Tasks given to `reassignTo`. */
  tasksReassigned: number;
  /** Tasks he was taken off (left without him, or unassigned). */
  tasksUnassigned: number;
}

export interface UsersSessionsEnded {
  ended: number;
}

/** The user types (USER_TYPES): SuperUser 0, User 1, Reader 2. */
const UserTypeField = T.Unsafe<0 | 1 | 2>(T.Integer({ title: 'User type', minimum: 0, maximum: 2 }));
/** Organisations of the caller's, at least one. */
const OrganizationIds = T.Array(Id, { title: 'Organisations', minItems: 1, maxItems: 100, uniqueItems: true });
/** The page the link leads to (the shell's /reset-password); must be on this server's origin. */
const LinkBase = T.String({ minLength: 1, maxLength: 2000 });
const Name = T.String({ title: 'Name', minLength: 1, maxLength: PROFILE_TEXT_LIMITS.fullname, pattern: NOT_BLANK });
const Title = T.String({ title: 'Title', maxLength: PROFILE_TEXT_LIMITS.title });

/** POST /api/v3/admin/users/invitations: the username is the e-mail address unless given. */
export const InviteUserBody = T.Object(
  {
    name: Name,
    email: Email,
    userType: UserTypeField,
    organizationIds: OrganizationIds,
    username: T.Optional(Username),
    baseUrl: LinkBase,
  },
  { additionalProperties: false },
);
export type InviteUserBody = T.Static<typeof InviteUserBody>;

/** POST /api/v3/admin/users: a user added directly, with the username the admin chose. */
export const CreateUserBody = T.Object(
  {
    username: Username,
    name: Name,
    email: Email,
    userType: UserTypeField,
    organizationIds: OrganizationIds,
    baseUrl: LinkBase,
  },
  { additionalProperties: false },
);
export type CreateUserBody = T.Static<typeof CreateUserBody>;

/** PUT /api/v3/admin/users/:id: the fields to change (at least one). */
export const UpdateUserBody = T.Object(
  {
    name: T.Optional(Name),
    title: T.Optional(Title),
    email: T.Optional(Email),
    phone: T.Optional(Phone),
    userType: T.Optional(UserTypeField),
    organizationIds: T.Optional(OrganizationIds),
    /** Links the personal identity number BankID names him by (parsePersonalNumber); null unlinks. */
    personalNumber: T.Optional(T.Union([T.String({ title: 'Personal identity number', maxLength: 20 }), T.Null()])),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateUserBody = T.Static<typeof UpdateUserBody>;

/** POST /api/v3/admin/users/:id/reset-link (an invited user gets his invitation again). */
export const UserLinkBody = T.Object({ baseUrl: LinkBase }, { additionalProperties: false });
export type UserLinkBody = T.Static<typeof UserLinkBody>;

/** DELETE /api/v3/admin/users/:id?tasks=unassign|reassign&reassignTo=<user id>. */
export const DeleteUserQuery = T.Object(
  {
    tasks: StringEnum(['unassign', 'reassign'] as const),
    reassignTo: T.Optional(Id),
  },
  { additionalProperties: false },
);
export type DeleteUserQuery = T.Static<typeof DeleteUserQuery>;

/** The server's English texts of refusals (the browser translates by code where it has one). */
export const ADMIN_USER_MESSAGES = {
  notYourOrganization: 'You can only give users organisations you administer yourself',
  selfDelete: 'You cannot delete your own account; ask another SuperUser of your organisation',
  selfDeactivate: 'You cannot deactivate your own account; ask another SuperUser of your organisation',
  selfType: 'You cannot change your own user type; ask another SuperUser of your organisation',
  lastSuperUser: (org: string) =>
    `${org} would have no active SuperUser left; make another user SuperUser first`,
  reassignTarget: 'Choose an active user of the same organisations to take over the tasks',
  reassignMissing: 'Choose the user who takes over the tasks, or leave them unassigned',
  usernameTaken: 'A user with this username already exists; choose another one',
  deactivated: 'This account is deactivated. Ask an administrator of your organisation to reactivate it.',
  noEmail: 'This user has no e-mail address; add one first',
  personalNumber: 'Enter valid personal identity number, as YYYYMMDD-NNNN',
  personalNumberTaken: 'This personal identity number is linked to another user already',
} as const;
export const ACCOUNT_DEACTIVATED_CODE = 'account_deactivated';
export const LAST_SUPERUSER_CODE = 'last_superuser';
export const PERSONAL_NUMBER_TAKEN_CODE = 'personal_number_taken';
