/**
 * The session guard: every /api/* route needs a live session unless its route config says
 * `public: true`. Installed on the root instance so it also covers unknown /api paths (an
 * anonymous caller learns nothing about which API paths exist).
 *
 * An API token with the `read` scope (Authorization: Bearer fwt_…) may call instead of a session,
 * on the read routes of READ_TOKEN_ENDPOINTS only (GET: units, their details, settings, channels,
 * log, measurements, alarms and events). Its AuthContext is its organisation and nothing else: a
 * Reader (so every write check refuses it too) whose only organisation is the token's — `userId` is
 * the negative token id (tokenUserId), which userOrgIds() answers with that one organisation. Any
 * other route, and every write, answers 403 to a token; a wrong, revoked, expired token or one
 * without the read scope answers 401. Ingestion (`ingest` scope) is checked by its own public route.
 *
 * An embed token (Authorization: Bearer fwe_…, contract/onboarding-embed.ts) is the session of the
 * onboarding flow on a partner page: accepted only with the Origin it was issued to and only on
 * EMBED_ENDPOINTS (403 otherwise); unknown or expired, 401.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EMBED_ENDPOINTS, EMBED_ERROR_CODES, EMBED_MESSAGES, ENDPOINTS, USER_TYPES, type UserType } from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import { forbidden, HttpError, unauthorized } from '../../http/errors';
import { originHeader } from '../../http/partner-cors';
import { authenticateApiToken, bearerToken } from '../ingestion/tokens';
import { sessionToken } from './cookie';
import { findEmbedSession, findSession, isEmbedToken, LAST_SEEN_RESOLUTION_MS, touchSession } from './sessions';
import { isWellFormedToken } from './tokens';

export interface AuthContext {
  /** sessions.id (the token hash); '' for an API token. */
  sessionId: string;
  publicId: string;
  /** The user; for an API token the negative token id (tokenUserId), which is no user. */
  userId: number;
  userType: UserType;
  selectedCustomers: number[];
  /** Set when an API token (read scope) authenticated the request instead of a session. */
  apiToken?: { id: number; organizationId: number };
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

/** The endpoints a read-scope API token may call (GET only). */
export const READ_TOKEN_ENDPOINTS = [
  'devicesV1',
  'deviceDetailsV1',
  'deviceOptionsV1',
  'devices',
  'devicePage',
  'deviceTable',
  'deviceTableCsv',
  'deviceOptions',
  'unitSettings',
  'unitPorts',
  'unitLog',
  'deviceData',
  'deviceDataV2',
  'alarmTypes',
  'alarmHistory',
  'events',
] as const satisfies readonly (keyof typeof ENDPOINTS)[];

const READ_TOKEN_ROUTES = new Set<string>(
  READ_TOKEN_ENDPOINTS.map((k) => `${ENDPOINTS[k].method} ${ENDPOINTS[k].path}`),
);

export const TOKEN_ROUTE_REFUSED =
  'An API token may only read units, measurements and alarms (GET). Sign in to the web app for anything else.';
export const TOKEN_INVALID = 'Invalid, expired or revoked API token, or one without the read scope. Create a new token in Admin → API.';

/** The AuthContext userId of an API token: never a user id (those are positive). */
export function tokenUserId(tokenId: number): number {
  return -tokenId;
}

/** The token id of a tokenUserId, or null for a real user id. */
export function tokenIdOfUserId(userId: number): number | null {
  return userId < 0 ? -userId : null;
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

const EMBED_ROUTES = new Set<string>(EMBED_ENDPOINTS.map((k) => `${ENDPOINTS[k].method} ${ENDPOINTS[k].path}`));

/** Whether an embed token may call this request's route. */
function embedMayCall(request: FastifyRequest): boolean {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return EMBED_ROUTES.has(`${method} ${request.routeOptions.url ?? ''}`);
}

/** Whether a read token may call this request's route. */
function readTokenMayCall(request: FastifyRequest): boolean {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return method === 'GET' && READ_TOKEN_ROUTES.has(`${method} ${request.routeOptions.url ?? ''}`);
}

export function installAuthGuard(app: FastifyInstance, { db }: ServerContext): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!isApiPath(request.url) || request.routeOptions.config?.public) return;
    const bearer = bearerToken(request.headers.authorization);
    if (isEmbedToken(bearer)) {
      const now = new Date();
      const row = await findEmbedSession(db, bearer, now);
      if (!row) throw new HttpError(401, EMBED_MESSAGES.invalid, 'unauthorized');
      if (!embedMayCall(request) || originHeader(request) !== row.embedOrigin)
        throw new HttpError(403, EMBED_MESSAGES.refused, EMBED_ERROR_CODES.refused);
      if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) await touchSession(db, row.id, now);
      request.auth = {
        sessionId: row.id,
        publicId: row.publicId,
        userId: row.userId,
        userType: row.userType as UserType,
        selectedCustomers: row.selectedCustomers,
      };
      return;
    }
    if (bearer !== undefined && !sessionToken(request)) {
      const token = await authenticateApiToken(db, bearer, 'read');
      if (!token) throw new HttpError(401, TOKEN_INVALID, 'unauthorized');
      if (!readTokenMayCall(request)) throw forbidden(TOKEN_ROUTE_REFUSED);
      request.auth = {
        sessionId: '',
        publicId: '',
        userId: tokenUserId(token.id),
        userType: USER_TYPES.Reader,
        selectedCustomers: [token.organizationId],
        apiToken: token,
      };
      return;
    }
    const found = await cookieSession(db, request);
    if (!found) throw unauthorized();
    request.auth = found;
  });
}

/**
 * The session of the request's session cookie, or null when there is none (no cookie, a malformed
 * one, an expired or ended session). The guard's check; the public session probe uses it too.
 */
export async function cookieSession(db: ServerContext['db'], request: FastifyRequest): Promise<AuthContext | null> {
  const token = sessionToken(request);
  if (!isWellFormedToken(token)) return null;
  const now = new Date();
  const row = await findSession(db, token, now);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) await touchSession(db, row.id, now);
  return {
    sessionId: row.id,
    publicId: row.publicId,
    userId: row.userId,
    userType: row.userType as UserType,
    selectedCustomers: row.selectedCustomers,
  };
}

/** The request's session; routes behind the guard always have one. */
export function auth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
