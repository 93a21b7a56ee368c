import sharp from 'sharp';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import {
  AVATAR_MAX_BYTES,
  AVATAR_TOO_LARGE,
  DEFAULT_CLIENT_PREFERENCES,
  MESSAGES,
  PASSWORD_MESSAGES,
  SESSION_COOKIE_NAME,
  type ClientConfig,
  type ClientPreferences,
  type OrganizationInfo,
  type SessionResponse,
  type UserProfile,
} from '@fieldwatch/shared';
import { passwordResetTokens, sessions, users } from '../src/db/schema';
import { addUser, DRIVERS, getJson, login, sessionCookie, startServer, type TestServer } from './helpers';
import { emlFiles, linkIn, readEml } from './mail-helpers';

type Data<T> = { data: T };

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

describe.each(DRIVERS)('user API on %s', (driver) => {
  let s: TestServer;
  let superCookie: string;
  let userCookie: string;
  let readerCookie: string;
  let nordic: number;
  let baltic: number;
  let userId: number;
  let readerId: number;
  // No SMTP_URL: the mails land here as .eml files (password-reset.test.ts covers real SMTP).
  const mailDir = mkdtempSync(path.join(tmpdir(), 'fw-user-mail-'));
  /** The token of the newest mail, after checking it went to `to`. */
  const mailedToken = (to: string) => {
    const mail = readEml(emlFiles(mailDir).at(-1)!);
    expect(mail.headers.to).toBe(to);
    return linkIn(mail.text).searchParams.get('token')!;
  };

  beforeAll(async () => {
    s = await startServer(driver, { nfcHost: 'https://nfc.example.com', mailDir });
    superCookie = await login(s.app, 'demo.super');
    userCookie = await login(s.app, 'demo.user');
    readerCookie = await login(s.app, 'demo.reader');
    const session = await getJson<Data<SessionResponse>>(s.app, '/api/v3/user/session', superCookie);
    nordic = session.body.data.Customers.find((c) => c.CustomerName === 'Nordic Utilities')!.CustomerID;
    baltic = session.body.data.Customers.find((c) => c.CustomerName === 'Baltic Water')!.CustomerID;
    userId = (await getJson<Data<UserProfile>>(s.app, '/api/v3/user/profile', userCookie)).body.data.id;
    readerId = (await getJson<Data<UserProfile>>(s.app, '/api/v3/user/profile', readerCookie)).body.data.id;
  });
  afterAll(async () => {
    await s?.close();
  });

  const send = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, cookie: string, payload?: unknown) =>
    s.app.inject({ method, url, headers: { cookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const get = <T>(url: string, cookie: string) => getJson<T>(s.app, url, cookie);
  const userRow = async (id: number) => (await s.db.db.select().from(users).where(eq(users.id, id)))[0]!;

  describe('session probe (issue 20 §7)', () => {
    it('answers 200 with the session when signed in, and 200 with null (not 401) when not', async () => {
      const signedIn = await get<Data<SessionResponse | null>>('/api/v3/user/session/probe', userCookie);
      expect(signedIn.status).toBe(200);
      const full = await get<Data<SessionResponse>>('/api/v3/user/session', userCookie);
      expect(signedIn.body.data).toEqual(full.body.data);
      for (const cookie of ['', `${SESSION_COOKIE_NAME}=not-a-token`, `${SESSION_COOKIE_NAME}=${'f'.repeat(43)}`]) {
        const out = await s.app.inject({ method: 'GET', url: '/api/v3/user/session/probe', headers: cookie ? { cookie } : {} });
        expect(out.statusCode).toBe(200);
        expect(out.json()).toEqual({ data: null });
      }
      // An ended session: the probe says "signed out"; /session keeps its 401 (the contract).
      const gone = await login(s.app, 'demo.user');
      expect((await send('GET', '/api/v2/auth/logout', gone)).statusCode).toBeLessThan(300);
      const after = await s.app.inject({ method: 'GET', url: '/api/v3/user/session/probe', headers: { cookie: gone } });
      expect([after.statusCode, after.json()]).toEqual([200, { data: null }]);
      expect((await s.app.inject({ method: 'GET', url: '/api/v3/user/session', headers: { cookie: gone } })).statusCode).toBe(401);
    });
  });

  describe('profile', () => {
    it('updates the fields sent', async () => {
      const res = await send('PUT', '/api/v3/user/profile', readerCookie, {
        fullname: 'Freja H.',
        email: 'freja@example.com',
        title: 'Lead analyst',
        phone: '+45 1',
        notification_email: 1,
        notification_desktop: 0,
        time_12h: 1,
        date_format: 'MMM DD YYYY',
        language: 'da',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<Data<UserProfile>>().data).toMatchObject({
        name: 'Freja H.',
        email: 'freja@example.com',
        title: 'Lead analyst',
        phone: '+45 1',
        language: 'da',
        notification: { email: true, desktop: false },
        timeConfig: { timeFormat: '12h', dateFormat: 'MMM DD YYYY' },
      });
    });

    it('refuses an unknown field and saves nothing', async () => {
      const before = await userRow(readerId);
      const res = await send('PUT', '/api/v3/user/profile', readerCookie, { fullname: 'Changed', userType: 0 });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Unknown profile field "userType"/);
      expect(await userRow(readerId)).toEqual(before);
      for (const bad of [
        { email: 'not-an-email' },
        { notification_email: 2 },
        { date_format: 'YYYY' },
        { language: 'fr' },
        { username: ' ' },
        { avatar: 'data:image/svg+xml;base64,PHN2Zz4=' },
        { fullname: 'x'.repeat(201) },
      ]) {
        expect((await send('PUT', '/api/v3/user/profile', readerCookie, bad)).statusCode).toBe(400);
      }
      expect((await send('PUT', '/api/v3/user/profile', readerCookie, { username: 'demo.user' })).statusCode).toBe(409);
      expect(await userRow(readerId)).toEqual(before);
    });
  });

  describe('avatar', () => {
    const upload = (cookie: string, body: Buffer | undefined, type = 'image/png') =>
      s.app.inject({
        method: 'POST',
        url: '/api/v3/user/profile/avatar',
        headers: { cookie, ...(body ? { 'content-type': type } : {}) },
        ...(body ? { payload: body } : {}),
      });

    it('stores an image body as a data URL and deletes it', async () => {
      // A real image: the upload is re-encoded (issue 14 §8, avatar.test.ts), so the stored data
      // URL is a WebP, not the bytes sent.
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } }).png().toBuffer();
      const res = await upload(readerCookie, png);
      expect(res.statusCode).toBe(200);
      expect(res.json<Data<UserProfile>>().data.avatar).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/);
      const del = await send('DELETE', '/api/v3/user/profile/avatar', readerCookie);
      expect(del.json<Data<UserProfile>>().data.avatar).toBeNull();
    });

    it('refuses a missing, too large or non-image body', async () => {
      const none = await upload(userCookie, undefined);
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe(MESSAGES.missingParameters);
      const big = await upload(userCookie, Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES)]));
      expect(big.statusCode).toBe(413);
      expect(big.json().message).toBe(AVATAR_TOO_LARGE);
      expect((await upload(userCookie, PNG, 'image/jpeg')).statusCode).toBe(415);
      expect((await upload(userCookie, Buffer.from('<svg/>'), 'image/svg+xml')).statusCode).toBe(415);
      expect((await userRow(userId)).avatar).toBeNull();
    });
  });

  describe('password', () => {
    // Each password change has a user of its own (a User of Nordic with a mail address), so the
    // demo users keep their password and sessions whatever runs, alone or in any order.
    let changerCookie: string;
    let restorerId: number;

    beforeAll(async () => {
      const changerId = await addUser(s, { username: 'pw.changer', userType: 1, orgs: [nordic] });
      restorerId = await addUser(s, { username: 'pw.restorer', userType: 1, orgs: [nordic] });
      await s.db.db.update(users).set({ email: 'changer@example.com' }).where(eq(users.id, changerId));
      await s.db.db.update(users).set({ email: 'restorer@example.com' }).where(eq(users.id, restorerId));
      changerCookie = await login(s.app, 'pw.changer');
    });

    it('changes the password and ends the other sessions', async () => {
      const other = await login(s.app, 'pw.changer');
      const wrong = await send('PUT', '/api/v3/user/password?oldPassword=nope&newPassword=secret-2', changerCookie);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(PASSWORD_MESSAGES.failed);
      const short = await send('PUT', '/api/v3/user/password?oldPassword=fieldwatch-demo&newPassword=abc', changerCookie);
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toBe(MESSAGES.passwordTooShort);
      expect((await send('PUT', '/api/v3/user/password?oldPassword=fieldwatch-demo', changerCookie)).statusCode).toBe(400);
      const ok = await send('PUT', '/api/v3/user/password?oldPassword=fieldwatch-demo&newPassword=secret-2', changerCookie);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ data: { message: PASSWORD_MESSAGES.changed } });
      expect((await get('/api/v3/user/profile', other)).status).toBe(401);
      expect((await get('/api/v3/user/profile', changerCookie)).status).toBe(200);
      expect(await login(s.app, 'pw.changer', 'secret-2')).toMatch(/^fw_session=/);
    });

    it('mails a restore link (never answers it), verifies it and changes the password with it', async () => {
      const restorerCookie = await login(s.app, 'pw.restorer');
      const created = await send('POST', '/api/v3/user/createRestorePasswordToken', superCookie, {
        userId: restorerId,
        baseUrl: 'http://localhost/reset-password',
      });
      expect(created.statusCode).toBe(200);
      expect(created.json()).toEqual({ data: { message: PASSWORD_MESSAGES.linkSent } });
      const token = mailedToken((await userRow(restorerId)).email);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(created.body).not.toContain(token);

      const v = await s.app.inject({ method: 'GET', url: `/api/v3/user/verifyChangePasswordToken/${token}` });
      expect(v.statusCode).toBe(200);
      expect(v.json().data).toMatchObject({ valid: true, username: 'pw.restorer' });

      const short = await s.app.inject({ method: 'POST', url: '/api/v3/user/changePassword', payload: { token, newPassword: 'abc' } });
      expect(short.json().message).toBe(MESSAGES.passwordTooShort);
      const ok = await s.app.inject({ method: 'POST', url: '/api/v3/user/changePassword', payload: { token, newPassword: 'secret-3' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data).toEqual({ message: PASSWORD_MESSAGES.changed, signedIn: true });
      // Every session from before ended; the browser that set the password is signed in, in a new one.
      const fresh = sessionCookie(ok);
      const left = await s.db.db.select().from(sessions).where(eq(sessions.userId, restorerId));
      expect(left).toHaveLength(1);
      expect((await get('/api/v3/user/profile', restorerCookie)).status).toBe(401);
      expect((await get('/api/v3/user/profile', fresh)).status).toBe(200);
      // Used up.
      const again = await s.app.inject({ method: 'GET', url: `/api/v3/user/verifyChangePasswordToken/${token}` });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(PASSWORD_MESSAGES.linkExpired);
      expect(await login(s.app, 'pw.restorer', 'secret-3')).toMatch(/^fw_session=/);
    });

    it('refuses foreign origins, other users and expired or unknown links', async () => {
      const foreign = await send('POST', '/api/v3/user/createRestorePasswordToken', superCookie, {
        userId,
        baseUrl: 'https://evil.example.com/reset',
      });
      expect(foreign.statusCode).toBe(400);
      // Only a SuperUser may ask for another user's link (and only for users of his organisations).
      expect((await send('POST', '/api/v3/user/createRestorePasswordToken', readerCookie, { userId, baseUrl: 'http://localhost/r' })).statusCode).toBe(403);
      expect((await send('POST', '/api/v3/user/createRestorePasswordToken', userCookie, { userId: readerId, baseUrl: 'http://localhost/r' })).statusCode).toBe(403);
      expect((await send('POST', '/api/v3/user/createRestorePasswordToken', userCookie, { userId: 'x', baseUrl: 'http://localhost/r' })).statusCode).toBe(400);

      // Expired: move the stored expiry into the past.
      const own = await send('POST', '/api/v3/user/createRestorePasswordToken', readerCookie, { userId: readerId, baseUrl: 'http://localhost/r' });
      expect(own.statusCode).toBe(200);
      const token = mailedToken((await userRow(readerId)).email);
      await s.db.db
        .update(passwordResetTokens)
        .set({ expiresAt: new Date('2000-01-01T00:00:00Z') })
        .where(eq(passwordResetTokens.userId, readerId));
      for (const t of [token, 'unknown', 'A'.repeat(43)]) {
        const res = await s.app.inject({ method: 'GET', url: `/api/v3/user/verifyChangePasswordToken/${t}` });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(PASSWORD_MESSAGES.linkExpired);
      }
      const change = await s.app.inject({ method: 'POST', url: '/api/v3/user/changePassword', payload: { token, newPassword: 'secret-9' } });
      expect(change.json().message).toBe(PASSWORD_MESSAGES.linkExpired);
      expect((await s.app.inject({ method: 'POST', url: '/api/v3/user/changePassword', payload: {} })).statusCode).toBe(400);
      // The restore token never shows in the preferences.
      expect(Object.keys((await get<Data<ClientPreferences>>('/api/v3/user/preferences', readerCookie)).body.data)).not.toContain('_restoreToken');
    });
  });

  describe('organisation, preferences and config', () => {
    it("answers the user's organisations only", async () => {
      const mine = await get<Data<OrganizationInfo>>(`/api/v3/user/organization/${nordic}`, userCookie);
      expect(mine.status).toBe(200);
      expect(mine.body.data).toMatchObject({ id: nordic, name: 'Nordic Utilities' });
      expect((await get(`/api/v3/user/organization/${baltic}`, userCookie)).status).toBe(404);
      expect((await get('/api/v3/user/organization/abc', userCookie)).status).toBe(400);
    });

    it('keeps client preferences with defaults, for Readers too', async () => {
      const d = await get<Data<ClientPreferences>>('/api/v3/user/preferences', readerCookie);
      expect(d.body.data).toEqual(DEFAULT_CLIENT_PREFERENCES);
      expect(d.body.data.hiddenWidgets).toEqual({ Data: ['UnitWeather'] });
      const res = await send('PUT', '/api/v3/user/preferences', readerCookie, {
        dateInterval: 7,
        weather: { '10001': true },
        filterSettings: { statuses: ['alarm'] },
        textSearch: 'pump',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<Data<ClientPreferences>>().data).toEqual({
        ...DEFAULT_CLIENT_PREFERENCES,
        dateInterval: 7,
        weather: { '10001': true },
        filterSettings: { statuses: ['alarm'] },
        textSearch: 'pump',
      });
      for (const bad of [{}, { dateInterval: 0 }, { weather: { abc: true } }, { filterSettings: { statuses: ['x'] } }]) {
        expect((await send('PUT', '/api/v3/user/preferences', readerCookie, bad)).statusCode).toBe(400);
      }
      expect((await get<Data<ClientPreferences>>('/api/v3/user/preferences', superCookie)).body.data).toEqual(DEFAULT_CLIENT_PREFERENCES);
    });

    it('tells the browser the NFC host', async () => {
      const c = await get<Data<ClientConfig>>('/api/v3/config', userCookie);
      expect(c.body.data).toMatchObject({ nfcHost: 'https://nfc.example.com', weather: false });
    });
  });
});
