/**
 * Parameters of the older API (xrequest): query-string or body values, as strings or JSON values,
 * under the spec's PascalCase names (any letter case is accepted). Malformed values answer 400.
 */
import { badRequest } from '../../http/errors';
import { isStorableTime } from '../../http/params';
import type { LegacyParams } from '../legacy/registry';

const MAX_IDS = 100_000;

export class Params {
  private readonly byLower = new Map<string, unknown>();
  constructor(params: LegacyParams) {
    for (const [k, v] of Object.entries(params)) this.byLower.set(k.toLowerCase(), v);
  }

  /** The first of `names` that is present and not an empty string. */
  raw(...names: string[]): { name: string; value: unknown } | undefined {
    for (const n of names) {
      const v = this.byLower.get(n.toLowerCase());
      if (v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === ''))
        return { name: n, value: v };
    }
    return undefined;
  }

  number(names: string[], opts: { min: number; max: number; integer?: boolean }): number | undefined {
    const r = this.raw(...names);
    if (!r) return undefined;
    const n =
      typeof r.value === 'number' ? r.value : typeof r.value === 'string' ? Number(r.value.trim()) : NaN;
    if (!Number.isFinite(n) || (opts.integer && !Number.isInteger(n)) || n < opts.min || n > opts.max)
      throw badRequest(
        `${r.name} must be ${opts.integer ? 'an integer' : 'a number'} from ${opts.min} to ${opts.max}`,
      );
    return n;
  }

  /** "1,2,3", [1,2,3] or a single id. */
  ids(names: string[], opts: { min?: number; max?: number } = {}): number[] | undefined {
    const r = this.raw(...names);
    if (!r) return undefined;
    const min = opts.min ?? 1;
    const max = opts.max ?? 2_147_483_647;
    const parts: unknown[] = Array.isArray(r.value)
      ? r.value
      : typeof r.value === 'string'
        ? r.value.split(',').map((s) => s.trim())
        : [r.value];
    if (parts.length > MAX_IDS) throw badRequest(`${r.name} has too many ids`);
    const out = parts.map((p) =>
      typeof p === 'number' ? p : typeof p === 'string' && /^\d{1,10}$/.test(p) ? Number(p) : NaN,
    );
    if (out.some((n) => !Number.isInteger(n) || n < min || n > max))
      throw badRequest(`${r.name} must be a comma-separated list of numbers from ${min} to ${max}`);
    return [...new Set(out)];
  }

  /** API date 'YYYY-MM-DD HH:mm:ss', a day 'YYYY-MM-DD' or ISO 8601; without a zone it is UTC. */
  date(names: string[]): Date | undefined {
    const r = this.raw(...names);
    if (!r) return undefined;
    const d = parseApiDate(r.value);
    if (!d) throw badRequest(`${r.name} must be a date (YYYY-MM-DD HH:mm:ss)`);
    return d;
  }

  bool(names: string[]): boolean | undefined {
    const r = this.raw(...names);
    if (!r) return undefined;
    const v = typeof r.value === 'string' ? r.value.trim().toLowerCase() : r.value;
    if (v === true || v === 1 || v === '1' || v === 'true' || v === 'y') return true;
    if (v === false || v === 0 || v === '0' || v === 'false' || v === 'n') return false;
    throw badRequest(`${r.name} must be true or false`);
  }

  string(names: string[], opts: { max: number; pattern?: RegExp; hint?: string }): string | undefined {
    const r = this.raw(...names);
    if (!r) return undefined;
    if (
      typeof r.value !== 'string' ||
      r.value.length > opts.max ||
      (opts.pattern && !opts.pattern.test(r.value))
    )
      throw badRequest(`${r.name} must be ${opts.hint ?? `text of at most ${opts.max} characters`}`);
    return r.value;
  }
}

const API_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

export function parseApiDate(value: unknown): Date | null {
  if (value instanceof Date) return isStorableTime(value) ? value : null;
  if (typeof value !== 'string') return null;
  const s = value.trim();
  const m = API_DATE.exec(s);
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', sec = '00', zone] = m;
  if (
    Number(mo) < 1 ||
    Number(mo) > 12 ||
    Number(d) < 1 ||
    Number(d) > 31 ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(sec) > 59
  )
    return null;
  const iso = `${y}-${mo}-${d}T${h}:${mi}:${sec}${zone ?? 'Z'}`;
  const date = new Date(iso);
  if (!isStorableTime(date)) return null;
  // Reject rolled-over days such as 2026-02-31.
  if (!zone && date.getUTCDate() !== Number(d)) return null;
  return date;
}
