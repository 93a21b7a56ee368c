import { eq, sql } from 'drizzle-orm';
import type {
  FwEvent,
  FwNotification,
  FwTask,
  UserDataRecord,
  UserDataWriteResult,
} from '@fieldwatch/shared';
import { containers, events, notifications, tasks, userData } from '../src/db/schema';
import { DRIVERS, startDemo, type TestServer } from './helpers';

describe.each(DRIVERS)('user data on %s', (driver) => {
  let s: TestServer;
  let userCookie: string;
  let superCookie: string;
  let readerCookie: string;
  let nordic: number;
  let baltic: number;

  beforeAll(async () => {
    ({ s, superCookie, userCookie, readerCookie, nordic, baltic } = await startDemo(driver));
  });
  afterAll(async () => {
    await s?.close();
  });

  const x = async <T>(
    method: string,
    cookie: string,
    params: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) => {
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/v1/xrequest/${method}`,
      headers: { cookie, ...headers },
      payload: params,
    });
    return { status: res.statusCode, body: res.json() as T };
  };
  const read = async <T>(
    ns: string,
    key: string,
    cookie = userCookie,
    extra: Record<string, unknown> = {},
  ) => {
    const r = await x<UserDataRecord[]>('GetUserData', cookie, { ValueType: ns, ValueID: key, ...extra });
    expect(r.status).toBe(200);
    return JSON.parse(r.body[0]!.JSonData) as T;
  };
  const now = new Date().toISOString();

  describe('plain values (user_data)', () => {
    it('stores, reads and deletes a personal value, and falls back to the default', async () => {
      expect((await x('GetUserData', userCookie, { ValueType: '_prefs', ValueID: 'filters' })).body).toEqual([
        {},
      ]);
      const set = await x<UserDataWriteResult[]>('SetUserData', userCookie, {
        ValueType: '_prefs',
        ValueID: 'filters',
        JSonData: '{"status":["alarm"]}',
      });
      expect(set.body[0]).toMatchObject({ Stored: 1, Revision: 1 });
      const got = await x<UserDataRecord[]>('GetUserData', userCookie, {
        ValueType: '_prefs',
        ValueID: 'filters',
      });
      expect(got.body[0]).toMatchObject({
        JSonData: '{"status":["alarm"]}',
        Default: 'N',
        Revision: 1,
        CustomerID: nordic,
      });

      await x('SetUserData', superCookie, {
        ValueType: '_prefs',
        ValueID: 'layout',
        JSonData: '[1,2]',
        Default: 'Y',
        CustomerID: nordic,
      });
      const fallback = await x<UserDataRecord[]>('GetUserData', userCookie, {
        ValueType: '_prefs',
        ValueID: 'layout',
      });
      expect(fallback.body[0]).toMatchObject({ JSonData: '[1,2]', Default: 'Y' });

      const del = await x<Array<{ Deleted: number }>>('DeleteUserData', userCookie, {
        ValueType: '_prefs',
        ValueID: 'filters',
      });
      expect(del.body[0]!.Deleted).toBe(1);
      expect((await x('GetUserData', userCookie, { ValueType: '_prefs', ValueID: 'filters' })).body).toEqual([
        {},
      ]);
    });

    it('two writers never silently overwrite: a missing or stale revision is a conflict', async () => {
      const p = { ValueType: '_prefs', ValueID: 'search', JSonData: '"pump"' };
      expect((await x('SetUserData', userCookie, p)).status).toBe(200);
      const again = await x<{ code: string }>('SetUserData', userCookie, { ...p, JSonData: '"tank"' });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('conflict');
      expect((await x('SetUserData', userCookie, { ...p, JSonData: '"tank"', Revision: 1 })).status).toBe(
        200,
      );
      expect((await x('SetUserData', userCookie, { ...p, JSonData: '"late"', Revision: 1 })).status).toBe(
        409,
      );
      expect(
        (await x('SetUserData', userCookie, { ...p, JSonData: '"etag"' }, { 'if-match': '"2"' })).status,
      ).toBe(200);
      const [row] = await s.db.db.select().from(userData).where(eq(userData.key, 'search'));
      expect(row).toMatchObject({ json: 'etag', revision: 3 });
    });

    it('validates input and rights', async () => {
      for (const bad of [
        {},
        { ValueType: 'a b', ValueID: 'x', JSonData: '1' },
        { ValueType: 'a', ValueID: 'x', JSonData: '{nope' },
        { ValueType: 'a', ValueID: 'x' },
        { ValueType: 'a', ValueID: 'x', JSonData: '1', Default: 'maybe' },
      ])
        expect((await x('SetUserData', userCookie, bad)).status).toBe(400);
      expect(
        (await x('SetUserData', readerCookie, { ValueType: 'a', ValueID: 'x', JSonData: '1' })).status,
      ).toBe(403);
      expect((await x('DeleteUserData', readerCookie, { ValueType: 'a', ValueID: 'x' })).status).toBe(403);
      expect(
        (
          await x('SetUserData', userCookie, {
            ValueType: 'a',
            ValueID: 'x',
            JSonData: '1',
            CustomerID: baltic,
          })
        ).status,
      ).toBe(404);
      expect(
        (await x('GetUserData', userCookie, { ValueType: 'a', ValueID: 'x', CustomerID: baltic })).status,
      ).toBe(404);
    });
  });

  describe('_event_management', () => {
    // A Nordic task of the demo user that the notifications test may fail to delete, then delete.
    beforeAll(async () => {
      const kept: FwTask = {
        id: 'ud-task-kept',
        created: now,
        version: '2',
        kind: 'task',
        title: 'Kept by user data',
        category: 'notice',
        type: 'custom',
        signature: '1',
        eventIds: [],
        assignees: [],
        status: 'resting',
        activities: [{ date: now, user: 'demo.user', type: 'status', status: 'resting' }],
      };
      const res = await x<UserDataWriteResult[]>('SetUserData', userCookie, {
        ValueType: '_event_management',
        ValueID: 'tasks',
        JSonData: [kept],
      });
      if (res.body[0]?.Stored !== 1)
        throw new Error(`task ud-task-kept: ${res.status} ${JSON.stringify(res.body)}`);
    });

    it('reads the typed tables: events (version 2), own notifications, tasks with revisions', async () => {
      const evs = await read<FwEvent[]>('_event_management', 'events');
      expect(evs.length).toBeGreaterThan(0);
      expect(evs.every((e) => e.version === '2')).toBe(true);
      const mine = await read<FwNotification[]>('_event_management', 'notifications');
      const [count] = await s.db.db
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(sql`user_id = (select id from users where username = 'demo.user')`);
      expect(mine).toHaveLength(Number(count!.n));
      const ts = await read<Array<FwTask & { revision: number }>>('_event_management', 'tasks', readerCookie);
      expect(ts.every((t) => typeof t.revision === 'number')).toBe(true);
    });

    it('stores valid records, ignores invalid ones, migrates version-1 events on read', async () => {
      const v1 = {
        id: 'ud-ev-1',
        created: now,
        kind: 'event',
        type: 'system',
        version: '1',
        title: 'Old',
        category: 'alert',
      };
      const invalid = { id: 'ud-ev-2', kind: 'event', type: 'system' };
      const res = await x<UserDataWriteResult[]>('SetUserData', userCookie, {
        ValueType: '_event_management',
        ValueID: 'events',
        JSonData: JSON.stringify([v1, invalid, 'junk']),
      });
      expect(res.body[0]).toMatchObject({ Stored: 1, Ignored: 2 });
      expect(await s.db.db.select().from(events).where(eq(events.id, 'ud-ev-2'))).toEqual([]);
      const back = (await read<FwEvent[]>('_event_management', 'events')).find((e) => e.id === 'ud-ev-1');
      expect(back).toMatchObject({ version: '2', category: 'notice' });
      // Same document again is fine; a changed one is a conflict.
      expect(
        (
          await x('SetUserData', userCookie, {
            ValueType: '_event_management',
            ValueID: 'events',
            JSonData: JSON.stringify(v1),
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await x('SetUserData', userCookie, {
            ValueType: '_event_management',
            ValueID: 'events',
            JSonData: JSON.stringify({ ...v1, title: 'New' }),
          })
        ).status,
      ).toBe(409);
    });

    it('tasks: new ones stored, updates need the revision they read, invalid activities ignored', async () => {
      const t: FwTask = {
        id: 'ud-task-1',
        created: now,
        version: '2',
        kind: 'task',
        title: 'From user data',
        category: 'notice',
        type: 'custom',
        signature: '1',
        eventIds: [],
        assignees: [],
        status: 'resting',
        activities: [{ date: now, user: 'demo.user', type: 'status', status: 'resting' }],
      };
      const badActivity = { ...t, id: 'ud-task-2', activities: [{ date: now, user: 'x', type: 'note' }] };
      const res = await x<UserDataWriteResult[]>('SetUserData', userCookie, {
        ValueType: '_event_management',
        ValueID: 'tasks',
        JSonData: [t, badActivity],
      });
      expect(res.body[0]).toMatchObject({ Stored: 1, Ignored: 1, Revisions: { 'ud-task-1': 1 } });
      const working = {
        ...t,
        status: 'working',
        activities: [...t.activities, { date: now, user: 'demo.user', type: 'status', status: 'working' }],
      };
      expect(
        (
          await x('SetUserData', userCookie, {
            ValueType: '_event_management',
            ValueID: 'tasks',
            JSonData: [working],
          })
        ).status,
      ).toBe(409);
      const ok = await x<UserDataWriteResult[]>('SetUserData', userCookie, {
        ValueType: '_event_management',
        ValueID: 'tasks',
        JSonData: [{ ...working, revision: 1 }],
      });
      expect(ok.body[0]!.Revisions).toEqual({ 'ud-task-1': 2 });
      const stale = await x('SetUserData', userCookie, {
        ValueType: '_event_management',
        ValueID: 'tasks',
        JSonData: [{ ...t, title: 'Lost?', revision: 1 }],
      });
      expect(stale.status).toBe(409);
      const [row] = await s.db.db.select().from(tasks).where(eq(tasks.id, 'ud-task-1'));
      expect(row).toMatchObject({ revision: 2, doc: { status: 'working', title: 'From user data' } });
    });

    it('tasks may not refer to events or users of another organisation (400, nothing stored)', async () => {
      const [foreign] = await s.db.db.select({ id: events.id }).from(events).where(eq(events.organizationId, baltic)).limit(1);
      const t = {
        id: 'ud-task-foreign',
        created: now,
        version: '2',
        kind: 'task',
        title: 'Borrowed event',
        category: 'notice',
        type: 'custom',
        signature: '1',
        eventIds: [foreign!.id],
        assignees: [],
        status: 'resting',
        activities: [{ date: now, user: 'demo.user', type: 'status', status: 'resting' }],
      };
      for (const bad of [t, { ...t, eventIds: [], assignees: ['someone.elsewhere'] }]) {
        const res = await x<{ message: string }>('SetUserData', userCookie, {
          ValueType: '_event_management',
          ValueID: 'tasks',
          JSonData: [bad],
        });
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/^Unknown (event|user) /);
      }
      expect(await s.db.db.select().from(tasks).where(eq(tasks.id, 'ud-task-foreign'))).toHaveLength(0);
    });

    it('notifications only gain their seen stamp; others’ records are 404 and nothing changes', async () => {
      const [mine] = await s.db.db
        .select()
        .from(notifications)
        .where(sql`user_id = (select id from users where username = 'demo.user') and doc->>'seen' is null`)
        .limit(1);
      const seen = '2026-11-22T10:00:00.000Z';
      await x('SetUserData', userCookie, {
        ValueType: '_event_management',
        ValueID: 'notifications',
        JSonData: [{ ...mine!.doc, seen, message: 'changed' }],
      });
      const [after] = await s.db.db.select().from(notifications).where(eq(notifications.id, mine!.id));
      expect(after!.doc).toEqual({ ...mine!.doc, seen });

      const [balticTask] = await s.db.db
        .select()
        .from(tasks)
        .where(eq(tasks.organizationId, baltic))
        .limit(1);
      const tasksBefore = await s.db.db.select().from(tasks).where(eq(tasks.organizationId, nordic));
      const sneaky = await x('SetUserData', userCookie, {
        ValueType: '_event_management',
        ValueID: 'tasks',
        JSonData: [
          { ...balticTask!.doc, title: 'mine now', revision: balticTask!.revision },
          { ...balticTask!.doc, id: 'ud-task-3' },
        ],
      });
      expect(sneaky.status).toBe(404);
      expect((await s.db.db.select().from(tasks).where(eq(tasks.id, balticTask!.id)))[0]).toEqual(balticTask);
      expect(await s.db.db.select().from(tasks).where(eq(tasks.id, 'ud-task-3'))).toEqual([]);
      expect(await s.db.db.select().from(tasks).where(eq(tasks.organizationId, nordic))).toEqual(tasksBefore);
      const del = await x('DeleteUserData', userCookie, {
        ValueType: '_event_management',
        ValueID: 'tasks',
        JSonData: [balticTask!.id, 'ud-task-kept'],
      });
      expect(del.status).toBe(404);
      expect(await s.db.db.select().from(tasks).where(eq(tasks.id, 'ud-task-kept'))).toHaveLength(1);
      const ok = await x<Array<{ Deleted: number }>>('DeleteUserData', userCookie, {
        ValueType: '_event_management',
        ValueID: 'tasks',
        JSonData: 'ud-task-kept',
      });
      expect(ok.body[0]!.Deleted).toBe(1);
    });
  });

  describe('_group (containers)', () => {
    it('stores valid groups and locations, ignores invalid ones, updates by revision', async () => {
      const loc = {
        id: 'ud-loc-1',
        name: 'Harbour',
        content: [{ name: 'Pump 1', type: 'unit', target: '10001' }],
      };
      const res = await x<UserDataWriteResult[]>('SetUserData', userCookie, {
        ValueType: '_group',
        ValueID: 'locations',
        JSonData: JSON.stringify([
          loc,
          { id: 'ud-loc-2', content: [] },
          { id: 'ud-loc-3', name: 'No content' },
          { id: 'ud-loc-4', name: 'Bad ref', content: [{ type: 'unit' }] },
        ]),
      });
      expect(res.body[0]).toMatchObject({ Stored: 1, Ignored: 3 });
      const group = {
        id: 'ud-grp-1',
        name: 'South',
        content: [{ name: 'Harbour', type: 'location', target: 'ud-loc-1' }],
      };
      await x('SetUserData', userCookie, { ValueType: '_group', ValueID: 'groups', JSonData: [group] });
      const groups = await read<Array<{ id: string; revision: number }>>('_group', 'groups');
      expect(groups.find((g) => g.id === 'ud-grp-1')).toMatchObject({ name: 'South', revision: 1 });
      const locations = await read<Array<{ id: string }>>('_group', 'locations');
      expect(locations.map((l) => l.id)).toContain('ud-loc-1');
      expect(locations.map((l) => l.id)).not.toContain('ud-grp-1');
      expect(
        (
          await x('SetUserData', userCookie, {
            ValueType: '_group',
            ValueID: 'groups',
            JSonData: [{ ...group, name: 'X' }],
          })
        ).status,
      ).toBe(409);
      expect(
        (
          await x('SetUserData', userCookie, {
            ValueType: '_group',
            ValueID: 'groups',
            JSonData: [{ ...group, name: 'South 2', revision: 1 }],
          })
        ).status,
      ).toBe(200);
      const [row] = await s.db.db.select().from(containers).where(eq(containers.id, 'ud-grp-1'));
      expect(row).toMatchObject({ kind: 'group', name: 'South 2', revision: 2, organizationId: nordic });
      expect(
        (await read<unknown[]>('_group', 'groups', readerCookie)).some(
          (g) => (g as { id: string }).id === 'ud-grp-1',
        ),
      ).toBe(false);
    });
  });
});
