/**
 * Issue 18 §1, user management (/api/v3/admin/users…): invitation through a REAL SMTP server in
 * this process (the link arrives, works, and lets the invitee sign in), add, edit, deactivate,
 * reactivate, delete with tasks reassigned or unassigned, password links and sessions — each with
 * who may do it (SuperUser of ALL the user's organisations; User/Reader 403; another
 * organisation's user 404), self-protection, the last SuperUser of an organisation, bad input
 * 400, and an audit entry per write.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { ACCOUNT_DEACTIVATED_CODE, INVITATION_TTL_DAYS, USER_TYPES, type FwTask, type ManagedUser } from '@fieldwatch/shared';
import { auditLog, organizations, passwordResetTokens, tasks, userIdentities, userOrganizations, users } from '../src/db/schema';
import { addUser, DRIVERS, login, startDemo, type DemoServer } from './helpers';
import { linkIn, startSmtpSink } from './mail-helpers';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const BASE = 'http://localhost/reset-password';

describe.each(DRIVERS)('admin user management on %s', (driver) => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let d: DemoServer;
  let nordicAdmin: string;
  let ids: Record<'super' | 'user' | 'reader' | 'nordicAdmin', number>;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    d.s.app.inject({ method, url, headers: { cookie, 'sec-fetch-site': 'same-origin' }, ...(payload ? { payload } : {}) });
  const idOf = async (username: string) =>
    (await d.s.db.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
  const nthMail = (n: number) => smtp.nth(n);
  const audits = async (action: string, targetId: number) =>
    d.s.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))));
  const invite = (cookie: string, body: Record<string, unknown>) =>
    call('POST', '/api/v3/admin/users/invitations', cookie, { baseUrl: BASE, userType: 1, ...body });

  beforeAll(async () => {
    smtp = await startSmtpSink();
    d = await startDemo(driver, { smtpUrl: smtp.url, mailFrom: 'Fieldwatch Test <fw@test.example>' });
    const nordicAdminId = await addUser(d.s, { username: 'nordic.admin', userType: USER_TYPES.SuperUser, orgs: [d.nordic] });
    nordicAdmin = await login(d.s.app, 'nordic.admin');
    ids = {
      super: await idOf('demo.super'),
      user: await idOf('demo.user'),
      reader: await idOf('demo.reader'),
      nordicAdmin: nordicAdminId,
    };
  });
  afterAll(async () => {
    await d?.s.close();
    await smtp?.close();
  });

  it('an invitation creates the user without a password and mails a 7-day link; the invitee sets a password and signs in', async () => {
    const before = smtp.received.length;
    const res = await invite(nordicAdmin, { name: 'Ina Invite', email: 'ina@example.com', organizationIds: [d.nordic] });
    expect(res.statusCode).toBe(200);
    const u = res.json<{ data: ManagedUser }>().data;
    expect(u).toMatchObject({
      username: 'ina@example.com',
      name: 'Ina Invite',
      userType: 1,
      status: 'invited',
      manageable: true,
      organizations: [{ id: d.nordic, name: 'Nordic Utilities' }],
    });
    const mail = await nthMail(before + 1);
    expect(mail.to).toEqual(['ina@example.com']);
    expect(mail.headers.subject).toContain('invited');
    expect(mail.text).toContain('ina@example.com');
    const link = linkIn(mail.text);
    expect(link.origin + link.pathname).toBe(BASE);
    expect(link.searchParams.get('invite')).toBe('1');
    const token = link.searchParams.get('token')!;
    // The secret is only in the mail.
    expect(res.body).not.toContain(token);
    const [row] = await d.s.db.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, u.id));
    expect(row!.tokenHash).toBe(sha256(token));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(INVITATION_TTL_DAYS * 24 * 3600_000);

    // No password yet: no sign-in with any.
    const noLogin = await d.s.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { username: 'ina@example.com', password: '!invited' } });
    expect(noLogin.statusCode).toBe(417);

    const verify = await d.s.app.inject({ method: 'GET', url: `/api/v3/user/verifyChangePasswordToken/${token}` });
    expect(verify.json().data).toMatchObject({ valid: true, username: 'ina@example.com' });
    const set = await d.s.app.inject({ method: 'POST', url: '/api/v3/user/changePassword', payload: { token, newPassword: 'ina-pass-1' } });
    expect(set.statusCode).toBe(200);
    // Choosing the password signs the invited user in at once.
    expect(set.json().data.signedIn).toBe(true);
    expect(set.cookies.some((c) => c.name === 'fw_session' && c.value)).toBe(true);
    await login(d.s.app, 'ina@example.com', 'ina-pass-1');

    const list = (await call('GET', '/api/v3/admin/users', nordicAdmin)).json<{ data: ManagedUser[] }>().data;
    expect(list.find((x) => x.id === u.id)).toMatchObject({ status: 'active', invitedAt: expect.any(String) });
    const [entry] = await audits('user.invite', u.id);
    expect(entry).toMatchObject({ organizationId: d.nordic, actorUserId: ids.nordicAdmin, targetName: 'ina@example.com' });
  });

  it('a new user starts in the organisation\'s default language and time zone (admin General)', async () => {
    const general = {
      name: 'Nordic Utilities', contactName: '', contactEmail: '', address: '', zip: '', city: '', country: '', phone: '',
      companyName: '', companyAddress: '', companyZip: '', companyCity: '', customerId: '', organisationNumber: '',
      defaultLanguage: 'de', defaultTimezone: 'Europe/Berlin',
    };
    expect((await call('PUT', `/api/v3/admin/organizations/${d.nordic}/general`, nordicAdmin, general)).statusCode).toBe(200);
    const res = await invite(nordicAdmin, { name: 'Dora Default', email: 'dora@example.com', organizationIds: [d.nordic] });
    expect(res.statusCode).toBe(200);
    const [row] = await d.s.db.db.select({ language: users.language, timezone: users.timezone }).from(users).where(eq(users.id, res.json<{ data: ManagedUser }>().data.id));
    expect(row).toEqual({ language: 'de', timezone: 'Europe/Berlin' });
  });

  it('adding a user directly takes the admin\'s username and mails the link; a taken username is 409', async () => {
    const before = smtp.received.length;
    const body = { username: 'added.user', name: 'Added User', email: 'added@example.com', userType: 2, organizationIds: [d.nordic], baseUrl: BASE };
    const res = await call('POST', '/api/v3/admin/users', nordicAdmin, body);
    expect(res.statusCode).toBe(200);
    const u = res.json<{ data: ManagedUser }>().data;
    expect(u).toMatchObject({ username: 'added.user', userType: 2, status: 'invited' });
    expect((await nthMail(before + 1)).to).toEqual(['added@example.com']);
    expect(await audits('user.create', u.id)).toHaveLength(1);
    const again = await call('POST', '/api/v3/admin/users', nordicAdmin, { ...body, username: 'Added.User' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already exists/);
  });

  it('a mail that cannot be sent leaves no user behind (503)', async () => {
    smtp.state.refuse = true;
    try {
      const res = await invite(nordicAdmin, { name: 'Lost', email: 'lost@example.com', organizationIds: [d.nordic] });
      expect(res.statusCode).toBe(503);
      expect(await d.s.db.db.select().from(users).where(eq(users.username, 'lost@example.com'))).toEqual([]);
    } finally {
      smtp.state.refuse = false;
    }
  });

  it('who may do what: User and Reader 403, another organisation\'s user 404, bad input 400', async () => {
    const target = await addUser(d.s, { username: 'matrix.user', userType: USER_TYPES.User, orgs: [d.nordic] });
    const writes = (id: number) =>
      [
        ['POST', '/api/v3/admin/users/invitations', { name: 'X', email: 'x@example.com', userType: 1, organizationIds: [d.nordic], baseUrl: BASE }],
        ['POST', '/api/v3/admin/users', { username: 'x.y', name: 'X', email: 'x@example.com', userType: 1, organizationIds: [d.nordic], baseUrl: BASE }],
        ['PUT', `/api/v3/admin/users/${id}`, { name: 'Changed' }],
        ['POST', `/api/v3/admin/users/${id}/deactivate`, undefined],
        ['POST', `/api/v3/admin/users/${id}/reactivate`, undefined],
        ['DELETE', `/api/v3/admin/users/${id}?tasks=unassign`, undefined],
        ['POST', `/api/v3/admin/users/${id}/reset-link`, { baseUrl: BASE }],
        ['GET', `/api/v3/admin/users/${id}/sessions`, undefined],
        ['DELETE', `/api/v3/admin/users/${id}/sessions`, undefined],
      ] as const;
    for (const cookie of [d.userCookie, d.readerCookie])
      for (const [method, url, body] of writes(target)) {
        const res = await call(method, url, cookie, body);
        expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
      }
    // nordic.admin and demo.reader (Baltic only) / demo.super (Nordic AND Baltic): not all theirs.
    for (const id of [ids.reader, ids.super, 987_654])
      for (const [method, url, body] of writes(id).slice(2)) {
        const res = await call(method, url, nordicAdmin, body);
        expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      }
    const baltic = await invite(nordicAdmin, { name: 'B', email: 'b@example.com', organizationIds: [d.baltic] });
    expect(baltic.statusCode).toBe(404);
    const moveToBaltic = await call('PUT', `/api/v3/admin/users/${target}`, nordicAdmin, { organizationIds: [d.baltic] });
    expect(moveToBaltic.statusCode).toBe(404);

    for (const body of [
      { name: 'X', organizationIds: [d.nordic] },
      { name: 'X', email: 'not-an-address', organizationIds: [d.nordic] },
      { name: ' ', email: 'x@example.com', organizationIds: [d.nordic] },
      { name: 'X', email: 'x@example.com', organizationIds: [] },
      { name: 'X', email: 'x@example.com', organizationIds: [d.nordic], userType: 7 },
      { name: 'X', email: 'x@example.com', organizationIds: [d.nordic], password: 'chosen' },
      { name: 'X', email: 'x@example.com', organizationIds: [d.nordic], baseUrl: 'http://evil.example/x' },
    ]) {
      const res = await invite(nordicAdmin, body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
    }
    for (const body of [{}, { password: 'x' }, { email: 'nope' }, { userType: -1 }]) {
      const res = await call('PUT', `/api/v3/admin/users/${target}`, nordicAdmin, body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
    }
    expect((await call('DELETE', `/api/v3/admin/users/${target}`, nordicAdmin)).statusCode).toBe(400);
    expect((await call('DELETE', `/api/v3/admin/users/${target}?tasks=reassign`, nordicAdmin)).statusCode).toBe(400);
    // Nothing of it changed the user.
    const [still] = await d.s.db.db.select().from(users).where(eq(users.id, target));
    expect(still).toMatchObject({ name: '', userType: USER_TYPES.User });
  });

  it('an edit changes the fields and organisations and records what changed', async () => {
    const id = await addUser(d.s, { username: 'edit.me', userType: USER_TYPES.User, orgs: [d.nordic] });
    const res = await call('PUT', `/api/v3/admin/users/${id}`, d.superCookie, {
      name: 'Edit Me',
      title: 'Engineer',
      phone: '+46 1',
      email: 'edit@example.com',
      userType: 2,
      organizationIds: [d.nordic, d.baltic],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Edit Me',
      title: 'Engineer',
      phone: '+46 1',
      email: 'edit@example.com',
      userType: 2,
      organizations: [{ id: d.nordic }, { id: d.baltic }],
    });
    const [entry] = await audits('user.update', id);
    expect(entry!.details).toEqual({
      changedFields: {
        name: { from: '', to: 'Edit Me' },
        title: { from: '', to: 'Engineer' },
        phone: { from: '', to: '+46 1' },
        email: { from: '', to: 'edit@example.com' },
        userType: { from: 1, to: 2 },
        organizationIds: { from: [d.nordic], to: [d.nordic, d.baltic].sort((a, b) => a - b) },
      },
    });
    // Now in Baltic too: no longer nordic.admin's to manage.
    expect((await call('PUT', `/api/v3/admin/users/${id}`, nordicAdmin, { name: 'x' })).statusCode).toBe(404);
  });

  it('links a personal identity number for BankID (masked in answers, "changed" in the audit), one user per number', async () => {
    const id = await addUser(d.s, { username: 'bankid.link', userType: USER_TYPES.User, orgs: [d.nordic] });
    const other = await addUser(d.s, { username: 'bankid.other', userType: USER_TYPES.User, orgs: [d.nordic] });
    const url = `/api/v3/admin/users/${id}`;
    expect((await call('PUT', url, d.superCookie, { personalNumber: '19811218-9875' })).statusCode).toBe(400);
    expect((await call('PUT', url, d.superCookie, { personalNumber: 'x'.repeat(21) })).statusCode).toBe(400);
    const res = await call('PUT', url, d.superCookie, { personalNumber: '811218-9876' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.personalNumber).toBe('19811218-••••');
    expect(res.body).not.toContain('9876');
    const [row] = await d.s.db.db.select().from(userIdentities).where(eq(userIdentities.userId, id));
    expect(row!.value).toBe('198112189876');
    const [entry] = await audits('user.update', id);
    expect(entry!.details).toEqual({ changedFields: { personalNumber: 'changed' } });
    // The same number for another user: 409 with its code; the first keeps it.
    const taken = await call('PUT', `/api/v3/admin/users/${other}`, d.superCookie, { personalNumber: '198112189876' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('personal_number_taken');
    // Listed masked; null unlinks.
    const list = (await call('GET', '/api/v3/admin/users', d.superCookie)).json().data as ManagedUser[];
    expect(list.find((u) => u.id === id)!.personalNumber).toBe('19811218-••••');
    expect(list.find((u) => u.id === other)!.personalNumber).toBeNull();
    const unlinked = await call('PUT', url, d.superCookie, { personalNumber: null });
    expect(unlinked.json().data.personalNumber).toBeNull();
    expect((await call('PUT', `/api/v3/admin/users/${other}`, d.superCookie, { personalNumber: '198112189876' })).statusCode).toBe(200);
  });

  it('a deactivated user cannot sign in and loses his sessions; reactivated he can again', async () => {
    const id = await addUser(d.s, { username: 'deact.me', userType: USER_TYPES.User, orgs: [d.nordic] });
    const cookie = await login(d.s.app, 'deact.me');
    const res = await call('POST', `/api/v3/admin/users/${id}/deactivate`, nordicAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'deactivated', deactivatedAt: expect.any(String) });
    expect((await call('GET', '/api/v3/user/profile', cookie)).statusCode).toBe(401);
    const refused = await d.s.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { username: 'deact.me', password: 'fieldwatch-demo' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: ACCOUNT_DEACTIVATED_CODE, message: expect.stringMatching(/deactivated/) });
    const [entry] = await audits('user.deactivate', id);
    expect(entry).toMatchObject({ organizationId: d.nordic, details: { sessionsEnded: 1 } });

    const back = await call('POST', `/api/v3/admin/users/${id}/reactivate`, nordicAdmin);
    expect(back.json().data).toMatchObject({ status: 'active', deactivatedAt: null });
    await login(d.s.app, 'deact.me');
    expect(await audits('user.reactivate', id)).toHaveLength(1);
  });

  it('a SuperUser cannot delete or deactivate himself; the last SuperUser of an organisation stays one', async () => {
    const self1 = await call('POST', `/api/v3/admin/users/${ids.nordicAdmin}/deactivate`, nordicAdmin);
    expect(self1.statusCode).toBe(400);
    expect(self1.json().message).toMatch(/your own account/);
    const self2 = await call('DELETE', `/api/v3/admin/users/${ids.nordicAdmin}?tasks=unassign`, nordicAdmin);
    expect(self2.statusCode).toBe(400);

    const [solo] = await d.s.db.db.insert(organizations).values({ name: 'Solo Org' }).returning({ id: organizations.id });
    const soloId = await addUser(d.s, { username: 'solo.admin', userType: USER_TYPES.SuperUser, orgs: [solo!.id] });
    const soloCookie = await login(d.s.app, 'solo.admin');
    const demote = await call('PUT', `/api/v3/admin/users/${soloId}`, soloCookie, { userType: 1 });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ code: 'last_superuser', message: expect.stringContaining('Solo Org') });
    // With a second SuperUser the demotion is fine.
    await addUser(d.s, { username: 'solo.second', userType: USER_TYPES.SuperUser, orgs: [solo!.id] });
    const ok = await call('PUT', `/api/v3/admin/users/${soloId}`, soloCookie, { name: 'Solo' });
    expect(ok.statusCode).toBe(200);
    expect((await call('PUT', `/api/v3/admin/users/${soloId}`, soloCookie, { userType: 1 })).statusCode).toBe(200);
    expect((await d.s.db.db.select().from(users).where(eq(users.id, soloId)))[0]!.userType).toBe(1);
  });

  it('delete: the tasks go to another user of the organisation, or are left unassigned, with an activity each', async () => {
    const [task] = await d.s.db.db.select().from(tasks).where(eq(tasks.organizationId, d.nordic)).limit(1);
    const gone = await addUser(d.s, { username: 'leaving.user', userType: USER_TYPES.User, orgs: [d.nordic] });
    const doc = task!.doc as FwTask;
    await d.s.db.db
      .update(tasks)
      .set({ doc: { ...doc, assignees: ['leaving.user', 'someone'] } })
      .where(eq(tasks.id, task!.id));
    // demo.reader is not in Nordic: he cannot take over a Nordic task.
    const wrong = await call('DELETE', `/api/v3/admin/users/${gone}?tasks=reassign&reassignTo=${ids.reader}`, d.superCookie);
    expect(wrong.statusCode).toBe(400);

    const res = await call('DELETE', `/api/v3/admin/users/${gone}?tasks=reassign&reassignTo=${ids.user}`, nordicAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: gone, tasksReassigned: 1, tasksUnassigned: 0 });
    const [after] = await d.s.db.db.select().from(tasks).where(eq(tasks.id, task!.id));
    const next = after!.doc as FwTask;
    expect(next.assignees).toEqual(['someone', 'demo.user']);
    expect(next.activities.at(-1)).toMatchObject({ type: 'assignees', user: 'nordic.admin', assignees: ['someone', 'demo.user'] });
    expect(after!.revision).toBe(task!.revision + 1);
    expect(await d.s.db.db.select().from(users).where(eq(users.id, gone))).toEqual([]);
    expect(await d.s.db.db.select().from(userOrganizations).where(eq(userOrganizations.userId, gone))).toEqual([]);
    const [entry] = await audits('user.delete', gone);
    expect(entry).toMatchObject({ organizationId: d.nordic, targetName: 'leaving.user' });
    expect(entry!.details).toMatchObject({ tasks: 'reassign', reassignedTo: 'demo.user', tasksReassigned: 1 });

    const gone2 = await addUser(d.s, { username: 'leaving.two', userType: USER_TYPES.User, orgs: [d.nordic] });
    await d.s.db.db
      .update(tasks)
      .set({ doc: sql`jsonb_set(${tasks.doc}, '{assignees}', '["leaving.two"]'::jsonb)` })
      .where(eq(tasks.id, task!.id));
    const res2 = await call('DELETE', `/api/v3/admin/users/${gone2}?tasks=unassign`, nordicAdmin);
    expect(res2.json().data).toEqual({ id: gone2, tasksReassigned: 0, tasksUnassigned: 1 });
    const [after2] = await d.s.db.db.select().from(tasks).where(eq(tasks.id, task!.id));
    expect((after2!.doc as FwTask).assignees).toEqual([]);
  });

  it('a reset link goes by e-mail only (an invited user gets his invitation again); sessions are listed and ended', async () => {
    const before = smtp.received.length;
    const res = await call('POST', `/api/v3/admin/users/${ids.user}/reset-link`, nordicAdmin, { baseUrl: BASE });
    expect(res.statusCode).toBe(200);
    const mail = await nthMail(before + 1);
    const link = linkIn(mail.text);
    expect(link.searchParams.get('invite')).toBeNull();
    expect(res.body).not.toContain(link.searchParams.get('token')!);
    expect(await audits('user.resetLink', ids.user)).toHaveLength(1);

    const invited = (await invite(nordicAdmin, { name: 'Pending', email: 'pending@example.com', organizationIds: [d.nordic] })).json<{ data: ManagedUser }>().data;
    await nthMail(before + 2);
    const again = await call('POST', `/api/v3/admin/users/${invited.id}/reset-link`, nordicAdmin, { baseUrl: BASE });
    expect(again.statusCode).toBe(200);
    const third = await nthMail(before + 3);
    expect(linkIn(third.text).searchParams.get('invite')).toBe('1');

    const other = await login(d.s.app, 'demo.user');
    const list = await call('GET', `/api/v3/admin/users/${ids.user}/sessions`, nordicAdmin);
    expect(list.statusCode).toBe(200);
    const data = list.json().data as { lastLogin: string; sessions: Array<{ userAgent: string; lastSeen: string }> };
    expect(data.lastLogin).toEqual(expect.any(String));
    expect(data.sessions.length).toBeGreaterThanOrEqual(2);
    const end = await call('DELETE', `/api/v3/admin/users/${ids.user}/sessions`, nordicAdmin);
    expect(end.json().data.ended).toBe(data.sessions.length);
    for (const c of [other, d.userCookie]) expect((await call('GET', '/api/v3/user/profile', c)).statusCode).toBe(401);
    expect(await audits('user.sessionsEnded', ids.user)).toHaveLength(1);
    d.userCookie = await login(d.s.app, 'demo.user');
  });
});
