/**
 * The audit log (issue 18 §1): sign-in entries (success, failure without the password, sign-out,
 * a session ended), and GET /api/v3/admin/audit(.csv): scoping (another organisation's entries are
 * never listed), filters, paging, CSV.
 */
import { eq } from 'drizzle-orm';
import { USER_TYPES, type AuditPage, type SessionListItem } from '@fieldwatch/shared';
import { auditLog, organizations } from '../src/db/schema';
import { addUser, DRIVERS, login, sessionCookie, startDemo, type DemoServer } from './helpers';

type Data<T> = { data: T };

describe.each(DRIVERS)('the audit log on %s', (driver) => {
  let d: DemoServer;
  let otherOrg: number;
  let otherCookie: string;

  beforeAll(async () => {
    d = await startDemo(driver);
    const [org] = await d.s.db.db.insert(organizations).values({ name: 'Other Co' }).returning({ id: organizations.id });
    otherOrg = org!.id;
    await addUser(d.s, { username: 'other.super', userType: USER_TYPES.SuperUser, orgs: [otherOrg] });
    otherCookie = await login(d.s.app, 'other.super');
    // Something administrative in the other organisation.
    await d.s.app.inject({ method: 'POST', url: '/api/v3/admin/tokens', headers: { cookie: otherCookie }, payload: { name: 'Other secret gateway', organizationId: otherOrg } });
  });
  afterAll(async () => {
    await d?.s.close();
  });

  const list = async (query = '', cookie = d.superCookie) => {
    const res = await d.s.app.inject({ method: 'GET', url: `/api/v3/admin/audit${query}`, headers: { cookie } });
    expect([res.statusCode, res.body.slice(0, 200)]).toEqual([200, expect.any(String)]);
    return res.json<Data<AuditPage>>().data;
  };

  it('records sign-ins, failed sign-ins (the name tried, never the password), sign-outs and ended sessions', async () => {
    const wrong = await d.s.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      headers: { 'user-agent': 'AuditTest/1.0 (X11; Linux x86_64) Firefox/120.0' },
      payload: { username: 'demo.user', password: 'not-the-password-42' },
    });
    expect(wrong.statusCode).toBe(417);
    await d.s.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { username: 'nobody.here', password: 'guess-1234' } });
    const rows = await d.s.db.db.select().from(auditLog);
    const failed = rows.filter((r) => r.action === 'auth.signinFailed');
    expect(failed.map((r) => (r.details as { username: string }).username).sort()).toEqual(['demo.user', 'nobody.here']);
    expect(JSON.stringify(rows)).not.toContain('not-the-password-42');
    expect(JSON.stringify(rows)).not.toContain('guess-1234');
    const userFail = failed.find((r) => r.actorName === 'demo.user')!;
    expect(userFail.organizationId).toBe(d.nordic);
    expect(userFail.userAgent).toContain('AuditTest/1.0');

    const signins = rows.filter((r) => r.action === 'auth.signin' && r.actorName === 'demo.user');
    expect(signins.length).toBeGreaterThanOrEqual(1);
    expect(signins[0]!.organizationId).toBe(d.nordic);

    // Sign out, and end a session from the session list.
    const res = await d.s.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { username: 'demo.user', password: 'fieldwatch-demo' } });
    const cookie = sessionCookie(res);
    const second = await login(d.s.app, 'demo.user');
    const sessions = await d.s.app.inject({ method: 'GET', url: '/api/v2/auth/sessions', headers: { cookie } });
    const other = sessions.json<Data<SessionListItem[]>>().data.find((x) => !x.current)!;
    const del = await d.s.app.inject({ method: 'DELETE', url: `/api/v2/auth/session/logout/${other.id}`, headers: { cookie } });
    expect(del.statusCode).toBe(200);
    await d.s.app.inject({ method: 'GET', url: '/api/v2/auth/logout', headers: { cookie } });
    void second;
    const after = await d.s.db.db.select().from(auditLog);
    expect(after.filter((r) => r.action === 'auth.sessionEnded' && r.actorName === 'demo.user')).toHaveLength(1);
    expect(after.filter((r) => r.action === 'auth.signout' && r.actorName === 'demo.user')).toHaveLength(1);
  });

  it('lists the entries of his organisations and his own, newest first, never another organisation\'s', async () => {
    const page = await list('?limit=200');
    const actions = page.entries.map((e) => e.action);
    expect(actions).toContain('auth.signin');
    expect(actions).toContain('auth.signinFailed');
    // The sign-ins of his organisations' users are there.
    expect(page.entries.some((e) => e.action === 'auth.signin' && e.actor.name === 'demo.user')).toBe(true);
    expect(page.entries.some((e) => e.action === 'auth.signin' && e.actor.name === 'demo.reader')).toBe(true);
    // Never the other organisation's, nor its SuperUser's sign-in, nor an unknown name's failure.
    expect(page.entries.some((e) => e.organization?.id === otherOrg)).toBe(false);
    expect(page.entries.some((e) => e.actor.name === 'other.super')).toBe(false);
    expect(JSON.stringify(page)).not.toContain('Other secret gateway');
    expect(page.entries.some((e) => e.actor.name === 'nobody.here')).toBe(false);
    const ids = page.entries.map((e) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const withOrg = page.entries.find((e) => e.organization)!;
    expect(withOrg.organization!.name).toMatch(/Nordic Utilities|Baltic Water/);
    // The other SuperUser sees his own and not the demo organisations'.
    const theirs = await list('?limit=200', otherCookie);
    expect(theirs.entries.some((e) => e.action === 'token.create' && e.target?.name === 'Other secret gateway')).toBe(true);
    expect(theirs.entries.some((e) => e.organization && e.organization.id !== otherOrg)).toBe(false);
    expect(theirs.entries.some((e) => e.actor.name.startsWith('demo.'))).toBe(false);
    // Asking for another organisation by id: 404.
    const res = await d.s.app.inject({ method: 'GET', url: `/api/v3/admin/audit?organizationId=${otherOrg}`, headers: { cookie: d.superCookie } });
    expect(res.statusCode).toBe(404);
  });

  it('filters by action, actor, text, organisation and time, and pages with a cursor', async () => {
    const failed = await list('?action=auth.signinFailed');
    expect(failed.entries.length).toBeGreaterThan(0);
    expect(failed.entries.every((e) => e.action === 'auth.signinFailed')).toBe(true);
    const two = await list('?action=auth.signin,auth.signout&actor=DEMO.USER');
    expect(two.entries.length).toBeGreaterThan(0);
    expect(two.entries.every((e) => e.actor.name === 'demo.user' && ['auth.signin', 'auth.signout'].includes(e.action))).toBe(true);
    const text = await list('?q=audittest%20firefox');
    expect(text.entries).toHaveLength(1);
    expect(text.entries[0]!.action).toBe('auth.signinFailed');
    const baltic = await list(`?organizationId=${d.baltic}`);
    expect(baltic.entries.every((e) => e.organization?.id === d.baltic)).toBe(true);
    expect((await list('?to=2000-01-01')).entries).toHaveLength(0);
    expect((await list('?from=2000-01-01')).entries.length).toBeGreaterThan(0);
    const all = await list('?limit=200');
    const p1 = await list('?limit=2');
    expect(p1.entries).toHaveLength(2);
    expect(p1.nextCursor).toBe(p1.entries[1]!.id);
    const p2 = await list(`?limit=2&cursor=${p1.nextCursor}`);
    expect([...p1.entries, ...p2.entries].map((e) => e.id)).toEqual(all.entries.slice(0, 4).map((e) => e.id));
    const last = await list(`?limit=200&cursor=${all.entries[all.entries.length - 1]!.id}`);
    expect(last).toEqual({ entries: [], nextCursor: null });
    // Bad input: 400, never 5xx.
    for (const q of ['?action=user.nothing', '?limit=0', '?limit=9999', '?from=yesterday', '?cursor=-1', '?extra=1']) {
      const res = await d.s.app.inject({ method: 'GET', url: `/api/v3/admin/audit${q}`, headers: { cookie: d.superCookie } });
      expect([q, res.statusCode]).toEqual([q, 400]);
    }
  });

  it('exports the filtered entries as CSV', async () => {
    const res = await d.s.app.inject({ method: 'GET', url: '/api/v3/admin/audit.csv?action=auth.signinFailed', headers: { cookie: d.superCookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('audit-log.csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('time,actor,organisation,action,target type,target,ip,user agent,details');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((l) => l.includes('auth.signinFailed'))).toBe(true);
    expect(res.body).not.toContain('other.super');
  });

  it('is for SuperUsers only', async () => {
    for (const cookie of [d.userCookie, d.readerCookie]) {
      for (const url of ['/api/v3/admin/audit', '/api/v3/admin/audit.csv']) {
        const res = await d.s.app.inject({ method: 'GET', url, headers: { cookie } });
        expect(res.statusCode).toBe(403);
      }
    }
    expect((await d.s.app.inject({ method: 'GET', url: '/api/v3/admin/audit' })).statusCode).toBe(401);
    const rows = await d.s.db.db.select().from(auditLog).where(eq(auditLog.actorName, 'demo.super'));
    expect(rows.length).toBeGreaterThan(0);
  });
});
