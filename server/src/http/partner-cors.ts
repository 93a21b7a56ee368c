/**
 * CORS for the onboarding flow embedded on partner pages (issue 19 §2, contract/onboarding-embed.ts).
 *
 * Only the calls the embed makes (EMBED_ENDPOINTS and EMBED_PUBLIC_ENDPOINTS) and only for the
 * configured partner origins (PARTNER_ORIGINS): those get `Access-Control-Allow-Origin: <origin>`
 * and their preflights an answer. Never `Allow-Credentials`: the embed sends no cookie, it signs
 * in for a token of its own (a bearer token bound to its origin). Any other origin's preflight is
 * refused (403, no CORS headers), so its browser sends nothing; the rest of the API answers no
 * CORS at all.
 *
 * Installed before the origin and session guards: a preflight carries no credentials and must not
 * be judged as a call.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EMBED_ENDPOINTS, EMBED_PUBLIC_ENDPOINTS, ENDPOINTS, type ApiErrorBody } from '@fieldwatch/shared';

export const PARTNER_REFUSED_CODE = 'partner_not_allowed';
export const PARTNER_REFUSED_MESSAGE =
  'This website is not allowed to embed the Fieldwatch onboarding. Its owner can ask Fieldwatch to add it to the partner sites (PARTNER_ORIGINS).';

/** Headers the embed sends beyond the CORS-safelisted ones. */
const ALLOWED_HEADERS = 'authorization, content-type';
/** Preflights are remembered this long (seconds); browsers cap it at 2 hours anyway. */
const PREFLIGHT_MAX_AGE = '600';

interface PathRule {
  pattern: RegExp;
  methods: string[];
}

/** The embed's routes, by path pattern (":uuid" → one segment), with their methods. */
function embedRules(): PathRule[] {
  const byPath = new Map<string, Set<string>>();
  for (const key of [...EMBED_ENDPOINTS, ...EMBED_PUBLIC_ENDPOINTS]) {
    const { method, path } = ENDPOINTS[key];
    const methods = byPath.get(path) ?? new Set<string>();
    methods.add(method);
    if (method === 'GET') methods.add('HEAD');
    byPath.set(path, methods);
  }
  return [...byPath].map(([path, methods]) => ({
    pattern: new RegExp(
      `^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\?:[A-Za-z]+/g, '[^/]+')}$`,
    ),
    methods: [...methods],
  }));
}

/** The request's Origin header, lower case ('' without one). */
export function originHeader(request: FastifyRequest): string {
  const o = request.headers.origin;
  return (Array.isArray(o) ? (o[0] ?? '') : (o ?? '')).toLowerCase();
}

export function installPartnerCors(app: FastifyInstance, partnerOrigins: readonly string[]): void {
  const allowed = new Set(partnerOrigins.map((o) => o.toLowerCase()));
  const rules = embedRules();
  const ruleOf = (url: string) => {
    const path = url.split('?')[0] ?? '';
    return rules.find((r) => r.pattern.test(path));
  };

  app.addHook('onRequest', async (request, reply) => {
    const origin = originHeader(request);
    if (!origin) return;
    const rule = ruleOf(request.url);
    if (!rule) return;
    // The answer depends on the Origin: caches must keep one per origin.
    reply.header('vary', 'Origin');
    const preflight =
      request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
    if (!allowed.has(origin)) {
      if (!preflight) return; // no CORS headers: the browser keeps the answer from the page
      const body: ApiErrorBody = { message: PARTNER_REFUSED_MESSAGE, code: PARTNER_REFUSED_CODE };
      return reply.code(403).header('cache-control', 'no-store').send(body);
    }
    reply.header('access-control-allow-origin', origin);
    if (preflight) {
      return reply
        .code(204)
        .header('access-control-allow-methods', rule.methods.join(', '))
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', PREFLIGHT_MAX_AGE)
        .send();
    }
    // The sign-in throttle's wait, readable by the embed.
    reply.header('access-control-expose-headers', 'retry-after');
  });
}

/** Whether a request without a token is one of the embed's public writes from a partner origin (origin.ts). */
export function isPartnerPublicWrite(request: FastifyRequest, partnerOrigins: readonly string[]): boolean {
  const origin = originHeader(request);
  if (!origin || !partnerOrigins.some((o) => o.toLowerCase() === origin)) return false;
  const route = `${request.method} ${request.routeOptions.url ?? ''}`;
  return EMBED_PUBLIC_ENDPOINTS.some((k) => `${ENDPOINTS[k].method} ${ENDPOINTS[k].path}` === route);
}
