/**
 * Dashboard and workspace ownership (issue 18 §1): who may do what (SuperUser yes, User and Reader
 * 403; another organisation's user or dashboard 404; bad input 400; a user of another
 * organisation refused as the receiver), transfers of dashboards and of open tasks, and a
 * dashboard shared read-only with the organisation — listed and opened by its users, changed by
 * none of them — each write in the audit log.
 */
import { and, asc, eq } from 'drizzle-orm';
import {
  OWNERSHIP_MESSAGES,
  USER_TYPES,
  VERSIONS,
  type DashboardDocument,
  type DashboardOwnershipView,
  type DashboardSummary,
  type FwTask,
  type OwnedDashboard,
  type WorkspaceOwnershipView,
} from '@fieldwatch/shared';
import { auditLog, dashboards, organizations, tasks, userOrganizations } from '../src/db/schema';
import { addUser, DRIVERS, getJson, login, startDemo, type DemoServer } from './helpers';

type Data<T> = { data: T };

describe.each(DRIVERS)('ownership on %s', (driver) => {
  let d: DemoServer;
  let other: number;
  const id: Record<string, number> = {};
  const cookie: Record<string, string> = {};

  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, who: string, payload?: unknown) =>
    d.s.app.inject({
      method,
      url,
      headers: { cookie: who, 'sec-fetch-site': 'same-origin' },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const custom = async (who: string, name: string): Promise<DashboardDocument> => {
    const res = await send('POST', '/api/v3/user/dashboard', cookie[who]!, { name, templateId: 'overview' });
    expect(res.statusCode).toBe(201);
    return res.json<Data<DashboardDocument>>().data;
  };
  const listOf = async (who: string) =>
    (await getJson<Data<DashboardSummary[]>>(d.s.app, '/api/v3/user/dashboard?excludeContent=true', cookie[who]!)).body.data;
  const audits = (action: string) =>
    d.s.db.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.id));
  const newTask = async (org: number, taskId: string, assignees: string[], status: FwTask['status']) => {
    const doc: FwTask = {
      id: taskId,
      created: new Date().toISOString(),
      version: VERSIONS.task,
      kind: 'task',
      title: `Task ${taskId}`,
      category: 'notice',
      type: 'custom',
      signature: taskId,
      eventIds: [],
      assignees,
      status,
      activities: [],
    };
    await d.s.db.db.insert(tasks).values({ id: taskId, organizationId: org, created: new Date(), doc });
  };

  beforeAll(async () => {
    d = await startDemo(driver);
    const [o] = await d.s.db.db.insert(organizations).values({ name: 'Elsewhere' }).returning({ id: organizations.id });
    other = o!.id;
    id.a = await addUser(d.s, { username: 'own.a', userType: USER_TYPES.User, orgs: [d.nordic] });
    id.b = await addUser(d.s, { username: 'own.b', userType: USER_TYPES.User, orgs: [d.nordic] });
    id.reader = await addUser(d.s, { username: 'own.reader', userType: USER_TYPES.Reader, orgs: [d.nordic] });
    id.baltic = await addUser(d.s, { username: 'own.baltic', userType: USER_TYPES.User, orgs: [d.baltic] });
    id.stranger = await addUser(d.s, { username: 'own.stranger', userType: USER_TYPES.User, orgs: [other] });
    for (const u of ['a', 'b', 'reader', 'baltic', 'stranger']) cookie[u] = await login(d.s.app, `own.${u}`);
    cookie.super = d.superCookie;
    cookie.user = d.userCookie;
    cookie.demoReader = d.readerCookie;
  }, 120_000);
  afterAll(async () => {
    await d?.s.close();
  });

  it('refuses Users and Readers every ownership route (403)', async () => {
    for (const who of [d.userCookie, d.readerCookie]) {
      expect((await getJson(d.s.app, '/api/v3/admin/ownership/dashboards', who)).status).toBe(403);
      expect((await getJson(d.s.app, '/api/v3/admin/ownership/workspaces', who)).status).toBe(403);
      const body = { organizationId: d.nordic, fromUserId: id.a, toUserId: id.b };
      expect((await send('POST', '/api/v3/admin/ownership/dashboards/transfer', who, body)).statusCode).toBe(403);
      expect((await send('POST', '/api/v3/admin/ownership/workspaces/transfer', who, body)).statusCode).toBe(403);
      expect((await send('PUT', '/api/v3/admin/ownership/dashboards/1/share', who, { organizationId: null })).statusCode).toBe(403);
    }
  });

  it("lists the dashboards of the users of the SuperUser's organisations only", async () => {
    await listOf('a'); // creates his built-ins
    const mine = await custom('a', 'Leaving soon');
    const strangers = await custom('stranger', 'Not yours');
    const view = (await getJson<Data<DashboardOwnershipView>>(d.s.app, '/api/v3/admin/ownership/dashboards', d.superCookie)).body.data;
    expect(view.organizations.map((o) => o.id).sort()).toEqual([d.nordic, d.baltic].sort());
    expect(view.users.find((u) => u.id === id.a)).toMatchObject({ username: 'own.a', organizationIds: [d.nordic] });
    expect(view.users.some((u) => u.id === id.stranger)).toBe(false);
    const row = view.dashboards.find((x) => x.id === mine.id);
    expect(row).toMatchObject({ ownerId: id.a, name: 'Leaving soon', kind: null, sharedWith: null });
    expect(row!.widgets).toBe(mine.content.widgets.length);
    expect(row!.widgets).toBeGreaterThan(0);
    expect(view.dashboards.some((x) => x.kind === 'overview' && x.ownerId === id.a)).toBe(true);
    expect(view.dashboards.some((x) => x.id === strangers.id)).toBe(false);
  });

  it('refuses bad transfers: 400 for bad input or the wrong organisation, 404 for what is not his', async () => {
    const url = '/api/v3/admin/ownership/dashboards/transfer';
    const t = (body: unknown) => send('POST', url, d.superCookie, body);
    expect((await t({ organizationId: d.nordic, fromUserId: id.a })).statusCode).toBe(400);
    expect((await t({ organizationId: d.nordic, fromUserId: id.a, toUserId: id.b, extra: 1 })).statusCode).toBe(400);
    expect((await t({ organizationId: d.nordic, fromUserId: 'x', toUserId: id.b })).statusCode).toBe(400);
    expect((await t({ organizationId: d.nordic, fromUserId: id.a, toUserId: id.b, dashboardIds: [] })).statusCode).toBe(400);
    const same = await t({ organizationId: d.nordic, fromUserId: id.a, toUserId: id.a });
    expect([same.statusCode, same.json().message]).toEqual([400, OWNERSHIP_MESSAGES.sameUser]);
    // A user of another of the SuperUser's organisations: refused, nothing moves.
    const cross = await t({ organizationId: d.nordic, fromUserId: id.a, toUserId: id.baltic });
    expect([cross.statusCode, cross.json().message]).toEqual([400, OWNERSHIP_MESSAGES.notInOrganization]);
    expect((await t({ organizationId: d.baltic, fromUserId: id.a, toUserId: id.baltic })).statusCode).toBe(400);
    // A user, an organisation, a dashboard the SuperUser does not administer: 404.
    expect((await t({ organizationId: d.nordic, fromUserId: id.a, toUserId: id.stranger })).statusCode).toBe(404);
    expect((await t({ organizationId: other, fromUserId: id.stranger, toUserId: id.a })).statusCode).toBe(404);
    const [strangers] = await d.s.db.db.select().from(dashboards).where(eq(dashboards.userId, id.stranger!));
    expect((await t({ organizationId: d.nordic, fromUserId: id.a, toUserId: id.b, dashboardIds: [strangers!.id] })).statusCode).toBe(404);
    const [builtIn] = await d.s.db.db
      .select()
      .from(dashboards)
      .where(and(eq(dashboards.userId, id.a!), eq(dashboards.staticKind, 'overview')));
    const b = await t({ organizationId: d.nordic, fromUserId: id.a, toUserId: id.b, dashboardIds: [builtIn!.id] });
    expect([b.statusCode, b.json().message]).toEqual([400, OWNERSHIP_MESSAGES.builtIn]);
    expect(await audits('dashboard.transfer')).toEqual([]);
  });

  it("moves one, then all of a user's custom dashboards; the receiver sees them, built-ins stay", async () => {
    const second = await custom('a', 'Second');
    const third = await custom('a', 'Third');
    const one = await send('POST', '/api/v3/admin/ownership/dashboards/transfer', d.superCookie, {
      organizationId: d.nordic,
      fromUserId: id.a,
      toUserId: id.b,
      dashboardIds: [second.id],
    });
    expect(one.statusCode).toBe(200);
    expect(one.json<Data<{ dashboardIds: number[] }>>().data.dashboardIds).toEqual([second.id]);
    expect((await listOf('b')).some((x) => x.id === second.id && x.name === 'Second' && !x.readOnly)).toBe(true);
    expect((await listOf('a')).some((x) => x.id === second.id)).toBe(false);
    expect((await getJson(d.s.app, `/api/v3/user/dashboard/${second.id}`, cookie.a!)).status).toBe(404);
    // The receiver owns it now: he may change it.
    const doc = (await getJson<Data<DashboardDocument>>(d.s.app, `/api/v3/user/dashboard/${second.id}`, cookie.b!)).body.data;
    expect((await send('PUT', `/api/v3/user/dashboard/${second.id}/updateName`, cookie.b!, { name: 'Mine now' })).statusCode).toBe(200);
    expect(doc.readOnly).toBeUndefined();

    const all = await send('POST', '/api/v3/admin/ownership/dashboards/transfer', d.superCookie, {
      organizationId: d.nordic,
      fromUserId: id.a,
      toUserId: id.b,
    });
    const moved = all.json<Data<{ dashboardIds: number[] }>>().data.dashboardIds;
    expect(moved).toContain(third.id);
    const left = await d.s.db.db.select().from(dashboards).where(eq(dashboards.userId, id.a!));
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((r) => r.staticKind !== null)).toBe(true);

    const entries = await audits('dashboard.transfer');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      organizationId: d.nordic,
      actorName: 'demo.super',
      targetType: 'user',
      targetId: String(id.a),
      targetName: 'own.a',
      details: { to: { id: id.b, username: 'own.b' }, dashboards: [{ id: second.id, name: 'Second' }] },
    });
  });

  it('shares a dashboard read-only with the organisation: listed and opened by its users, changed by none of them', async () => {
    const shared = await custom('b', 'Team board');
    const share = (dashboardId: number, organizationId: number | null, who = d.superCookie) =>
      send('PUT', `/api/v3/admin/ownership/dashboards/${dashboardId}/share`, who, { organizationId });

    // Refusals first: another organisation's dashboard, an organisation of nobody, the owner's non-organisation, a built-in.
    const [strangers] = await d.s.db.db.select().from(dashboards).where(eq(dashboards.userId, id.stranger!));
    expect((await share(strangers!.id, other)).statusCode).toBe(404);
    expect((await share(999_999, d.nordic)).statusCode).toBe(404);
    expect((await share(shared.id, other)).statusCode).toBe(404);
    const notHis = await share(shared.id, d.baltic);
    expect([notHis.statusCode, notHis.json().message]).toEqual([400, OWNERSHIP_MESSAGES.ownerNotInOrganization]);
    const [builtIn] = await d.s.db.db
      .select()
      .from(dashboards)
      .where(and(eq(dashboards.userId, id.b!), eq(dashboards.staticKind, 'overview')));
    expect((await share(builtIn!.id, d.nordic)).statusCode).toBe(400);
    expect((await send('PUT', `/api/v3/admin/ownership/dashboards/${shared.id}/share`, d.superCookie, {})).statusCode).toBe(400);

    const ok = await share(shared.id, d.nordic);
    expect(ok.statusCode).toBe(200);
    expect(ok.json<Data<OwnedDashboard>>().data).toMatchObject({ id: shared.id, sharedWith: d.nordic, ownerId: id.b });

    // A Reader of the organisation lists and opens it read-only, with its owner's name.
    const listed = (await listOf('reader')).find((x) => x.id === shared.id);
    expect(listed).toMatchObject({ name: 'Team board', readOnly: true, owner: 'own.b', static: null });
    const opened = await getJson<Data<DashboardDocument>>(d.s.app, `/api/v3/user/dashboard/${shared.id}`, cookie.reader!);
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ readOnly: true, owner: 'own.b', name: 'Team board' });
    // With content, the list holds it too.
    const full = (await getJson<Data<DashboardDocument[]>>(d.s.app, '/api/v3/user/dashboard', cookie.a!)).body.data;
    expect(full.find((x) => x.id === shared.id)).toMatchObject({ readOnly: true });

    // No one but the owner changes it: a clear 403.
    for (const who of [cookie.reader!, cookie.a!, d.userCookie]) {
      const save = await send('PUT', `/api/v3/user/dashboard/${shared.id}`, who, { content: shared.content });
      expect([save.statusCode, save.json().message]).toEqual([403, OWNERSHIP_MESSAGES.sharedReadOnly]);
      expect((await send('PUT', `/api/v3/user/dashboard/${shared.id}/updateName`, who, { name: 'x' })).statusCode).toBe(403);
      expect((await send('DELETE', `/api/v3/user/dashboard/${shared.id}`, who)).statusCode).toBe(403);
    }
    // His own filter on it is his own setting.
    expect((await send('PUT', `/api/v3/user/dashboard/${shared.id}/filter`, cookie.a!, {})).statusCode).toBe(200);
    // The owner still changes it; outside the organisation it does not exist.
    expect((await send('PUT', `/api/v3/user/dashboard/${shared.id}/updateName`, cookie.b!, { name: 'Team board' })).statusCode).toBe(200);
    expect((await getJson(d.s.app, `/api/v3/user/dashboard/${shared.id}`, cookie.baltic!)).status).toBe(404);
    expect((await getJson(d.s.app, `/api/v3/user/dashboard/${shared.id}`, d.readerCookie)).status).toBe(404);
    expect((await listOf('baltic')).some((x) => x.id === shared.id)).toBe(false);

    // Unshared: gone from the others' lists.
    expect((await share(shared.id, null)).statusCode).toBe(200);
    expect((await listOf('reader')).some((x) => x.id === shared.id)).toBe(false);
    expect((await getJson(d.s.app, `/api/v3/user/dashboard/${shared.id}`, cookie.reader!)).status).toBe(404);

    const entries = await audits('dashboard.share');
    expect(entries.map((e) => e.details)).toEqual([
      { owner: 'own.b', sharedWith: { from: null, to: d.nordic } },
      { owner: 'own.b', sharedWith: { from: d.nordic, to: null } },
    ]);
    expect(entries[0]).toMatchObject({ organizationId: d.nordic, targetType: 'dashboard', targetId: String(shared.id) });
  });

  it("moves a user's open tasks to another user of the organisation, leaving closed ones", async () => {
    await newTask(d.nordic, 'own-t1', ['own.a'], 'resting');
    await newTask(d.nordic, 'own-t2', ['own.a', 'own.b'], 'working');
    await newTask(d.nordic, 'own-t3', ['own.a'], 'done');
    await newTask(d.nordic, 'own-t4', ['own.a'], 'reported');
    const view = (await getJson<Data<WorkspaceOwnershipView>>(d.s.app, '/api/v3/admin/ownership/workspaces', d.superCookie)).body.data;
    const ws = view.workspaces.find((w) => w.userId === id.a && w.organizationId === d.nordic);
    expect(ws!.tasks.map((t) => t.id).sort()).toEqual(['own-t1', 'own-t2', 'own-t4']);
    expect(view.workspaces.some((w) => w.userId === id.stranger)).toBe(false);

    const url = '/api/v3/admin/ownership/workspaces/transfer';
    const cross = await send('POST', url, d.superCookie, { organizationId: d.nordic, fromUserId: id.a, toUserId: id.baltic });
    expect([cross.statusCode, cross.json().message]).toEqual([400, OWNERSHIP_MESSAGES.notInOrganization]);
    expect((await send('POST', url, d.superCookie, { organizationId: d.nordic, fromUserId: id.a, toUserId: id.stranger })).statusCode).toBe(404);
    expect((await send('POST', url, d.superCookie, { organizationId: d.nordic, fromUserId: id.a, toUserId: id.b, taskIds: ['own-t3'] })).statusCode).toBe(404);
    expect((await send('POST', url, d.superCookie, { organizationId: d.nordic, fromUserId: id.a, toUserId: id.b, taskIds: [] })).statusCode).toBe(400);

    const before = await d.s.db.db.select().from(tasks).where(eq(tasks.id, 'own-t1'));
    const res = await send('POST', url, d.superCookie, { organizationId: d.nordic, fromUserId: id.a, toUserId: id.b });
    expect(res.statusCode).toBe(200);
    expect(res.json<Data<{ taskIds: string[] }>>().data.taskIds).toEqual(['own-t1', 'own-t2', 'own-t4']);
    const rows = await d.s.db.db.select().from(tasks).where(eq(tasks.organizationId, d.nordic));
    const doc = (tid: string) => rows.find((r) => r.id === tid)!;
    expect(doc('own-t1').doc.assignees).toEqual(['own.b']);
    expect(doc('own-t2').doc.assignees).toEqual(['own.b']);
    expect(doc('own-t3').doc.assignees).toEqual(['own.a']);
    expect(doc('own-t1').revision).toBe(before[0]!.revision + 1);
    expect(doc('own-t1').doc.activities.at(-1)).toMatchObject({ type: 'assignees', user: 'demo.super', assignees: ['own.b'] });
    const [entry] = await audits('workspace.transfer');
    expect(entry).toMatchObject({
      organizationId: d.nordic,
      targetId: String(id.a),
      details: { to: { id: id.b, username: 'own.b' }, tasks: 3 },
    });
  });

  it('keeps the membership rule: a user who left the organisation no longer sees what it shares', async () => {
    const shared = await custom('b', 'Left behind');
    await send('PUT', `/api/v3/admin/ownership/dashboards/${shared.id}/share`, d.superCookie, { organizationId: d.nordic });
    expect((await listOf('reader')).some((x) => x.id === shared.id)).toBe(true);
    await d.s.db.db
      .delete(userOrganizations)
      .where(and(eq(userOrganizations.userId, id.reader!), eq(userOrganizations.organizationId, d.nordic)));
    expect((await listOf('reader')).some((x) => x.id === shared.id)).toBe(false);
  });
});
