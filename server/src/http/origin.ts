/**
 * Cross-site request refusal (CSRF): a state-changing request is accepted only
 * when it comes from one of our own pages. The session cookie is SameSite=Lax, which still lets
 * another site trigger top-level GET navigations, and the older API changes data on GET; so the
 * check is on the request's provenance, not on its method alone.
 *
 * - `Sec-Fetch-Site` (every current browser sends it): same-origin, or none (typed into the
 *   address bar, a bookmark) → allowed; same-site or cross-site → refused. A sibling subdomain is
 *   "same-site" and still another application, so it is refused too.
 * - Without it (older browsers, scripts): `Origin`, else `Referer`, must be one of the public
 *   origins (PUBLIC_ORIGIN, default the request's own protocol + Host, which follow TRUST_PROXY).
 *   Neither header → refused: a script using a session cookie sends `Origin` like a browser.
 * - `Authorization: Bearer` calls (API tokens, e.g. /api/v3/ingest) are exempt: a page on another
 *   site cannot add that header without a CORS preflight, which this server grants only to the
 *   partner origins, on the embedded onboarding's calls (partner-cors.ts), whose token is bound to
 *   the partner origin it was issued to.
 * - The embedded onboarding's public writes (its sign-in, registration) from a partner origin
 *   (PARTNER_ORIGINS) are allowed: they set no cookie — the sign-in answers a token in its body —
 *   so a forged one signs nobody in.
 *
 * State-changing = every method but GET/HEAD/OPTIONS, plus the GET writes of the older API (see
 * GET_WRITE_ROUTES). Login is included: a forged login would sign the victim into the attacker's account.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ApiErrorBody, ENDPOINTS } from '@fieldwatch/shared';
import { isPartnerPublicWrite } from './partner-cors';

export const CROSS_SITE_CODE = 'cross_site';
export const CROSS_SITE_MESSAGE =
  'This request came from another website, so it was refused to protect your account. Open Fieldwatch at its own address and try again.';

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * GET routes that change state. Every /api/v1/xrequest/<Method> counts as a write, reads
 * included: the older contract allows GET for writes (EditChannel, UnitAction, SetRelay,
 * SetAlarmLimits, DeleteUserData, …), and a rule by method name would silently expose a write
 * added later under a read-looking name. Nothing is lost by it: callers of the older API need
 * `Origin` for their login anyway, and our own pages always pass. Logout ends a session.
 */
export const GET_WRITE_ROUTES: ReadonlySet<string> = new Set([
  ENDPOINTS.xrequestGet.path,
  ENDPOINTS.logoutV1.path,
  ENDPOINTS.logout.path,
]);

/**
 * By the matched route pattern, so no spelling of the URL escapes it (a 404 changes nothing). Any
 * method of a GET-write route counts: Fastify answers HEAD with the GET handler.
 */
export function isStateChanging(method: string, routeUrl: string | undefined): boolean {
  return (
    !SAFE_METHODS.has(method.toUpperCase()) || (routeUrl !== undefined && GET_WRITE_ROUTES.has(routeUrl))
  );
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function originOf(url: string): string | undefined {
  try {
    const o = new URL(url).origin;
    return o === 'null' ? undefined : o;
  } catch {
    return undefined;
  }
}

/** Our own origins: the configured list, else the origin this request was addressed to. */
function ownOrigins(request: FastifyRequest, configured: readonly string[]): readonly string[] {
  if (configured.length > 0) return configured;
  // Through URL: "http://host:80" and "http://host" are one origin, as in a browser's Origin.
  const own = originOf(`${request.protocol}://${request.host}`);
  return own ? [own.toLowerCase()] : [];
}

/** Whether the request comes from one of our own pages (or from no page at all, Sec-Fetch-Site none). */
export function isSameOrigin(request: FastifyRequest, publicOrigins: readonly string[]): boolean {
  const site = headerValue(request, 'sec-fetch-site');
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const origin = headerValue(request, 'origin');
  const referer = headerValue(request, 'referer');
  // "Origin: null" (sandboxed frames, some redirects) names no origin: refused like a foreign one.
  const from =
    origin !== undefined ? originOf(origin) : referer !== undefined ? originOf(referer) : undefined;
  return from !== undefined && ownOrigins(request, publicOrigins).includes(from.toLowerCase());
}

function hasBearer(request: FastifyRequest): boolean {
  return /^Bearer\s+\S/i.test(headerValue(request, 'authorization') ?? '');
}

/** Installed before the session guard: a refused request never reaches a session or a route. */
export function installOriginGuard(
  app: FastifyInstance,
  publicOrigins: readonly string[],
  partnerOrigins: readonly string[] = [],
): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isStateChanging(request.method, request.routeOptions.url) || hasBearer(request)) return;
    if (isSameOrigin(request, publicOrigins) || isPartnerPublicWrite(request, partnerOrigins)) return;
    const body: ApiErrorBody = { message: CROSS_SITE_MESSAGE, code: CROSS_SITE_CODE };
    return reply.code(403).header('cache-control', 'no-store').send(body);
  });
}
