/**
 * Issue 14 §3: failed sign-ins are throttled per account+address (growing waits after 10), per
 * account (100 an hour) and per address (300 an hour over all accounts), in the database, on both login routes; the real user's own browser (its
 * device cookie) is never locked out by an attacker.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, LightMyRequestResponse } from 'fastify';
import { LOGIN_THROTTLED_CODE, USER_TYPES } from '@fieldwatch/shared';
import { buildApp } from '../src/app';
import { openDatabase, type DbHandle } from '../src/db/client';
import { loginDevices, loginThrottle, organizations, userOrganizations, users } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/passwords';
import {
  ACCOUNT_FAILURES_PER_WINDOW,
  ADDRESS_FAILURES_PER_WINDOW,
  attemptFor,
  DEVICE_COOKIE_NAME,
  PAIR_BASE_DELAY_S,
  PAIR_FREE_FAILURES,
  pairDelaySeconds,
  PAIR_MAX_DELAY_S,
  pruneThrottle,
  reserveAttempt,
} from '../src/modules/auth/throttle';
import { DRIVERS, startServer, testConfig, type TestServer } from './helpers';

const PASSWORD = 'right-password-1';

describe('pair delays', () => {
  it('start after 10 failures, double, and stop growing at the cap', () => {
    expect(pairDelaySeconds(PAIR_FREE_FAILURES - 1)).toBe(0);
    expect(pairDelaySeconds(PAIR_FREE_FAILURES)).toBe(PAIR_BASE_DELAY_S);
    expect(pairDelaySeconds(PAIR_FREE_FAILURES + 1)).toBe(2 * PAIR_BASE_DELAY_S);
    expect(pairDelaySeconds(PAIR_FREE_FAILURES + 2)).toBe(4 * PAIR_BASE_DELAY_S);
    expect(pairDelaySeconds(PAIR_FREE_FAILURES + 50)).toBe(PAIR_MAX_DELAY_S);
    expect(pairDelaySeconds(1e6)).toBe(PAIR_MAX_DELAY_S);
  });
});

describe.each(DRIVERS)('sign-in throttling on %s', (driver) => {
  let s: TestServer;
  let n = 0;
  beforeAll(async () => {
    s = await startServer(driver, { demo: false });
  });
  afterAll(async () => {
    await s?.close();
  });

  /** A fresh account (its own counters) with PASSWORD. */
  async function account(): Promise<string> {
    const username = `victim.${driver}.${++n}`;
    const [org] = await s.db.db
      .insert(organizations)
      .values({ name: `Org ${username}` })
      .returning();
    const [user] = await s.db.db
      .insert(users)
      .values({ username, userType: USER_TYPES.User, passwordHash: await hashPassword(PASSWORD) })
      .returning();
    await s.db.db.insert(userOrganizations).values({ userId: user!.id, organizationId: org!.id });
    return username;
  }

  const attempt = (
    app: FastifyInstance,
    opts: { username: string; password: string; from: string; cookie?: string; v1?: boolean },
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method: 'POST',
      url: opts.v1 ? '/api/v1/auth/login' : '/api/v2/auth/login',
      remoteAddress: opts.from,
      headers: { 'sec-fetch-site': 'same-origin', ...(opts.cookie ? { cookie: opts.cookie } : {}) },
      payload: { username: opts.username, password: opts.password },
    });

  const wrong = (username: string, from: string, extra: { v1?: boolean; cookie?: string } = {}) =>
    attempt(s.app, { username, password: 'wrong-password', from, ...extra });

  function expectThrottled(res: LightMyRequestResponse, maxWait = PAIR_BASE_DELAY_S) {
    expect(res.statusCode).toBe(429);
    const body = res.json<{ message: string; code: string; retryAfter: number }>();
    expect(body.code).toBe(LOGIN_THROTTLED_CODE);
    expect(body.retryAfter).toBeGreaterThanOrEqual(1);
    expect(body.retryAfter).toBeLessThanOrEqual(maxWait);
    expect(res.headers['retry-after']).toBe(String(body.retryAfter));
    expect(body.message).toBe(`Too many failed sign-ins. Try again in ${body.retryAfter} seconds.`);
    // No session, and no trusted-device cookie, for a refused attempt.
    expect(res.cookies).toEqual([]);
    return body.retryAfter;
  }

  it('refuses the 11th attempt of an account+address with 429 and Retry-After, even with the right password', async () => {
    const username = await account();
    for (let i = 0; i < PAIR_FREE_FAILURES; i++)
      expect((await wrong(username, '203.0.113.1')).statusCode).toBe(417);
    expectThrottled(await wrong(username, '203.0.113.1'));
    expectThrottled(await attempt(s.app, { username, password: PASSWORD, from: '203.0.113.1' }));
    // The same account from another address still signs in with the right password.
    expect((await attempt(s.app, { username, password: PASSWORD, from: '198.51.100.7' })).statusCode).toBe(
      200,
    );
    // The attacker's address is still waiting: the user's success elsewhere freed only his pair.
    expectThrottled(await wrong(username, '203.0.113.1'));
  });

  it('lets no more than 10 of a burst of 30 parallel attempts be checked', async () => {
    const username = await account();
    const res = await Promise.all(Array.from({ length: 30 }, () => wrong(username, '203.0.113.9')));
    const codes = res.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 417)).toHaveLength(PAIR_FREE_FAILURES);
    expect(codes.filter((c) => c === 429)).toHaveLength(30 - PAIR_FREE_FAILURES);
  });

  it('makes the wait grow: a failure after the first wait doubles it', async () => {
    const username = await account();
    for (let i = 0; i < PAIR_FREE_FAILURES; i++) await wrong(username, '203.0.113.2');
    expect(expectThrottled(await wrong(username, '203.0.113.2'))).toBeLessThanOrEqual(PAIR_BASE_DELAY_S);
    // Time passes (the wait ends) for every counter of the pair.
    await s.db.db.update(loginThrottle).set({ lockedUntil: sql`now() - interval '1 second'` });
    expect((await wrong(username, '203.0.113.2')).statusCode).toBe(417);
    const second = expectThrottled(await wrong(username, '203.0.113.2'), 2 * PAIR_BASE_DELAY_S);
    expect(second).toBeGreaterThan(PAIR_BASE_DELAY_S);
  });

  it('counts v1 and v2 sign-ins together, and throttles v1 too', async () => {
    const username = await account();
    for (let i = 0; i < PAIR_FREE_FAILURES; i++)
      expect((await wrong(username, '203.0.113.3', { v1: i % 2 === 0 })).statusCode).toBe(417);
    const res = await wrong(username, '203.0.113.3', { v1: true });
    expectThrottled(res);
    expectThrottled(await attempt(s.app, { username, password: PASSWORD, from: '203.0.113.3', v1: true }));
  });

  it('starts counting again after a success', async () => {
    const username = await account();
    for (let i = 0; i < PAIR_FREE_FAILURES - 1; i++) await wrong(username, '203.0.113.4');
    expect((await attempt(s.app, { username, password: PASSWORD, from: '203.0.113.4' })).statusCode).toBe(
      200,
    );
    for (let i = 0; i < PAIR_FREE_FAILURES; i++)
      expect((await wrong(username, '203.0.113.4')).statusCode).toBe(417);
    expectThrottled(await wrong(username, '203.0.113.4'));
  });

  it('counts unknown usernames the same way, in any case or form, and stores no username', async () => {
    for (let i = 0; i < PAIR_FREE_FAILURES; i++) {
      const name = i % 2 ? 'Nobody.Here' : 'ｎｏｂｏｄｙ.here'; // full-width: the same NFKC key
      expect((await wrong(name, '203.0.113.5')).statusCode).toBe(417);
    }
    expectThrottled(await wrong('nobody.here', '203.0.113.5'));
    const dump = JSON.stringify(await s.db.db.select().from(loginThrottle));
    expect(dump).not.toMatch(/nobody/i);
    expect(dump).not.toContain('203.0.113.5');
  });

  it('lets the device-cookie holder in while 120 addresses exhaust the account', async () => {
    const username = await account();
    // The user signed in from home once: his browser got the device cookie.
    const home = await attempt(s.app, { username, password: PASSWORD, from: '192.0.2.10' });
    expect(home.statusCode).toBe(200);
    const device = home.cookies.find((c) => c.name === DEVICE_COOKIE_NAME)!;
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    const deviceCookie = `${DEVICE_COOKIE_NAME}=${device.value}`;

    // A botnet: 120 addresses, one wrong password each, a few at a time.
    const statuses: number[] = [];
    for (let i = 0; i < 120; i += 8) {
      const batch = Array.from({ length: 8 }, (_, j) =>
        wrong(username, `10.66.${Math.floor((i + j) / 250)}.${(i + j) % 250}`),
      );
      statuses.push(...(await Promise.all(batch)).map((r) => r.statusCode));
    }
    // The account took exactly its hourly cap of failures; the rest were refused unchecked.
    expect(statuses.filter((c) => c === 417)).toHaveLength(ACCOUNT_FAILURES_PER_WINDOW);
    expect(statuses.filter((c) => c === 429)).toHaveLength(120 - ACCOUNT_FAILURES_PER_WINDOW);

    // A browser that never signed in waits, even with the right password (the cap is per account).
    expectThrottled(await attempt(s.app, { username, password: PASSWORD, from: '192.0.2.99' }), 3600);
    // The user's own browser gets in, from any address (here, a café's), and keeps its cookie.
    const cafe = await attempt(s.app, {
      username,
      password: PASSWORD,
      from: '192.0.2.200',
      cookie: deviceCookie,
    });
    expect(cafe.statusCode).toBe(200);
    expect(cafe.cookies.find((c) => c.name === 'fw_session')).toBeDefined();
    // Even after a typo of his own.
    expect(
      (await attempt(s.app, { username, password: 'typo', from: '192.0.2.200', cookie: deviceCookie }))
        .statusCode,
    ).toBe(417);
    expect(
      (await attempt(s.app, { username, password: PASSWORD, from: '192.0.2.200', cookie: deviceCookie }))
        .statusCode,
    ).toBe(200);
  });

  it('caps one address spraying many accounts; its signed-in browsers and other addresses still get in', async () => {
    const username = await account();
    const office = '198.51.100.200';
    const home = await attempt(s.app, { username, password: PASSWORD, from: office });
    expect(home.statusCode).toBe(200);
    const device = home.cookies.find((c) => c.name === DEVICE_COOKIE_NAME)!;
    // One wrong password for each of ADDRESS_FAILURES_PER_WINDOW usernames, every one under its
    // pair limit: counted through the throttle itself (without 300 argon2 runs over HTTP).
    for (let i = 0; i < ADDRESS_FAILURES_PER_WINDOW - 1; i++) {
      const req = { cookies: {}, ip: office } as unknown as FastifyRequest;
      await reserveAttempt(s.db.db, await attemptFor(s.db.db, req, `spray.${driver}.${i}`, undefined));
    }
    // The last one allowed is checked over HTTP, the next is refused unchecked.
    expect((await wrong(`spray.${driver}.last`, office)).statusCode).toBe(417);
    expectThrottled(await wrong(`spray.${driver}.next`, office), 3600);
    expectThrottled(await attempt(s.app, { username, password: PASSWORD, from: office }), 3600);
    // A colleague's browser that signed in before carries its device cookie: not counted here.
    const withCookie = await attempt(s.app, {
      username,
      password: PASSWORD,
      from: office,
      cookie: `${DEVICE_COOKIE_NAME}=${device.value}`,
    });
    expect(withCookie.statusCode).toBe(200);
    // Another address is not affected.
    expect((await attempt(s.app, { username, password: PASSWORD, from: '198.51.100.201' })).statusCode).toBe(
      200,
    );
  });

  it('does not let a device cookie of one account help another, nor an invented one', async () => {
    const owner = await account();
    const victim = await account();
    const ok = await attempt(s.app, { username: owner, password: PASSWORD, from: '192.0.2.20' });
    const cookie = `${DEVICE_COOKIE_NAME}=${ok.cookies.find((c) => c.name === DEVICE_COOKIE_NAME)!.value}`;
    const invented = `${DEVICE_COOKIE_NAME}=${'A'.repeat(43)}`;
    for (let i = 0; i < PAIR_FREE_FAILURES; i++) {
      const c = i % 2 ? cookie : invented;
      expect((await wrong(victim, '203.0.113.20', { cookie: c })).statusCode).toBe(417);
    }
    expectThrottled(await wrong(victim, '203.0.113.20', { cookie }));
    expectThrottled(await wrong(victim, '203.0.113.20', { cookie: invented }));
  });

  it('gives a trusted device its own growing waits', async () => {
    const username = await account();
    const ok = await attempt(s.app, { username, password: PASSWORD, from: '192.0.2.30' });
    const cookie = `${DEVICE_COOKIE_NAME}=${ok.cookies.find((c) => c.name === DEVICE_COOKIE_NAME)!.value}`;
    // A stolen device cookie is no master key: from many addresses, it still waits after 10.
    for (let i = 0; i < PAIR_FREE_FAILURES; i++)
      expect((await wrong(username, `10.77.0.${i}`, { cookie })).statusCode).toBe(417);
    expectThrottled(await wrong(username, '10.77.1.1', { cookie }));
  });

  it('shares the counts between two app instances on one database', async () => {
    // A second replica: on PostgreSQL its own connection pool to the same database; PGlite
    // (in memory) can only be shared through its handle.
    const config = testConfig({
      demo: false,
      ...(driver === 'postgres' ? { databaseUrl: await dbUrl(s) } : {}),
    });
    const handle: DbHandle = driver === 'postgres' ? await openDatabase(config) : s.db;
    const replica = await buildApp({ config, database: handle });
    try {
      const username = await account();
      for (let i = 0; i < PAIR_FREE_FAILURES; i++) {
        const app = i % 2 ? replica : s.app;
        expect((await attempt(app, { username, password: 'wrong', from: '203.0.113.40' })).statusCode).toBe(
          417,
        );
      }
      expectThrottled(await attempt(s.app, { username, password: PASSWORD, from: '203.0.113.40' }));
      expectThrottled(await attempt(replica, { username, password: PASSWORD, from: '203.0.113.40' }));
    } finally {
      await replica.close();
      if (handle !== s.db) await handle.close();
    }
  });

  it('prunes counters and devices that have expired', async () => {
    const username = await account();
    await wrong(username, '203.0.113.50');
    const before = await s.db.db.select().from(loginThrottle);
    expect(before.length).toBeGreaterThan(0);
    await s.db.db.insert(loginDevices).values({
      tokenHash: 'f'.repeat(64),
      userId: (await s.db.db.select().from(users).limit(1))[0]!.id,
      lastUsedAt: new Date(Date.now() - 400 * 24 * 3600 * 1000),
    });
    // Two hours later every counter without a running wait is gone, and so is the old device.
    await pruneThrottle(s.db.db, new Date(Date.now() + 2 * 3600 * 1000));
    const after = await s.db.db.select().from(loginThrottle);
    expect(after.every((r) => r.lockedUntil && r.expiresAt.getTime() > Date.now() + 2 * 3600 * 1000)).toBe(
      true,
    );
    expect(after.length).toBeLessThan(before.length);
    expect(
      await s.db.db
        .select()
        .from(loginDevices)
        .where(sql`${loginDevices.tokenHash} = ${'f'.repeat(64)}`),
    ).toEqual([]);
  });
});

/** The PostgreSQL URL a test server runs on: TEST_DATABASE_URL's server, its database. */
async function dbUrl(s: TestServer): Promise<string> {
  const res = (await s.db.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: Array<{ name: string }>;
  };
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${res.rows[0]!.name}`;
  return url.toString();
}
