/**
 * Task operations of the task screens (issue 17 §2): priority, due, units, location and restore,
 * each with its activity; custom tasks with those fields; references of another organisation
 * refused; a stale revision 409; the task detail with its linked events by name and the assignable users.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AssignableUser, TaskDetail, TaskWithRevision } from '@fieldwatch/shared';
import { containers, tasks, units } from '../src/db/schema';
import { DRIVERS, startDemo, type TestServer } from './helpers';

type Data<T> = { data: T };

describe.each(DRIVERS)('task operations on %s', (driver) => {
  let s: TestServer;
  let superCookie: string;
  let userCookie: string;
  let readerCookie: string;
  let nordic: number;
  let baltic: number;
  let nordicUnits: Array<{ id: number; name: string }>;
  let balticUnit: number;
  let nordicLocation: { id: string; name: string };
  let balticLocation: string;

  beforeAll(async () => {
    ({ s, superCookie, userCookie, readerCookie, nordic, baltic } = await startDemo(driver));
    const db = s.db.db;
    nordicUnits = await db.select({ id: units.id, name: units.name }).from(units).where(eq(units.organizationId, nordic)).orderBy(units.id).limit(3);
    [{ id: balticUnit }] = (await db.select({ id: units.id }).from(units).where(eq(units.organizationId, baltic)).limit(1)) as [{ id: number }];
    const locs = await db
      .select({ id: containers.id, name: containers.name, org: containers.organizationId })
      .from(containers)
      .where(eq(containers.kind, 'location'));
    nordicLocation = locs.find((l) => l.org === nordic)!;
    balticLocation = locs.find((l) => l.org === baltic)!.id;
  });
  afterAll(async () => {
    await s?.close();
  });

  const send = (method: 'POST' | 'PATCH' | 'GET', url: string, cookie: string, payload?: unknown) =>
    s.app.inject({ method, url, headers: { cookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const create = async (body: Record<string, unknown> = {}) => {
    const res = await send('POST', '/api/v3/events/tasks', userCookie, { title: 'Replace the lid', ...body });
    expect(res.statusCode).toBe(201);
    return (res.json() as Data<TaskWithRevision>).data;
  };
  const op = (t: { id: string; revision: number }, body: Record<string, unknown>, cookie = userCookie) =>
    send('PATCH', `/api/v3/events/tasks/${t.id}`, cookie, { revision: t.revision, ...body });

  it('creates a custom task with priority, due date, units and location', async () => {
    const t = await create({
      category: 'warning',
      priority: 'critical',
      due: '2026-12-24',
      unitIds: [nordicUnits[0]!.id, nordicUnits[1]!.id],
      locationId: nordicLocation.id,
      assignees: ['demo.user'],
    });
    expect(t).toMatchObject({
      type: 'custom',
      status: 'resting',
      priority: 'critical',
      due: '2026-12-24',
      unitIds: [nordicUnits[0]!.id, nordicUnits[1]!.id],
      locationId: nordicLocation.id,
      assignees: ['demo.user'],
    });
    const detail = (await send('GET', `/api/v3/tasks/${t.id}`, userCookie)).json() as Data<TaskDetail>;
    expect(detail.data).toMatchObject({
      id: t.id,
      revision: 1,
      organizationId: nordic,
      priority: 'critical',
      units: [
        { id: nordicUnits[0]!.id, name: nordicUnits[0]!.name },
        { id: nordicUnits[1]!.id, name: nordicUnits[1]!.name },
      ],
      location: { id: nordicLocation.id, name: nordicLocation.name },
      events: [],
      files: [],
    });
    // Without an own priority, the category's.
    const plain = await create({ category: 'alert' });
    expect(((await send('GET', `/api/v3/tasks/${plain.id}`, userCookie)).json() as Data<TaskDetail>).data.priority).toBe('alert');
  });

  it('refuses units and locations of another organisation or none (400), nothing stored', async () => {
    const count = async () => Number((await s.db.db.select({ n: sql<number>`count(*)::int` }).from(tasks))[0]!.n);
    const before = await count();
    for (const [body, message] of [
      [{ unitIds: [balticUnit] }, `Unknown unit ${balticUnit}`],
      [{ unitIds: [2_000_000_000] }, 'Unknown unit 2000000000'],
      [{ locationId: balticLocation }, `Unknown location ${balticLocation}`],
      [{ locationId: 'no-such-place' }, 'Unknown location no-such-place'],
    ] as const) {
      const res = await send('POST', '/api/v3/events/tasks', userCookie, { title: 'X', ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message });
    }
    expect(await count()).toBe(before);
    const t = await create();
    const res = await op(t, { op: 'units', unitIds: [balticUnit] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: `Unknown unit ${balticUnit}` });
    const loc = await op(t, { op: 'location', locationId: balticLocation });
    expect(loc.statusCode).toBe(400);
  });

  it('each operation appends its own activity and bumps the revision', async () => {
    let t = await create();
    const steps: Array<[Record<string, unknown>, Record<string, unknown>, Record<string, unknown>]> = [
      [{ op: 'priority', priority: 'alert' }, { priority: 'alert' }, { type: 'priority', priority: 'alert' }],
      [{ op: 'due', due: '2027-01-15' }, { due: '2027-01-15' }, { type: 'due', due: '2027-01-15' }],
      [{ op: 'due', due: null }, {}, { type: 'due', due: null }],
      [{ op: 'units', unitIds: [nordicUnits[2]!.id] }, { unitIds: [nordicUnits[2]!.id] }, { type: 'units', unitIds: [nordicUnits[2]!.id] }],
      [{ op: 'location', locationId: nordicLocation.id }, { locationId: nordicLocation.id }, { type: 'location', locationId: nordicLocation.id }],
      [{ op: 'location', locationId: null }, {}, { type: 'location', locationId: null }],
      [{ op: 'units', unitIds: [] }, {}, { type: 'units', unitIds: [] }],
    ];
    for (const [body, fields, activity] of steps) {
      const res = await op(t, body);
      expect(res.statusCode).toBe(200);
      const next = (res.json() as Data<TaskWithRevision>).data;
      expect(next.revision).toBe(t.revision + 1);
      expect(next).toMatchObject(fields);
      expect(next.activities).toHaveLength(t.activities.length + 1);
      expect(next.activities.at(-1)).toMatchObject({ user: 'demo.user', ...activity });
      t = next;
    }
    expect(t.due).toBeUndefined();
    expect(t.locationId).toBeUndefined();
    expect(t.unitIds).toBeUndefined();
    // Unreadable payloads: 400, nothing changes.
    for (const body of [
      { op: 'priority', priority: 'urgent' },
      { op: 'due', due: '24.12.2026' },
      { op: 'units' },
    ]) {
      const res = await op(t, body);
      expect(res.statusCode).toBe(400);
    }
    const [row] = await s.db.db.select({ revision: tasks.revision }).from(tasks).where(eq(tasks.id, t.id));
    expect(row!.revision).toBe(t.revision);
  });

  it('archives by hand and restores to the status before the archive', async () => {
    let t = await create();
    for (const status of ['working', 'reported', 'archived']) t = (((await op(t, { op: 'status', status })).json()) as Data<TaskWithRevision>).data;
    expect(t.status).toBe('archived');
    const res = await op(t, { op: 'restore' });
    expect(res.statusCode).toBe(200);
    t = (res.json() as Data<TaskWithRevision>).data;
    expect(t.status).toBe('reported');
    expect(t.activities.at(-1)).toMatchObject({ type: 'status', status: 'reported', user: 'demo.user' });
    // Not archived: nothing to restore.
    const again = await op(t, { op: 'restore' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: 'Only an archived task can be restored' });
  });

  it('a stale revision answers 409 conflict and changes nothing', async () => {
    const t = await create();
    expect((await op(t, { op: 'priority', priority: 'warning' })).statusCode).toBe(200);
    const stale = await op(t, { op: 'due', due: '2027-02-01' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'conflict',
      message: 'The task was changed by someone else; reload it and try again',
    });
    const detail = ((await send('GET', `/api/v3/tasks/${t.id}`, userCookie)).json() as Data<TaskDetail>).data;
    expect(detail.revision).toBe(2);
    expect(detail.due).toBeUndefined();
  });

  it('Reader cannot write (403); another organisation’s task is 404 everywhere', async () => {
    const t = await create();
    expect((await op(t, { op: 'priority', priority: 'alert' }, readerCookie)).statusCode).toBe(403);
    for (const url of [`/api/v3/tasks/${t.id}`, `/api/v3/tasks/${t.id}/users`, `/api/v3/tasks/${t.id}/files`]) {
      const res = await send('GET', url, readerCookie);
      expect(res.statusCode).toBe(404);
    }
    expect((await send('GET', '/api/v3/tasks/no-such-task', userCookie)).statusCode).toBe(404);
  });

  it('assignable users are the members of the task’s organisation', async () => {
    const t = await create();
    const res = await send('GET', `/api/v3/tasks/${t.id}/users`, userCookie);
    expect(res.statusCode).toBe(200);
    const names = (res.json() as Data<AssignableUser[]>).data;
    expect(names.map((u) => u.username)).toEqual(['demo.super', 'demo.user']);
    expect(names.find((u) => u.username === 'demo.user')!.name).toBe('Erik Johansson');
    const org = (await send('GET', `/api/v3/tasks/users?organizationId=${baltic}`, superCookie)).json() as Data<AssignableUser[]>;
    expect(org.data.map((u) => u.username)).toEqual(['demo.reader', 'demo.super']);
    expect((await send('GET', `/api/v3/tasks/users?organizationId=${baltic}`, userCookie)).statusCode).toBe(404);
  });

  it('lists an alarm task at its unit’s location, and the location filter finds it', async () => {
    const [row] = (
      (await s.db.db.execute(sql`
        select t.id, c.id as location, c.name from tasks t
        join containers c on c.organization_id = t.organization_id and c.kind = 'location'
          and c.content @> jsonb_build_array(jsonb_build_object('type', 'unit', 'target', t.doc->>'unitId'))
        where t.organization_id = ${nordic} and t.doc->>'type' = 'alarm' and t.doc->>'status' <> 'archived'
        order by t.created desc limit 1`)) as unknown as { rows: unknown[] }
    ).rows as Array<{ id: string; location: string; name: string }>;
    expect(row).toBeDefined();
    const page = (await send('GET', `/api/v3/tasks?location=${row!.location}&pageSize=500`, userCookie)).json() as Data<{ items: Array<{ id: string; location: unknown }> }>;
    const item = page.data.items.find((t) => t.id === row!.id);
    expect(item?.location).toEqual({ id: row!.location, name: row!.name });
    // A custom task with that location is found too; one elsewhere is not.
    const here = await create({ locationId: row!.location });
    const elsewhere = await create({ locationId: nordicLocation.id === row!.location ? undefined : nordicLocation.id });
    const ids = ((await send('GET', `/api/v3/tasks?location=${row!.location}&pageSize=500`, userCookie)).json() as Data<{ items: Array<{ id: string }> }>).data.items.map((t) => t.id);
    expect(ids).toContain(here.id);
    expect(ids).not.toContain(elsewhere.id);
  });

  it('the detail of an alarm task names its unit, location, groups and alarm state', async () => {
    // A seeded alarm task of Nordic whose event carries an alarm row id.
    const rows = await s.db.db
      .select({ id: tasks.id, doc: tasks.doc })
      .from(tasks)
      .where(and(eq(tasks.organizationId, nordic), sql`${tasks.doc}->>'type' = 'alarm'`));
    expect(rows.length).toBeGreaterThan(0);
    let found = false;
    for (const r of rows.slice(0, 20)) {
      const d = ((await send('GET', `/api/v3/tasks/${r.id}`, superCookie)).json() as Data<TaskDetail>).data;
      expect(d.events.length).toBeGreaterThan(0);
      expect(d.units[0]!.id).toBe(r.doc.unitId);
      for (const e of d.events) {
        expect(e.unit).toMatchObject({ id: r.doc.unitId });
        expect(e.unit!.name).not.toMatch(/^Unit \d+$/);
        expect(e.alarmTypeName).toEqual(expect.any(String));
        if (e.alarm) {
          found = true;
          expect(e.alarm).toMatchObject({ unitId: r.doc.unitId, organizationId: nordic, state: expect.any(String) });
        }
        if (e.location) expect(e.location.name).toEqual(expect.any(String));
        for (const g of e.groups) expect(g.name).toEqual(expect.any(String));
      }
    }
    expect(found).toBe(true);
  });
});
