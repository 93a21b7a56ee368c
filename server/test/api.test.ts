import { and, eq, sql } from 'drizzle-orm';
import {
  DASHBOARD_KINDS,
  DASHBOARD_NAME_KEYS,
  MESSAGES,
  RIGHTS,
  TERMS_VERSION,
  TRIAL_WEEKS,
  USER_TYPES,
  type AdminUser,
  type Dashboard,
  type DashboardSummary,
  type FwEvent,
  type FwNotification,
  type FwTask,
  type OnboardingTagInfo,
  type SessionResponse,
  type Unit,
  type UserProfile,
} from '@fieldwatch/shared';
import { alarms, dashboards, nfcTags, notifications, tasks, units, users } from '../src/db/schema';
import { processAlarms } from '../src/modules/events/pipeline';
import { DEMO_TAGS } from '../src/seed/fleet';
import { seedDemo } from '../src/seed/seed';
import { DRIVERS, getJson, login, startDemo, type TestServer } from './helpers';

type Data<T> = { data: T };

describe.each(DRIVERS)('API on %s', (driver) => {
  let s: TestServer;
  let superCookie: string;
  let userCookie: string;
  let readerCookie: string;
  let nordic: number;
  let baltic: number;

  beforeAll(async () => {
    ({ s, superCookie, userCookie, readerCookie, nordic, baltic } = await startDemo(driver));
  });
  afterAll(async () => {
    await s?.close();
  });

  const put = (url: string, cookie: string) => s.app.inject({ method: 'PUT', url, headers: { cookie } });
  const get = <T>(url: string, cookie: string) => getJson<T>(s.app, url, cookie);

  it('seeds only an empty database', async () => {
    const before = await s.db.db.select({ n: sql<number>`count(*)::int` }).from(units);
    expect(await seedDemo(s.db.db)).toEqual({ seeded: false, units: 0, activeAlarms: 0, tasks: 0 });
    expect(await s.db.db.select({ n: sql<number>`count(*)::int` }).from(units)).toEqual(before);
  });

  describe('user session', () => {
    it('answers the access response with all organisations selected in a new session', async () => {
      const { status, body } = await get<Data<SessionResponse>>('/api/v3/user/session', superCookie);
      expect(status).toBe(200);
      const r = body.data;
      expect(r.userType).toBe(USER_TYPES.SuperUser);
      expect(r.user).toMatchObject({
        username: 'demo.super',
        userType: USER_TYPES.SuperUser,
        language: 'en',
      });
      expect(r.Customers).toEqual([
        {
          CustomerID: nordic,
          CustomerName: 'Nordic Utilities',
          CustomerRights: [{ Widget: RIGHTS.GIS }, { Widget: RIGHTS.Parking }],
        },
        { CustomerID: baltic, CustomerName: 'Baltic Water', CustomerRights: [{ Widget: RIGHTS.GIS }] },
      ]);
      expect(r.selectedCustomers).toEqual([nordic, baltic]);

      const reader = (await get<Data<SessionResponse>>('/api/v3/user/session', readerCookie)).body.data;
      expect(reader.userType).toBe(USER_TYPES.Reader);
      expect(reader.Customers.map((c) => c.CustomerID)).toEqual([baltic]);
      expect(reader.selectedCustomers).toEqual([baltic]);
    });

    it('selects customers for this session only', async () => {
      const cookie = await login(s.app, 'demo.super');
      const res = await put(`/api/v3/user/session/current_organization?id=${baltic}`, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json<Data<SessionResponse>>().data.selectedCustomers).toEqual([baltic]);
      expect(
        (await get<Data<SessionResponse>>('/api/v3/user/session', cookie)).body.data.selectedCustomers,
      ).toEqual([baltic]);
      // Another session of the same user keeps its own selection.
      expect(
        (await get<Data<SessionResponse>>('/api/v3/user/session', superCookie)).body.data.selectedCustomers,
      ).toEqual([nordic, baltic]);

      const both = await put(`/api/v3/user/session/current_organization?id=${nordic},${baltic}`, cookie);
      expect(both.json<Data<SessionResponse>>().data.selectedCustomers).toEqual([nordic, baltic]);
      // Kept in id order, whatever order they were ticked in (the first is the forms' default).
      const reversed = await put(`/api/v3/user/session/current_organization?id=${baltic},${nordic},${baltic}`, cookie);
      expect(reversed.json<Data<SessionResponse>>().data.selectedCustomers).toEqual([nordic, baltic].sort((x, y) => x - y));
    });

    it('refuses organisations that are not the user’s, and empty or malformed lists', async () => {
      const foreign = await put(
        `/api/v3/user/session/current_organization?id=${baltic},${nordic}`,
        userCookie,
      );
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toContain(String(baltic));
      for (const q of ['?id=', '?id=abc', '?id=1,,2', '?id=-1', '?id=0', '']) {
        const res = await put(`/api/v3/user/session/current_organization${q}`, userCookie);
        expect([res.statusCode, q]).toEqual([400, q]);
        expect(res.json().message).toEqual(expect.any(String));
      }
      expect(
        (await get<Data<SessionResponse>>('/api/v3/user/session', userCookie)).body.data.selectedCustomers,
      ).toEqual([nordic]);
    });
  });

  describe('profile', () => {
    it('answers the profile', async () => {
      const { body } = await get<Data<UserProfile>>('/api/v3/user/profile', userCookie);
      expect(body.data).toEqual({
        id: expect.any(Number),
        username: 'demo.user',
        name: 'Erik Johansson',
        title: 'Field technician',
        email: 'erik.johansson@fieldwatch.example',
        phone: expect.any(String),
        thumbnail: null,
        location: 'Uppsala',
        userType: USER_TYPES.User,
        language: 'en',
        timeConfig: { timeFormat: '24h', timezone: 'Europe/Stockholm', dateFormat: 'DD MMM YYYY' },
        notification: { email: false, desktop: true },
        avatar: null,
        theme: null,
      });
    });

    it('changes the language to a supported one only', async () => {
      const cookie = await login(s.app, 'demo.reader');
      const ok = await put('/api/v3/user/profile/language?language=sv', cookie);
      expect(ok.statusCode).toBe(200);
      expect(ok.json<Data<UserProfile>>().data.language).toBe('sv');
      for (const q of ['?language=fr', '?language=xx', '?language=', '']) {
        const res = await put(`/api/v3/user/profile/language${q}`, cookie);
        expect([res.statusCode, q]).toEqual([400, q]);
      }
      expect((await get<Data<UserProfile>>('/api/v3/user/profile', cookie)).body.data.language).toBe('sv');
      await put('/api/v3/user/profile/language?language=en', cookie);
    });
  });

  describe('dashboards', () => {
    const list = (cookie: string, query = '?excludeContent=true&useContext=true') =>
      get<Data<Array<DashboardSummary | Dashboard>>>(`/api/v3/user/dashboard${query}`, cookie);

    it('creates the built-ins once, in kind order, parking included for a parking customer', async () => {
      const first = await list(superCookie);
      expect(first.status).toBe(200);
      expect(first.body.data.map((d) => d.static)).toEqual([...DASHBOARD_KINDS]);
      expect(first.body.data[0]).toEqual({
        id: expect.any(Number),
        name: DASHBOARD_NAME_KEYS.overview,
        static: 'overview',
        version: '1',
      });
      expect(first.body.data[0]).not.toHaveProperty('content');
      const second = await list(superCookie);
      expect(second.body.data).toEqual(first.body.data);
      const [superUser] = await s.db.db.select().from(users).where(eq(users.username, 'demo.super'));
      const rows = await s.db.db.select().from(dashboards).where(eq(dashboards.userId, superUser!.id));
      expect(rows).toHaveLength(DASHBOARD_KINDS.length);
    });

    it('has no parking dashboard without a parking customer in scope', async () => {
      expect((await list(readerCookie)).body.data.map((d) => d.static)).toEqual(
        DASHBOARD_KINDS.filter((k) => k !== 'parking'),
      );
      const cookie = await login(s.app, 'demo.super');
      await put(`/api/v3/user/session/current_organization?id=${baltic}`, cookie);
      expect((await list(cookie)).body.data.map((d) => d.static)).not.toContain('parking');
      expect(
        (await list(cookie, '?excludeContent=true&useContext=false')).body.data.map((d) => d.static),
      ).toContain('parking');
    });

    it('answers content unless excluded, and one dashboard by id', async () => {
      const full = (await list(userCookie, '?useContext=true')).body.data as Dashboard[];
      const overview = full.find((d) => d.static === 'overview')!;
      expect(overview.content.widgets.map((w) => w.component)).toEqual([
        'status',
        'temp',
        'battery',
        'alarms',
        'weather',
        'unitMap',
      ]);
      expect(Object.keys(overview.content.layouts).sort()).toEqual(['md', 'sm', 'xs']);
      expect(overview.content.linkGroups).toEqual([{ id: 'default', name: 'default', color: 'group-one' }]);

      const one = await get<Data<Dashboard>>(`/api/v3/user/dashboard/${overview.id}`, userCookie);
      expect(one.status).toBe(200);
      expect(one.body.data).toEqual(overview);
    });

    it("answers 404 for someone else's dashboard and 400 for a malformed id", async () => {
      const mine = (await list(superCookie)).body.data[0]!;
      const other = await get<{ message: string }>(`/api/v3/user/dashboard/${mine.id}`, readerCookie);
      expect(other.status).toBe(404);
      expect(other.body.message).toBe(MESSAGES.dashboardNotFound);
      expect((await get(`/api/v3/user/dashboard/999999`, readerCookie)).status).toBe(404);
      expect((await get(`/api/v3/user/dashboard/abc`, readerCookie)).status).toBe(400);
      expect((await get(`/api/v3/user/dashboard?excludeContent=perhaps`, readerCookie)).status).toBe(400);
    });
  });

  describe('devices', () => {
    it('lists units with their active alarms, scoped to the selected customers', async () => {
      const all = (await get<Data<Unit[]>>('/api/v2/device/devices', superCookie)).body.data;
      expect(all.length).toBeGreaterThanOrEqual(240);
      expect(new Set(all.map((u) => u.CustomerID))).toEqual(new Set([nordic, baltic]));
      const unit = all[0]!;
      expect(unit).toEqual({
        UnitID: expect.any(Number),
        UnitName: expect.any(String),
        UnitLocation: expect.any(String),
        UnitType: expect.any(Number),
        UnitGPSLatitude: expect.any(Number),
        UnitGPSLongitude: expect.any(Number),
        CustomerID: expect.any(Number),
        AlarmEvents: expect.any(Array),
      });
      const withAlarms = all.filter((u) => u.AlarmEvents.length > 0);
      expect(withAlarms.length).toBeGreaterThan(all.length * 0.08);
      expect(withAlarms[0]!.AlarmEvents[0]).toEqual({
        AlarmID: expect.any(Number),
        AlarmType: expect.any(Number),
        AlarmEventText: expect.any(String),
        AlarmEventTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        ChannelID: expect.any(Number),
      });
      // Only active alarms are AlarmEvents.
      const [{ n }] = (await s.db.db
        .select({ n: sql<number>`count(*)::int` })
        .from(alarms)
        .where(eq(alarms.active, true))) as [{ n: number }];
      expect(all.reduce((sum, u) => sum + u.AlarmEvents.length, 0)).toBe(Number(n));
      const [{ inactive }] = (await s.db.db
        .select({ inactive: sql<number>`count(*)::int` })
        .from(alarms)
        .where(eq(alarms.active, false))) as [{ inactive: number }];
      expect(Number(inactive)).toBeGreaterThan(0);
    });

    it('never shows a reader Nordic Utilities units', async () => {
      for (const q of ['?use_context=true', '?use_context=false', '']) {
        const units = (await get<Data<Unit[]>>(`/api/v2/device/devices${q}`, readerCookie)).body.data;
        expect(units.length).toBeGreaterThan(50);
        expect(units.every((u) => u.CustomerID === baltic)).toBe(true);
      }
    });

    it('scopes use_context=true by the selection, and everything otherwise', async () => {
      const cookie = await login(s.app, 'demo.super');
      await put(`/api/v3/user/session/current_organization?id=${nordic}`, cookie);
      const scoped = (await get<Data<Unit[]>>('/api/v2/device/devices?use_context=true', cookie)).body.data;
      expect(scoped.length).toBeGreaterThan(0);
      expect(scoped.every((u) => u.CustomerID === nordic)).toBe(true);
      const unscoped = (await get<Data<Unit[]>>('/api/v2/device/devices?use_context=false', cookie)).body
        .data;
      expect(unscoped.some((u) => u.CustomerID === baltic)).toBe(true);
      expect((await get('/api/v2/device/devices?use_context=sometimes', cookie)).status).toBe(400);
    });

    it('v1 filters by ?orgs and ignores organisations the user does not belong to', async () => {
      const asked = await get<Unit[]>(`/api/v1/device?orgs=${nordic},${baltic}`, readerCookie);
      expect(asked.status).toBe(200);
      expect(Array.isArray(asked.body)).toBe(true);
      expect(asked.body.length).toBeGreaterThan(0);
      expect(asked.body.every((u) => u.CustomerID === baltic)).toBe(true);
      expect((await get<Unit[]>(`/api/v1/device?orgs=${nordic}`, readerCookie)).body).toEqual([]);
      const superNordic = (await get<Unit[]>(`/api/v1/device?orgs=${nordic}`, superCookie)).body;
      expect(superNordic.length).toBeGreaterThan(0);
      expect(superNordic.every((u) => u.CustomerID === nordic)).toBe(true);
      expect((await get<Unit[]>('/api/v1/device', readerCookie)).body).toHaveLength(asked.body.length);
      expect((await get('/api/v1/device?orgs=abc', readerCookie)).status).toBe(400);
    });
  });

  describe('events, notifications and tasks', () => {
    const balticUnitIds = async () =>
      new Set(
        (await s.db.db.select({ id: units.id }).from(units).where(eq(units.organizationId, baltic))).map(
          (r) => r.id,
        ),
      );

    it('answers events of the selected customers, newest first, with a limit', async () => {
      const events = (await get<Data<FwEvent[]>>('/api/v3/events/events', readerCookie)).body.data;
      expect(events.length).toBeGreaterThan(0);
      const mine = await balticUnitIds();
      expect(events.every((e) => mine.has(e.unitId!))).toBe(true);
      expect(events.every((e) => e.kind === 'event' && e.version === '2')).toBe(true);
      const created = events.map((e) => e.created);
      expect([...created].sort().reverse()).toEqual(created);
      expect(
        (await get<Data<FwEvent[]>>('/api/v3/events/events?limit=3', superCookie)).body.data,
      ).toHaveLength(3);
      for (const q of ['?limit=0', '?limit=1001', '?limit=ten']) {
        expect((await get(`/api/v3/events/events${q}`, superCookie)).status).toBe(400);
      }
    });

    it('answers tasks with followed-up statuses, scoped to the selection', async () => {
      const all = (await get<Data<FwTask[]>>('/api/v3/events/tasks?limit=1000', superCookie)).body.data;
      const statuses = new Set(all.map((t) => t.status));
      for (const st of ['resting', 'working', 'reported', 'done']) expect(statuses).toContain(st);
      expect(all.some((t) => t.assignees.length > 0)).toBe(true);
      expect(all.some((t) => t.activities.some((a) => a.type === 'note'))).toBe(true);
      const mine = await balticUnitIds();
      const readerTasks = (await get<Data<FwTask[]>>('/api/v3/events/tasks', readerCookie)).body.data;
      expect(readerTasks.length).toBeGreaterThan(0);
      expect(readerTasks.every((t) => mine.has(t.unitId!) && t.signature === `Alarm${t.unitId}`)).toBe(true);
    });

    it("answers only the user's notifications and marks one seen", async () => {
      const list = (
        await get<Data<FwNotification[]>>('/api/v3/events/notifications?limit=1000', readerCookie)
      ).body.data;
      expect(list.length).toBeGreaterThan(0);
      const [reader] = await s.db.db.select().from(users).where(eq(users.username, 'demo.reader'));
      const own = await s.db.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.userId, reader!.id));
      expect(new Set(list.map((n) => n.id))).toEqual(new Set(own.map((n) => n.id)));
      expect(list.some((n) => n.seen)).toBe(true);

      const unseen = list.find((n) => !n.seen)!;
      const res = await put(`/api/v3/events/notifications/${unseen.id}/seen`, readerCookie);
      expect(res.statusCode).toBe(200);
      expect(res.json<Data<FwNotification>>().data.seen).toEqual(expect.any(String));
      const again = (
        await get<Data<FwNotification[]>>('/api/v3/events/notifications?limit=1000', readerCookie)
      ).body.data;
      expect(again.find((n) => n.id === unseen.id)!.seen).toEqual(expect.any(String));

      // Missing, or someone else's: nothing happens, still 200.
      const missing = await put('/api/v3/events/notifications/does-not-exist/seen', readerCookie);
      expect(missing.statusCode).toBe(200);
      expect(missing.json()).toEqual({ data: null });
      const superUnseen = (
        await get<Data<FwNotification[]>>('/api/v3/events/notifications?limit=1000', superCookie)
      ).body.data.find((n) => !n.seen)!;
      expect((await put(`/api/v3/events/notifications/${superUnseen.id}/seen`, readerCookie)).json()).toEqual(
        { data: null },
      );
      const [row] = await s.db.db.select().from(notifications).where(eq(notifications.id, superUnseen.id));
      expect(row!.doc.seen).toBeUndefined();
    });

    it('runs new alarms through the pipeline: an open task collects them, otherwise a new task starts', async () => {
      const open = (await s.db.db.select().from(tasks).where(eq(tasks.organizationId, baltic))).find(
        (t) => t.doc.status === 'resting',
      )!;
      const unitId = open.doc.unitId!;
      const [unit] = await s.db.db.select().from(units).where(eq(units.id, unitId));
      const openSignatures = new Set((await s.db.db.select().from(tasks)).map((t) => t.doc.signature));
      const fresh = (await s.db.db.select().from(units).where(eq(units.organizationId, baltic))).find(
        (u) => !openSignatures.has(`Alarm${u.id}`),
      )!;
      const at = new Date().toISOString();
      const alarm = (u: typeof unit) => ({
        organizationId: baltic,
        at,
        AlarmType: 28,
        AlarmEventText: 'Battery voltage 3.05 V below limit 3.30 V',
        AlarmEventTime: at.slice(0, 19).replace('T', ' '),
        UnitID: u!.id,
        ChannelID: 5,
        UnitName: u!.name,
        UnitType: u!.type,
      });
      const result = await processAlarms(s.db.db, [alarm(unit), alarm(fresh)]);
      expect(result.events).toHaveLength(2);
      expect(result.notifications).toHaveLength(2 * 2); // demo.super and demo.reader are in Baltic Water
      const [joined] = await s.db.db.select().from(tasks).where(eq(tasks.id, open.id));
      expect(joined!.doc.eventIds).toEqual([...open.doc.eventIds, result.events[0]!.event.id]);
      expect(joined!.revision).toBe(open.revision + 1);
      const started = await s.db.db
        .select()
        .from(tasks)
        .where(
          and(eq(tasks.organizationId, baltic), sql`${tasks.doc}->>'signature' = ${`Alarm${fresh.id}`}`),
        );
      expect(started.map((t) => t.doc.status)).toContain('resting');
    });
  });

  describe('admin', () => {
    it('lists users sharing an organisation with a SuperUser', async () => {
      const { status, body } = await get<Data<AdminUser[]>>('/api/v3/admin/users', superCookie);
      expect(status).toBe(200);
      expect(body.data.map((u) => u.username).sort()).toEqual(['demo.reader', 'demo.super', 'demo.user']);
      const reader = body.data.find((u) => u.username === 'demo.reader')!;
      expect(reader).toEqual({
        id: expect.any(Number),
        username: 'demo.reader',
        name: 'Freja Hansen',
        email: 'freja.hansen@fieldwatch.example',
        userType: USER_TYPES.Reader,
        organizations: [{ id: baltic, name: 'Baltic Water' }],
        lastLogin: expect.any(String),
        title: 'Analyst',
        phone: '+45 20 12 34 56',
        status: 'active',
        invitedAt: null,
        deactivatedAt: null,
        manageable: true,
        personalNumber: null,
        twoFactor: false,
      });
    });

    it.each([['demo.user'], ['demo.reader']])('refuses %s with 403', async (username) => {
      const cookie = username === 'demo.user' ? userCookie : readerCookie;
      const res = await get<{ message: string }>('/api/v3/admin/users', cookie);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('You are missing authority for this area');
    });
  });

  describe('NFC and onboarding', () => {
    it('answers tag info publicly, without a session', async () => {
      const res = await s.app.inject({
        method: 'GET',
        url: `/api/v3/onboarding/tag/${DEMO_TAGS.notActivated}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<Data<OnboardingTagInfo>>().data).toEqual({
        tagUuid: DEMO_TAGS.notActivated,
        unitId: expect.any(Number),
        unitName: expect.any(String),
        model: expect.any(String),
        activated: false,
        supported: true,
        trialWeeks: TRIAL_WEEKS,
        termsVersion: TERMS_VERSION,
      });
      const activated = await s.app.inject({
        method: 'GET',
        url: `/api/v3/onboarding/tag/${DEMO_TAGS.activated}`,
      });
      expect(activated.json<Data<OnboardingTagInfo>>().data.activated).toBe(true);
    });

    it('answers 404 for an unknown tag and 400 for a malformed one', async () => {
      const unknown = await s.app.inject({
        method: 'GET',
        url: '/api/v3/onboarding/tag/00000000-0000-4000-8000-000000000000',
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(MESSAGES.notFound);
      expect((await s.app.inject({ method: 'GET', url: '/api/v3/onboarding/tag/bad$tag' })).statusCode).toBe(
        400,
      );
    });

    it("answers a unit's tag to a member of its organisation only", async () => {
      const [tagged] = await s.db.db
        .select({ unitId: nfcTags.unitId, tag: nfcTags.tagUuid, org: units.organizationId })
        .from(nfcTags)
        .innerJoin(units, eq(units.id, nfcTags.unitId))
        .where(eq(nfcTags.tagUuid, DEMO_TAGS.notActivated));
      expect(tagged!.org).toBe(nordic);
      expect((await get(`/api/v1/nfc/tag?unit=${tagged!.unitId}`, userCookie)).body).toEqual({
        tag_uuid: DEMO_TAGS.notActivated,
      });
      expect((await get(`/api/v1/nfc/tag?unit=${tagged!.unitId}`, readerCookie)).status).toBe(404);

      const untagged = (await s.db.db.select().from(units).where(eq(units.organizationId, nordic))).find(
        (u) => u.id !== tagged!.unitId,
      )!;
      const hasTag = (await s.db.db.select().from(nfcTags).where(eq(nfcTags.unitId, untagged.id))).length > 0;
      if (!hasTag)
        expect((await get(`/api/v1/nfc/tag?unit=${untagged.id}`, userCookie)).body).toEqual({ tag_uuid: '' });
      expect((await get('/api/v1/nfc/tag?unit=99999999', userCookie)).status).toBe(404);
      expect((await get('/api/v1/nfc/tag', userCookie)).status).toBe(400);
      expect((await get('/api/v1/nfc/tag?unit=abc', userCookie)).status).toBe(400);
    });
  });

  describe('malformed input', () => {
    it('answers 400 (never 500) for broken JSON on any JSON endpoint, and 404 JSON for unknown API paths', async () => {
      const res = await s.app.inject({
        method: 'PUT',
        url: '/api/v3/events/notifications/x/seen',
        payload: '{nope',
        headers: { cookie: superCookie, 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      const unknown = await get<{ message: string }>('/api/v3/nothing/here', superCookie);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(MESSAGES.notFound);
    });
  });
});
