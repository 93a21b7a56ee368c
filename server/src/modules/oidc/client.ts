/**
 * The OpenID Connect relying party (openid-client): the provider's configuration, read from its
 * discovery document on first use and kept; a failed read is tried again on the next sign-in.
 */
import * as oidc from 'openid-client';
import type { OidcConfig } from '../../config';

const configurations = new WeakMap<OidcConfig, Promise<oidc.Configuration>>();

/** http:// is only accepted (config.ts) for a provider on this machine: the tests' own. */
const isHttp = (issuer: string) => new URL(issuer).protocol === 'http:';

export function providerConfiguration(config: OidcConfig): Promise<oidc.Configuration> {
  let found = configurations.get(config);
  if (!found) {
    found = oidc.discovery(
      new URL(config.issuer),
      config.clientId,
      config.clientSecret ? { client_secret: config.clientSecret } : {},
      config.clientSecret ? oidc.ClientSecretBasic(config.clientSecret) : oidc.None(),
      isHttp(config.issuer) ? { execute: [oidc.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
    );
    found.catch(() => configurations.delete(config));
    configurations.set(config, found);
  }
  return found;
}

export interface SignInStart {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The provider's authorization URL for a new sign-in: code flow, PKCE (S256), state and nonce. */
export async function startSignIn(config: OidcConfig, redirectUri: string): Promise<SignInStart> {
  const configuration = await providerConfiguration(config);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: config.scope,
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url, state, nonce, codeVerifier };
}

/**
 * The provider's answer at the callback exchanged for tokens (checks: state, nonce, PKCE, the ID
 * token's signature, issuer, audience and times), and the user's claims: the ID token's, then the
 * userinfo endpoint's (where brokers put the personal number when the ID token does not carry it).
 */
export async function finishSignIn(
  config: OidcConfig,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<Record<string, unknown>> {
  const configuration = await providerConfiguration(config);
  const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims();
  if (!idClaims) throw new Error('The provider sent no ID token');
  let userinfo: Record<string, unknown> = {};
  if (tokens.access_token && configuration.serverMetadata().userinfo_endpoint) {
    userinfo = await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
  }
  return { ...userinfo, ...idClaims };
}
