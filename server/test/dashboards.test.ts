import { eq } from 'drizzle-orm';
import {
  CUSTOM_DASHBOARD_NAME,
  DASHBOARD_MESSAGES,
  MESSAGES,
  WIDGET_CATALOGUE,
  defaultDashboardContent,
  emptyDashboardContent,
  type DashboardDocument,
  type DashboardSummary,
  type DashboardTemplate,
} from '@fieldwatch/shared';
import { dashboards } from '../src/db/schema';
import { DRIVERS, getJson, login, startServer, type TestServer } from './helpers';

type Data<T> = { data: T };

describe.each(DRIVERS)('dashboards on %s', (driver) => {
  let s: TestServer;
  let userCookie: string;
  let readerCookie: string;
  let superCookie: string;

  beforeAll(async () => {
    s = await startServer(driver);
    userCookie = await login(s.app, 'demo.user');
    readerCookie = await login(s.app, 'demo.reader');
    superCookie = await login(s.app, 'demo.super');
  });
  afterAll(async () => {
    await s?.close();
  });

  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
    s.app.inject({ method, url, headers: { cookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const get = <T>(url: string, cookie: string) => getJson<T>(s.app, url, cookie);
  const builtIn = async (cookie: string, kind: string) =>
    (await get<Data<DashboardSummary[]>>('/api/v3/user/dashboard?excludeContent=true', cookie)).body.data.find(
      (d) => d.static === kind,
    )!;

  /** A new custom dashboard of the demo user. */
  const makeCustom = async () =>
    (await send('POST', '/api/v3/user/dashboard', userCookie, {})).json<Data<DashboardDocument>>().data;
  /**
   * The custom dashboard the later tests edit (made here, so that any one of them can run alone).
   * Tests that need it as created (its first updatedAt) or delete it make their own.
   */
  let custom: DashboardDocument;
  beforeAll(async () => {
    custom = await makeCustom();
  });

  it('creates a custom dashboard: empty and named Default', async () => {
    const res = await send('POST', '/api/v3/user/dashboard', userCookie, {});
    expect(res.statusCode).toBe(201);
    const created = res.json<Data<DashboardDocument>>().data;
    expect(created).toMatchObject({ name: CUSTOM_DASHBOARD_NAME, static: null, version: '1', filter: {} });
    expect(created.content).toEqual(emptyDashboardContent());
    expect(created.content.linkGroups).toEqual([{ id: 'default', name: 'default', color: 'group-one' }]);
  });

  it('creates from a template and lists the templates and the widget catalogue', async () => {
    const t = await get<Data<DashboardTemplate[]>>('/api/v3/user/dashboard/template', userCookie);
    expect(t.body.data.map((x) => x.id)).toEqual(['overview', 'units', 'alarms', 'map', 'telemetry', 'parking']);
    const reader = await get<Data<DashboardTemplate[]>>('/api/v3/user/dashboard/template', readerCookie);
    expect(reader.body.data.map((x) => x.id)).not.toContain('parking');
    const res = await send('POST', '/api/v3/user/dashboard', userCookie, { name: 'My map', templateId: 'map' });
    expect(res.statusCode).toBe(201);
    expect(res.json<Data<DashboardDocument>>().data).toMatchObject({ name: 'My map', content: defaultDashboardContent('map') });
    expect((await send('POST', '/api/v3/user/dashboard', readerCookie, { templateId: 'parking' })).statusCode).toBe(400);
    expect((await send('POST', '/api/v3/user/dashboard', userCookie, { templateId: 'kitchen' })).statusCode).toBe(400);
    const w = await get<Data<typeof WIDGET_CATALOGUE>>('/api/v3/user/widget', userCookie);
    expect(w.status).toBe(200);
    expect(w.body.data).toEqual(WIDGET_CATALOGUE);
  });

  it('saves content, validates it and refuses lost updates', async () => {
    const custom = await makeCustom();
    const content = {
      ...emptyDashboardContent(),
      linkGroups: [{ id: 'default', name: 'default', color: 'group-one' }, { id: 'g2', name: 'Two', color: 'group-two' }],
      widgets: [{ id: 'm', component: 'unitMap', name: 'Map', group: 'g2', props: {}, settings: {} }],
      layouts: { md: [{ i: 'm', x: 0, y: 0, w: 12, h: 8, mW: 4, mH: 4 }], sm: [], xs: [] },
      bindings: { g2: { units: { value: [10001], updatedBy: 'manual' } } },
    };
    const ok = await send('PUT', `/api/v3/user/dashboard/${custom.id}`, userCookie, {
      content,
      version: '1',
      updatedAt: custom.updatedAt,
    });
    expect(ok.statusCode).toBe(200);
    const saved = ok.json<Data<DashboardDocument>>().data;
    expect(saved.content).toEqual(content);
    expect(saved.updatedAt).not.toBe(custom.updatedAt);

    // The same base again: someone else saved in between.
    const stale = await send('PUT', `/api/v3/user/dashboard/${custom.id}`, userCookie, { content: emptyDashboardContent(), updatedAt: custom.updatedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('conflict');

    const linkGroup = await send('PUT', `/api/v3/user/dashboard/${custom.id}`, userCookie, {
      content: { ...content, widgets: [{ ...content.widgets[0], group: 'nope' }] },
    });
    expect(linkGroup.statusCode).toBe(400);
    expect(linkGroup.json().message).toBe(MESSAGES.linkGroupMissing);
    const twoMaps = await send('PUT', `/api/v3/user/dashboard/${custom.id}`, userCookie, {
      content: { ...content, widgets: [content.widgets[0], { id: 'a', component: 'alarmMap', name: 'A', group: 'default', props: {}, settings: {} }] },
    });
    expect(twoMaps.statusCode).toBe(400);
    expect(twoMaps.json().message).toBe(MESSAGES.onlyOneMap);
    for (const bad of [{}, { content: 'x' }, { content: { layouts: { md: [{ i: 'zz', x: 0, y: 0, w: 1, h: 1, mW: 1, mH: 1 }] } } }, { content, version: '2' }]) {
      expect((await send('PUT', `/api/v3/user/dashboard/${custom.id}`, userCookie, bad)).statusCode).toBe(400);
    }
    const now = await get<Data<DashboardDocument>>(`/api/v3/user/dashboard/${custom.id}`, userCookie);
    expect(now.body.data.content).toEqual(content);
    expect(now.body.data.updatedAt).toBe(saved.updatedAt);
  });

  it('renames and stores filter settings', async () => {
    const r = await send('PUT', `/api/v3/user/dashboard/${custom.id}/updateName`, userCookie, { name: 'Harbour', id: custom.id });
    expect(r.statusCode).toBe(200);
    expect(r.json<Data<DashboardDocument>>().data.name).toBe('Harbour');
    expect((await send('PUT', `/api/v3/user/dashboard/${custom.id}/updateName`, userCookie, { name: ' ' })).json().message).toBe(
      MESSAGES.missingParameters,
    );
    expect((await send('PUT', `/api/v3/user/dashboard/${custom.id}/updateName`, userCookie, { name: 'x', id: custom.id + 1 })).statusCode).toBe(400);

    const filter = { statuses: ['alarm', 'problem'], unitTypes: [219], search: 'pump' };
    const f = await send('PUT', `/api/v3/user/dashboard/${custom.id}/filter`, userCookie, filter);
    expect(f.statusCode).toBe(200);
    expect((await get<Data<DashboardDocument>>(`/api/v3/user/dashboard/${custom.id}`, userCookie)).body.data.filter).toEqual(filter);
    expect((await send('PUT', `/api/v3/user/dashboard/${custom.id}/filter`, userCookie, { statuses: ['purple'] })).statusCode).toBe(400);
  });

  it('a rename keeps the content revision: a save based on the version before it is not refused', async () => {
    const before = (await get<Data<DashboardDocument>>(`/api/v3/user/dashboard/${custom.id}`, userCookie)).body.data;
    const renamed = await send('PUT', `/api/v3/user/dashboard/${custom.id}/updateName`, userCookie, { name: 'Quay' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<Data<DashboardDocument>>().data.updatedAt).toBe(before.updatedAt);
    const saved = await send('PUT', `/api/v3/user/dashboard/${custom.id}`, userCookie, {
      content: before.content,
      updatedAt: before.updatedAt,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Data<DashboardDocument>>().data.name).toBe('Quay');
  });

  it('restores a built-in and refuses to delete one', async () => {
    const overview = await builtIn(userCookie, 'overview');
    const full = (await get<Data<DashboardDocument>>(`/api/v3/user/dashboard/${overview.id}`, userCookie)).body.data;
    await send('PUT', `/api/v3/user/dashboard/${overview.id}`, userCookie, { content: emptyDashboardContent(), updatedAt: full.updatedAt });
    const restored = await send('POST', `/api/v3/user/dashboard/${overview.id}/restore`, userCookie);
    expect(restored.statusCode).toBe(200);
    expect(restored.json<Data<DashboardDocument>>().data.content).toEqual(defaultDashboardContent('overview'));
    expect((await send('POST', `/api/v3/user/dashboard/${custom.id}/restore`, userCookie)).json().message).toBe(DASHBOARD_MESSAGES.notBuiltIn);
    const del = await send('DELETE', `/api/v3/user/dashboard/${overview.id}`, userCookie);
    expect(del.statusCode).toBe(400);
    expect(del.json().message).toBe(DASHBOARD_MESSAGES.builtInNotDeletable);
  });

  it("answers 'Dashboard not found' for another user's dashboard and changes nothing", async () => {
    const before = await s.db.db.select().from(dashboards).where(eq(dashboards.id, custom.id));
    const calls = [
      () => get(`/api/v3/user/dashboard/${custom.id}`, superCookie),
      () => send('PUT', `/api/v3/user/dashboard/${custom.id}`, superCookie, { content: emptyDashboardContent() }),
      () => send('PUT', `/api/v3/user/dashboard/${custom.id}/updateName`, superCookie, { name: 'x' }),
      () => send('PUT', `/api/v3/user/dashboard/${custom.id}/filter`, superCookie, { search: 'x' }),
      () => send('POST', `/api/v3/user/dashboard/${custom.id}/restore`, superCookie),
      () => send('DELETE', `/api/v3/user/dashboard/${custom.id}`, superCookie),
    ];
    for (const call of calls) {
      const res = await call();
      const status = 'status' in res ? res.status : res.statusCode;
      const body = 'body' in res && typeof res.body === 'object' ? res.body : (res as { json(): unknown }).json();
      expect(status).toBe(404);
      expect((body as { message: string }).message).toBe(MESSAGES.dashboardNotFound);
    }
    expect(await s.db.db.select().from(dashboards).where(eq(dashboards.id, custom.id))).toEqual(before);
    // Still its owner's, as it was.
    expect((await get(`/api/v3/user/dashboard/${custom.id}`, userCookie)).body).toMatchObject({ data: { id: custom.id, name: before[0]!.name } });
  });

  it('lets a Reader edit his own dashboards (personal settings)', async () => {
    const res = await send('POST', '/api/v3/user/dashboard', readerCookie, { name: 'Mine' });
    expect(res.statusCode).toBe(201);
    const d = res.json<Data<DashboardDocument>>().data;
    expect((await send('PUT', `/api/v3/user/dashboard/${d.id}/updateName`, readerCookie, { name: 'Renamed' })).statusCode).toBe(200);
    expect((await send('DELETE', `/api/v3/user/dashboard/${d.id}`, readerCookie)).statusCode).toBe(200);
    expect((await get(`/api/v3/user/dashboard/${d.id}`, readerCookie)).status).toBe(404);
  });

  it('deletes a custom dashboard', async () => {
    const custom = await makeCustom();
    expect((await send('DELETE', `/api/v3/user/dashboard/${custom.id}`, userCookie)).statusCode).toBe(200);
    expect((await get(`/api/v3/user/dashboard/${custom.id}`, userCookie)).status).toBe(404);
    expect((await send('DELETE', '/api/v3/user/dashboard/abc', userCookie)).statusCode).toBe(400);
  });
});
