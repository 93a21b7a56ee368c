/**
 * The older API's (xrequest) parameters: query-string or body values, as strings or JSON values,
 * so numbers may be strings and id lists may be "1,2,3", a number or an array. Anything malformed
 * is a 400 naming the parameter. One date reader (the shared API date) and one yes/no reader
 * serve every method.
 *
 * Two ways to look a parameter up, kept as the methods were written: the functions below take the
 * first of the exact names given that is present and not ''; the Params class (alarms, fleet,
 * parking, user data) matches names in any letter case and treats blank text as absent.
 */
import { MESSAGES, parseApiDate } from '@fieldwatch/shared';
import { badRequest } from '../../http/errors';
import type { LegacyParams } from './registry';

const MAX_INT = 2_147_483_647;
const MAX_IDS = 100_000;

/** Yes or no: true, 1, y, yes / false, 0, n, no (text in any letter case, spaces around ignored). */
export function readBool(value: unknown, name: string): boolean {
  if (typeof value === 'boolean') return value;
  const v = typeof value === 'string' ? value.trim().toLowerCase() : value;
  if (v === 1 || v === '1' || v === 'true' || v === 'y' || v === 'yes') return true;
  if (v === 0 || v === '0' || v === 'false' || v === 'n' || v === 'no') return false;
  throw badRequest(`${name} must be true or false`);
}

/** A time: an API date (the shared api-date module: 'YYYY-MM-DD HH:mm:ss', a day, ISO 8601). 400 otherwise. */
export function parseTime(value: unknown, name: string): Date {
  const d = parseApiDate(value);
  if (!d) throw badRequest(`${name} must be a date (YYYY-MM-DD HH:mm:ss)`);
  return d;
}

function first(params: LegacyParams, names: readonly string[]): unknown {
  for (const n of names) if (params[n] !== undefined && params[n] !== '') return params[n];
  return undefined;
}

export function optionalInt(params: LegacyParams, names: readonly string[], min = 0): number | undefined {
  const raw = first(params, names);
  if (raw === undefined) return undefined;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*-?\d{1,10}\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < min || n > MAX_INT) throw badRequest(`${names[0]} must be an integer ≥ ${min}`);
  return n;
}

export function requiredInt(params: LegacyParams, names: readonly string[], min = 0): number {
  const n = optionalInt(params, names, min);
  if (n === undefined) throw badRequest(`${MESSAGES.missingParameters}: ${names[0]}`);
  return n;
}

/** An id list: "1,2", [1, 2], 1 or "1". Undefined when absent. */
export function optionalIdList(params: LegacyParams, names: readonly string[]): number[] | undefined {
  const raw = first(params, names);
  if (raw === undefined) return undefined;
  const parts: unknown[] = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [raw];
  if (parts.length > MAX_IDS) throw badRequest(`${names[0]} has too many ids`);
  const ids = parts.map((p) => (typeof p === 'string' && /^\s*\d{1,10}\s*$/.test(p) ? Number(p) : p));
  if (ids.length === 0 || !ids.every((n) => typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= MAX_INT))
    throw badRequest(`${names[0]} must be a comma-separated list of ids`);
  return [...new Set(ids as number[])];
}

export function optionalString(params: LegacyParams, names: readonly string[], max = 1000): string | undefined {
  const raw = first(params, names);
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' && typeof raw !== 'number') throw badRequest(`${names[0]} must be text`);
  const s = String(raw);
  if (s.length > max) throw badRequest(`${names[0]} is longer than ${max} characters`);
  return s;
}

export function optionalBool(params: LegacyParams, names: readonly string[]): boolean | undefined {
  const raw = first(params, names);
  return raw === undefined ? undefined : readBool(raw, names[0] as string);
}

export function optionalTime(params: LegacyParams, names: readonly string[]): Date | undefined {
  const raw = first(params, names);
  return raw === undefined ? undefined : parseTime(raw, names[0] as string);
}

/** Splits ids in chunks of `size` (ID_CHUNK_SIZE), for queries whose results are merged. */
export function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

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

  /** An API date (the shared api-date module: 'YYYY-MM-DD HH:mm:ss', a day, ISO 8601; UTC without a zone). */
  date(names: string[]): Date | undefined {
    const r = this.raw(...names);
    return r ? parseTime(r.value, r.name) : undefined;
  }

  bool(names: string[]): boolean | undefined {
    const r = this.raw(...names);
    return r ? readBool(r.value, r.name) : undefined;
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
