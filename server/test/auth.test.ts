import { eq } from 'drizzle-orm';
import {
  COOKIE_MAX_AGE_SECONDS,
  MESSAGES,
  SESSION_COOKIE_NAME,
  USER_TYPES,
  type LoginResponse,
  type SessionListItem,
} from '@fieldwatch/shared';
import { sessions } from '../src/db/schema';
import { sessionCache } from '../src/modules/auth/session-cache';
import { hashToken } from '../src/modules/auth/tokens';
import { DEMO_PASSWORD } from '../src/seed/fleet';
import { DRIVERS, getJson, login, sessionCookie, startServer, type TestServer } from './helpers';

describe.each(DRIVERS)('auth on %s', (driver) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(driver);
  });
  afterAll(async () => {
    await s?.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    s.app.inject({ method: 'POST', url, payload: payload as object, headers });

  describe('login', () => {
    it('answers the user and sets a hardened session cookie', async () => {
      const res = await post('/api/v2/auth/login', { username: 'demo.super', password: DEMO_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: LoginResponse }>().data).toEqual({
        userId: expect.any(Number),
        username: 'demo.super',
        userType: USER_TYPES.SuperUser,
      });
      const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE_NAME)!;
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(cookie).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
        maxAge: COOKIE_MAX_AGE_SECONDS,
      });
      expect(cookie.secure).toBeFalsy();
    });

    it('stores only the hash of the token', async () => {
      const res = await post('/api/v2/auth/login', { username: 'demo.user', password: DEMO_PASSWORD });
      const token = sessionCookie(res).split('=')[1]!;
      expect(await s.db.db.select().from(sessions).where(eq(sessions.id, token))).toHaveLength(0);
      expect(
        await s.db.db
          .select()
          .from(sessions)
          .where(eq(sessions.id, hashToken(token))),
      ).toHaveLength(1);
    });

    it('omits Max-Age without "remember me" (browser-session cookie)', async () => {
      const res = await post('/api/v2/auth/login', {
        username: 'demo.user',
        password: DEMO_PASSWORD,
        remember: false,
      });
      expect(res.statusCode).toBe(200);
      const raw = String(res.headers['set-cookie']);
      expect(raw).toContain(`${SESSION_COOKIE_NAME}=`);
      expect(raw).not.toMatch(/Max-Age/i);
      expect(raw).not.toMatch(/Expires/i);
    });

    it('marks the cookie Secure behind an https proxy only when the proxy is trusted', async () => {
      const headers = { 'x-forwarded-proto': 'https' };
      const untrusted = await post(
        '/api/v2/auth/login',
        { username: 'demo.user', password: DEMO_PASSWORD },
        headers,
      );
      expect(untrusted.cookies[0]!.secure).toBeFalsy();
      const trusted = await startServerOnSameDb({ trustProxy: true });
      try {
        const res = await trusted.inject({
          method: 'POST',
          url: '/api/v2/auth/login',
          payload: { username: 'demo.user', password: DEMO_PASSWORD },
          headers,
        });
        expect(res.cookies[0]!.secure).toBe(true);
      } finally {
        await trusted.close();
      }
    });

    it('issues a new session id at every login', async () => {
      const a = sessionCookie(
        await post('/api/v2/auth/login', { username: 'demo.reader', password: DEMO_PASSWORD }),
      );
      const b = sessionCookie(
        await post('/api/v2/auth/login', { username: 'demo.reader', password: DEMO_PASSWORD }),
      );
      expect(a).not.toBe(b);
    });

    it('answers 417 with the invalid-credentials message for a wrong password or unknown user', async () => {
      for (const body of [
        { username: 'demo.super', password: 'wrong' },
        { username: 'nobody', password: DEMO_PASSWORD },
      ]) {
        const res = await post('/api/v2/auth/login', body);
        expect(res.statusCode).toBe(417);
        expect(res.json()).toEqual({ message: MESSAGES.invalidCredentials, code: 'invalid_credentials' });
        expect(res.cookies).toHaveLength(0);
      }
    });

    it.each([
      [{ username: 'demo.super' }, /password/],
      [{ password: 'x' }, /username/],
      [{ username: '   ', password: 'x' }, /Username should not be blank/],
      [{ username: 'demo.super', password: '' }, /Password should not be blank/],
      [{ username: 'demo.super', password: 'x', remember: 'maybe' }, /remember/],
      [[], /object/],
    ])('answers 400 for a malformed body %j', async (body, message) => {
      const res = await post('/api/v2/auth/login', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    });

    it('answers 400, not 500, for invalid JSON and for a missing body', async () => {
      const bad = await s.app.inject({
        method: 'POST',
        url: '/api/v2/auth/login',
        payload: '{"username": "demo.super", ',
        headers: { 'content-type': 'application/json' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toHaveProperty('message');
      const empty = await s.app.inject({
        method: 'POST',
        url: '/api/v2/auth/login',
        headers: { 'content-type': 'application/json' },
      });
      expect(empty.statusCode).toBe(400);
      const none = await s.app.inject({ method: 'POST', url: '/api/v2/auth/login' });
      expect(none.statusCode).toBe(400);
    });

    it('v1 login answers the older array shape', async () => {
      const res = await post('/api/v1/auth/login', { username: 'demo.user', password: DEMO_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { UserID: expect.any(Number), UserName: 'demo.user', UserType: USER_TYPES.User },
      ]);
      expect(sessionCookie(res)).toBeTruthy();
      expect((await post('/api/v1/auth/login', { username: 'demo.user', password: 'nope' })).statusCode).toBe(
        417,
      );
    });
  });

  describe('session guard', () => {
    it.each(['/api/v3/user/session', '/api/v2/device/devices', '/api/v3/events/tasks', '/api/v3/unknown'])(
      '%s without a session answers 401 "You have been logged out"',
      async (url) => {
        const res = await s.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe(MESSAGES.loggedOut);
      },
    );

    it('rejects a forged or expired session cookie', async () => {
      const forged = await getJson(s.app, '/api/v3/user/session', `${SESSION_COOKIE_NAME}=${'a'.repeat(43)}`);
      expect(forged.status).toBe(401);
      const garbage = await getJson(s.app, '/api/v3/user/session', `${SESSION_COOKIE_NAME}=%%%`);
      expect(garbage.status).toBe(401);

      const cookie = await login(s.app, 'demo.user');
      await s.db.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.id, hashToken(cookie.split('=')[1]!)));
      expect((await getJson(s.app, '/api/v3/user/session', cookie)).status).toBe(401);
    });

    it('records activity in last_seen_at at most once a minute', async () => {
      const cookie = await login(s.app, 'demo.user');
      const id = hashToken(cookie.split('=')[1]!);
      const lastSeen = async () =>
        (
          await s.db.db.select({ t: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, id))
        )[0]!.t.getTime();
      const fresh = await lastSeen();
      await getJson(s.app, '/api/v3/user/profile', cookie);
      expect(await lastSeen()).toBe(fresh);
      const old = new Date(Date.now() - 5 * 60_000);
      await s.db.db.update(sessions).set({ lastSeenAt: old }).where(eq(sessions.id, id));
      // A direct write of last_seen_at is announced to no cache (touches never are, session-cache.ts):
      // the cached look-up is dropped by hand.
      sessionCache(s.db.db).clear();
      await getJson(s.app, '/api/v3/user/profile', cookie);
      expect(await lastSeen()).toBeGreaterThan(old.getTime() + 60_000);
    });

    it('keeps public endpoints public', async () => {
      expect((await s.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ ok: true });
    });
  });

  describe('logout', () => {
    it('deletes the session row and expires the cookie', async () => {
      const cookie = await login(s.app, 'demo.user');
      const hash = hashToken(cookie.split('=')[1]!);
      const res = await s.app.inject({ method: 'GET', url: '/api/v2/auth/logout', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      const cleared = res.cookies.find((c) => c.name === SESSION_COOKIE_NAME)!;
      expect(cleared.value).toBe('');
      expect(cleared.maxAge === 0 || (cleared.expires && cleared.expires.getTime() <= Date.now())).toBe(true);
      expect(await s.db.db.select().from(sessions).where(eq(sessions.id, hash))).toHaveLength(0);
      expect((await getJson(s.app, '/api/v3/user/session', cookie)).status).toBe(401);
    });

    it('v1 logout works too, and logout without a session is harmless', async () => {
      const cookie = await login(s.app, 'demo.user');
      const res = await s.app.inject({ method: 'GET', url: '/api/v1/auth/logout', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect((await getJson(s.app, '/api/v3/user/session', cookie)).status).toBe(401);
      expect((await s.app.inject({ method: 'GET', url: '/api/v2/auth/logout' })).statusCode).toBe(200);
    });
  });

  describe('session list and revoke', () => {
    it("lists the user's own live sessions with the current one flagged", async () => {
      const first = await login(s.app, 'demo.reader');
      const second = await login(s.app, 'demo.reader');
      const { status, body } = await getJson<{ data: SessionListItem[] }>(
        s.app,
        '/api/v2/auth/sessions',
        second,
      );
      expect(status).toBe(200);
      expect(body.data.length).toBeGreaterThanOrEqual(2);
      expect(body.data.filter((x) => x.current)).toHaveLength(1);
      for (const item of body.data) {
        expect(item).toEqual({
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          created: expect.any(String),
          lastSeen: expect.any(String),
          expires: expect.any(String),
          userAgent: expect.any(String),
          ip: expect.any(String),
          current: expect.any(Boolean),
        });
        // The public id is not the token hash.
        expect(item.id).not.toBe(hashToken(first.split('=')[1]!));
      }
      const days = (Date.parse(body.data[0]!.expires) - Date.parse(body.data[0]!.created)) / 86_400_000;
      expect(Math.round(days)).toBe(COOKIE_MAX_AGE_SECONDS / 86_400);
    });

    it("revokes one of the user's sessions; someone else's or an unknown id is 404", async () => {
      const mine = await login(s.app, 'demo.super');
      await login(s.app, 'demo.super'); // a second session of the same user, to revoke
      const stranger = await login(s.app, 'demo.user');
      const list = (await getJson<{ data: SessionListItem[] }>(s.app, '/api/v2/auth/sessions', mine)).body
        .data;
      const otherId = list.find((x) => !x.current)!.id;
      const strangerId = (
        await getJson<{ data: SessionListItem[] }>(s.app, '/api/v2/auth/sessions', stranger)
      ).body.data.find((x) => x.current)!.id;

      const foreign = await s.app.inject({
        method: 'DELETE',
        url: `/api/v2/auth/session/logout/${strangerId}`,
        headers: { cookie: mine },
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe(MESSAGES.notFound);
      expect((await getJson(s.app, '/api/v3/user/session', stranger)).status).toBe(200);

      const unknown = await s.app.inject({
        method: 'DELETE',
        url: '/api/v2/auth/session/logout/00000000-0000-4000-8000-000000000000',
        headers: { cookie: mine },
      });
      expect(unknown.statusCode).toBe(404);

      const malformed = await s.app.inject({
        method: 'DELETE',
        url: '/api/v2/auth/session/logout/not-a-uuid',
        headers: { cookie: mine },
      });
      expect(malformed.statusCode).toBe(400);

      const ok = await s.app.inject({
        method: 'DELETE',
        url: `/api/v2/auth/session/logout/${otherId}`,
        headers: { cookie: mine },
      });
      expect(ok.statusCode).toBe(200);
      expect((await getJson(s.app, '/api/v3/user/session', mine)).status).toBe(200);
      const after = (await getJson<{ data: SessionListItem[] }>(s.app, '/api/v2/auth/sessions', mine)).body
        .data;
      expect(after.find((x) => x.id === otherId)).toBeUndefined();
    });
  });

  /** A second app on the same database, with other settings. */
  async function startServerOnSameDb(overrides: { trustProxy: boolean }) {
    const { buildApp } = await import('../src/app');
    const { injectAsOwnPages, testConfig } = await import('./helpers');
    const app = injectAsOwnPages(await buildApp({ config: testConfig({ ...overrides, demo: false }), database: s.db }));
    await app.ready();
    return app;
  }
});
