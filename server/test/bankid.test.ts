/**
 * Issue 18 §3: BankID through OpenID Connect, against a REAL OpenID provider (oidc-provider) in
 * this process — the whole authorization code flow over HTTP: Fieldwatch's start redirect, the
 * provider's login and consent pages, the callback, the code exchange (PKCE, state, nonce, the
 * signed ID token) and the userinfo call. Plus the account selection's remembered choice.
 */
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { ENDPOINTS, SESSION_COOKIE_NAME } from '@fieldwatch/shared';
import { auditLog, oidcLogins, userAdminState, userIdentities, users } from '../src/db/schema';
import { ConfigError, loadConfig } from '../src/config';
import { linkPersonalNumber, normalizePersonalNumber } from '../src/modules/oidc/identities';
import { DRIVERS, getJson, login, startServer, type TestServer } from './helpers';
import { browse, CookieJar, signInAtProvider, startProvider, TEST_CLIENT, type TestProvider } from './oidc-helpers';

const PNR = '19900101-1234';
const ACCOUNTS = {
  // Erik (demo.user), by the personal number an administrator linked to him.
  'bankid-erik': { personal_number: PNR, name: 'Erik Johansson' },
  // Freja (demo.reader): no number linked, but the provider vouches for her e-mail address.
  'bankid-freja': { personal_number: '198502021111', email: 'Freja.Hansen@fieldwatch.example', email_verified: true },
  // Someone Fieldwatch does not know; an unverified address of a user does not make him that user.
  'bankid-stranger': { personal_number: '197003033333', email: 'signe.lindqvist@fieldwatch.example', email_verified: false },
};

describe.each(DRIVERS)('BankID through OpenID Connect (%s)', (driver) => {
  let provider: TestProvider;
  let s: TestServer;
  let base: string;

  beforeAll(async () => {
    provider = await startProvider(ACCOUNTS);
    s = await startServer(driver, {
      oidc: { issuer: provider.issuer, clientId: TEST_CLIENT.id, clientSecret: TEST_CLIENT.secret, pnrClaim: 'personal_number', scope: 'openid email' },
    });
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
    // The redirect URL is derived from the address the browser used (no OIDC_REDIRECT_URL).
    provider.start(`${base}${ENDPOINTS.bankIdCallback.path}`);
    const [erik] = await s.db.db.select().from(users).where(eq(users.username, 'demo.user'));
    await linkPersonalNumber(s.db.db, erik!.id, PNR);
  });
  afterAll(async () => {
    await s.close();
    await provider.close();
  });

  /** A browser's whole BankID sign-in as `account`: answers where it ends and its cookies. */
  async function bankIdSignIn(account: string, redirect = '/devices/list') {
    const jar = new CookieJar();
    const start = await browse(jar, new URL(`${ENDPOINTS.bankIdStart.path}?redirect=${encodeURIComponent(redirect)}`, base));
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${base}/api/v3/auth/bankid/callback`);
    const callback = await signInAtProvider(jar, authorize, account, `${base}/`);
    expect(callback.pathname).toBe(ENDPOINTS.bankIdCallback.path);
    const back = await browse(jar, callback);
    expect(back.status).toBe(302);
    return { jar, callback, location: new URL(back.headers.get('location')!, base) };
  }

  const sessionOf = async (jar: CookieJar) => {
    const res = await fetch(new URL(ENDPOINTS.session.path, base), { headers: { cookie: jar.header(new URL(ENDPOINTS.session.path, base)) } });
    return { status: res.status, body: res.status === 200 ? ((await res.json()) as { data: { user: { username: string } } }).data : null };
  };

  test('the login page learns that BankID is enabled', async () => {
    const res = await fetch(new URL(ENDPOINTS.bankIdStatus.path, base));
    expect(await res.json()).toEqual({ data: { enabled: true } });
  });

  test('a personal number linked to a user signs him in: a session as a password gives, and the audit log says so', async () => {
    const { jar, location } = await bankIdSignIn('bankid-erik');
    expect(location.pathname).toBe('/login');
    expect(Object.fromEntries(location.searchParams)).toEqual({ bankid: 'ok', redirect: '/devices/list' });
    expect(jar.get(SESSION_COOKIE_NAME)).toBeTruthy();
    expect(jar.get('fw_signed_in')).toBe('1');
    const session = await sessionOf(jar);
    expect(session.status).toBe(200);
    expect(session.body!.user.username).toBe('demo.user');
    // The one-time state is gone, and so is this browser's state cookie.
    expect(await s.db.db.select().from(oidcLogins)).toEqual([]);
    expect(jar.get('fw_bankid')).toBeUndefined();
    const [entry] = await s.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.signin'), eq(auditLog.actorName, 'demo.user')));
    expect(entry!.details).toEqual({ method: 'bankid', linkedBy: 'personal_number' });
    expect(entry!.ip).toBe('127.0.0.1');
    // The provider's subject is linked now: the next sign-in finds him by it.
    const linked = await s.db.db.select().from(userIdentities).where(eq(userIdentities.kind, 'oidc_sub'));
    expect(linked.map((r) => r.value)).toContain(`${provider.issuer} bankid-erik`);
    await bankIdSignIn('bankid-erik');
    const entries = await s.db.db.select().from(auditLog).where(eq(auditLog.action, 'auth.signin'));
    expect(entries.at(-1)!.details).toEqual({ method: 'bankid', linkedBy: 'subject' });
  });

  test('a verified e-mail address names the user when no number is linked', async () => {
    const { jar, location } = await bankIdSignIn('bankid-freja', '/dashboard/default');
    expect(Object.fromEntries(location.searchParams)).toEqual({ bankid: 'ok' });
    expect((await sessionOf(jar)).body!.user.username).toBe('demo.reader');
  });

  test('nobody linked: back to the login page with no_account, no session, a failed sign-in in the audit log', async () => {
    const { jar, location } = await bankIdSignIn('bankid-stranger');
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('bankid')).toBe('no_account');
    expect(jar.get(SESSION_COOKIE_NAME)).toBeUndefined();
    const failed = await s.db.db.select().from(auditLog).where(eq(auditLog.action, 'auth.signinFailed'));
    expect(failed.at(-1)!.details).toEqual({ method: 'bankid', reason: 'no_account' });
  });

  test('the callback refuses a state that is not this browser’s, and a second use of the same answer', async () => {
    const { jar, callback } = await bankIdSignIn('bankid-erik');
    // Replayed: the state was used once.
    const jar2 = new CookieJar();
    const again = await browse(jar2, callback);
    expect(new URL(again.headers.get('location')!, base).searchParams.get('bankid')).toBe('expired');
    expect(jar2.get(SESSION_COOKIE_NAME)).toBeUndefined();
    // Another browser's answer (no state cookie here, or another one) signs nobody in.
    const other = await browse(new CookieJar(), new URL(`${ENDPOINTS.bankIdCallback.path}?code=x&state=y`, base));
    expect(new URL(other.headers.get('location')!, base).searchParams.get('bankid')).toBe('expired');
    expect(jar.get(SESSION_COOKIE_NAME)).toBeTruthy();
  });

  test('cancelled at the provider: back to the login page saying so', async () => {
    const jar = new CookieJar();
    const start = await browse(jar, new URL(ENDPOINTS.bankIdStart.path, base));
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const back = await browse(jar, new URL(`${ENDPOINTS.bankIdCallback.path}?error=access_denied&state=${state}`, base));
    expect(new URL(back.headers.get('location')!, base).searchParams.get('bankid')).toBe('cancelled');
  });

  test('a deactivated user is not signed in by BankID either', async () => {
    const [freja] = await s.db.db.select().from(users).where(eq(users.username, 'demo.reader'));
    await s.db.db.insert(userAdminState).values({ userId: freja!.id, deactivatedAt: new Date() });
    try {
      const { jar, location } = await bankIdSignIn('bankid-freja');
      expect(location.searchParams.get('bankid')).toBe('deactivated');
      expect(jar.get(SESSION_COOKIE_NAME)).toBeUndefined();
    } finally {
      await s.db.db.delete(userAdminState).where(eq(userAdminState.userId, freja!.id));
    }
  });

  test('a redirect to another site is never followed', async () => {
    const jar = new CookieJar();
    await browse(jar, new URL(`${ENDPOINTS.bankIdStart.path}?redirect=${encodeURIComponent('//evil.example/x')}`, base));
    const [kept] = await s.db.db.select().from(oidcLogins);
    expect(kept!.redirect).toBe('/dashboard/default');
  });

  test('account selection: a user of several organisations chooses once; his next session starts with the choice', async () => {
    const cookie = await login(s.app, 'demo.super');
    const before = await getJson<{ data: { pending: boolean; } }>(s.app, ENDPOINTS.organizationChoice.path, cookie);
    expect(before.body.data.pending).toBe(true);
    const session = await getJson<{ data: { Customers: { CustomerID: number }[]; selectedCustomers: number[] } }>(s.app, ENDPOINTS.session.path, cookie);
    const all = session.body.data.Customers.map((c) => c.CustomerID);
    expect(session.body.data.selectedCustomers.sort()).toEqual([...all].sort());
    const chosen = [all[1]!];
    const put = await s.app.inject({
      method: 'PUT',
      url: `${ENDPOINTS.selectCustomers.path}?id=${chosen.join(',')}`,
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(put.statusCode).toBe(200);
    expect((await getJson<{ data: { pending: boolean } }>(s.app, ENDPOINTS.organizationChoice.path, cookie)).body.data.pending).toBe(false);
    const next = await login(s.app, 'demo.super');
    const restored = await getJson<{ data: { selectedCustomers: number[] } }>(s.app, ENDPOINTS.session.path, next);
    expect(restored.body.data.selectedCustomers).toEqual(chosen);
    // A user of one organisation is never asked.
    const user = await login(s.app, 'demo.user');
    expect((await getJson<{ data: { pending: boolean } }>(s.app, ENDPOINTS.organizationChoice.path, user)).body.data.pending).toBe(false);
  });
});

describe('BankID not configured', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('pglite');
  });
  afterAll(() => s.close());

  test('the status says disabled and start goes back to the login page, not to an error', async () => {
    const status = await s.app.inject({ method: 'GET', url: ENDPOINTS.bankIdStatus.path });
    expect(status.json()).toEqual({ data: { enabled: false } });
    const start = await s.app.inject({ method: 'GET', url: ENDPOINTS.bankIdStart.path });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe('/login?bankid=disabled');
    const callback = await s.app.inject({ method: 'GET', url: `${ENDPOINTS.bankIdCallback.path}?code=a&state=b` });
    expect(callback.headers.location).toBe('/login?bankid=disabled');
  });
});

describe('OIDC configuration', () => {
  test('all or nothing, https (http only on this machine), a scope with openid', () => {
    expect(loadConfig({}).oidc).toBeUndefined();
    expect(loadConfig({ OIDC_ISSUER: 'https://broker.example', OIDC_CLIENT_ID: 'fw' }).oidc).toEqual({
      issuer: 'https://broker.example',
      clientId: 'fw',
      pnrClaim: 'personal_number',
      scope: 'openid email',
    });
    expect(() => loadConfig({ OIDC_ISSUER: 'https://broker.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ OIDC_ISSUER: 'http://broker.example', OIDC_CLIENT_ID: 'fw' })).toThrow(/https/);
    expect(loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:4000', OIDC_CLIENT_ID: 'fw', OIDC_PNR_CLAIM: 'ssn' }).oidc?.pnrClaim).toBe('ssn');
    expect(() => loadConfig({ OIDC_ISSUER: 'https://b.example', OIDC_CLIENT_ID: 'fw', OIDC_SCOPE: 'email' })).toThrow(/openid/);
  });

  test('personal numbers compare by their digits', () => {
    expect(normalizePersonalNumber('19900101-1234')).toBe('199001011234');
    expect(normalizePersonalNumber(' 900101+1234 ')).toBe('9001011234');
    expect(normalizePersonalNumber('abc')).toBeNull();
    expect(normalizePersonalNumber(undefined)).toBeNull();
  });
});
