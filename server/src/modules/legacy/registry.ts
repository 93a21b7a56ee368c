/**
 * The older API's /api/v1/xrequest/<Method> dispatch: each domain module registers the methods it
 * serves onto its own services; the legacy plugin routes GET and POST to them. Params come from
 * the query string (GET) or the JSON/form body (POST), merged, as strings or values. Handlers
 * answer arrays of PascalCase records (the spec's legacy record shape); an empty result is `[{}]`
 * (the spec: "an empty-object single result means an empty list").
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

/**
 * The xrequest methods of one app: each domain plugin registers the methods it serves while it
 * loads, the legacy plugin dispatches to them. One per app (in the ServerContext), so two apps in
 * one process never see each other's handlers.
 */
export class LegacyRegistry {
  private readonly handlers = new Map<string, LegacyHandler>();

  /** Registers one xrequest method. Throws on a second registration: one owner per method. */
  register(method: string, handler: LegacyHandler): void {
    if (this.handlers.has(method)) throw new Error(`xrequest method ${method} is registered twice`);
    this.handlers.set(method, handler);
  }

  handler(method: string): LegacyHandler | undefined {
    return this.handlers.get(method);
  }

  /** The registered method names, sorted. */
  methods(): string[] {
    return [...this.handlers.keys()].sort();
  }
}
