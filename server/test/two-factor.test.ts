/**
 * Two-factor authentication with TOTP (issue 18, Security; modules/two-factor), on the real server:
 * enrolment from the profile (password, secret, a code, recovery codes once), the sign-in's second
 * step (no session before it; the code, or a recovery code, opens it as the password would have,
 * remember-me kept), replays and used recovery codes refused, the pending sign-in's expiry and
 * wrong-code limit, the per-account throttle, the older v1 login, turning it off, new recovery
 * codes, one user's codes never opening another's sign-in, the organisation's requirement for
 * SuperUsers (sign-in allowed, admin writes refused until enrolled, no turning off), an
 * administrator's reset, and the audit log and the server log never holding a secret or code.
 */
import { PassThrough } from 'node:stream';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  SESSION_COOKIE_NAME,
  TWO_FACTOR_ERROR_CODES,
  TWO_FACTOR_LOGIN_MAX_FAILURES,
  TWO_FACTOR_LOGIN_TTL_SECONDS,
  TWO_FACTOR_MESSAGES,
  TOTP_PERIOD_SECONDS,
  USER_TYPES,
  type SessionResponse,
  type TwoFactorChallenge,
  type TwoFactorLoginDone,
  type TwoFactorRecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@fieldwatch/shared';
import { buildApp } from '../src/app';
import { auditLog, loginThrottle, twoFactorLogins, userRecoveryCodes, users, userTotp } from '../src/db/schema';
import { DEVICE_COOKIE_NAME, PAIR_FREE_FAILURES } from '../src/modules/auth/throttle';
import { TWO_FACTOR_COOKIE } from '../src/modules/two-factor/pending-login';
import { totpCode } from '../src/modules/two-factor/totp';
import { DEMO_PASSWORD } from '../src/seed/fleet';
import { addUser, DRIVERS, injectAsOwnPages, login, sessionCookie, startDemo, testConfig, type DemoServer } from './helpers';

type Data<T> = { data: T };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;

/** "fw_2fa=<ticket>" of a password step's answer. */
function ticketOf(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === TWO_FACTOR_COOKIE);
  if (!c) throw new Error(`no ${TWO_FACTOR_COOKIE} cookie (${res.statusCode} ${res.body})`);
  return `${TWO_FACTOR_COOKIE}=${c.value}`;
}

describe.each(DRIVERS)('two-factor authentication on %s', (driver) => {
  let d: DemoServer;
  const ids: Record<string, number> = {};
  /** What each enrolled user's app and paper hold. */
  const held: Record<string, { secret: string; recovery: string[] }> = {};
  /** Every secret and code handed out or typed, to look for in the audit log. */
  const secrets = new Set<string>();

  beforeAll(async () => {
    d = await startDemo(driver);
    for (const [username, userType] of [
      ['tina.totp', USER_TYPES.User],
      ['tom.totp', USER_TYPES.User],
      ['vera.totp', USER_TYPES.User],
      ['sam.super', USER_TYPES.SuperUser],
    ] as const) {
      ids[username] = await addUser(d.s, { username, userType, orgs: [d.nordic] });
    }
    const [me] = await d.s.db.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo.super'));
    ids['demo.super'] = me!.id;
  });
  afterAll(async () => {
    await d?.s.close();
  });

  const send = (method: Method, url: string, cookie = '', payload?: unknown) =>
    d.s.app.inject({
      method,
      url,
      headers: { 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}) },
      ...(payload !== undefined ? { payload: payload as string } : {}),
    });
  const passwordStep = (username: string, extra: Record<string, unknown> = {}, url = '/api/v2/auth/login') =>
    send('POST', url, '', { username, password: DEMO_PASSWORD, ...extra });
  const secondStep = (ticket: string, code: string) => {
    secrets.add(code);
    return send('POST', '/api/v2/auth/login/two-factor', ticket, { code });
  };
  /** The code the user's app shows now (offset in steps), with his last used step forgotten first when `fresh`. */
  async function codeOf(username: string, { offset = 0, fresh = true } = {}): Promise<string> {
    if (fresh) await d.s.db.db.update(userTotp).set({ lastUsedStep: null }).where(eq(userTotp.userId, ids[username]!));
    return totpCode(held[username]!.secret, Date.now() + offset * STEP_MS);
  }
  const audits = (action: string, userId?: number) =>
    d.s.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), userId ? eq(auditLog.targetId, String(userId)) : undefined))
      .orderBy(asc(auditLog.id));

  /** Profile enrolment as the page does it; answers the user's session. */
  async function enroll(username: string, cookie?: string): Promise<string> {
    const session = cookie ?? (await login(d.s.app, username));
    const setup = await send('POST', '/api/v3/user/two-factor/setup', session, { password: DEMO_PASSWORD });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json<Data<TwoFactorSetup>>().data;
    secrets.add(secret);
    const code = totpCode(secret);
    secrets.add(code);
    const on = await send('POST', '/api/v3/user/two-factor/enable', session, { code });
    expect(on.statusCode).toBe(200);
    const recovery = on.json<Data<TwoFactorRecoveryCodes>>().data.recoveryCodes;
    recovery.forEach((c) => secrets.add(c));
    held[username] = { secret, recovery };
    return session;
  }
  /** Password and code, as the login page does; answers the session cookie. */
  async function signInWithCode(username: string): Promise<string> {
    const first = await passwordStep(username);
    expect(first.statusCode).toBe(200);
    const res = await secondStep(ticketOf(first), await codeOf(username));
    expect(res.statusCode).toBe(200);
    return sessionCookie(res);
  }

  it('enrols from the profile: password, then the secret, then a code turns it on and gives ten recovery codes once', async () => {
    const cookie = await login(d.s.app, 'tina.totp');
    const status = await send('GET', '/api/v3/user/two-factor', cookie);
    expect(status.json<Data<TwoFactorStatus>>().data).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false });

    const wrongPassword = await send('POST', '/api/v3/user/two-factor/setup', cookie, { password: 'not-my-password' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({ message: TWO_FACTOR_MESSAGES.wrongPassword, code: TWO_FACTOR_ERROR_CODES.wrongPassword });
    // No setup yet: nothing to turn on.
    const early = await send('POST', '/api/v3/user/two-factor/enable', cookie, { code: '123456' });
    expect(early.statusCode).toBe(409);

    const setup = await send('POST', '/api/v3/user/two-factor/setup', cookie, { password: DEMO_PASSWORD });
    expect(setup.statusCode).toBe(200);
    const s = setup.json<Data<TwoFactorSetup>>().data;
    secrets.add(s.secret);
    expect(s.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(s.uri).toBe(`otpauth://totp/Fieldwatch:tina.totp?issuer=Fieldwatch&secret=${s.secret}&algorithm=SHA1&digits=6&period=30`);
    expect(s.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(s).toMatchObject({ issuer: 'Fieldwatch', account: 'tina.totp' });

    // Set up is not on: the password alone still signs in.
    expect((await passwordStep('tina.totp')).json<Data<{ userId: number }>>().data.userId).toBe(ids['tina.totp']);

    const wrong = await send('POST', '/api/v3/user/two-factor/enable', cookie, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ code: string }>().code).toBe(TWO_FACTOR_ERROR_CODES.wrongCode);
    const on = await send('POST', '/api/v3/user/two-factor/enable', cookie, { code: totpCode(s.secret) });
    expect(on.statusCode).toBe(200);
    const codes = on.json<Data<TwoFactorRecoveryCodes>>().data.recoveryCodes;
    codes.forEach((c) => secrets.add(c));
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    held['tina.totp'] = { secret: s.secret, recovery: codes };

    const after = (await send('GET', '/api/v3/user/two-factor', cookie)).json<Data<TwoFactorStatus>>().data;
    expect(after).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
    expect(Date.parse(after.enabledAt!)).toBeGreaterThan(Date.now() - 60_000);
    // Stored hashed only.
    const stored = await d.s.db.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, ids['tina.totp']!));
    expect(stored).toHaveLength(10);
    for (const r of stored) expect(codes.some((c) => r.codeHash.includes(c.replace('-', '')))).toBe(false);
    // Once on, no second setup (and no second enable).
    expect((await send('POST', '/api/v3/user/two-factor/setup', cookie, { password: DEMO_PASSWORD })).statusCode).toBe(409);
    expect((await send('POST', '/api/v3/user/two-factor/enable', cookie, { code: totpCode(s.secret) })).statusCode).toBe(409);
    const [enabled] = await audits('auth.twoFactorEnabled', ids['tina.totp']);
    expect(enabled).toMatchObject({ actorUserId: ids['tina.totp'], organizationId: d.nordic, details: { recoveryCodes: 10 } });
  });

  it('a right password opens no session: it answers twoFactorRequired and a pending sign-in only the code completes', async () => {
    const first = await passwordStep('tina.totp');
    expect(first.statusCode).toBe(200);
    expect(first.json<Data<TwoFactorChallenge>>().data).toEqual({ twoFactorRequired: true, expiresIn: TWO_FACTOR_LOGIN_TTL_SECONDS });
    expect(first.cookies.find((c) => c.name === SESSION_COOKIE_NAME)).toBeUndefined();
    // Not yet a trusted device either (the throttle's exemption comes with a full sign-in).
    expect(first.cookies.find((c) => c.name === DEVICE_COOKIE_NAME)).toBeUndefined();
    const ticket = first.cookies.find((c) => c.name === TWO_FACTOR_COOKIE)!;
    expect(ticket).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v2/auth/login/two-factor', maxAge: 300 });
    const [row] = await d.s.db.db.select().from(twoFactorLogins).where(eq(twoFactorLogins.userId, ids['tina.totp']!));
    expect(row!.ticketHash).not.toBe(ticket.value); // only its hash is stored

    const wrong = await secondStep(ticketOf(first), '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: TWO_FACTOR_MESSAGES.wrongCode, code: TWO_FACTOR_ERROR_CODES.wrongCode });
    const [failed] = (await audits('auth.signinFailed', ids['tina.totp'])).slice(-1);
    expect(failed!.details).toMatchObject({ reason: 'wrongCode' });

    const res = await secondStep(ticketOf(first), await codeOf('tina.totp'));
    expect(res.statusCode).toBe(200);
    expect(res.json<Data<TwoFactorLoginDone>>().data).toEqual({ userId: ids['tina.totp'], username: 'tina.totp', userType: USER_TYPES.User });
    const session = sessionCookie(res);
    expect((await send('GET', '/api/v3/user/session', session)).statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === DEVICE_COOKIE_NAME)).toBeDefined();
    // The ticket is spent and its cookie cleared.
    expect(res.cookies.find((c) => c.name === TWO_FACTOR_COOKIE)?.value).toBe('');
    const again = await secondStep(ticketOf(first), await codeOf('tina.totp', { offset: 1, fresh: false }));
    expect(again.statusCode).toBe(401);
    expect(again.json<{ code: string }>().code).toBe(TWO_FACTOR_ERROR_CODES.expired);
    const [signin] = (await audits('auth.signin', ids['tina.totp'])).slice(-1);
    expect(signin!.details).toEqual({ method: 'password+totp' });
  });

  it('keeps remember-me: without it the session cookie dies with the browser', async () => {
    const first = await passwordStep('tina.totp', { remember: false });
    const res = await secondStep(ticketOf(first), await codeOf('tina.totp'));
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE_NAME)!.maxAge).toBeUndefined();
    const remembered = await secondStep(ticketOf(await passwordStep('tina.totp')), await codeOf('tina.totp'));
    expect(remembered.cookies.find((c) => c.name === SESSION_COOKIE_NAME)!.maxAge).toBeGreaterThan(0);
  });

  it('refuses a code used before (a replay), and any older one', async () => {
    const code = await codeOf('tina.totp');
    expect((await secondStep(ticketOf(await passwordStep('tina.totp')), code)).statusCode).toBe(200);
    const replay = await secondStep(ticketOf(await passwordStep('tina.totp')), code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json<{ message: string }>().message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    const older = await codeOf('tina.totp', { offset: -1, fresh: false });
    if (older !== code) expect((await secondStep(ticketOf(await passwordStep('tina.totp')), older)).statusCode).toBe(400);
    // The next step's code is fine.
    const next = await codeOf('tina.totp', { offset: 1, fresh: false });
    expect((await secondStep(ticketOf(await passwordStep('tina.totp')), next)).statusCode).toBe(200);
  });

  it('takes a recovery code once, and says how many are left', async () => {
    const [code] = held['tina.totp']!.recovery;
    const res = await secondStep(ticketOf(await passwordStep('tina.totp')), code!.toUpperCase().replace('-', ' '));
    expect(res.statusCode).toBe(200);
    expect(res.json<Data<TwoFactorLoginDone>>().data.recoveryCodesLeft).toBe(9);
    const [signin] = (await audits('auth.signin', ids['tina.totp'])).slice(-1);
    expect(signin!.details).toEqual({ method: 'password+recoveryCode' });
    const again = await secondStep(ticketOf(await passwordStep('tina.totp')), code!);
    expect(again.statusCode).toBe(400);
    const status = await send('GET', '/api/v3/user/two-factor', sessionCookie(res));
    expect(status.json<Data<TwoFactorStatus>>().data.recoveryCodesLeft).toBe(9);
  });

  it('a pending sign-in expires after five minutes, ends after five wrong codes, and needs its own cookie', async () => {
    const first = await passwordStep('tina.totp');
    await d.s.db.db
      .update(twoFactorLogins)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(twoFactorLogins.userId, ids['tina.totp']!));
    const late = await secondStep(ticketOf(first), await codeOf('tina.totp'));
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ message: TWO_FACTOR_MESSAGES.expired, code: TWO_FACTOR_ERROR_CODES.expired });
    expect(late.cookies.find((c) => c.name === TWO_FACTOR_COOKIE)?.value).toBe('');

    const ticket = ticketOf(await passwordStep('tina.totp'));
    for (let i = 1; i < TWO_FACTOR_LOGIN_MAX_FAILURES; i++) expect((await secondStep(ticket, '000000')).statusCode).toBe(400);
    const last = await secondStep(ticket, '000000');
    expect(last.statusCode).toBe(401);
    expect(last.json()).toEqual({ message: TWO_FACTOR_MESSAGES.tooManyCodes, code: TWO_FACTOR_ERROR_CODES.tooManyCodes });
    expect(last.cookies.find((c) => c.name === TWO_FACTOR_COOKIE)?.value).toBe('');
    expect((await secondStep(ticket, await codeOf('tina.totp'))).statusCode).toBe(401);

    // No cookie, a forged one, a session cookie instead: no sign-in.
    expect((await secondStep('', await codeOf('tina.totp'))).statusCode).toBe(401);
    expect((await secondStep(`${TWO_FACTOR_COOKIE}=${'A'.repeat(43)}`, await codeOf('tina.totp'))).statusCode).toBe(401);
    const session = await signInWithCode('tina.totp'); // clears the throttle's count
    expect((await secondStep(session, await codeOf('tina.totp'))).statusCode).toBe(401);
  });

  it('counts wrong codes per account: past the free ones, the account waits (429), whatever the ticket', async () => {
    await enroll('vera.totp');
    let res: LightMyRequestResponse | undefined;
    for (let i = 0; i < PAIR_FREE_FAILURES; i++) {
      const ticket = ticketOf(await passwordStep('vera.totp'));
      res = await secondStep(ticket, '000000');
      expect(res.statusCode).toBe(400);
    }
    const blocked = await secondStep(ticketOf(await passwordStep('vera.totp')), await codeOf('vera.totp'));
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not held back.
    expect(await signInWithCode('tina.totp')).toMatch(SESSION_COOKIE_NAME);
    await d.s.db.db.delete(loginThrottle); // vera waits no longer (the wait itself is throttle.ts's, tested there)
    expect(await signInWithCode('vera.totp')).toMatch(SESSION_COOKIE_NAME);
  });

  it('the older v1 login refuses an account with two-factor authentication, with a clear message', async () => {
    const res = await passwordStep('tina.totp', {}, '/api/v1/auth/login');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: TWO_FACTOR_MESSAGES.unsupported, code: TWO_FACTOR_ERROR_CODES.unsupported });
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE_NAME)).toBeUndefined();
    // A wrong password still says only that (nobody learns the account has two-factor authentication).
    const wrong = await send('POST', '/api/v1/auth/login', '', { username: 'tina.totp', password: 'wrong' });
    expect(wrong.statusCode).toBe(417);
    expect((await passwordStep('tom.totp', {}, '/api/v1/auth/login')).statusCode).toBe(200);
  });

  it("one user's codes never complete another's sign-in; each sees only his own status", async () => {
    const tomSession = await enroll('tom.totp');
    const tinaTicket = ticketOf(await passwordStep('tina.totp'));
    const tomCode = await codeOf('tom.totp');
    const tinaNow = await codeOf('tina.totp');
    if (tomCode !== tinaNow) expect((await secondStep(tinaTicket, tomCode)).statusCode).toBe(400);
    expect((await secondStep(tinaTicket, held['tom.totp']!.recovery[0]!)).statusCode).toBe(400);
    // Tom's recovery code is still his.
    const tom = await secondStep(ticketOf(await passwordStep('tom.totp')), held['tom.totp']!.recovery[0]!);
    expect(tom.statusCode).toBe(200);
    const tomStatus = (await send('GET', '/api/v3/user/two-factor', tomSession)).json<Data<TwoFactorStatus>>().data;
    expect(tomStatus.recoveryCodesLeft).toBe(9);
    const tinaStatus = (await send('GET', '/api/v3/user/two-factor', await signInWithCode('tina.totp'))).json<Data<TwoFactorStatus>>().data;
    expect(tinaStatus.recoveryCodesLeft).toBe(9);
  });

  it('new recovery codes need a code and replace the old ones', async () => {
    const session = await signInWithCode('tom.totp');
    const wrong = await send('POST', '/api/v3/user/two-factor/recovery-codes', session, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const code = await codeOf('tom.totp');
    secrets.add(code);
    const res = await send('POST', '/api/v3/user/two-factor/recovery-codes', session, { code });
    expect(res.statusCode).toBe(200);
    const fresh = res.json<Data<TwoFactorRecoveryCodes>>().data.recoveryCodes;
    fresh.forEach((c) => secrets.add(c));
    expect(fresh).toHaveLength(10);
    const old = held['tom.totp']!.recovery[1]!;
    expect((await secondStep(ticketOf(await passwordStep('tom.totp')), old)).statusCode).toBe(400);
    expect((await secondStep(ticketOf(await passwordStep('tom.totp')), fresh[0]!)).statusCode).toBe(200);
    held['tom.totp']!.recovery = fresh;
    const [audit] = await audits('auth.twoFactorRecoveryCodes', ids['tom.totp']);
    expect(audit!.details).toEqual({ recoveryCodes: 10, method: 'totp' });
    // Without two-factor authentication on there is nothing to renew.
    const plain = await login(d.s.app, 'demo.user');
    expect((await send('POST', '/api/v3/user/two-factor/recovery-codes', plain, { code: '123456' })).statusCode).toBe(409);
  });

  it('turning it off needs the password and a code (or a recovery code); sign-in then asks none', async () => {
    const session = await signInWithCode('tom.totp');
    const url = '/api/v3/user/two-factor/disable';
    const wrongPassword = await send('POST', url, session, { password: 'nope', code: await codeOf('tom.totp') });
    expect(wrongPassword.json<{ code: string }>().code).toBe(TWO_FACTOR_ERROR_CODES.wrongPassword);
    const wrongCode = await send('POST', url, session, { password: DEMO_PASSWORD, code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json<{ code: string }>().code).toBe(TWO_FACTOR_ERROR_CODES.wrongCode);
    const off = await send('POST', url, session, { password: DEMO_PASSWORD, code: held['tom.totp']!.recovery[1]! });
    expect(off.statusCode).toBe(200);
    expect(off.json<Data<TwoFactorStatus>>().data).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false });
    expect(await d.s.db.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, ids['tom.totp']!))).toEqual([]);
    const direct = await passwordStep('tom.totp');
    expect(direct.json<Data<{ userId: number }>>().data.userId).toBe(ids['tom.totp']);
    expect((await send('POST', url, session, { password: DEMO_PASSWORD, code: '123456' })).statusCode).toBe(409);
    const [audit] = await audits('auth.twoFactorDisabled', ids['tom.totp']);
    expect(audit!.details).toEqual({ by: 'self', method: 'recoveryCode' });
  });

  it("an organisation may require it of SuperUsers: they sign in, are told to enrol, can't administer or turn it off until then", async () => {
    const security = (requireTwoFactorSuperUsers: boolean) => ({
      passwordPolicy: { minLength: 6, requireDigit: false, requireMixedCase: false, requireSymbol: false },
      sessionLifetimeHours: 672,
      signInMethods: ['password', 'bankid'],
      requireTwoFactorSuperUsers,
    });
    const url = `/api/v3/admin/organizations/${d.nordic}/security`;
    // Only someone who has it himself may require it.
    const early = await send('PUT', url, d.superCookie, security(true));
    expect(early.statusCode).toBe(400);
    expect(early.json<{ message: string }>().message).toBe(TWO_FACTOR_MESSAGES.enableYourselfFirst);
    await enroll('demo.super', d.superCookie);
    const set = await send('PUT', url, d.superCookie, security(true));
    expect(set.statusCode).toBe(200);
    expect(set.json<Data<{ requireTwoFactorSuperUsers: boolean }>>().data.requireTwoFactorSuperUsers).toBe(true);
    const [changed] = (await audits('organization.security')).slice(-1);
    expect(changed!.details).toEqual({ changedFields: { requireTwoFactorSuperUsers: { from: false, to: true } } });
    // Left out, it stays as it is.
    const { requireTwoFactorSuperUsers: _left, ...withoutIt } = security(true);
    const kept = await send('PUT', url, d.superCookie, withoutIt);
    expect(kept.json<Data<{ requireTwoFactorSuperUsers: boolean }>>().data.requireTwoFactorSuperUsers).toBe(true);

    // Sam, a SuperUser of Nordic without it: signed in, told to enrol; reads yes, writes no.
    const sam = await login(d.s.app, 'sam.super');
    const session = (await send('GET', '/api/v3/user/session', sam)).json<Data<SessionResponse>>().data;
    expect(session.twoFactorSetupRequired).toBe(true);
    expect((await send('GET', '/api/v3/user/two-factor', sam)).json<Data<TwoFactorStatus>>().data.required).toBe(true);
    expect((await send('GET', `/api/v3/admin/organizations/${d.nordic}`, sam)).statusCode).toBe(200);
    const refused = await send('PUT', url, sam, security(true));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: TWO_FACTOR_MESSAGES.setupRequired, code: TWO_FACTOR_ERROR_CODES.setupRequired });
    expect((await send('POST', '/api/v3/admin/users/1/reactivate', sam)).statusCode).toBe(403);
    // Users and Readers are not asked; the demo User's session has no flag.
    const user = (await send('GET', '/api/v3/user/session', d.userCookie)).json<Data<SessionResponse>>().data;
    expect(user.twoFactorSetupRequired).toBeUndefined();

    await enroll('sam.super', sam);
    expect((await send('GET', '/api/v3/user/session', sam)).json<Data<SessionResponse>>().data.twoFactorSetupRequired).toBeUndefined();
    expect((await send('PUT', url, sam, security(true))).statusCode).toBe(200);
    // Required: he cannot turn it off.
    const off = await send('POST', '/api/v3/user/two-factor/disable', sam, { password: DEMO_PASSWORD, code: await codeOf('sam.super') });
    expect(off.statusCode).toBe(403);
    expect(off.json<{ code: string }>().code).toBe(TWO_FACTOR_ERROR_CODES.required);

    // His phone is lost: an administrator sees it on, turns it off (audited); he must enrol again.
    const listed = (await send('GET', '/api/v3/admin/users', d.superCookie)).json<Data<Array<{ username: string; twoFactor?: boolean }>>>().data;
    expect(listed.find((u) => u.username === 'sam.super')!.twoFactor).toBe(true);
    expect(listed.find((u) => u.username === 'demo.user')!.twoFactor).toBe(false);
    const reset = await send('DELETE', `/api/v3/admin/users/${ids['sam.super']}/two-factor`, d.superCookie);
    expect(reset.statusCode).toBe(200);
    expect(reset.json<Data<{ twoFactor: boolean }>>().data.twoFactor).toBe(false);
    const [byAdmin] = (await audits('auth.twoFactorDisabled', ids['sam.super'])).slice(-1);
    expect(byAdmin).toMatchObject({ actorUserId: ids['demo.super'], organizationId: d.nordic, details: { by: 'administrator' } });
    const again = await login(d.s.app, 'sam.super'); // no code asked: it is off
    expect((await send('GET', '/api/v3/user/session', again)).json<Data<SessionResponse>>().data.twoFactorSetupRequired).toBe(true);
    // Not one's own through the admin door (it needs the password and a code in the profile).
    const own = await send('DELETE', `/api/v3/admin/users/${ids['demo.super']}/two-factor`, d.superCookie);
    expect(own.statusCode).toBe(400);
    expect(own.json<{ message: string }>().message).toBe(TWO_FACTOR_MESSAGES.ownInProfile);
    // Not by a User; not by a SuperUser who must enrol first (sam, again).
    expect((await send('DELETE', `/api/v3/admin/users/${ids['tina.totp']}/two-factor`, d.userCookie)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/v3/admin/users/${ids['tina.totp']}/two-factor`, again)).statusCode).toBe(403);

    // Back as it was: no requirement, demo.super without two-factor authentication.
    expect((await send('PUT', url, d.superCookie, security(false))).statusCode).toBe(200);
    const superOff = await send('POST', '/api/v3/user/two-factor/disable', d.superCookie, {
      password: DEMO_PASSWORD,
      code: await codeOf('demo.super'),
    });
    expect(superOff.statusCode).toBe(200);
  });

  it('the audit log holds no secret, code or recovery code', async () => {
    const rows = await d.s.db.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.action, ['auth.signin', 'auth.signinFailed', 'auth.twoFactorEnabled', 'auth.twoFactorDisabled', 'auth.twoFactorRecoveryCodes', 'organization.security']));
    expect(rows.length).toBeGreaterThan(10);
    const text = JSON.stringify(rows);
    for (const s of secrets) {
      if (/^[0-9]{6}$/.test(s)) {
        // A code: not as a number of its own (ids and times are digits too).
        expect(text).not.toMatch(new RegExp(`(^|[^0-9])${s}([^0-9]|$)`));
        continue;
      }
      expect(text).not.toContain(s);
      expect(text).not.toContain(s.replace('-', ''));
    }
  });
});

describe('two-factor authentication and the server log', () => {
  it('never logs the secret, a code, a recovery code or the pending sign-in ticket', async () => {
    let out = '';
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const app = injectAsOwnPages(await buildApp({ config: testConfig({ logLevel: 'trace' }), logStream: stream }));
    await app.ready();
    try {
      const found: string[] = [];
      const cookie = await login(app, 'demo.user');
      const post = (url: string, payload: unknown, c = cookie) => app.inject({ method: 'POST', url, headers: { cookie: c }, payload: payload as string });
      const setup = (await post('/api/v3/user/two-factor/setup', { password: DEMO_PASSWORD })).json<Data<TwoFactorSetup>>().data;
      found.push(setup.secret);
      const code = totpCode(setup.secret);
      const codes = (await post('/api/v3/user/two-factor/enable', { code })).json<Data<TwoFactorRecoveryCodes>>().data.recoveryCodes;
      found.push(...codes);
      const first = await app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { username: 'demo.user', password: DEMO_PASSWORD } });
      const ticket = ticketOf(first);
      found.push(ticket.split('=')[1]!);
      // A wrong code, a malformed body quoting a code, a recovery code that works.
      await post('/api/v2/auth/login/two-factor', { code: '999999' }, ticket);
      await post('/api/v2/auth/login/two-factor', { code: codes[0], extra: true }, ticket);
      expect((await post('/api/v2/auth/login/two-factor', { code: codes[1] }, ticket)).statusCode).toBe(200);
      expect(out).toContain('/api/v2/auth/login/two-factor'); // the requests were logged
      for (const s of found) {
        expect(out).not.toContain(s);
        expect(out).not.toContain(s.replace('-', ''));
      }
      // Not as a number of its own (a timestamp's digits may hold any six in a row).
      expect(out).not.toMatch(new RegExp(`(^|[^0-9])${code}([^0-9]|$)`));
    } finally {
      await app.close();
    }
  });
});
