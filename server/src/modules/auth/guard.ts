/**
 * The session guard: every /api/* route needs a live session unless its route config says
 * `public: true`. Installed on the root instance so it also covers unknown /api paths (an
 * anonymous caller learns nothing about which API paths exist).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserType } from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { unauthorized } from '../../http/errors';
import { sessionToken } from './cookie';
import { findSession, LAST_SEEN_RESOLUTION_MS, touchSession } from './sessions';
import { isWellFormedToken } from './tokens';

export interface AuthContext {
  /** sessions.id (the token hash). */
  sessionId: string;
  publicId: string;
  userId: number;
  userType: UserType;
  selectedCustomers: number[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session. */
    public?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

export function installAuthGuard(app: FastifyInstance, { db }: ServerContext): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!isApiPath(request.url) || request.routeOptions.config?.public) return;
    const token = sessionToken(request);
    if (!isWellFormedToken(token)) throw unauthorized();
    const now = new Date();
    const row = await findSession(db, token, now);
    if (!row) throw unauthorized();
    if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS)
      await touchSession(db, row.id, now);
    request.auth = {
      sessionId: row.id,
      publicId: row.publicId,
      userId: row.userId,
      userType: row.userType as UserType,
      selectedCustomers: row.selectedCustomers,
    };
  });
}

/** The request's session; routes behind the guard always have one. */
export function auth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
