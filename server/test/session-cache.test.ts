/**
 * Sessions answered from memory (modules/auth/session-cache.ts, issue 22 §3): a burst of requests
 * looks the session up once; an ended or changed session is never answered from memory once the
 * change is made — at once for writes of this app, and through NOTIFY (migrations 0006, 0026) for
 * changes written by anyone else (another replica; here straight into the database).
 */
import { eq } from 'drizzle-orm';
import { USER_TYPES, type SessionResponse } from '@fieldwatch/shared';
import { sessions, users } from '../src/db/schema';
import { SESSION_CACHE_MS, sessionCache } from '../src/modules/auth/session-cache';
import { hashToken } from '../src/modules/auth/tokens';
import { pushHubOf } from '../src/modules/push/plugin';
import { addUser, DRIVERS, getJson, login, startDemo, type DemoServer } from './helpers';

const SESSION = '/api/v3/user/session';
const sameOrigin = { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' };

/** Polls until `check` holds, for at most `ms` (NOTIFY arrives a moment after the commit). */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.each(DRIVERS)('session cache (%s)', (driver) => {
  let d: DemoServer;
  beforeAll(async () => {
    d = await startDemo(driver);
  }, 120_000);
  afterAll(async () => {
    await d?.s.close();
  });

  const db = () => d.s.db.db;
  const session = (cookie: string) => getJson<{ data: SessionResponse }>(d.s.app, SESSION, cookie);
  const tokenHash = (cookie: string) => hashToken(cookie.split('=')[1]!);

  it('is trusted while the push hub listens, and a burst of requests looks the session up once', async () => {
    expect(pushHubOf(db())?.state).toBe('listening');
    const cache = sessionCache(db());
    const cookie = await login(d.s.app, 'demo.user');
    const misses = cache.misses;
    const hits = cache.hits;
    for (let i = 0; i < 10; i++) expect((await session(cookie)).status).toBe(200);
    expect(cache.misses - misses).toBe(1);
    expect(cache.hits - hits).toBe(9);
    expect(SESSION_CACHE_MS).toBeLessThanOrEqual(10_000);
  });

  it('logout and revocation through the app: the next request is refused at once', async () => {
    const a = await login(d.s.app, 'demo.user');
    expect((await session(a)).status).toBe(200);
    const out = await d.s.app.inject({
      method: 'GET',
      url: '/api/v2/auth/logout',
      headers: { cookie: a, ...sameOrigin },
    });
    expect(out.statusCode).toBe(200);
    expect((await session(a)).status).toBe(401);

    const b = await login(d.s.app, 'demo.user');
    const c = await login(d.s.app, 'demo.user');
    expect((await session(b)).status).toBe(200);
    const [row] = await db()
      .select({ publicId: sessions.publicId })
      .from(sessions)
      .where(eq(sessions.id, tokenHash(b)));
    const revoked = await d.s.app.inject({
      method: 'DELETE',
      url: `/api/v2/auth/session/logout/${row!.publicId}`,
      headers: { cookie: c, ...sameOrigin },
    });
    expect(revoked.statusCode).toBeLessThan(300);
    expect((await session(b)).status).toBe(401);
  });

  it('a customer selection made through the app is answered at once', async () => {
    const cookie = d.superCookie;
    const all = (await session(cookie)).body.data.selectedCustomers;
    const res = await d.s.app.inject({
      method: 'PUT',
      url: `/api/v3/user/session/current_organization?id=${d.baltic}`,
      headers: { cookie, ...sameOrigin },
    });
    expect(res.statusCode).toBe(200);
    expect((await session(cookie)).body.data.selectedCustomers).toEqual([d.baltic]);
    await d.s.app.inject({
      method: 'PUT',
      url: `/api/v3/user/session/current_organization?id=${all.join(',')}`,
      headers: { cookie, ...sameOrigin },
    });
  });

  it('changes written by someone else (another replica) are heard through NOTIFY', async () => {
    const id = await addUser(d.s, {
      username: `cache.${driver}`,
      userType: USER_TYPES.User,
      orgs: [d.nordic, d.baltic],
    });
    const cookie = await login(d.s.app, `cache.${driver}`);
    expect((await session(cookie)).body.data.userType).toBe(USER_TYPES.User);

    // The user's type.
    await db().update(users).set({ userType: USER_TYPES.Reader }).where(eq(users.id, id));
    await within(2000, async () => (await session(cookie)).body.data.userType === USER_TYPES.Reader);

    // The session's customer selection.
    await db()
      .update(sessions)
      .set({ selectedCustomers: [d.nordic] })
      .where(eq(sessions.id, tokenHash(cookie)));
    await within(
      2000,
      async () => (await session(cookie)).body.data.selectedCustomers.join() === String(d.nordic),
    );

    // Its expiry.
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, tokenHash(cookie)));
    await within(2000, async () => (await session(cookie)).status === 401);

    // Its removal.
    const again = await login(d.s.app, `cache.${driver}`);
    expect((await session(again)).status).toBe(200);
    await db()
      .delete(sessions)
      .where(eq(sessions.id, tokenHash(again)));
    await within(2000, async () => (await session(again)).status === 401);
  });

  it('a touch of last_seen_at announces nothing: the cache keeps the session', async () => {
    const cache = sessionCache(db());
    const cookie = await login(d.s.app, 'demo.reader');
    expect((await session(cookie)).status).toBe(200);
    const size = cache.size;
    await db()
      .update(sessions)
      .set({ lastSeenAt: new Date() })
      .where(eq(sessions.id, tokenHash(cookie)));
    await new Promise((r) => setTimeout(r, 100));
    expect(cache.size).toBe(size);
  });

  it('is emptied and bypassed while nothing is heard', async () => {
    const cache = sessionCache(db());
    const cookie = await login(d.s.app, 'demo.user');
    expect((await session(cookie)).status).toBe(200);
    cache.setTrusted(false);
    try {
      expect(cache.size).toBe(0);
      const misses = cache.misses;
      const hits = cache.hits;
      expect((await session(cookie)).status).toBe(200);
      expect((await session(cookie)).status).toBe(200);
      expect(cache.size).toBe(0);
      expect([cache.hits - hits, cache.misses - misses]).toEqual([0, 0]);
    } finally {
      cache.setTrusted(true);
    }
  });
});
