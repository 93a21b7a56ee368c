/**
 * The audit log (issue 18, /api/v3/admin/audit): every administrative change and every sign-in,
 * with who, when, from where and what changed. The server writes an entry with recordAudit() in
 * server/src/modules/audit/record.ts; the admin area lists, filters and exports them.
 */

/** What an entry records. A new kind of change gets its name here (and its text in admin.json). */
export const AUDIT_ACTIONS = [
  // sign-in and sessions
  'auth.signin',
  'auth.signinFailed',
  'auth.signout',
  'auth.sessionEnded',
  'auth.passwordReset',
  'auth.passwordResetRequested',
  'auth.registered',
  'auth.emailVerified',
  'auth.twoFactorEnabled',
  'auth.twoFactorDisabled',
  'auth.twoFactorRecoveryCodes',
  // the user's own account
  'profile.update',
  'profile.avatar',
  'profile.password',
  'profile.preferences',
  // users
  'user.invite',
  'user.create',
  'user.update',
  'user.deactivate',
  'user.reactivate',
  'user.delete',
  'user.resetLink',
  'user.sessionsEnded',
  // organisations and settings
  'organization.create',
  'organization.update',
  'organization.customize',
  'organization.security',
  'organization.users',
  // ownership
  'dashboard.transfer',
  'dashboard.share',
  'workspace.transfer',
  // API tokens
  'token.create',
  'token.revoke',
  // units activated from their NFC tag (onboarding), and their trials
  'onboarding.activate',
  'trial.convert',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One changed field: its value before and after (secrets are never recorded, only "changed"). */
export interface AuditChange {
  from: unknown;
  to: unknown;
}

/** An entry as the admin area reads it. */
export interface AuditEntry {
  id: number;
  /** ISO time. */
  at: string;
  actor: { id: number | null; name: string };
  organization: { id: number; name: string } | null;
  action: AuditAction;
  target: { type: string; id: string; name: string } | null;
  ip: string;
  userAgent: string;
  details: Record<string, unknown>;
}
