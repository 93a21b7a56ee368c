/**
 * Sign-in beyond the password (issue 18 §3): BankID through an OpenID Connect provider, and the
 * account selection of a user of several organisations.
 *
 * BankID: the login page asks GET /api/v3/auth/bankid whether it is enabled; its button is a plain
 * link to /api/v3/auth/bankid/start, which sends the browser to the provider; the provider sends it
 * back to /api/v3/auth/bankid/callback, which opens the session and sends the browser on to the
 * page it came for, or back to the login page with ?bankid=<BANKID_OUTCOMES> saying what failed.
 */
import * as T from 'typebox';

/** GET /api/v3/auth/bankid (public). */
export interface BankIdStatus {
  /** OIDC_ISSUER and OIDC_CLIENT_ID are set. */
  enabled: boolean;
}

/** How a BankID sign-in came back to the login page (its ?bankid= parameter): 'ok' signed in, else why not. */
export const BANKID_OUTCOMES = ['ok', 'no_account', 'cancelled', 'expired', 'failed', 'disabled', 'deactivated', 'refused'] as const;
export type BankIdOutcome = (typeof BANKID_OUTCOMES)[number];

/** The path the callback sends a failed sign-in to, with ?bankid=<outcome>. */
export const BANKID_LOGIN_PATH = '/login';

/** GET /api/v3/auth/bankid/start?redirect=/dashboard/default&remember=1 */
export const BankIdStartQuery = T.Object({
  /** A path of this site to open once signed in (anything else opens the dashboard). */
  redirect: T.Optional(T.String({ maxLength: 2000 })),
  /** 0: the cookie dies with the browser session ("remember me" off); default 1. */
  remember: T.Optional(T.String({ maxLength: 5 })),
});

/** GET /api/v3/auth/bankid/callback — what the provider sends back (RFC 6749 §4.1.2, RFC 9207). */
export const BankIdCallbackQuery = T.Object({
  code: T.Optional(T.String({ maxLength: 4000 })),
  state: T.Optional(T.String({ maxLength: 500 })),
  iss: T.Optional(T.String({ maxLength: 2000 })),
  error: T.Optional(T.String({ maxLength: 500 })),
  error_description: T.Optional(T.String({ maxLength: 2000 })),
  session_state: T.Optional(T.String({ maxLength: 2000 })),
});

/** GET /api/v3/user/session/organization_choice: whether the user should still choose (never did). */
export interface OrganizationChoice {
  /** A user of several organisations who never chose which to work in. */
  pending: boolean;
}
