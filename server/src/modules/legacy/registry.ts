/**
 * The older API's /api/v1/xrequest/<Method> dispatch (spec §7): each domain module registers the
 * methods it serves onto its own services; the legacy plugin routes GET and POST to them. Params
 * come from the query string (GET) or the JSON/form body (POST), merged, as strings or values.
 * Handlers answer arrays of PascalCase records (spec §3); an empty result is `[{}]` (spec §8:
 * "an empty-object single result means an empty list").
 */
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context';
import type { AuthContext } from '../auth/guard';

export type LegacyParams = Record<string, unknown>;

export interface LegacyCall {
  ctx: ServerContext;
  auth: AuthContext;
  params: LegacyParams;
  request: FastifyRequest;
}

/**
 * Rows already serialised as one JSON array (`count` records; text or its UTF-8 bytes): large
 * answers built from database text (GetGISData), sent as they are. An empty one is `[{}]` like
 * any empty result.
 */
export class JsonRows {
  constructor(
    readonly json: string | Buffer,
    readonly count: number,
  ) {}
}

export type LegacyHandler = (call: LegacyCall) => Promise<unknown[] | JsonRows>;

const handlers = new Map<string, LegacyHandler>();

/** Registers one xrequest method. Throws on a second registration: one owner per method. */
export function registerLegacy(method: string, handler: LegacyHandler): void {
  if (handlers.has(method)) throw new Error(`xrequest method ${method} is registered twice`);
  handlers.set(method, handler);
}

export function legacyHandler(method: string): LegacyHandler | undefined {
  return handlers.get(method);
}

export function legacyMethods(): string[] {
  return [...handlers.keys()].sort();
}

/** Test helper: forget registrations (each buildApp registers again). */
export function clearLegacyRegistry(): void {
  handlers.clear();
}
