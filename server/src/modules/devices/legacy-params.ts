/**
 * Parameter readers for the xrequest methods of the fleet and telemetry modules. xrequest params
 * arrive as query strings (GET) or JSON/form values (POST), so numbers may be strings and id lists
 * may be "1,2,3", a number, or an array. Anything malformed is a 400 with the parameter's name.
 */
import { MESSAGES } from '@fieldwatch/shared';
import { badRequest } from '../../http/errors';
import { isStorableTime } from '../../http/params';
import type { LegacyParams } from '../legacy/registry';

const MAX_INT = 2_147_483_647;

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
  if (parts.length > 100_000) throw badRequest(`${names[0]} has too many ids`);
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
  if (raw === undefined) return undefined;
  if (typeof raw === 'boolean') return raw;
  if (raw === 1 || (typeof raw === 'string' && /^(1|true|y|yes)$/i.test(raw))) return true;
  if (raw === 0 || (typeof raw === 'string' && /^(0|false|n|no)$/i.test(raw))) return false;
  throw badRequest(`${names[0]} must be true or false`);
}

/**
 * A time: ISO 8601, or the API date format 'YYYY-MM-DD HH:mm:ss' (UTC). Throws 400 otherwise.
 */
export function parseTime(value: unknown, name: string): Date {
  if (typeof value !== 'string' || value.length > 40) throw badRequest(`${name} must be a date`);
  const api = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(:\d{2})?)$/.exec(value.trim());
  const d = api ? new Date(`${api[1]}T${api[2]}${api[3] ? '' : ':00'}Z`) : /^\d{4}-\d{2}-\d{2}/.test(value) ? new Date(value) : new Date(NaN);
  if (Number.isNaN(d.getTime())) throw badRequest(`${name} must be an ISO date or YYYY-MM-DD HH:mm:ss`);
  if (!isStorableTime(d)) throw badRequest(`${name} must be between the years 0001 and 9999`);
  return d;
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
