/**
 * Who may do what (issue 18 §1, spec §6): THE rule table. The server enforces it
 * (server/src/modules/auth/permissions.ts derives requireWriter, requireAdmin and the rest from
 * it) and the admin area's Permissions page draws its matrix from it, so the two cannot disagree.
 *
 * Membership is a separate check: whatever a user type may do, it does on the organisations the
 * user belongs to only (another organisation's row answers 404).
 *
 * The spec's 'view all' role (§6) is, as we implement it, not a separate role: every user sees all
 * units, alarms and measurements of every organisation he belongs to (his selected customers scope
 * the lists), and a Reader is the user who views all and changes nothing.
 */
import { USER_TYPES, type UserType } from '../constants';

export const CAPABILITIES = [
  /** See units, measurements, alarms, tasks and dashboards of his organisations. */
  'read',
  /** Edit his own profile, preferences, password and dashboards. */
  'ownProfile',
  /** Change operational data: units and their settings, alarms, tasks, groups, locations, markers. */
  'operate',
  /** Administer his organisations: users, organisation settings, security, usage statistics. */
  'administer',
  /** Create, list and revoke API tokens of his organisations. */
  'apiTokens',
  /** Read the audit log of his organisations. */
  'auditLog',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

const { SuperUser, User, Reader } = USER_TYPES;

/** The user types that may use each capability. */
export const PERMISSIONS: Readonly<Record<Capability, readonly UserType[]>> = {
  read: [SuperUser, User, Reader],
  ownProfile: [SuperUser, User, Reader],
  operate: [SuperUser, User],
  administer: [SuperUser],
  apiTokens: [SuperUser],
  auditLog: [SuperUser],
};

/** The user types in the order the matrix shows them. */
export const USER_TYPE_ORDER: readonly UserType[] = [SuperUser, User, Reader];

/** Whether a user type may use a capability. */
export function may(userType: UserType, capability: Capability): boolean {
  return PERMISSIONS[capability].includes(userType);
}
