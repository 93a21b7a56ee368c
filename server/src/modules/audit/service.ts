/**
 * Reading the audit log (GET /api/v3/admin/audit and .csv). What a SuperUser sees:
 * - every entry of an organisation he belongs to (organization_id one of his);
 * - every entry he made himself (actor) or about himself (target user = him);
 * - the sign-in entries (auth.*) of the users of his organisations, whichever of their
 *   organisations the entry names — a sign-in belongs to a person, not to one organisation.
 * Another organisation's entries are never listed. Newest first, paged by id (cursor).
 */
import { and, desc, eq, gte, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_CSV_MAX_ROWS,
  AUDIT_PAGE_LIMITS,
  toCsv,
  type AuditAction,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { auditLog, organizations, userOrganizations } from '../../db/schema';
import { notFound } from '../../http/errors';

type Row = { log: typeof auditLog.$inferSelect; orgName: string | null };

function entry(r: Row): AuditEntry {
  const l = r.log;
  return {
    id: l.id,
    at: l.at.toISOString(),
    actor: { id: l.actorUserId, name: l.actorName },
    organization: l.organizationId !== null ? { id: l.organizationId, name: r.orgName ?? '' } : null,
    action: l.action as AuditAction,
    target: l.targetType !== null ? { type: l.targetType, id: l.targetId ?? '', name: l.targetName } : null,
    ip: l.ip,
    userAgent: l.userAgent,
    details: l.details,
  };
}

/** A day (whole, UTC) or an ISO time; `end` gives the exclusive end of a day. */
function bound(value: string, end: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const d = new Date(`${value}T00:00:00Z`);
    if (end) d.setUTCDate(d.getUTCDate() + 1);
    return d;
  }
  return new Date(value);
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The WHERE of what `userId` (member of `mine`) may see, filtered by the query. */
function where(userId: number, mine: readonly number[], q: AuditQuery): SQL {
  const orgs = [...mine, -1];
  const visible = or(
    inArray(auditLog.organizationId, orgs),
    eq(auditLog.actorUserId, userId),
    and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, String(userId))),
    and(like(auditLog.action, 'auth.%'), sql`${auditLog.actorUserId} in ${membersOf(orgs)}`),
  )!;
  const parts: SQL[] = [visible];
  if (q.organizationId !== undefined) parts.push(eq(auditLog.organizationId, q.organizationId));
  if (q.from) {
    const d = bound(q.from, false);
    if (!Number.isNaN(d.getTime())) parts.push(gte(auditLog.at, d));
  }
  if (q.to) {
    const d = bound(q.to, true);
    if (!Number.isNaN(d.getTime())) parts.push(/^\d{4}-\d{2}-\d{2}$/.test(q.to) ? lt(auditLog.at, d) : sql`${auditLog.at} <= ${d}`);
  }
  const actions = (q.action ?? '').split(',').filter(Boolean);
  if (actions.length) parts.push(inArray(auditLog.action, actions));
  if (q.actor?.trim()) parts.push(sql`lower(${auditLog.actorName}) = ${q.actor.trim().toLowerCase()}`);
  for (const word of (q.q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 10)) {
    const p = `%${escapeLike(word.toLowerCase())}%`;
    parts.push(
      sql`lower(${auditLog.actorName} || ' ' || ${auditLog.targetName} || ' ' || ${auditLog.action} || ' ' || ${auditLog.ip} || ' ' || ${auditLog.userAgent} || ' ' || ${auditLog.details}::text) like ${p}`,
    );
  }
  return and(...parts)!;
}

/** The users of the organisations, as a subquery. */
function membersOf(orgs: readonly number[]): SQL {
  return sql`(select ${userOrganizations.userId} from ${userOrganizations} where ${inArray(userOrganizations.organizationId, [...orgs])})`;
}

function checkOrganization(mine: readonly number[], q: AuditQuery): void {
  if (q.organizationId !== undefined && !mine.includes(q.organizationId)) throw notFound();
}

async function select(db: Db, userId: number, mine: readonly number[], q: AuditQuery, limit: number): Promise<Row[]> {
  const w = where(userId, mine, q);
  return db
    .select({ log: auditLog, orgName: organizations.name })
    .from(auditLog)
    .leftJoin(organizations, eq(organizations.id, auditLog.organizationId))
    .where(q.cursor !== undefined ? and(w, lt(auditLog.id, q.cursor)) : w)
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

export async function listAudit(db: Db, userId: number, mine: readonly number[], q: AuditQuery): Promise<AuditPage> {
  checkOrganization(mine, q);
  const limit = q.limit ?? AUDIT_PAGE_LIMITS.default;
  const rows = await select(db, userId, mine, q, limit + 1);
  const page = rows.slice(0, limit).map(entry);
  return { entries: page, nextCursor: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null };
}

export const AUDIT_CSV_HEADER = ['time', 'actor', 'organisation', 'action', 'target type', 'target', 'ip', 'user agent', 'details'];

export async function auditCsv(
  db: Db,
  userId: number,
  mine: readonly number[],
  q: AuditQuery,
): Promise<{ text: string; truncated: boolean; matched: number }> {
  checkOrganization(mine, q);
  const rows = await select(db, userId, mine, q, AUDIT_CSV_MAX_ROWS + 1);
  const truncated = rows.length > AUDIT_CSV_MAX_ROWS;
  const entries = rows.slice(0, AUDIT_CSV_MAX_ROWS).map(entry);
  const text = toCsv(
    AUDIT_CSV_HEADER,
    entries.map((e) => [
      e.at,
      e.actor.name,
      e.organization?.name ?? '',
      e.action,
      e.target?.type ?? '',
      e.target ? e.target.name || e.target.id : '',
      e.ip,
      e.userAgent,
      Object.keys(e.details).length ? JSON.stringify(e.details) : '',
    ]),
  );
  return { text, truncated, matched: entries.length };
}
