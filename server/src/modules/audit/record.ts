/**
 * Writes the audit log (issue 18): call recordAudit() after an administrative change or a sign-in
 * has been committed. The entry takes who, when and from where from the request; `details` says
 * what changed — use changedFields() to record a before/after of plain fields. Never put a secret
 * (password, token, TOTP secret) in details: record that it changed, not its value.
 *
 * Writing the log must not undo the change it records: a failure is logged and swallowed.
 */
import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditChange } from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { eq } from 'drizzle-orm';

export interface AuditInput {
  action: AuditAction;
  /** The organisation the change belongs to (null: none, e.g. a failed sign-in of an unknown name). */
  organizationId?: number | null;
  target?: { type: string; id: string | number; name?: string } | null;
  details?: Record<string, unknown>;
  /** Who did it; defaults to the request's signed-in user. */
  actor?: { id: number | null; name?: string } | null;
}

/** The longest user agent kept. */
const MAX_USER_AGENT = 300;

/** { field: { from, to } } for each of `fields` whose value differs; secret fields as "changed" only. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
  secret: readonly string[] = [],
): Record<string, AuditChange | 'changed'> {
  const out: Record<string, AuditChange | 'changed'> = {};
  for (const f of fields) {
    if (!(f in after)) continue;
    const a = before[f];
    const b = after[f];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    out[f] = secret.includes(f) ? 'changed' : { from: a ?? null, to: b ?? null };
  }
  return out;
}

export async function recordAudit(db: Db, request: FastifyRequest | null, input: AuditInput): Promise<void> {
  try {
    let actorId = input.actor === undefined ? (request?.auth?.userId ?? null) : (input.actor?.id ?? null);
    let actorName = input.actor?.name ?? '';
    if (actorId !== null && !actorName) {
      const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, actorId)).limit(1);
      if (row) actorName = row.username;
      else actorId = null;
    }
    await db.insert(auditLog).values({
      actorUserId: actorId,
      actorName,
      organizationId: input.organizationId ?? null,
      action: input.action,
      targetType: input.target?.type ?? null,
      targetId: input.target ? String(input.target.id) : null,
      targetName: input.target?.name ?? '',
      ip: request?.ip ?? '',
      userAgent: String(request?.headers['user-agent'] ?? '').slice(0, MAX_USER_AGENT),
      details: input.details ?? {},
    });
  } catch (err) {
    if (request) request.log.error({ err, action: input.action }, 'could not write the audit log');
    else console.error('could not write the audit log', input.action, err);
  }
}
