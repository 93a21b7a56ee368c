/**
 * The user's own profile writes (issue 18 §2) land in the audit log: personal fields as
 * profile.update with what changed, the avatar as profile.avatar (never its picture), time, date
 * and language settings as profile.preferences, and a password change as profile.password (never
 * the password). A refused update (unknown field) saves nothing and logs nothing.
 */
import sharp from 'sharp';
import { asc, eq } from 'drizzle-orm';
import type { UserProfile } from '@fieldwatch/shared';
import { auditLog, userOrganizations } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/seed/fleet';
import { addUser, DRIVERS, getJson, login, startServer, type TestServer } from './helpers';

type Data<T> = { data: T };

describe.each(DRIVERS)('profile audit on %s', (driver) => {
  let s: TestServer;
  let cookie: string;
  let me: UserProfile;
  let home: number;

  beforeAll(async () => {
    s = await startServer(driver);
    const orgs = await s.db.db.select({ id: userOrganizations.organizationId }).from(userOrganizations).orderBy(asc(userOrganizations.organizationId));
    home = orgs[0]!.id;
    await addUser(s, { username: 'audit.me', userType: 1, orgs: [home] });
    cookie = await login(s.app, 'audit.me');
    me = (await getJson<Data<UserProfile>>(s.app, '/api/v3/user/profile', cookie)).body.data;
  });
  afterAll(async () => {
    await s?.close();
  });

  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    s.app.inject({
      method,
      url,
      headers: { cookie, 'sec-fetch-site': 'same-origin', ...headers },
      ...(payload !== undefined ? { payload: payload as string } : {}),
    });
  const entries = async () =>
    s.db.db.select().from(auditLog).where(eq(auditLog.actorUserId, me.id)).orderBy(asc(auditLog.id));

  it('records personal fields as profile.update with before and after', async () => {
    const res = await send('PUT', '/api/v3/user/profile', {
      fullname: 'Audit Me',
      email: 'audit.me@example.com',
      location: 'Malmö',
    });
    expect(res.statusCode).toBe(200);
    const [e] = (await entries()).filter((x) => x.action === 'profile.update');
    expect(e).toMatchObject({
      actorName: 'audit.me',
      organizationId: home,
      targetType: 'user',
      targetId: String(me.id),
      targetName: 'audit.me',
    });
    expect(e!.details).toEqual({
      changes: {
        name: { from: '', to: 'Audit Me' },
        email: { from: '', to: 'audit.me@example.com' },
        location: { from: '', to: 'Malmö' },
      },
    });
  });

  it('records time, date, zone and language settings as profile.preferences', async () => {
    const res = await send('PUT', '/api/v3/user/profile', {
      time_12h: 1,
      date_format: 'MMM DD YYYY',
      timezone: 'America/New_York',
      theme: 'bright',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Data<UserProfile>>().data.theme).toBe('bright');
    expect(res.json<Data<UserProfile>>().data.timeConfig).toEqual({
      timeFormat: '12h',
      dateFormat: 'MMM DD YYYY',
      timezone: 'America/New_York',
    });
    const lang = await send('PUT', '/api/v3/user/profile/language?language=de');
    expect(lang.statusCode).toBe(200);
    const prefs = (await entries()).filter((x) => x.action === 'profile.preferences');
    expect(prefs).toHaveLength(2);
    expect(prefs[0]!.details).toEqual({
      changes: {
        timeFormat: { from: '24h', to: '12h' },
        dateFormat: { from: me.timeConfig.dateFormat, to: 'MMM DD YYYY' },
        timezone: { from: me.timeConfig.timezone, to: 'America/New_York' },
        theme: { from: null, to: 'bright' },
      },
    });
    expect(prefs[1]!.details).toEqual({ changes: { language: { from: me.language, to: 'de' } } });
  });

  it('refuses an unknown field or time zone, saving and logging nothing', async () => {
    const before = (await entries()).length;
    const unknown = await send('PUT', '/api/v3/user/profile', { fullname: 'X', nickname: 'dark' });
    expect(unknown.statusCode).toBe(400);
    const theme = await send('PUT', '/api/v3/user/profile', { theme: 'purple' });
    expect(theme.statusCode).toBe(400);
    const zone = await send('PUT', '/api/v3/user/profile', { timezone: 'Mars/Olympus' });
    expect(zone.statusCode).toBe(400);
    expect(zone.json<{ message: string }>().message).toMatch(/Unknown time zone/);
    expect((await entries()).length).toBe(before);
    const now = (await getJson<Data<UserProfile>>(s.app, '/api/v3/user/profile', cookie)).body.data;
    expect(now.name).toBe('Audit Me');
  });

  it('records an avatar upload and its removal as profile.avatar, without the picture', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#3080ff' } }).png().toBuffer();
    const up = await send('POST', '/api/v3/user/profile/avatar', png, { 'content-type': 'image/png' });
    expect(up.statusCode).toBe(200);
    const del = await send('DELETE', '/api/v3/user/profile/avatar');
    expect(del.statusCode).toBe(200);
    const avatars = (await entries()).filter((x) => x.action === 'profile.avatar');
    expect(avatars.map((x) => x.details)).toEqual([
      { changes: { avatar: 'changed' }, avatar: 'uploaded' },
      { changes: { avatar: 'changed' }, avatar: 'removed' },
    ]);
    expect(JSON.stringify(avatars)).not.toContain('data:image');
  });

  it('records a password change as profile.password, never the password', async () => {
    const res = await send('PUT', '/api/v3/user/password', { oldPassword: DEMO_PASSWORD, newPassword: 'a-new-secret-1' });
    expect(res.statusCode).toBe(200);
    const wrong = await send('PUT', '/api/v3/user/password', { oldPassword: 'wrong-one', newPassword: 'another-1' });
    expect(wrong.statusCode).toBe(400);
    const pw = (await entries()).filter((x) => x.action === 'profile.password');
    expect(pw).toHaveLength(1);
    expect(JSON.stringify(pw)).not.toMatch(new RegExp(`a-new-secret-1|${DEMO_PASSWORD}|wrong-one`));
  });
});
