import { and, eq, inArray, sql } from 'drizzle-orm';
import { MESSAGES, type TaskWithRevision } from '@fieldwatch/shared';
import { alarms, events, notifications, tasks, units, userOrganizations } from '../src/db/schema';
import { processAlarmRows } from '../src/modules/events/pipeline';
import { DRIVERS, getJson, startDemo, type TestServer } from './helpers';

type Data<T> = { data: T };

describe.each(DRIVERS)('events, notifications and tasks on %s', (driver) => {
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

  const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, cookie: string, payload: unknown) =>
    s.app.inject({ method, url, headers: { cookie }, payload: payload as object });
  const taskRow = async (id: string) => (await s.db.db.select().from(tasks).where(eq(tasks.id, id)))[0]!;
  /** A unit of `org` without any task (so its alarms start a fresh one). */
  const freshUnit = async (org: number) => {
    const rows = await s.db.db
      .select({ id: units.id })
      .from(units)
      .where(eq(units.organizationId, org))
      .orderBy(units.id);
    const used = new Set(
      (await s.db.db.select({ sig: sql<string>`${tasks.doc}->>'signature'` }).from(tasks)).map((r) => r.sig),
    );
    return rows
      .map((r) => r.id)
      .reverse()
      .find((id) => !used.has(`Alarm${id}`))!;
  };
  const newAlarm = async (unitId: number, type = 28) => {
    // One active alarm per unit, channel and type: the earlier one of this test has cleared.
    await s.db.db
      .update(alarms)
      .set({ active: false })
      .where(sql`${alarms.unitId} = ${unitId} and ${alarms.channelId} = 5 and ${alarms.alarmType} = ${type}`);
    const [row] = await s.db.db
      .insert(alarms)
      .values({
        unitId,
        channelId: 5,
        alarmType: type,
        text: 'Battery voltage 3.1 V below limit 3.30 V',
        eventTime: new Date(),
      })
      .returning({ id: alarms.id });
    return row!.id;
  };

  describe('the pipeline', () => {
    it('a new alarm creates an event, a notification per member and a resting task; a second joins it', async () => {
      const unit = await freshUnit(nordic);
      const first = await processAlarmRows(s.db.db, [await newAlarm(unit)]);
      expect(first.events).toHaveLength(1);
      const event = first.events[0]!.event;
      expect(event).toMatchObject({
        version: '2',
        kind: 'event',
        type: 'alarm',
        unitId: unit,
        category: 'notice',
      });
      const members = await s.db.db
        .select()
        .from(userOrganizations)
        .where(eq(userOrganizations.organizationId, nordic));
      const notes = await s.db.db
        .select()
        .from(notifications)
        .where(sql`${notifications.doc}->>'eventId' = ${event.id}`);
      expect(notes.map((n) => n.userId).sort()).toEqual(members.map((m) => m.userId).sort());
      expect(notes.every((n) => n.doc.priority === 'normal' && !n.doc.seen)).toBe(true);
      const [task] = first.tasks;
      expect(task!.task).toMatchObject({
        status: 'resting',
        signature: `Alarm${unit}`,
        eventIds: [event.id],
      });
      expect(task!.task.activities).toHaveLength(1);

      const second = await processAlarmRows(s.db.db, [await newAlarm(unit, 34)]);
      const critical = second.events[0]!.event;
      expect(critical.category).toBe('alert');
      const stored = await taskRow(task!.task.id);
      expect(stored.doc.eventIds).toEqual([event.id, critical.id]);
      expect(stored.doc.activities.at(-1)).toMatchObject({ type: 'events', eventIds: [critical.id] });
      expect(stored.revision).toBe(2);
      const criticalNotes = await s.db.db
        .select()
        .from(notifications)
        .where(sql`${notifications.doc}->>'eventId' = ${critical.id}`);
      expect(criticalNotes.every((n) => n.doc.priority === 'critical')).toBe(true);
    });

    it('an alarm of a unit whose task is done starts a new task', async () => {
      const unit = await freshUnit(baltic);
      const first = await processAlarmRows(s.db.db, [await newAlarm(unit)]);
      const t = first.tasks[0]!.task;
      const done = await send('PATCH', `/api/v3/events/tasks/${t.id}`, superCookie, {
        op: 'status',
        status: 'done',
        revision: 1,
      });
      expect(done.statusCode).toBe(200);
      const next = await processAlarmRows(s.db.db, [await newAlarm(unit)]);
      expect(next.tasks[0]!.isNew).toBe(true);
      expect(next.tasks[0]!.task.id).not.toBe(t.id);
      expect((await taskRow(t.id)).doc.eventIds).toHaveLength(1);
    });
  });

  describe('task writes', () => {
    let task: TaskWithRevision;

    // Each test starts from a fresh custom task of its own (so any one of them can run alone).
    beforeEach(async () => {
      const res = await send('POST', '/api/v3/events/tasks', userCookie, { title: 'Inspect the hatch', category: 'warning' });
      task = (res.json() as Data<TaskWithRevision>).data;
    });

    it('creates a custom task; the list answers revisions', async () => {
      const res = await send('POST', '/api/v3/events/tasks', userCookie, {
        title: 'Inspect the hatch',
        category: 'warning',
      });
      expect(res.statusCode).toBe(201);
      task = (res.json() as Data<TaskWithRevision>).data;
      expect(task).toMatchObject({
        type: 'custom',
        signature: '1',
        status: 'resting',
        category: 'warning',
        revision: 1,
      });
      expect(task.activities).toEqual([
        { date: expect.any(String), user: 'demo.user', type: 'status', status: 'resting' },
      ]);
      expect((await taskRow(task.id)).organizationId).toBe(nordic);
      const list = (
        await getJson<Data<TaskWithRevision[]>>(s.app, '/api/v3/events/tasks?limit=1000', userCookie)
      ).body.data;
      expect(list.find((t) => t.id === task.id)).toMatchObject({ revision: 1 });
    });

    it('validates a new task', async () => {
      for (const payload of [
        {},
        { title: '' },
        { title: 'x', category: 'huge' },
        { title: { a: 1 } },
        { title: 'x', eventIds: ['nope'] },
        { title: 'x', assignees: ['demo.reader'] },
      ])
        expect((await send('POST', '/api/v3/events/tasks', userCookie, payload)).statusCode).toBe(400);
      expect(
        (await send('POST', '/api/v3/events/tasks', userCookie, { title: 'x', organizationId: baltic }))
          .statusCode,
      ).toBe(404);
      expect((await send('POST', '/api/v3/events/tasks', readerCookie, { title: 'x' })).statusCode).toBe(403);
    });

    it('applies each operation with its activity and bumps the revision', async () => {
      const [ev] = await s.db.db
        .select({ id: events.id })
        .from(events)
        .where(eq(events.organizationId, nordic))
        .limit(1);
      const ops = [
        { op: 'status', status: 'working' },
        { op: 'assign', user: 'demo.user' },
        { op: 'note', note: 'On my way' },
        { op: 'title', title: 'Inspect the north hatch' },
        { op: 'category', category: 'alert' },
        { op: 'events', eventIds: [ev!.id] },
        { op: 'unassign', user: 'demo.user' },
      ];
      for (const [i, op] of ops.entries()) {
        const res = await send(i % 2 ? 'PUT' : 'PATCH', `/api/v3/events/tasks/${task.id}`, userCookie, {
          ...op,
          revision: task.revision,
        });
        expect(res.statusCode).toBe(200);
        task = (res.json() as Data<TaskWithRevision>).data;
      }
      expect(task.revision).toBe(8);
      expect(task).toMatchObject({
        status: 'working',
        title: 'Inspect the north hatch',
        category: 'alert',
        assignees: [],
        eventIds: [ev!.id],
      });
      expect(task.activities.map((a) => a.type)).toEqual([
        'status',
        'status',
        'assignees',
        'note',
        'title',
        'category',
        'events',
        'assignees',
      ]);
      expect(task.activities.slice(1).every((a) => a.user === 'demo.user')).toBe(true);
    });

    it('a stale revision is a conflict and loses nothing', async () => {
      // One write first, so that there is an older revision to be stale with.
      const first = await send('PATCH', `/api/v3/events/tasks/${task.id}`, userCookie, { op: 'note', note: 'first', revision: task.revision });
      task = (first.json() as Data<TaskWithRevision>).data;
      const before = await taskRow(task.id);
      const res = await send('PATCH', `/api/v3/events/tasks/${task.id}`, superCookie, {
        op: 'note',
        note: 'late',
        revision: task.revision - 1,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'conflict', message: expect.any(String) });
      expect(await taskRow(task.id)).toEqual(before);
      // Two writers at the same revision: exactly one wins.
      const both = await Promise.all(
        ['first', 'second'].map((note) =>
          send('PATCH', `/api/v3/events/tasks/${task.id}`, superCookie, {
            op: 'note',
            note,
            revision: task.revision,
          }),
        ),
      );
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const after = await taskRow(task.id);
      expect(after.revision).toBe(task.revision + 1);
      expect(after.doc.activities).toHaveLength(task.activities.length + 1);
      task = { ...after.doc, revision: after.revision };
    });

    it('rule errors and missing payloads answer 400', async () => {
      const url = `/api/v3/events/tasks/${task.id}`;
      const r = task.revision;
      const notAssigned = await send('PATCH', url, userCookie, {
        op: 'unassign',
        user: 'demo.super',
        revision: r,
      });
      expect(notAssigned.statusCode).toBe(400);
      expect(notAssigned.json().message).toBe(MESSAGES.userNotAssigned);
      for (const body of [
        { op: 'note', revision: r },
        { op: 'status', revision: r },
        { op: 'events', eventIds: [], revision: r },
        { op: 'assign', user: 'stranger', revision: r },
        { op: 'explode', revision: r },
        { op: 'note', note: 'x' },
        { op: 'note', note: 'x', revision: 'one' },
        { op: 'note', note: '', revision: r },
      ])
        expect((await send('PATCH', url, userCookie, body)).statusCode).toBe(400);
      expect((await taskRow(task.id)).revision).toBe(r);
    });

    it('Reader 403; another organisation or an unknown id 404, nothing changes', async () => {
      const [balticTask] = await s.db.db
        .select()
        .from(tasks)
        .where(eq(tasks.organizationId, baltic))
        .limit(1);
      const body = (revision: number) => ({ op: 'note', note: 'sneaky', revision });
      expect(
        (
          await send(
            'PATCH',
            `/api/v3/events/tasks/${balticTask!.id}`,
            readerCookie,
            body(balticTask!.revision),
          )
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await send(
            'PATCH',
            `/api/v3/events/tasks/${balticTask!.id}`,
            userCookie,
            body(balticTask!.revision),
          )
        ).statusCode,
      ).toBe(404);
      expect((await send('PUT', `/api/v3/events/tasks/does-not-exist`, userCookie, body(1))).statusCode).toBe(
        404,
      );
      expect(await taskRow(balticTask!.id)).toEqual(balticTask);
      const readerList = (
        await getJson<Data<TaskWithRevision[]>>(s.app, '/api/v3/events/tasks?limit=1000', readerCookie)
      ).body.data;
      expect(readerList.some((t) => t.id === task.id)).toBe(false);
    });
  });

  it('notifications are the user’s own; seen twice keeps the first stamp', async () => {
    const [n] = await s.db.db
      .select()
      .from(notifications)
      .innerJoin(userOrganizations, eq(userOrganizations.userId, notifications.userId))
      .where(
        and(
          eq(notifications.organizationId, nordic),
          sql`${notifications.doc}->>'seen' is null`,
          inArray(userOrganizations.organizationId, [nordic]),
        ),
      )
      .limit(1);
    void n;
    const list = (
      await getJson<Data<Array<{ id: string; seen?: string }>>>(
        s.app,
        '/api/v3/events/notifications?limit=1000',
        userCookie,
      )
    ).body.data;
    const unseen = list.find((x) => !x.seen)!;
    const first = await s.app.inject({
      method: 'PUT',
      url: `/api/v3/events/notifications/${unseen.id}/seen`,
      headers: { cookie: userCookie },
    });
    const stamp = first.json().data.seen;
    const second = await s.app.inject({
      method: 'PUT',
      url: `/api/v3/events/notifications/${unseen.id}/seen`,
      headers: { cookie: userCookie },
    });
    expect(second.json().data.seen).toBe(stamp);
    const other = await s.app.inject({
      method: 'PUT',
      url: `/api/v3/events/notifications/${unseen.id}/seen`,
      headers: { cookie: superCookie },
    });
    expect(other.json()).toEqual({ data: null });
  });
});
