/** The session cookie: HttpOnly, SameSite=Lax, Path=/, Secure over https. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { COOKIE_MAX_AGE_SECONDS, SESSION_COOKIE_NAME } from '@fieldwatch/shared';
import { SESSION_HINT_COOKIE } from '@fieldwatch/shared/session-paths';
import type { CookieSecure } from '../../config';

function baseOptions(request: FastifyRequest, secure: CookieSecure): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    // request.protocol honours X-Forwarded-Proto only when TRUST_PROXY is on.
    secure: secure === 'always' || (secure === 'auto' && request.protocol === 'https'),
  };
}

/**
 * Without "remember me" the cookie has no Max-Age and dies with the browser session; the
 * server-side session expires after 28 days either way.
 */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  remember: boolean,
  secure: CookieSecure,
): void {
  reply.setCookie(SESSION_COOKIE_NAME, token, {
    ...baseOptions(request, secure),
    ...(remember ? { maxAge: COOKIE_MAX_AGE_SECONDS } : {}),
  });
  // Readable by the page (SESSION_HINT_COOKIE): it asks for the session only when it is there.
  reply.setCookie(SESSION_HINT_COOKIE, '1', {
    ...baseOptions(request, secure),
    httpOnly: false,
    ...(remember ? { maxAge: COOKIE_MAX_AGE_SECONDS } : {}),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, secure: CookieSecure): void {
  reply.clearCookie(SESSION_COOKIE_NAME, baseOptions(request, secure));
  reply.clearCookie(SESSION_HINT_COOKIE, { ...baseOptions(request, secure), httpOnly: false });
}

export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE_NAME];
}
