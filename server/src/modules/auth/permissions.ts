/**
 * What each user type may do (the spec leaves it open; this is our rule, enforced here and written
 * in the README):
 * - Reader (2): reads everything of his organisations, changes nothing (403).
 * - User (1): reads, and operates units, alarms, tasks, notifications, groups, locations,
 *   dashboards and his own profile.
 * - SuperUser (0): all of that, plus administration — users, API tokens, organisation settings.
 * Membership (which organisation's data) is checked separately, per row: 404 when not yours.
 */
import { USER_TYPES } from '@fieldwatch/shared';
import { forbidden } from '../../http/errors';
import type { AuthContext } from './guard';

export const READ_ONLY_MESSAGE = 'You are missing authority for this device';
export const ADMIN_ONLY_MESSAGE = 'You are missing authority for this area';

/** Throws 403 for Readers: call before any write to operational data. */
export function requireWriter(auth: AuthContext): void {
  if (auth.userType === USER_TYPES.Reader) throw forbidden(READ_ONLY_MESSAGE);
}

/** Throws 403 unless SuperUser: administration. */
export function requireAdmin(auth: AuthContext): void {
  if (auth.userType !== USER_TYPES.SuperUser) throw forbidden(ADMIN_ONLY_MESSAGE);
}
