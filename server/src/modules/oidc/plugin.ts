/**
 * BankID through OpenID Connect (issue 18 §3): the server is the relying party of the provider
 * OIDC_ISSUER names (a BankID broker), by the authorization code flow with PKCE.
 *
 * start: makes state, nonce and PKCE verifier, keeps them in oidc_logins (under a hash of the
 * state, ten minutes, used once) and the state in a short-lived HttpOnly cookie of this browser,
 * and sends the browser to the provider. callback: the state must be this browser's cookie's and
 * a kept one; the code is exchanged (openid-client checks state, nonce, PKCE and the ID token);
 * the user is found by subject, personal identity number or verified e-mail (identities.ts); the
 * session opens as a password sign-in's does (auth/open-session.ts) and the browser goes to the
 * login page with ?bankid=ok, which goes on (via the account selection) to the page asked for.
 * Anything else goes back to the login page with ?bankid=<why>, which the page puts in words.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq, lte } from 'drizzle-orm';
import { BANKID_LOGIN_PATH, ENDPOINTS, type BankIdOutcome } from '@fieldwatch/shared';
import type { ServerContext } from '../../context';
import type { OidcConfig } from '../../config';
import { oidcLogins, users } from '../../db/schema';
import { route } from '../../http/route';
import { isDeactivated } from '../admin/users';
import { recordAudit } from '../audit/record';
import { auth } from '../auth/guard';
import { openSession } from '../auth/open-session';
import { orgChoicePending } from '../auth/org-choice';
import { signInMethodAllowed } from '../organizations/policy';
import { finishSignIn, startSignIn } from './client';
import { matchUser, noteSignIn } from './identities';

/** The cookie holding the state of this browser's sign-in on its way. */
export const OIDC_STATE_COOKIE = 'fw_bankid';
export const CALLBACK_PATH = ENDPOINTS.bankIdCallback.path;
/** How long a sign-in may take at the provider. */
export const SIGN_IN_TTL_MS = 10 * 60_000;

const hashState = (state: string) => createHash('sha256').update(state).digest('base64url');

/** Only a path of this site, never another site (as the login page's safeRedirect). */
export function safePath(value: string | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || value.startsWith('/login'))
    return '/dashboard/default';
  return value;
}

function requestOrigin(request: FastifyRequest): string {
  return new URL(`${request.protocol}://${request.host}`).origin;
}

const redirectUriOf = (config: OidcConfig, request: FastifyRequest) =>
  config.redirectUrl ?? `${requestOrigin(request)}${CALLBACK_PATH}`;

export default async function oidcPlugin(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db, config } = ctx;
  const oidc = config.oidc;
  const cookieOptions = (request: FastifyRequest) => ({
    httpOnly: true,
    // Lax: the provider's redirect back is a top-level GET, which carries it.
    sameSite: 'lax' as const,
    path: '/api/v3/auth/bankid',
    secure: config.cookieSecure === 'always' || (config.cookieSecure === 'auto' && request.protocol === 'https'),
  });

  /** Back to the login page: ?bankid=<outcome>, and the page to open once signed in. */
  function toLogin(request: FastifyRequest, reply: FastifyReply, outcome: BankIdOutcome, redirect?: string): FastifyReply {
    reply.clearCookie(OIDC_STATE_COOKIE, cookieOptions(request));
    const query = new URLSearchParams({ bankid: outcome });
    if (redirect && redirect !== '/dashboard/default') query.set('redirect', redirect);
    return reply.redirect(`${BANKID_LOGIN_PATH}?${query}`, 302);
  }

  // Account selection after any sign-in (the login page asks): a user of several organisations who
  // never chose chooses now; PUT /api/v3/user/session/current_organization keeps his choice.
  route(app, ENDPOINTS.organizationChoice, async (request) => ({
    data: { pending: await orgChoicePending(db, auth(request).userId) },
  }));

  route(app, ENDPOINTS.bankIdStatus, async () => ({ data: { enabled: Boolean(oidc) } }));

  route(app, ENDPOINTS.bankIdStart, async (request, reply) => {
    const redirect = safePath(request.query.redirect);
    if (!oidc) return toLogin(request, reply, 'disabled', redirect);
    let start;
    try {
      start = await startSignIn(oidc, redirectUriOf(oidc, request));
    } catch (err) {
      request.log.error({ err }, 'BankID: the OpenID provider could not be reached');
      return toLogin(request, reply, 'failed', redirect);
    }
    const now = Date.now();
    await db.delete(oidcLogins).where(lte(oidcLogins.expiresAt, new Date(now)));
    await db.insert(oidcLogins).values({
      stateHash: hashState(start.state),
      nonce: start.nonce,
      codeVerifier: start.codeVerifier,
      redirect,
      remember: request.query.remember !== '0',
      expiresAt: new Date(now + SIGN_IN_TTL_MS),
    });
    reply.setCookie(OIDC_STATE_COOKIE, start.state, { ...cookieOptions(request), maxAge: SIGN_IN_TTL_MS / 1000 });
    return reply.redirect(start.url.href, 302);
  });

  route(app, ENDPOINTS.bankIdCallback, async (request, reply) => {
    if (!oidc) return toLogin(request, reply, 'disabled');
    const { query } = request;
    const state = request.cookies[OIDC_STATE_COOKIE];
    // The state must be the one this browser started with (no sign-in slipped into another's browser).
    if (!state || !query.state || query.state !== state) return toLogin(request, reply, 'expired');
    const [kept] = await db.delete(oidcLogins).where(eq(oidcLogins.stateHash, hashState(state))).returning();
    if (!kept || kept.expiresAt.getTime() <= Date.now()) return toLogin(request, reply, 'expired', kept?.redirect);
    if (query.error) {
      request.log.info({ error: query.error }, 'BankID: the provider ended the sign-in');
      return toLogin(request, reply, query.error === 'access_denied' ? 'cancelled' : 'failed', kept.redirect);
    }

    let claims: Record<string, unknown>;
    try {
      const callbackUrl = new URL(redirectUriOf(oidc, request));
      callbackUrl.search = new URL(request.url, 'http://x').search;
      claims = await finishSignIn(oidc, callbackUrl, { state, nonce: kept.nonce, codeVerifier: kept.codeVerifier });
    } catch (err) {
      request.log.warn({ err }, 'BankID: the sign-in could not be completed');
      return toLogin(request, reply, 'failed', kept.redirect);
    }

    const match = await matchUser(db, oidc.issuer, claims, oidc.pnrClaim);
    if (!match) {
      await recordAudit(db, request, {
        action: 'auth.signinFailed',
        actor: null,
        details: { method: 'bankid', reason: 'no_account' },
      });
      return toLogin(request, reply, 'no_account', kept.redirect);
    }
    const [user] = await db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(eq(users.id, match.userId))
      .limit(1);
    if (!user) return toLogin(request, reply, 'no_account', kept.redirect);
    const refused = (await isDeactivated(db, user.id))
      ? 'deactivated'
      : !(await signInMethodAllowed(db, user.id, 'bankid'))
        ? 'refused'
        : null;
    if (refused) {
      await recordAudit(db, request, {
        action: 'auth.signinFailed',
        actor: { id: user.id, name: user.username },
        target: { type: 'user', id: user.id, name: user.username },
        details: { method: 'bankid', reason: refused },
      });
      return toLogin(request, reply, refused, kept.redirect);
    }

    await noteSignIn(db, oidc.issuer, typeof claims.sub === 'string' ? claims.sub : '', user.id);
    // No two-factor code here, even for a user who has it on: BankID is strong authentication of
    // its own (something he has, his BankID, and something he knows or is, its PIN or biometrics),
    // so it stands for both factors. Only the password sign-in asks the code (modules/two-factor).
    await openSession(db, request, reply, user.id, kept.remember, config.cookieSecure);
    await recordAudit(db, request, {
      action: 'auth.signin',
      actor: { id: user.id, name: user.username },
      target: { type: 'user', id: user.id, name: user.username },
      details: { method: 'bankid', linkedBy: match.by },
    });
    return toLogin(request, reply, 'ok', kept.redirect);
  });
}
