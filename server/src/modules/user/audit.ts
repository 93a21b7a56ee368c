/**
 * The audit log's entries for the user's own account (issue 18): what a profile write changed.
 * Personal fields are "profile.update", the avatar "profile.avatar", the time, date, language and
 * notification settings "profile.preferences". The avatar's picture itself is never copied into
 * the log (only that it changed), nor is any password.
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuditAction, UserProfile } from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { userOrganizations } from '../../db/schema';
import { changedFields, recordAudit } from '../audit/record';

/** The profile as flat fields, as the log shows them. */
function flat(p: UserProfile) {
  return {
    username: p.username,
    name: p.name,
    title: p.title,
    email: p.email,
    phone: p.phone,
    location: p.location,
    avatar: p.avatar ?? null,
    language: p.language,
    timeFormat: p.timeConfig.timeFormat,
    timezone: p.timeConfig.timezone,
    dateFormat: p.timeConfig.dateFormat,
    theme: p.theme ?? null,
    notifyEmail: p.notification.email,
    notifyDesktop: p.notification.desktop,
  };
}
type Field = keyof ReturnType<typeof flat>;

const GROUPS: ReadonlyArray<[AuditAction, readonly Field[]]> = [
  ['profile.update', ['username', 'name', 'title', 'email', 'phone', 'location']],
  ['profile.avatar', ['avatar']],
  ['profile.preferences', ['language', 'timeFormat', 'timezone', 'dateFormat', 'theme', 'notifyEmail', 'notifyDesktop']],
];

/**
 * The organisation a personal change is filed under: the user's first (lowest id) membership, so
 * that his organisation's administrators see it; null for a user of none.
 */
async function homeOrganization(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: userOrganizations.organizationId })
    .from(userOrganizations)
    .where(eq(userOrganizations.userId, userId))
    .orderBy(asc(userOrganizations.organizationId))
    .limit(1);
  return row?.id ?? null;
}

/** One entry per kind of change between `before` and `after` (none when nothing changed). */
export async function auditProfileChange(
  db: Db,
  request: FastifyRequest,
  before: UserProfile,
  after: UserProfile,
): Promise<void> {
  const a = flat(before);
  const b = flat(after);
  const entries: Array<[AuditAction, Record<string, unknown>]> = [];
  for (const [action, fields] of GROUPS) {
    const changes = changedFields(a, b, fields, ['avatar']);
    if (Object.keys(changes).length === 0) continue;
    const details: Record<string, unknown> = { changes };
    if (action === 'profile.avatar') details.avatar = after.avatar ? 'uploaded' : 'removed';
    entries.push([action, details]);
  }
  if (!entries.length) return;
  const organizationId = await homeOrganization(db, after.id);
  for (const [action, details] of entries) {
    await recordAudit(db, request, {
      action,
      organizationId,
      target: { type: 'user', id: after.id, name: after.username },
      details,
    });
  }
}

/** The password was changed (never its value). */
export async function auditPasswordChange(db: Db, request: FastifyRequest, user: UserProfile): Promise<void> {
  await recordAudit(db, request, {
    action: 'profile.password',
    organizationId: await homeOrganization(db, user.id),
    target: { type: 'user', id: user.id, name: user.username },
    details: { otherSessionsEnded: true },
  });
}

/** The notification settings (e-mail, desktop, priorities, alarm types, interval) that changed. */
export async function auditNotificationSettings(
  db: Db,
  request: FastifyRequest,
  userId: number,
  username: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Promise<void> {
  const fields = ['email', 'desktop', 'priorities', 'alarmTypes', 'intervalMin'];
  const changes = changedFields(before, after, fields);
  if (Object.keys(changes).length === 0) return;
  await recordAudit(db, request, {
    action: 'profile.preferences',
    organizationId: await homeOrganization(db, userId),
    target: { type: 'user', id: userId, name: username },
    details: { changes: Object.fromEntries(Object.entries(changes).map(([k, v]) => [`notify.${k}`, v])) },
  });
}
