/**
 * The onboarding flow embedded on a partner page (issue 19 §2), on both databases, with requests as
 * a browser on the partner's page sends them (Origin, Sec-Fetch-Site: cross-site, no cookie):
 * - CORS: the partner origins' preflights are answered on the embed's calls only; an unlisted
 *   origin's are refused and its answers carry no CORS header; no answer allows credentials;
 * - the embed's sign-in: only from a partner origin, the product's password rules, a token in the
 *   body and no cookie; two-factor accounts are sent to Fieldwatch;
 * - the token: the whole flow (organisation, placement, activation) from its own origin; refused
 *   from another origin, on any other call, after expiry and after signing out;
 * - registration from a partner page; framing of /onboarding by partner origins only; the loader.
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  EMBED_ERROR_CODES,
  EMBED_SESSION_MINUTES,
  TERMS_VERSION,
  type EmbedSession,
  type OnboardingActivation,
  type OnboardingFlow,
} from '@fieldwatch/shared';
import { auditLog, nfcTags, sessions, units, users, userTotp } from '../src/db/schema';
import { PARTNER_REFUSED_CODE } from '../src/http/partner-cors';
import { DEMO_PASSWORD, DEMO_TAGS } from '../src/seed/fleet';
import { DRIVERS, makeStaticRoot, rawInject, startDemo, type DemoServer } from './helpers';
import { startSmtpSink } from './mail-helpers';

jest.setTimeout(120_000);

const PARTNER = 'https://shop.partner.example';
const OTHER = 'https://evil.example';
const flowUrl = (tag: string, part = '') => `/api/v3/onboarding/flow/${tag}${part}`;
const SESSION_URL = '/api/v3/onboarding/embed/session';

describe.each(DRIVERS)('the onboarding embedded on partner pages, on %s', (driver) => {
  let d: DemoServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  const db = () => d.s.db.db;

  /** A request as the partner's page (or another site) sends it from the browser. */
  const fromSite = (
    origin: string,
    method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'OPTIONS',
    url: string,
    opts: { token?: string; payload?: object; headers?: Record<string, string> } = {},
  ) =>
    rawInject(d.s.app)({
      method,
      url,
      headers: {
        origin,
        'sec-fetch-site': 'cross-site',
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.headers ?? {}),
      },
      ...(opts.payload ? { payload: opts.payload } : {}),
    });
  const preflight = (origin: string, url: string, method: string) =>
    fromSite(origin, 'OPTIONS', url, {
      headers: {
        'access-control-request-method': method,
        'access-control-request-headers': 'authorization,content-type',
      },
    });
  const data = <T>(res: LightMyRequestResponse): T => {
    if (res.statusCode >= 300) throw new Error(`${res.statusCode} ${res.body}`);
    return res.json<{ data: T }>().data;
  };
  const signIn = async (username = 'demo.user', origin = PARTNER) =>
    fromSite(origin, 'POST', SESSION_URL, { payload: { username, password: DEMO_PASSWORD } });

  beforeAll(async () => {
    smtp = await startSmtpSink();
    d = await startDemo(driver, {
      partnerOrigins: [PARTNER],
      staticRoot: makeStaticRoot(),
      smtpUrl: smtp.url,
      mailFrom: 'Fieldwatch Test <fw@test.example>',
    });
  });
  afterAll(async () => {
    await d?.s.close();
    await smtp?.close();
  });

  describe('CORS', () => {
    it('answers the partner origin’s preflights on the embed’s calls, without credentials', async () => {
      for (const [url, method] of [
        [SESSION_URL, 'POST'],
        [flowUrl(DEMO_TAGS.partner, '/organization'), 'PUT'],
        [flowUrl(DEMO_TAGS.partner, '/activate'), 'POST'],
        ['/api/v3/register', 'POST'],
      ] as const) {
        const res = await preflight(PARTNER, url, method);
        expect(res.statusCode).toBe(204);
        expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
        expect(String(res.headers['access-control-allow-methods'])).toContain(method);
        expect(String(res.headers['access-control-allow-headers'])).toContain('authorization');
        expect(res.headers['access-control-allow-credentials']).toBeUndefined();
        expect(String(res.headers.vary)).toMatch(/Origin/i);
      }
      const tag = await fromSite(PARTNER, 'GET', `/api/v3/onboarding/tag/${DEMO_TAGS.partner}`);
      expect(tag.statusCode).toBe(200);
      expect(tag.headers['access-control-allow-origin']).toBe(PARTNER);
    });

    it('refuses an unlisted origin: its preflight, its reads (no CORS header) and its writes', async () => {
      const pre = await preflight(OTHER, SESSION_URL, 'POST');
      expect(pre.statusCode).toBe(403);
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      expect(pre.json<{ code: string }>().code).toBe(PARTNER_REFUSED_CODE);

      const tag = await fromSite(OTHER, 'GET', `/api/v3/onboarding/tag/${DEMO_TAGS.partner}`);
      expect(tag.headers['access-control-allow-origin']).toBeUndefined();

      const signInOther = await signIn('demo.user', OTHER);
      expect(signInOther.statusCode).toBe(403);
      expect(signInOther.headers['set-cookie']).toBeUndefined();
      const register = await fromSite(OTHER, 'POST', '/api/v3/register', {
        payload: {
          name: 'Eve',
          email: 'eve@evil.example',
          password: 'secret-1',
          confirmPassword: 'secret-1',
        },
      });
      expect(register.statusCode).toBe(403);
    });

    it('answers no CORS for the rest of the API, even to a partner', async () => {
      const pre = await preflight(PARTNER, '/api/v3/user/session', 'GET');
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      const devices = await fromSite(PARTNER, 'GET', '/api/v2/device/devices');
      expect(devices.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('the embed’s session', () => {
    it('signs in for a token bound to the partner origin: no cookie, a session of its own, audited', async () => {
      const res = await signIn();
      const s = data<EmbedSession>(res);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
      expect(s.token).toMatch(/^fwe_[A-Za-z0-9_-]{43}$/);
      expect(s.user.username).toBe('demo.user');
      const minutes = (Date.parse(s.expiresAt) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(EMBED_SESSION_MINUTES - 1);
      expect(minutes).toBeLessThanOrEqual(EMBED_SESSION_MINUTES);
      const rows = await db().select().from(sessions).where(eq(sessions.embedOrigin, PARTNER));
      expect(rows.length).toBeGreaterThan(0);
      // Stored hashed: the token itself is nowhere in the database.
      expect(JSON.stringify(rows)).not.toContain(s.token);
      const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'auth.signin'));
      expect(audit.some((a) => (a.details as { method?: string } | null)?.method === 'embed')).toBe(true);
    });

    it('keeps the product’s password rules: a wrong password (417), a two-factor account (sent to Fieldwatch)', async () => {
      const wrong = await fromSite(PARTNER, 'POST', SESSION_URL, {
        payload: { username: 'demo.user', password: 'not-it' },
      });
      expect(wrong.statusCode).toBe(417);
      const blank = await fromSite(PARTNER, 'POST', SESSION_URL, { payload: { username: '', password: '' } });
      expect(blank.statusCode).toBe(400);

      const [u] = await db().select({ id: users.id }).from(users).where(eq(users.username, 'demo.reader'));
      await db()
        .insert(userTotp)
        .values({ userId: u!.id, secret: 'JBSWY3DPEHPK3PXP', enabledAt: new Date() });
      try {
        const res = await signIn('demo.reader');
        expect(res.statusCode).toBe(403);
        expect(res.json<{ code: string }>().code).toBe(EMBED_ERROR_CODES.twoFactor);
      } finally {
        await db().delete(userTotp).where(eq(userTotp.userId, u!.id));
      }
    });

    it('works the whole flow from its origin, and nowhere else', async () => {
      const { token } = data<EmbedSession>(await signIn());
      const tag = DEMO_TAGS.partner;
      const flow = data<OnboardingFlow>(await fromSite(PARTNER, 'GET', flowUrl(tag), { token }));
      expect(flow.next).toBe('organisation');

      // Another origin with the same token, a call beyond the onboarding: refused, nothing changes.
      const stolen = await fromSite(OTHER, 'GET', flowUrl(tag), { token });
      expect(stolen.statusCode).toBe(403);
      expect(stolen.json<{ code: string }>().code).toBe(EMBED_ERROR_CODES.refused);
      for (const url of ['/api/v3/user/session', '/api/v2/device/devices', '/api/v3/admin/trials']) {
        const res = await fromSite(PARTNER, 'GET', url, { token });
        expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
      }
      // As a cookie it is nothing at all.
      const asCookie = await rawInject(d.s.app)({
        method: 'GET',
        url: '/api/v3/user/session',
        headers: { cookie: `fw_session=${token}` },
      });
      expect(asCookie.statusCode).toBe(401);

      const [unit] = await db()
        .select({ organizationId: units.organizationId })
        .from(units)
        .innerJoin(nfcTags, eq(nfcTags.unitId, units.id))
        .where(eq(nfcTags.tagUuid, tag));
      data(
        await fromSite(PARTNER, 'PUT', flowUrl(tag, '/organization'), {
          token,
          payload: { organizationId: unit!.organizationId },
        }),
      );
      data(
        await fromSite(PARTNER, 'PUT', flowUrl(tag, '/placement'), {
          token,
          payload: { name: 'Partner pump', lat: 59.33, lon: 18.06, locationName: 'Partner site' },
        }),
      );
      const places = await fromSite(PARTNER, 'GET', '/api/v3/onboarding/places?q=Stock', { token });
      expect(places.statusCode).toBe(200);
      const activation = data<OnboardingActivation>(
        await fromSite(PARTNER, 'POST', flowUrl(tag, '/activate'), {
          token,
          payload: { termsVersion: TERMS_VERSION, acceptTerms: true, language: 'sv' },
        }),
      );
      expect(activation).toMatchObject({ unitName: 'Partner pump', trial: { status: 'active' } });
      const [tagRow] = await db().select().from(nfcTags).where(eq(nfcTags.tagUuid, tag));
      expect(tagRow!.activatedAt).not.toBeNull();
    });

    it('ends: signed out it is refused (401), and so is an expired one', async () => {
      const { token } = data<EmbedSession>(await signIn());
      const out = await fromSite(PARTNER, 'DELETE', SESSION_URL, { token });
      expect(data(out)).toBe(true);
      expect((await fromSite(PARTNER, 'GET', flowUrl(DEMO_TAGS.notActivated), { token })).statusCode).toBe(
        401,
      );

      const other = data<EmbedSession>(await signIn());
      await db()
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.embedOrigin, PARTNER));
      const expired = await fromSite(PARTNER, 'GET', flowUrl(DEMO_TAGS.notActivated), { token: other.token });
      expect(expired.statusCode).toBe(401);

      // A product session cannot be ended through the embed's door.
      const product = await d.s.app.inject({
        method: 'DELETE',
        url: SESSION_URL,
        headers: { cookie: d.userCookie },
      });
      expect(product.statusCode).toBe(403);
    });
  });

  it('registers from a partner page, mailing the link to Fieldwatch itself', async () => {
    const before = smtp.received.length;
    const res = await fromSite(PARTNER, 'POST', '/api/v3/register', {
      payload: {
        name: 'Paula Partner',
        email: 'paula@customer.example',
        password: 'paula-pw-1',
        confirmPassword: 'paula-pw-1',
        redirect: `/onboarding?tag=${DEMO_TAGS.notActivated}`,
      },
      headers: { host: 'fieldwatch.example' },
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
    const mail = await smtp.nth(before + 1);
    expect(mail.to).toEqual(['paula@customer.example']);
    expect(mail.text).toContain('http://fieldwatch.example/verify-email?token=');
    expect(mail.text).not.toContain(PARTNER);
  });

  it('lets partner origins, and no other, frame /onboarding and find the remote', async () => {
    const page = await d.s.app.inject({
      method: 'GET',
      url: '/onboarding?tag=x',
      headers: { accept: 'text/html' },
    });
    expect(String(page.headers['content-security-policy'])).toContain(`frame-ancestors ${PARTNER}`);
    expect(String(page.headers['content-security-policy'])).not.toContain(OTHER);
    const other = await d.s.app.inject({
      method: 'GET',
      url: '/devicemanagement',
      headers: { accept: 'text/html' },
    });
    expect(String(other.headers['content-security-policy'])).toContain("frame-ancestors 'none'");

    expect(
      (await fromSite(OTHER, 'GET', '/remotes.json')).headers['access-control-allow-origin'],
    ).toBeUndefined();
    const remotes = await fromSite(PARTNER, 'GET', '/remotes.json');
    expect(remotes.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(remotes.json<{ onboarding: string }>().onboarding).toBe('/remotes/onboarding/mf-manifest.json');
  });
});
