/** The audit log's calls and the page's pure helpers (query of the filters, change texts, the user agent's summary). */
import { isAxiosError } from 'axios';
import { ENDPOINTS, pathFor, type ApiClient, type AuditPage, type Envelope, type Result } from '@fieldwatch/shared';
import { zoneOffsetMinutes, type TimeConfig } from '@fieldwatch/shared/remote';
import { parseUserAgent } from '../sessions/userAgent';

export type AuditResult = { kind: 'ok'; page: AuditPage } | { kind: 'forbidden' };

export interface AuditFilters {
  /** Days (YYYY-MM-DD) in the user's time zone; '' for none. */
  from: string;
  to: string;
  action: string;
  actor: string;
  q: string;
  organizationId: string;
}

export const NO_FILTERS: AuditFilters = { from: '', to: '', action: '', actor: '', q: '', organizationId: '' };

export const AUDIT_PAGE_SIZE = 25;

/** Epoch ms of 00:00 of a day in the user's zone. */
export function dayStartMs(day: string, c: Pick<TimeConfig, 'timezone'>): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utc = Date.UTC(y, m - 1, d);
  const first = utc - zoneOffsetMinutes(utc, c as TimeConfig) * 60_000;
  // Once more at the found instant: right across a daylight-saving change too.
  return utc - zoneOffsetMinutes(first, c as TimeConfig) * 60_000;
}

/** The query string parameters of the filters (days as ISO bounds in the user's zone). */
export function auditParams(f: AuditFilters, c: Pick<TimeConfig, 'timezone'>, cursor?: number): Record<string, string> {
  const p: Record<string, string> = {};
  const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);
  if (isDay(f.from)) p.from = new Date(dayStartMs(f.from, c)).toISOString();
  if (isDay(f.to)) {
    const [y, m, d] = f.to.split('-').map(Number) as [number, number, number];
    const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
    p.to = new Date(dayStartMs(next, c) - 1).toISOString();
  }
  if (f.action) p.action = f.action;
  if (f.actor.trim()) p.actor = f.actor.trim();
  if (f.q.trim()) p.q = f.q.trim();
  if (f.organizationId) p.organizationId = f.organizationId;
  if (cursor !== undefined) p.cursor = String(cursor);
  return p;
}

export async function loadAudit(api: ApiClient, params: Record<string, string>): Promise<Result<AuditResult>> {
  try {
    const qs = new URLSearchParams({ ...params, limit: String(AUDIT_PAGE_SIZE) }).toString();
    const res = await api.http.get<Envelope<AuditPage>>(`${pathFor(ENDPOINTS.auditLog)}?${qs}`);
    const page = res.data?.data;
    return [{ kind: 'ok', page: page ?? { entries: [], nextCursor: null } }, false];
  } catch (err) {
    if (isAxiosError(err) && err.response?.status === 403) return [{ kind: 'forbidden' }, false];
    return [undefined, true];
  }
}

/** The CSV export's URL for the filters (a plain link: the browser downloads it with its session). */
export function csvUrl(params: Record<string, string>): string {
  const qs = new URLSearchParams(params).toString();
  return pathFor(ENDPOINTS.auditLogCsv) + (qs ? `?${qs}` : '');
}

/** "Chrome on Linux", or the raw agent cut short when nothing is recognised. */
export function agentSummary(ua: string): string {
  if (!ua) return '';
  const d = parseUserAgent(ua);
  if (d.browser && d.os) return `${d.browser} · ${d.os}`;
  if (d.browser || d.os) return (d.browser ?? d.os)!;
  return ua.length > 40 ? `${ua.slice(0, 40)}…` : ua;
}

function show(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.map(show).join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** One line per changed field or fact: { field, from, to } for a change, { field, value } otherwise. */
export type DetailLine = { field: string; from: string; to: string } | { field: string; value: string };

/**
 * The lines of an entry's details. Changed fields may sit at the top or under `changes` (as
 * changedFields() in the server writes them); a secret's change is just "changed" (`changed: true`).
 */
export function detailLines(details: Record<string, unknown>): DetailLine[] {
  // The profile writes `changes`, the admin pages `changedFields`: the same shape.
  const { changes: profileChanges, changedFields, ...rest } = details;
  const changes = profileChanges ?? changedFields;
  const nested =
    changes && typeof changes === 'object' && !Array.isArray(changes) ? detailLines(changes as Record<string, unknown>) : [];
  const nestedFixed = nested.map((l) => ('value' in l && l.value === 'changed' ? { field: l.field, value: CHANGED } : l));
  const own = changes !== undefined && nested.length === 0 ? { changes, ...rest } : rest;
  return [...nestedFixed, ...topLines(own)];
}

/** Marks a field whose value is secret: only that it changed. */
export const CHANGED = '\u0000changed';

function topLines(details: Record<string, unknown>): DetailLine[] {
  return Object.entries(details).map(([field, v]) => {
    if (v && typeof v === 'object' && !Array.isArray(v) && 'from' in v && 'to' in v) {
      const c = v as { from: unknown; to: unknown };
      return { field, from: show(c.from), to: show(c.to) };
    }
    return { field, value: show(v) };
  });
}
