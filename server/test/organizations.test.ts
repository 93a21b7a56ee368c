/**
 * Organisation administration (issue 18 §1: General, Customization, Accounts, Security): who may
 * do what (the SuperUser of the organisation yes; User and Reader 403; another organisation 404;
 * bad input 400 with the spec's words), the logo re-encoded and SVG refused, the accent colour
 * checked for contrast, the account URL's old name redirecting for 30 days, accounts created
 * under a main account with users moved between them, the password policy enforced where
 * passwords are set, the session lifetime where sessions are created, and the audit log.
 */
import sharp from 'sharp';
import { and, asc, eq } from 'drizzle-orm';
import type { AdminOrganization, Branding, OrganizationMember, OrganizationSettings } from '@fieldwatch/shared';
import { auditLog, organizations, passwordResetTokens, sessions, userOrganizations, users } from '../src/db/schema';
import { hashToken, newSecretToken } from '../src/modules/auth/tokens';
import { DEMO_PASSWORD } from '../src/seed/fleet';
import { addUser, DRIVERS, getJson, login, startDemo, type DemoServer } from './helpers';

type Data<T> = { data: T };

const general = (name: string) => ({
  name,
  contactName: 'Karin Berg',
  contactEmail: 'billing@nordic.example',
  address: 'Storgatan 1',
  zip: '111 22',
  city: 'Stockholm',
  country: 'Sweden',
  phone: '+46 8 123 456',
  companyName: 'Nordic Utilities AB',
  companyAddress: 'Box 12',
  companyZip: '111 23',
  companyCity: 'Stockholm',
  customerId: '',
  organisationNumber: '556000-0000',
  defaultLanguage: 'sv',
  defaultTimezone: 'Europe/Stockholm',
});

const security = (over: Record<string, unknown> = {}) => ({
  passwordPolicy: { minLength: 6, requireDigit: false, requireMixedCase: false, requireSymbol: false },
  sessionLifetimeHours: 672,
  signInMethods: ['password', 'bankid'],
  ...over,
});

describe.each(DRIVERS)('organisation administration on %s', (driver) => {
  let d: DemoServer;
  let other: number;

  beforeAll(async () => {
    d = await startDemo(driver);
    const [o] = await d.s.db.db.insert(organizations).values({ name: 'Someone Else AB' }).returning({ id: organizations.id });
    other = o!.id;
  });
  afterAll(async () => {
    await d?.s.close();
  });

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) =>
    d.s.app.inject({
      method,
      url,
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
      ...(payload !== undefined ? { payload: payload as string } : {}),
    });
  const audit = (action: string) =>
    d.s.db.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.id));

  it('who may do what: SuperUser of the organisation yes, User and Reader 403, another organisation 404', async () => {
    const writes: Array<['GET' | 'PUT' | 'POST', string, unknown?]> = [
      ['GET', `/api/v3/admin/organizations/${d.nordic}`],
      ['PUT', `/api/v3/admin/organizations/${d.nordic}/general`, general('Nordic Utilities')],
      ['PUT', `/api/v3/admin/organizations/${d.nordic}/customization`, { accent: '#2f7fe8' }],
      ['PUT', `/api/v3/admin/organizations/${d.nordic}/security`, security()],
      ['PUT', `/api/v3/admin/organizations/${d.nordic}/rights`, { rights: [1, 2, 3] }],
      ['GET', `/api/v3/admin/organizations/${d.nordic}/users`],
    ];
    for (const [method, url, body] of writes) {
      expect((await send(method, url, d.superCookie, body)).statusCode).toBe(200);
      expect((await send(method, url, d.userCookie, body)).statusCode).toBe(403);
      expect((await send(method, url, d.readerCookie, body)).statusCode).toBe(403);
      const elsewhere = await send(method, url.replace(`/${d.nordic}`, `/${other}`), d.superCookie, body);
      expect(elsewhere.statusCode).toBe(404);
    }
    expect((await send('GET', '/api/v3/admin/organizations', d.userCookie)).statusCode).toBe(403);
    const list = (await getJson<Data<AdminOrganization[]>>(d.s.app, '/api/v3/admin/organizations', d.superCookie)).body.data;
    expect(list.map((o) => o.id).sort()).toEqual([d.nordic, d.baltic].sort());
    expect(list.find((o) => o.id === d.nordic)!.users).toBeGreaterThanOrEqual(2);
  });

  it('General: saves every field, answers the spec\'s messages for bad input, and audits what changed', async () => {
    const blank = await send('PUT', `/api/v3/admin/organizations/${d.nordic}/general`, d.superCookie, general('  '));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Name should not be blank');
    const email = await send('PUT', `/api/v3/admin/organizations/${d.nordic}/general`, d.superCookie, {
      ...general('Nordic'),
      contactEmail: 'not-an-address',
    });
    expect(email.statusCode).toBe(400);
    expect(email.json().message).toBe('Enter valid Email');
    const tz = await send('PUT', `/api/v3/admin/organizations/${d.nordic}/general`, d.superCookie, {
      ...general('Nordic'),
      defaultTimezone: 'Mars/Olympus',
    });
    expect(tz.statusCode).toBe(400);
    const unknown = await send('PUT', `/api/v3/admin/organizations/${d.nordic}/general`, d.superCookie, {
      ...general('Nordic'),
      color: 'red',
    });
    expect(unknown.statusCode).toBe(400);

    const ok = await send('PUT', `/api/v3/admin/organizations/${d.nordic}/general`, d.superCookie, general('Nordic Utilities Group'));
    expect(ok.statusCode).toBe(200);
    const saved = ok.json().data as OrganizationSettings;
    expect(saved).toMatchObject({ name: 'Nordic Utilities Group', city: 'Stockholm', defaultLanguage: 'sv', organisationNumber: '556000-0000' });
    const [row] = await d.s.db.db.select().from(organizations).where(eq(organizations.id, d.nordic));
    expect(row!.name).toBe('Nordic Utilities Group');
    // A detail left out keeps its value; one sent blank is cleared.
    const partial = await send('PUT', `/api/v3/admin/organizations/${d.nordic}/general`, d.superCookie, {
      name: 'Nordic Utilities Group',
      defaultLanguage: 'sv',
      defaultTimezone: 'Europe/Stockholm',
      phone: '',
    });
    expect(partial.json().data).toMatchObject({ city: 'Stockholm', phone: '' });
    const changes = (e: { details: unknown }) => (e.details as { changedFields: Record<string, unknown> }).changedFields;
    const entries = (await audit('organization.update')).slice(-2);
    expect(entries.map((e) => e.organizationId)).toEqual([d.nordic, d.nordic]);
    expect(changes(entries[0]!).name).toEqual({ from: 'Nordic Utilities', to: 'Nordic Utilities Group' });
    // The partial update records only what it changed.
    expect(changes(entries[1]!)).toEqual({ phone: { from: '+46 8 123 456', to: '' } });
  });

  it('Customization: accent checked for contrast in both themes, logo re-encoded, SVG refused', async () => {
    const url = `/api/v3/admin/organizations/${d.nordic}/customization`;
    const pale = await send('PUT', url, d.superCookie, { accent: '#fafafa' });
    expect(pale.statusCode).toBe(400);
    expect(pale.json().message).toMatch(/too little contrast/);
    expect((await send('PUT', url, d.superCookie, { accent: 'red' })).statusCode).toBe(400);

    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64')}`;
    expect((await send('PUT', url, d.superCookie, { logo: svg })).statusCode).toBe(415);
    const lying = `data:image/png;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`;
    expect((await send('PUT', url, d.superCookie, { logo: lying })).statusCode).toBe(415);

    const png = await sharp({ create: { width: 900, height: 300, channels: 4, background: '#e4572e' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps' } } })
      .toBuffer();
    const res = await send('PUT', url, d.superCookie, { accent: '#e4572e', logo: `data:image/png;base64,${png.toString('base64')}` });
    expect(res.statusCode).toBe(200);
    const saved = res.json().data as OrganizationSettings;
    expect(saved.accent).toBe('#e4572e');
    const stored = Buffer.from(saved.logo!.replace(/^data:image\/png;base64,/, ''), 'base64');
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 360, height: 120 });
    expect(meta.exif).toBeUndefined();

    // The members see it in the shell.
    const branding = (await getJson<Data<Branding>>(d.s.app, '/api/v3/branding', d.userCookie)).body.data;
    expect(branding).toMatchObject({ organizationId: d.nordic, accent: '#e4572e' });
    expect(branding.logo).toMatch(/^data:image\/png;base64,/);
    const customize = await audit('organization.customize');
    expect((customize[customize.length - 1]!.details as { changedFields: Record<string, unknown> }).changedFields).toMatchObject({
      accent: { to: '#e4572e' },
      logo: 'changed',
    });
  });

  it('the account URL: public branding by slug, and the old slug redirects for 30 days', async () => {
    const url = `/api/v3/admin/organizations/${d.nordic}/customization`;
    // Both removed again (the admin page's "Remove logo" and "Use the product's colour").
    const removed = await send('PUT', url, d.superCookie, { accent: null, logo: null });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toMatchObject({ accent: null, logo: null });
    // …and put back, so the tests after this one see the organisation as the one before left it.
    const png = await sharp({ create: { width: 90, height: 30, channels: 4, background: '#e4572e' } }).png().toBuffer();
    expect((await send('PUT', url, d.superCookie, { accent: '#e4572e', logo: `data:image/png;base64,${png.toString('base64')}` })).statusCode).toBe(200);
    expect((await send('PUT', url, d.superCookie, { slug: 'Not A Slug' })).statusCode).toBe(400);
    expect((await send('PUT', url, d.superCookie, { slug: 'nordic' })).statusCode).toBe(200);
    const pub = await d.s.app.inject({ method: 'GET', url: '/api/v3/branding/nordic' });
    expect(pub.statusCode).toBe(200);
    expect(pub.json().data).toMatchObject({ organizationId: d.nordic, slug: 'nordic' });
    expect(pub.json().data.movedTo).toBeUndefined();

    const moved = await send('PUT', url, d.superCookie, { slug: 'nordic-utilities' });
    expect(moved.statusCode).toBe(200);
    const s = moved.json().data as OrganizationSettings;
    expect(s.slugRedirects.map((r) => r.slug)).toEqual(['nordic']);
    const days = (Date.parse(s.slugRedirects[0]!.until) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const old = await d.s.app.inject({ method: 'GET', url: '/api/v3/branding/nordic' });
    expect(old.json().data).toMatchObject({ organizationId: d.nordic, movedTo: '/a/nordic-utilities' });

    // Another account may not take either name while the old one still redirects.
    const baltic = `/api/v3/admin/organizations/${d.baltic}/customization`;
    expect((await send('PUT', baltic, d.superCookie, { slug: 'nordic' })).statusCode).toBe(409);
    expect((await send('PUT', baltic, d.superCookie, { slug: 'nordic-utilities' })).statusCode).toBe(409);
    expect((await d.s.app.inject({ method: 'GET', url: '/api/v3/branding/nobody-here' })).statusCode).toBe(404);
  });

  it('Accounts: creates a customer account under a main account, sets rights, moves users', async () => {
    const bad = await send('POST', '/api/v3/admin/organizations', d.superCookie, { name: '', parentId: d.nordic, rights: [] });
    expect(bad.statusCode).toBe(400);
    expect((await send('POST', '/api/v3/admin/organizations', d.superCookie, { name: 'X', parentId: other, rights: [] })).statusCode).toBe(404);
    expect((await send('POST', '/api/v3/admin/organizations', d.userCookie, { name: 'X', parentId: d.nordic, rights: [] })).statusCode).toBe(403);
    expect((await send('POST', '/api/v3/admin/organizations', d.superCookie, { name: 'X', parentId: d.nordic, rights: [9] })).statusCode).toBe(400);

    const res = await send('POST', '/api/v3/admin/organizations', d.superCookie, { name: 'Harbour Parking', parentId: d.nordic, rights: [3] });
    expect(res.statusCode).toBe(200);
    const created = res.json().data as AdminOrganization;
    expect(created).toMatchObject({ name: 'Harbour Parking', parentId: d.nordic, rights: [3], users: 1 });
    // The SuperUser who made it is a member.
    const [superUser] = await d.s.db.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo.super'));
    const member = await d.s.db.db
      .select()
      .from(userOrganizations)
      .where(and(eq(userOrganizations.userId, superUser!.id), eq(userOrganizations.organizationId, created.id)));
    expect(member).toHaveLength(1);
    expect((await audit('organization.create')).at(-1)).toMatchObject({ organizationId: created.id, targetName: 'Harbour Parking' });

    const rights = await send('PUT', `/api/v3/admin/organizations/${created.id}/rights`, d.superCookie, { rights: [1, 3] });
    expect(rights.json().data.rights).toEqual([1, 3]);

    const mover = await addUser(d.s, { username: 'org.mover', userType: 1, orgs: [d.nordic] });
    const moveUrl = `/api/v3/admin/organizations/${created.id}/users`;
    expect((await send('POST', moveUrl, d.superCookie, { userIds: [mover], fromId: other })).statusCode).toBe(404);
    expect((await send('POST', moveUrl, d.superCookie, { userIds: [mover], fromId: d.baltic })).statusCode).toBe(400);
    const move = await send('POST', moveUrl, d.superCookie, { userIds: [mover], fromId: d.nordic });
    expect(move.statusCode).toBe(200);
    expect((move.json().data as OrganizationMember[]).map((m) => m.username)).toContain('org.mover');
    const orgsOfMover = await d.s.db.db.select().from(userOrganizations).where(eq(userOrganizations.userId, mover));
    expect(orgsOfMover.map((r) => r.organizationId)).toEqual([created.id]);
    expect((await audit('organization.users')).at(-1)!.details).toMatchObject({ moved: ['org.mover'], fromId: d.nordic, toId: created.id });
  });

  it('Security: bad policies are 400; the policy is enforced on password change and reset, the lifetime on sign-in', async () => {
    const url = `/api/v3/admin/organizations/${d.baltic}/security`;
    expect((await send('PUT', url, d.superCookie, security({ passwordPolicy: { minLength: 5, requireDigit: false, requireMixedCase: false, requireSymbol: false } }))).statusCode).toBe(400);
    expect((await send('PUT', url, d.superCookie, security({ sessionLifetimeHours: 28 * 24 + 1 }))).statusCode).toBe(400);
    expect((await send('PUT', url, d.superCookie, security({ signInMethods: [] }))).statusCode).toBe(400);
    // Without BankID configured, password sign-in cannot be switched off (nobody could sign in).
    expect((await send('PUT', url, d.superCookie, security({ signInMethods: ['bankid'] }))).statusCode).toBe(400);

    const ok = await send(
      'PUT',
      url,
      d.superCookie,
      security({ passwordPolicy: { minLength: 10, requireDigit: true, requireMixedCase: false, requireSymbol: false }, sessionLifetimeHours: 8 }),
    );
    expect(ok.statusCode).toBe(200);
    expect((await audit('organization.security')).at(-1)!.details).toMatchObject({
      changedFields: { sessionLifetimeHours: { from: 672, to: 8 } },
    });

    // demo.reader is in Baltic only: his new password must meet Baltic's policy.
    const change = (newPassword: string) =>
      send('PUT', '/api/v3/user/password', d.readerCookie, { oldPassword: DEMO_PASSWORD, newPassword });
    const short = await change('abcdefgh1');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("Your organisation's password policy requires at least 10 characters. Choose another password.");
    const noDigit = await change('abcdefghijk');
    expect(noDigit.json().message).toMatch(/a digit/);
    expect((await change('abcdefghij1')).statusCode).toBe(200);

    // A reset link's new password meets the same policy.
    const [readerRow] = await d.s.db.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo.reader'));
    const token = newSecretToken();
    await d.s.db.db
      .insert(passwordResetTokens)
      .values({ userId: readerRow!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3600_000) });
    const reset = await d.s.app.inject({
      method: 'POST',
      url: '/api/v3/user/changePassword',
      headers: { 'sec-fetch-site': 'same-origin' },
      payload: { token, newPassword: 'tooshort' },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toMatch(/password policy requires at least 10 characters, a digit/);

    // The strictest policy of the user's organisations: demo.super is in Nordic and Baltic.
    const superShort = await send('PUT', '/api/v3/user/password', d.superCookie, { oldPassword: DEMO_PASSWORD, newPassword: 'short12' });
    expect(superShort.statusCode).toBe(400);

    // A new session lives the organisation's lifetime.
    const cookie = await login(d.s.app, 'demo.reader', 'abcdefghij1');
    expect(cookie).toBeTruthy();
    const [reader] = await d.s.db.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo.reader'));
    const rows = await d.s.db.db.select().from(sessions).where(eq(sessions.userId, reader!.id));
    const newest = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]!;
    const hours = (newest.expiresAt.getTime() - newest.createdAt.getTime()) / 3600_000;
    expect(hours).toBeCloseTo(8, 3);
  });
});
