/**
 * What each user type may do: the rule table PERMISSIONS in @fieldwatch/shared
 * (shared/src/contract/permissions.ts), which the admin area's Permissions page shows. Every check
 * here derives from that table, so the page and the server cannot disagree:
 * - requireWriter: `operate` (changing operational data) — a Reader gets 403.
 * - requireAdmin: `administer` (users, organisations, settings) — only a SuperUser.
 * - requireCapability: any other row (e.g. `apiTokens`, `auditLog`).
 * Membership (which organisation's data) is checked separately, per row: 404 when not yours.
 * An API token's context is a Reader (auth/guard.ts), so it passes none of the write checks.
 */
import { may, type Capability } from '@fieldwatch/shared';
import { forbidden } from '../../http/errors';
import type { AuthContext } from './guard';

export const READ_ONLY_MESSAGE = 'You are missing authority for this device';
export const ADMIN_ONLY_MESSAGE = 'You are missing authority for this area';

/** Throws 403 unless the caller's user type may use `capability` (PERMISSIONS). */
export function requireCapability(auth: AuthContext, capability: Capability, message = ADMIN_ONLY_MESSAGE): void {
  if (auth.apiToken && capability !== 'read') throw forbidden(message);
  if (!may(auth.userType, capability)) throw forbidden(message);
}

/** Throws 403 for Readers: call before any write to operational data. */
export function requireWriter(auth: AuthContext): void {
  requireCapability(auth, 'operate', READ_ONLY_MESSAGE);
}

/** Throws 403 unless SuperUser: administration. */
export function requireAdmin(auth: AuthContext): void {
  requireCapability(auth, 'administer', ADMIN_ONLY_MESSAGE);
}
