/**
 * Issue 14 §1 and §7: password links go by e-mail only — through a REAL SMTP server running in
 * this process (smtp-server on 127.0.0.1, port 0) — and are single-use, hashed, one hour long,
 * end every session, and are only sent by the user himself or an administrator of all of the
 * user's organisations. Also: forgotPassword answers alike for known and unknown accounts,
 * usernames are unique by usernameKey (case, NFKC), and PUT /password takes a JSON body.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MESSAGES, PASSWORD_MESSAGES, USERNAME_TAKEN, USER_TYPES, usernameKey } from '@fieldwatch/shared';
import { auditLog, passwordResetTokens, users } from '../src/db/schema';
import { createMailer } from '../src/modules/mail/mailer';
import { addUser, DRIVERS, login, sessionCookie, startDemo, type DemoServer } from './helpers';
import { decodeHeader, emlFiles, linkIn, readEml, startSmtpSink } from './mail-helpers';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(DRIVERS)('password links over SMTP on %s', (driver) => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let d: DemoServer;
  let ids: Record<'super' | 'user' | 'reader' | 'nordicSuper' | 'noMail', number>;
  let nordicSuperCookie: string;
  let password = 'fieldwatch-demo';

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie?: string) =>
    d.s.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const emailOf = async (id: number) =>
    (await d.s.db.db.select().from(users).where(eq(users.id, id)))[0]!.email;
  const tokenRows = async (id: number) =>
    d.s.db.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, id));
  /** Waits for the n-th message (1-based) to arrive. */
  const nthMail = (n: number) => smtp.nth(n);

  /** No new mail within a while: nothing was sent. */
  /** As if every link so far had been mailed long ago: forgotPassword mails an account at most once a minute. */
  async function linksSentLongAgo() {
    await d.s.db.db
      .update(passwordResetTokens)
      .set({ createdAt: sql`${passwordResetTokens.createdAt} - interval '1 hour'` });
  }

  async function noMailAfter(count: number) {
    await sleep(300);
    expect(smtp.received.length).toBe(count);
  }

  beforeAll(async () => {
    smtp = await startSmtpSink();
    d = await startDemo(driver, { smtpUrl: smtp.url, mailFrom: 'Fieldwatch Test <fw@test.example>' });
    const [sup, usr, rdr] = await Promise.all(
      ['demo.super', 'demo.user', 'demo.reader'].map(
        async (u) => (await d.s.db.db.select().from(users).where(eq(users.username, u)))[0]!.id,
      ),
    );
    const nordicSuper = await addUser(d.s, {
      username: 'nordic.admin',
      userType: USER_TYPES.SuperUser,
      orgs: [d.nordic],
    });
    const noMail = await addUser(d.s, { username: 'no.mail', userType: USER_TYPES.User, orgs: [d.nordic] });
    ids = { super: sup!, user: usr!, reader: rdr!, nordicSuper, noMail };
    nordicSuperCookie = await login(d.s.app, 'nordic.admin');
  });
  afterAll(async () => {
    await d?.s.close();
    await smtp?.close();
  });

  it('forgotPassword mails a link that works once, ends every session and never shows in a response', async () => {
    await linksSentLongAgo();
    const before = smtp.received.length;
    const other = await login(d.s.app, 'demo.user', password);
    const res = await inject('POST', '/api/v3/user/forgotPassword', {
      login: 'demo.user',
      baseUrl: 'http://localhost/reset-password',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { message: PASSWORD_MESSAGES.forgotSent } });

    const mail = await nthMail(before + 1);
    expect(mail.to).toEqual([await emailOf(ids.user)]);
    expect(mail.headers.from).toBe('Fieldwatch Test <fw@test.example>');
    const link = linkIn(mail.text);
    expect(link.origin + link.pathname).toBe('http://localhost/reset-password');
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body).not.toContain(token);

    // Stored as a hash only, for an hour.
    const [row] = await tokenRows(ids.user);
    expect(row!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(ttl).toBe(60 * 60_000);

    const verify = await inject('GET', `/api/v3/user/verifyChangePasswordToken/${token}`);
    expect(verify.json().data).toMatchObject({ valid: true, username: 'demo.user' });
    expect(verify.body).not.toContain(token);

    const changed = await inject('POST', '/api/v3/user/changePassword', {
      token,
      newPassword: 'reset-pass-1',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).not.toContain(token);
    // Every session of the user ended: the one from before and the demo one; the browser that set
    // the password is signed in, in a session of its own.
    for (const cookie of [other, d.userCookie])
      expect((await inject('GET', '/api/v3/user/profile', undefined, cookie)).statusCode).toBe(401);
    expect(changed.json()).toEqual({ data: { message: PASSWORD_MESSAGES.changed, signedIn: true } });
    const signedIn = sessionCookie(changed);
    expect((await inject('GET', '/api/v3/user/profile', undefined, signedIn)).json().data.username).toBe('demo.user');
    expect(await tokenRows(ids.user)).toEqual([]);
    // In the audit log: the reset, then the sign-in by the link (never the password).
    const audit = await d.s.db.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.targetId, String(ids.user)));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['auth.passwordReset', 'auth.signin']));
    expect(JSON.stringify(audit)).not.toContain('reset-pass-1');

    // Single use.
    for (const again of [
      await inject('POST', '/api/v3/user/changePassword', { token, newPassword: 'reset-pass-2' }),
      await inject('GET', `/api/v3/user/verifyChangePasswordToken/${token}`),
    ]) {
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(PASSWORD_MESSAGES.linkExpired);
    }
    password = 'reset-pass-1';
    d.userCookie = await login(d.s.app, 'demo.user', password);
  });

  it('a new link replaces the older one; the address works as login too', async () => {
    await linksSentLongAgo();
    const before = smtp.received.length;
    const address = await emailOf(ids.user);
    await inject('POST', '/api/v3/user/forgotPassword', {
      login: 'demo.user',
      baseUrl: 'http://localhost/r',
    });
    const first = linkIn((await nthMail(before + 1)).text).searchParams.get('token')!;
    await linksSentLongAgo();
    await inject('POST', '/api/v3/user/forgotPassword', {
      login: address.toUpperCase(),
      baseUrl: 'http://localhost/r',
    });
    const second = await nthMail(before + 2);
    expect(second.to).toEqual([address]);
    const token = linkIn(second.text).searchParams.get('token')!;
    expect((await inject('GET', `/api/v3/user/verifyChangePasswordToken/${first}`)).statusCode).toBe(400);
    expect((await inject('GET', `/api/v3/user/verifyChangePasswordToken/${token}`)).statusCode).toBe(200);
    expect(await tokenRows(ids.user)).toHaveLength(1);
  });

  it('forgotPassword answers known and unknown accounts alike and sends nothing for the unknown', async () => {
    const ask = (login: string) =>
      inject('POST', '/api/v3/user/forgotPassword', { login, baseUrl: 'http://localhost/r' });
    await linksSentLongAgo();
    const known = await ask('demo.reader');
    await nthMail(smtp.received.length + 1);
    const count = smtp.received.length;
    const unknown = await ask('nobody.here');
    const unknownAddress = await ask('nobody@nowhere.example');
    const noAddress = await ask('no.mail'); // an account without an e-mail address: nothing to send to
    for (const r of [unknown, unknownAddress, noAddress]) {
      expect(r.statusCode).toBe(known.statusCode);
      expect(r.body).toBe(known.body);
      expect(r.headers['content-length']).toBe(known.headers['content-length']);
    }
    await noMailAfter(count);
    expect(await tokenRows(ids.noMail)).toEqual([]);
    // The link may only lead to this server, known account or not.
    expect(
      (
        await inject('POST', '/api/v3/user/forgotPassword', {
          login: 'demo.reader',
          baseUrl: 'https://evil.example/r',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await inject('POST', '/api/v3/user/forgotPassword', {
          login: 'nobody',
          baseUrl: 'https://evil.example/r',
        })
      ).statusCode,
    ).toBe(400);
    await noMailAfter(count);
  });

  it('forgotPassword mails an account at most once a minute, with the same answer', async () => {
    await linksSentLongAgo();
    const ask = () =>
      inject('POST', '/api/v3/user/forgotPassword', { login: 'demo.reader', baseUrl: 'http://localhost/r' });
    const before = smtp.received.length;
    const first = await ask();
    const mail = await nthMail(before + 1);
    const again = await Promise.all([ask(), ask(), ask()]);
    for (const r of again) expect(r.body).toBe(first.body);
    await noMailAfter(before + 1);
    // The link that did go out still works.
    const token = linkIn(mail.text).searchParams.get('token')!;
    expect((await inject('GET', `/api/v3/user/verifyChangePasswordToken/${token}`)).statusCode).toBe(200);
  });

  it('the mail is in the language of the profile', async () => {
    await d.s.db.db.update(users).set({ language: 'de' }).where(eq(users.id, ids.reader));
    await linksSentLongAgo();
    const before = smtp.received.length;
    await inject('POST', '/api/v3/user/forgotPassword', {
      login: 'demo.reader',
      baseUrl: 'http://localhost/r',
    });
    const mail = await nthMail(before + 1);
    expect(decodeHeader(mail.headers.subject!)).toBe('Neues Fieldwatch-Passwort festlegen');
    expect(mail.text).toContain('Hallo demo.reader');
    await d.s.db.db.update(users).set({ language: 'en' }).where(eq(users.id, ids.reader));
  });

  it('an administrator may send a link only to users whose every organisation he administers', async () => {
    const ask = (userId: number, cookie: string) =>
      inject(
        'POST',
        '/api/v3/user/createRestorePasswordToken',
        { userId, baseUrl: 'http://localhost/r' },
        cookie,
      );
    await d.s.db.db.delete(passwordResetTokens);
    const count = smtp.received.length;
    // nordic.admin administers Nordic only: demo.super is also in Baltic, demo.reader only in Baltic.
    for (const target of [ids.super, ids.reader, 987_654_321]) {
      const res = await ask(target, nordicSuperCookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: PASSWORD_MESSAGES.notYourUser, code: 'forbidden' });
    }
    // Not a SuperUser: himself only.
    expect((await ask(ids.reader, await login(d.s.app, 'demo.user', password))).statusCode).toBe(403);
    await noMailAfter(count);
    expect(await tokenRows(ids.super)).toEqual([]);
    expect(await tokenRows(ids.reader)).toEqual([]);

    // demo.user is in Nordic only: nordic.admin may; demo.super (Nordic and Baltic) may for demo.reader.
    const ok = await ask(ids.user, nordicSuperCookie);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ data: { message: PASSWORD_MESSAGES.linkSent } });
    const mail = await nthMail(count + 1);
    expect(mail.to).toEqual([await emailOf(ids.user)]);
    expect(ok.body).not.toContain(linkIn(mail.text).searchParams.get('token')!);
    expect((await ask(ids.reader, d.superCookie)).statusCode).toBe(200);
    await nthMail(count + 2);
    // A user for himself.
    expect((await ask(ids.reader, d.readerCookie)).statusCode).toBe(200);
    await nthMail(count + 3);
  });

  it('an account without an address: 400 saying what to do; a mail fault: 503, no link kept', async () => {
    const noAddr = await inject(
      'POST',
      '/api/v3/user/createRestorePasswordToken',
      { userId: ids.noMail, baseUrl: 'http://localhost/r' },
      d.superCookie,
    );
    expect(noAddr.statusCode).toBe(400);
    expect(noAddr.json().message).toBe(PASSWORD_MESSAGES.noEmail);

    smtp.state.refuse = true;
    try {
      await d.s.db.db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, ids.reader));
      const failed = await inject(
        'POST',
        '/api/v3/user/createRestorePasswordToken',
        { userId: ids.reader, baseUrl: 'http://localhost/r' },
        d.readerCookie,
      );
      expect(failed.statusCode).toBe(503);
      expect(failed.json().code).toBe('mail_failed');
      expect(await tokenRows(ids.reader)).toEqual([]);
      // forgotPassword: the same answer as ever; the failure is only logged.
      const forgot = await inject('POST', '/api/v3/user/forgotPassword', {
        login: 'demo.reader',
        baseUrl: 'http://localhost/r',
      });
      expect(forgot.statusCode).toBe(200);
      expect(forgot.json()).toEqual({ data: { message: PASSWORD_MESSAGES.forgotSent } });
      for (let i = 0; i < 40 && (await tokenRows(ids.reader)).length; i++) await sleep(25);
    } finally {
      smtp.state.refuse = false;
    }
  });

  it('usernames are unique by case and NFKC form, in code and in the database; sign-in ignores case', async () => {
    expect(usernameKey('ｄｅｍｏ.ｓｕｐｅｒ')).toBe('demo.super');
    for (const name of ['Demo.Super', 'ｄｅｍｏ.ｓｕｐｅｒ', ' DEMO.SUPER ']) {
      const res = await inject('PUT', '/api/v3/user/profile', { username: name }, d.readerCookie);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(USERNAME_TAKEN);
    }
    await expect(
      d.s.db.db.insert(users).values({ username: 'ＤＥＭＯ.User', passwordHash: 'x' }),
    ).rejects.toThrow();
    // Renaming to another case of one's own name is fine; a fullwidth name is stored as NFKC.
    const own = await inject('PUT', '/api/v3/user/profile', { username: 'Demo.Reader' }, d.readerCookie);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.username).toBe('Demo.Reader');
    const wide = await inject(
      'PUT',
      '/api/v3/user/profile',
      { username: 'ｄｅｍｏ.ｒｅａｄｅｒ' },
      d.readerCookie,
    );
    expect(wide.json().data.username).toBe('demo.reader');
    // Sign-in by the key: one account per key, so there is nothing to confuse.
    expect(await login(d.s.app, 'DEMO.READER')).toMatch(/^fw_session=/);
    const same = await d.s.db.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(normalize(${users.username}, NFKC)) = 'demo.super'`);
    expect(same).toHaveLength(1);
  });

  it('PUT /password takes a JSON body and still the query form; the old password is always needed', async () => {
    const cookie = await login(d.s.app, 'demo.user', password);
    const body = (payload: object) => inject('PUT', '/api/v3/user/password', payload, cookie);
    const noOld = await body({ newPassword: 'body-pass-1' });
    expect(noOld.statusCode).toBe(400);
    const wrong = await body({ oldPassword: 'nope', newPassword: 'body-pass-1' });
    expect(wrong.json().message).toBe(PASSWORD_MESSAGES.failed);
    const short = await body({ oldPassword: password, newPassword: 'abc' });
    expect(short.json().message).toBe(MESSAGES.passwordTooShort);
    expect((await body({ oldPassword: password, newPassword: 'body-pass-1', extra: 1 })).statusCode).toBe(
      400,
    );
    const ok = await body({ oldPassword: password, newPassword: 'body-pass-1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ data: { message: PASSWORD_MESSAGES.changed } });
    const query = await inject(
      'PUT',
      '/api/v3/user/password?oldPassword=body-pass-1&newPassword=query-pass-1',
      undefined,
      cookie,
    );
    expect(query.statusCode).toBe(200);
    password = 'query-pass-1';
    expect(await login(d.s.app, 'demo.user', password)).toMatch(/^fw_session=/);
  });
});

describe('mail without SMTP_URL', () => {
  function fakeLog() {
    const lines: unknown[][] = [];
    const log = {
      info: (...a: unknown[]) => lines.push(a),
      warn: (...a: unknown[]) => lines.push(a),
    } as unknown as FastifyBaseLogger;
    return { log, lines };
  }

  it('writes an .eml file and logs recipient, subject and file, never the text', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'fw-mail-')), 'mail');
    const { log, lines } = fakeLog();
    const mailer = createMailer({ mailDir: dir }, log);
    const secret = 'http://localhost/r?token=SECRET-TOKEN-1234567890';
    await mailer.send({ to: 'a@example.com', subject: 'Ämne', text: `Open ${secret}\n` });
    mailer.close();
    const [file] = emlFiles(dir);
    expect(file).toBeDefined();
    const mail = readEml(file!);
    expect(mail.headers.to).toBe('a@example.com');
    expect(mail.headers.from).toBe('Fieldwatch <no-reply@localhost>');
    expect(decodeHeader(mail.headers.subject!)).toBe('Ämne');
    expect(mail.text).toContain(secret);
    expect(lines).toHaveLength(1);
    expect(lines[0]![0]).toEqual({ to: 'a@example.com', subject: 'Ämne', file });
    expect(JSON.stringify(lines)).not.toContain('SECRET-TOKEN');
    expect(readFileSync(file!, 'utf8')).toMatch(/^From: /m);
  });

  it('without MAIL_DIR either (tests): only a log line', async () => {
    const { log, lines } = fakeLog();
    await createMailer({}, log).send({ to: 'b@example.com', subject: 'S', text: 'token=SECRET' });
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toContain('SECRET');
  });
});
