/**
 * GET /api/v3/admin/audit (and /api/v3/admin/audit.csv): the audit log of the organisations the
 * SuperUser administers, plus the entries about himself; newest first.
 *
 * - from / to: a day (YYYY-MM-DD; `to` includes the whole day, UTC) or an ISO time.
 * - action: comma-separated AUDIT_ACTIONS; empty does not filter.
 * - actor: a username (case-insensitive, exact).
 * - q: every word must appear in the actor, the target, the action, the address or the details.
 * - organizationId: one of the caller's organisations (another answers nothing: 404).
 * - cursor: the `nextCursor` of the previous page (an entry id); limit: entries per page.
 */
import * as T from 'typebox';
import { AUDIT_ACTIONS, type AuditEntry } from './audit';
import { Id, WithDefault } from './common';

export const AUDIT_PAGE_LIMITS = { default: 50, max: 200 } as const;
/** The most rows one CSV export writes (more matched: header X-Truncated: true). */
export const AUDIT_CSV_MAX_ROWS = 10_000;

const actions = AUDIT_ACTIONS.map((a) => a.replace('.', '\\.')).join('|');
const AuditDate = T.String({ maxLength: 40, pattern: '^\\d{4}-\\d{2}-\\d{2}([T ][0-9:.]+(Z|[+-]\\d{2}:?\\d{2})?)?$' });

export const AuditQuery = T.Object(
  {
    from: T.Optional(AuditDate),
    to: T.Optional(AuditDate),
    action: T.Optional(T.String({ maxLength: 2000, pattern: `^((${actions})(,(${actions}))*)?$` })),
    actor: T.Optional(T.String({ maxLength: 200 })),
    q: T.Optional(T.String({ maxLength: 200 })),
    organizationId: T.Optional(Id),
    cursor: T.Optional(Id),
    limit: WithDefault(T.Integer({ minimum: 1, maximum: AUDIT_PAGE_LIMITS.max, default: AUDIT_PAGE_LIMITS.default })),
  },
  { additionalProperties: false },
);
export type AuditQuery = T.Static<typeof AuditQuery>;

/** One page of the audit log. */
export interface AuditPage {
  entries: AuditEntry[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: number | null;
}
