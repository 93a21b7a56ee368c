/**
 * Registration (issue 18 §3, issue 19's account step), over a REAL SMTP server in this process:
 * register → the link arrives by mail, in the user's language → verify → signed in, of no
 * organisation. The spec's texts ("An account with the given email already exists", "The password
 * must contain at least six characters", "The link has expired"), the confirmation, single-use and
 * expiring links, no sign-in before verification, a resend that answers alike for any address,
 * throttling per client address, a username made from the address, and no secret in a response or
 * the log.
 */
import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import {
  EMAIL_NOT_VERIFIED_CODE,
  EMAIL_TAKEN_CODE,
  MESSAGES,
  PASSWORD_MESSAGES,
  REGISTRATION_MESSAGES,
  REGISTRATION_THROTTLED_CODE,
  USER_TYPES,
  USERNAME_TAKEN,
  USERNAME_TAKEN_CODE,
} from '@fieldwatch/shared';
import {
  auditLog,
  organizations,
  passwordResetTokens,
  userAdminState,
  userOrganizations,
  userRegistrations,
  userTotp,
  users,
} from '../src/db/schema';
import { hashToken, newSecretToken } from '../src/modules/auth/tokens';
import { REGISTER_LIMIT, RESEND_LIMIT, usernameFromEmail } from '../src/modules/user/registration';
import { addUser, DRIVERS, login, sessionCookie, startServer, type TestServer } from './helpers';
import { decodeHeader, linkIn, startSmtpSink } from './mail-helpers';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('a username made from an address: its local part, plain, numbered when taken', () => {
  expect(usernameFromEmail('Anna.Svensson@example.se')).toBe('anna.svensson');
  expect(usernameFromEmail('anna.svensson+fieldwatch@example.se')).toBe('anna.svensson');
  expect(usernameFromEmail('Jürgen Müller@example.de')).toBe('jurgenmuller');
  expect(usernameFromEmail('..@example.com')).toBe('user');
  expect(usernameFromEmail('ole@example.dk', 3)).toBe('ole3');
});

describe.each(DRIVERS)('registration over SMTP on %s', (driver) => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let s: TestServer;
  let log = '';
  /** Secrets this suite sent or received: none may appear in the log. */
  const secrets: string[] = [];
  let ipCount = 0;
  /** A client address of its own for each call, unless one is given: the throttle is tested apart. */
  const nextIp = () => `10.77.${Math.floor(ipCount / 250)}.${(ipCount++ % 250) + 1}`;

  const post = (url: string, payload: object, opts: { ip?: string; cookie?: string } = {}) =>
    s.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: opts.ip ?? nextIp(),
      ...(opts.cookie ? { headers: { cookie: opts.cookie } } : {}),
    });
  const form = (over: Record<string, unknown> = {}) => {
    const password = (over.password as string | undefined) ?? 'register-pass-1';
    // A refused short one ('abc') is no secret to look for: any log has such letters somewhere.
    if (password.length >= 10) secrets.push(password);
    return { name: 'Anna Svensson', email: 'anna@example.se', password, confirmPassword: password, ...over };
  };
  const register = (over: Record<string, unknown> = {}, opts: { ip?: string } = {}) =>
    post('/api/v3/register', form(over), opts);
  const userByEmail = async (email: string) =>
    (await s.db.db.select().from(users).where(eq(users.email, email)))[0];
  const registrationOf = async (id: number) =>
    (await s.db.db.select().from(userRegistrations).where(eq(userRegistrations.userId, id)))[0];
  /** The link of the n-th mail, its token noted as a secret. */
  async function linkOfMail(n: number) {
    const mail = await smtp.nth(n);
    const link = linkIn(mail.text);
    secrets.push(link.searchParams.get('token')!);
    return { mail, link, token: link.searchParams.get('token')! };
  }
  async function noMailAfter(count: number) {
    await sleep(300);
    expect(smtp.received.length).toBe(count);
  }

  beforeAll(async () => {
    smtp = await startSmtpSink();
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (log += chunk.toString()));
    s = await startServer(
      driver,
      { smtpUrl: smtp.url, mailFrom: 'Fieldwatch Test <fw@test.example>', logLevel: 'info' },
      { logStream: stream },
    );
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  it('register → the link by mail in his language → verify: verified, signed in, of no organisation', async () => {
    const before = smtp.received.length;
    const res = await register({
      email: 'Karin.Lind@Example.se',
      phone: ' +46 70 123 45 67 ',
      language: 'sv',
      redirect: '/onboarding?tag=tag-0042&step=account',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { email: 'Karin.Lind@Example.se', username: 'karin.lind' } });
    expect(res.cookies).toEqual([]);

    const { mail, link, token } = await linkOfMail(before + 1);
    expect(mail.to.map((a) => a.toLowerCase())).toEqual(['karin.lind@example.se']);
    expect(decodeHeader(mail.headers.subject!)).toBe('Bekräfta din e-postadress för Fieldwatch');
    expect(mail.text).toContain('Ditt användarnamn är karin.lind');
    expect(mail.text).toContain('inom 24 timmar');
    expect(link.origin + link.pathname).toBe('http://localhost/verify-email');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body).not.toContain(token);

    const u = (await userByEmail('Karin.Lind@Example.se'))!;
    expect(u).toMatchObject({
      username: 'karin.lind',
      name: 'Anna Svensson',
      phone: '+46 70 123 45 67',
      userType: USER_TYPES.User,
      language: 'sv',
    });
    expect(u.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await s.db.db.select().from(userOrganizations).where(eq(userOrganizations.userId, u.id))).toEqual(
      [],
    );
    const row = (await registrationOf(u.id))!;
    expect(row.verifiedAt).toBeNull();
    expect(row.tokenHash).toBe(sha256(token));
    expect(row.tokenExpiresAt!.getTime() - row.registeredAt.getTime()).toBe(24 * 3600_000);
    expect(JSON.stringify(row)).not.toContain(token);

    // Not before the link: the right password is refused with its own code, the wrong one as ever.
    const early = await post('/api/v2/auth/login', { username: 'karin.lind', password: 'register-pass-1' });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({
      message: REGISTRATION_MESSAGES.notVerified,
      code: EMAIL_NOT_VERIFIED_CODE,
    });
    expect(early.cookies.find((c) => c.name === 'fw_session')).toBeUndefined();
    expect(
      (await post('/api/v2/auth/login', { username: 'karin.lind', password: 'wrong-pass' })).statusCode,
    ).toBe(417);

    const verified = await post('/api/v3/register/verify', { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      data: { userId: u.id, username: 'karin.lind', redirect: '/onboarding?tag=tag-0042&step=account' },
    });
    const cookie = sessionCookie(verified);
    const session = await s.app.inject({ method: 'GET', url: '/api/v3/user/session', headers: { cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json().data).toMatchObject({
      user: { username: 'karin.lind' },
      Customers: [],
      selectedCustomers: [],
    });
    expect((await registrationOf(u.id))!).toMatchObject({ verifiedAt: expect.any(Date), tokenHash: null });

    // Single use.
    const again = await post('/api/v3/register/verify', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'The link has expired', code: 'link_expired' });

    // From now on the password signs in.
    expect(await login(s.app, 'karin.lind', 'register-pass-1')).toMatch(/^fw_session=/);

    const entries = await s.db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(u.id)));
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(['auth.registered', 'auth.emailVerified', 'auth.signin']),
    );
    const registered = entries.find((e) => e.action === 'auth.registered')!;
    expect(registered).toMatchObject({ actorUserId: u.id, organizationId: null });
    expect(registered.details).toEqual({ from: 'onboarding', usernameFromEmail: true, language: 'sv' });
    expect(JSON.stringify(entries)).not.toContain('register-pass-1');
  });

  it('an address that has an account, in any case, is "An account with the given email already exists"', async () => {
    for (const email of [
      'KARIN.LIND@example.SE',
      'karin.lind@example.se',
      'Erik.Johansson@fieldwatch.example',
    ]) {
      const before = smtp.received.length;
      const res = await register({ email, username: `other-${before}` });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message: 'An account with the given email already exists',
        code: EMAIL_TAKEN_CODE,
      });
      await noMailAfter(before);
    }
  });

  it('two registrations of one address at once: one account, the other is told it exists', async () => {
    const answers = await Promise.all([
      register({ email: 'twice@example.com', username: 'twice.a' }),
      register({ email: 'Twice@example.com', username: 'twice.b' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(
      (
        await s.db.db
          .select()
          .from(users)
          .where(sql`lower(${users.email}) = 'twice@example.com'`)
      ).length,
    ).toBe(1);
  });

  it('the password rules of the spec and the confirmation; nothing is stored or sent for a refused form', async () => {
    const before = smtp.received.length;
    const users0 = (await s.db.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ password: 'abc', confirmPassword: 'abc' }, MESSAGES.passwordTooShort],
      [{ password: 'abcdef', confirmPassword: 'abcdeg' }, 'Passwords does not match'],
      [{ name: '   ' }, 'Name should not be blank'],
      [{ email: 'not-an-address' }, 'Enter valid Email'],
      [{ username: '  ' }, 'Username should not be blank'],
    ];
    for (const [over, message] of cases) {
      const res = await register({ email: 'new.person@example.com', ...over });
      expect({ over, status: res.statusCode, message: res.json().message }).toEqual({
        over,
        status: 400,
        message,
      });
    }
    const extra = await register({ email: 'new.person@example.com', organizationId: 1 });
    expect(extra.statusCode).toBe(400);
    expect((await s.db.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n).toBe(users0);
    await noMailAfter(before);
  });

  it('a chosen username is kept (or refused when taken, in any case); a made one is numbered', async () => {
    const taken = await register({ email: 'someone@example.com', username: 'DEMO.SUPER' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: USERNAME_TAKEN, code: USERNAME_TAKEN_CODE });

    const chosen = await register({ email: 'mads@example.dk', username: '  Mads.J  ' });
    expect(chosen.statusCode).toBe(201);
    expect(chosen.json().data).toEqual({ email: 'mads@example.dk', username: 'Mads.J' });

    const first = await register({ email: 'ole@example.dk' });
    const second = await register({ email: 'ole@example.no' });
    expect([first.json().data.username, second.json().data.username]).toEqual(['ole', 'ole2']);
  });

  it('an old link is "The link has expired"; an address whose registration expired unverified can register again', async () => {
    const before = smtp.received.length;
    expect((await register({ email: 'late@example.com', username: 'late.one' })).statusCode).toBe(201);
    const { token } = await linkOfMail(before + 1);
    const u = (await userByEmail('late@example.com'))!;
    await s.db.db
      .update(userRegistrations)
      .set({ tokenExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(userRegistrations.userId, u.id));
    const res = await post('/api/v3/register/verify', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The link has expired');
    expect(res.cookies).toEqual([]);
    for (const junk of ['x', 'A'.repeat(43), `${token.slice(0, 42)}x`]) {
      expect((await post('/api/v3/register/verify', { token: junk })).json().message).toBe(
        'The link has expired',
      );
    }

    // Never verified and expired: the address (and the username) are free again.
    const again = await register({ email: 'LATE@example.com', username: 'late.one' });
    expect(again.statusCode).toBe(201);
    expect((await s.db.db.select().from(users).where(eq(users.id, u.id))).length).toBe(0);
    const { token: fresh } = await linkOfMail(before + 2);
    expect((await post('/api/v3/register/verify', { token: fresh })).statusCode).toBe(200);
  });

  it('resend: the same answer for any address; a new link (the old one stops working) at most once a minute', async () => {
    const before = smtp.received.length;
    expect((await register({ email: 'waiting@example.com', username: 'waiting.one' })).statusCode).toBe(201);
    const { token: first } = await linkOfMail(before + 1);
    // The registration's own mail went out less than a minute ago: no new link yet.
    await post('/api/v3/register/resend', { login: 'waiting@example.com' });
    await noMailAfter(before + 1);
    const aMinuteAgo = sql`now() - interval '61 seconds'`;
    await s.db.db.update(userRegistrations).set({ tokenSentAt: aMinuteAgo });

    const answers = [];
    for (const login of [
      'nobody@example.com',
      'demo.super',
      'karin.lind@example.se',
      'WAITING@example.com',
    ]) {
      const res = await post('/api/v3/register/resend', { login, redirect: '/onboarding?tag=tag-0001' });
      answers.push([res.statusCode, res.body]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual([
      200,
      JSON.stringify({ data: { message: REGISTRATION_MESSAGES.resendSent } }),
    ]);

    // Only the waiting account got a mail: the unknown address, a verified account and a demo user none.
    const { mail, token: second } = await linkOfMail(before + 2);
    expect(mail.to).toEqual(['waiting@example.com']);
    expect(second).not.toBe(first);
    await noMailAfter(before + 2);
    expect((await post('/api/v3/register/verify', { token: first })).statusCode).toBe(400);

    // Within the minute: no second mail, by address or username.
    await post('/api/v3/register/resend', { login: 'waiting.one' });
    await noMailAfter(before + 2);

    const ok = await post('/api/v3/register/verify', { token: second });
    expect(ok.json().data.redirect).toBe('/onboarding?tag=tag-0001');
  });

  it('a forgotten-password link verifies a waiting registration too, and its password sets sign in', async () => {
    const before = smtp.received.length;
    expect((await register({ email: 'forgot@example.com', username: 'forgot.one' })).statusCode).toBe(201);
    await linkOfMail(before + 1);
    await post('/api/v3/user/forgotPassword', {
      login: 'forgot.one',
      baseUrl: 'http://localhost/reset-password',
    });
    const { link, token } = await linkOfMail(before + 2);
    expect(link.pathname).toBe('/reset-password');
    const set = await post('/api/v3/user/changePassword', { token, newPassword: 'forgot-pass-2' });
    secrets.push('forgot-pass-2');
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ data: { message: PASSWORD_MESSAGES.changed, signedIn: true } });
    const cookie = sessionCookie(set);
    expect(
      (await s.app.inject({ method: 'GET', url: '/api/v3/user/profile', headers: { cookie } })).json().data
        .username,
    ).toBe('forgot.one');
    const u = (await userByEmail('forgot@example.com'))!;
    expect((await registrationOf(u.id))!.verifiedAt).toBeInstanceOf(Date);
    expect(
      await s.db.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, u.id)),
    ).toEqual([]);
  });

  it('a password link does not sign in an account that may not sign in by password alone', async () => {
    const [org] = await s.db.db.select({ id: organizations.id }).from(organizations).limit(1);
    const deactivated = await addUser(s, {
      username: 'link.deactivated',
      userType: USER_TYPES.User,
      orgs: [org!.id],
    });
    await s.db.db.insert(userAdminState).values({ userId: deactivated, deactivatedAt: new Date() });
    const twoFactor = await addUser(s, {
      username: 'link.twofactor',
      userType: USER_TYPES.User,
      orgs: [org!.id],
    });
    await s.db.db
      .insert(userTotp)
      .values({ userId: twoFactor, secret: 'JBSWY3DPEHPK3PXP', enabledAt: new Date() });
    for (const userId of [deactivated, twoFactor]) {
      const token = newSecretToken();
      await s.db.db
        .insert(passwordResetTokens)
        .values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3600_000) });
      const set = await post('/api/v3/user/changePassword', { token, newPassword: 'link-pass-1' });
      expect(set.statusCode).toBe(200);
      expect(set.json().data).toEqual({ message: PASSWORD_MESSAGES.changed, signedIn: false });
      expect(set.cookies.find((c) => c.name === 'fw_session')).toBeUndefined();
    }
  });

  it('a mail that cannot be sent undoes the registration (503)', async () => {
    smtp.state.refuse = true;
    try {
      const res = await register({ email: 'bounce@example.com', username: 'bounce.one' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: REGISTRATION_MESSAGES.mailFailed, code: 'mail_failed' });
    } finally {
      smtp.state.refuse = false;
    }
    expect(await userByEmail('bounce@example.com')).toBeUndefined();
    expect((await register({ email: 'bounce@example.com', username: 'bounce.one' })).statusCode).toBe(201);
  });

  it(`one client address registers at most ${REGISTER_LIMIT.cap} times an hour, and asks for ${RESEND_LIMIT.cap} new links`, async () => {
    const ip = '10.99.0.1';
    // Refusals count too (an address that has an account): registration cannot probe addresses in bulk.
    for (let i = 0; i < REGISTER_LIMIT.cap; i++) {
      expect(
        (await register({ email: 'karin.lind@example.se', username: `probe${i}` }, { ip })).statusCode,
      ).toBe(409);
    }
    const refused = await register({ email: 'fresh.person@example.com' }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'Too many registrations from your network. Try again in 60 minutes.',
      code: REGISTRATION_THROTTLED_CODE,
      retryAfter: expect.any(Number),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await userByEmail('fresh.person@example.com')).toBeUndefined();
    // Another address is not held up.
    expect((await register({ email: 'fresh.person@example.com' }, { ip: '10.99.0.2' })).statusCode).toBe(201);

    for (let i = 0; i < RESEND_LIMIT.cap; i++)
      expect(
        (await post('/api/v3/register/resend', { login: `nobody${i}@example.com` }, { ip })).statusCode,
      ).toBe(200);
    const resend = await post('/api/v3/register/resend', { login: 'nobody@example.com' }, { ip });
    expect(resend.statusCode).toBe(429);
    expect(resend.json().code).toBe(REGISTRATION_THROTTLED_CODE);
  });

  it('registration is refused from other sites, like every write', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/v3/register',
      payload: form({ email: 'csrf@example.com' }),
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect(await userByEmail('csrf@example.com')).toBeUndefined();
  });

  it('no password or link token in the log', async () => {
    await sleep(100);
    expect(log).toContain('mail sent');
    for (const secret of secrets)
      expect({ secret, found: log.includes(secret) }).toEqual({ secret, found: false });
  });
});
