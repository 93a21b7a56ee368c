import { and, eq, inArray, sql } from 'drizzle-orm';
import type { NotificationCounts, NotificationItem, NotificationPage, NotificationsSeen } from '@fieldwatch/shared';
import { alarms, containers, events, notifications, tasks, units, users } from '../src/db/schema';
import { processAlarmRows } from '../src/modules/events/pipeline';
import { pushHubOf } from '../src/modules/push/plugin';
import type { PushDelivery } from '../src/modules/push/hub';
import { DRIVERS, getJson, startDemo, type TestServer } from './helpers';

type Data<T> = { data: T };

describe.each(DRIVERS)('the notifications page API on %s', (driver) => {
  let s: TestServer;
  let superCookie: string;
  let userCookie: string;
  let readerCookie: string;
  let nordic: number;
  let baltic: number;
  let superId: number;
  let userId: number;

  beforeAll(async () => {
    ({ s, superCookie, userCookie, readerCookie, nordic, baltic } = await startDemo(driver));
    const ids = await s.db.db.select({ id: users.id, name: users.username }).from(users);
    superId = ids.find((u) => u.name === 'demo.super')!.id;
    userId = ids.find((u) => u.name === 'demo.user')!.id;
  });
  afterAll(async () => {
    await s?.close();
  });

  const page = async (cookie: string, query = '') => {
    const res = await getJson<Data<NotificationPage>>(s.app, `/api/v3/notifications${query}`, cookie);
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const counts = async (cookie: string) => {
    const res = await getJson<Data<NotificationCounts>>(s.app, '/api/v3/notifications/counts', cookie);
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const mark = (cookie: string, body: unknown) =>
    s.app.inject({ method: 'POST', url: '/api/v3/notifications/seen', headers: { cookie }, payload: body as object });
  const select = (cookie: string, ids: number[]) =>
    s.app.inject({
      method: 'PUT',
      url: `/api/v3/user/session/current_organization?id=${ids.join(',')}`,
      headers: { cookie },
    });
  const unseenInDb = async (user: number, orgs: number[]) =>
    Number(
      (
        await s.db.db
          .select({ n: sql<number>`count(*)::int` })
          .from(notifications)
          .where(
            and(
              eq(notifications.userId, user),
              inArray(notifications.organizationId, orgs),
              sql`coalesce(${notifications.doc}->>'seen', '') = ''`,
            ),
          )
      )[0]!.n,
    );

  /** A new alarm on a unit of `org` through the pipeline: its event, notifications and task. */
  const raise = async (org: number, type = 34) => {
    const [unit] = await s.db.db
      .select({ id: units.id, name: units.name })
      .from(units)
      .where(eq(units.organizationId, org))
      .orderBy(units.id)
      .limit(1);
    await s.db.db
      .update(alarms)
      .set({ active: false })
      .where(sql`${alarms.unitId} = ${unit!.id} and ${alarms.channelId} = 7 and ${alarms.alarmType} = ${type}`);
    const [row] = await s.db.db
      .insert(alarms)
      .values({ unitId: unit!.id, channelId: 7, alarmType: type, text: 'Level 3.2 m above 3.0 m', eventTime: new Date() })
      .returning({ id: alarms.id });
    const result = await processAlarmRows(s.db.db, [row!.id]);
    return { unit: unit!, alarmId: row!.id, eventId: result.events[0]!.event.id, taskId: result.tasks[0]!.task.id };
  };

  it('lists only the user\'s own notifications of the selected customers, critical first, then newest', async () => {
    const p = await page(userCookie, '?limit=500');
    expect(p.total).toBe(await unseenInDb(userId, [nordic]) + (await page(userCookie, '?seen=seen&limit=1')).total);
    expect(p.items.every((n) => n.organizationId === nordic && n.organizationName === 'Nordic Utilities')).toBe(true);
    const own = new Set(
      (await s.db.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, userId))).map((r) => r.id),
    );
    expect(p.items.every((n) => own.has(n.id))).toBe(true);
    const rank = { critical: 0, high: 1, normal: 2, low: 3 } as const;
    for (let i = 1; i < p.items.length; i++) {
      const a = p.items[i - 1]!;
      const b = p.items[i]!;
      expect(rank[a.priority] <= rank[b.priority]).toBe(true);
      if (a.priority === b.priority) expect(a.created >= b.created).toBe(true);
    }
    const newest = await page(userCookie, '?sort=newest&limit=20');
    for (let i = 1; i < newest.items.length; i++) expect(newest.items[i - 1]!.created >= newest.items[i]!.created).toBe(true);
  });

  it('filters by priority, seen and customer, and pages', async () => {
    const critical = await page(superCookie, '?priority=critical&limit=500');
    expect(critical.items.length).toBeGreaterThan(0);
    expect(critical.items.every((n) => n.priority === 'critical')).toBe(true);
    const two = await page(superCookie, '?priority=critical&priority=normal&limit=500');
    expect(two.total).toBeGreaterThanOrEqual(critical.total);
    const unseen = await page(superCookie, '?seen=unseen&limit=500');
    expect(unseen.items.every((n) => !n.seen)).toBe(true);
    const seen = await page(superCookie, '?seen=seen&limit=500');
    expect(seen.items.every((n) => !!n.seen)).toBe(true);
    expect(unseen.total + seen.total).toBe((await page(superCookie)).total);
    const balticOnly = await page(superCookie, `?customer=${baltic}&limit=500`);
    expect(balticOnly.total).toBeGreaterThan(0);
    expect(balticOnly.items.every((n) => n.organizationId === baltic)).toBe(true);
    // A customer the user does not have: an empty page, not another's notifications.
    expect((await page(userCookie, `?customer=${baltic}`)).total).toBe(0);
    const first = await page(superCookie, '?limit=3');
    const second = await page(superCookie, '?limit=3&offset=3');
    expect(first.items).toHaveLength(3);
    expect(second.items.map((n) => n.id)).not.toEqual(expect.arrayContaining(first.items.map((n) => n.id)));
    expect(second.offset).toBe(3);
  });

  it('refuses malformed filters with 400', async () => {
    for (const q of ['?priority=urgent', '?seen=maybe', '?limit=0', '?offset=-1', '?customer=abc', '?sort=name'])
      expect((await s.app.inject({ method: 'GET', url: `/api/v3/notifications${q}`, headers: { cookie: superCookie } })).statusCode).toBe(400);
    expect((await mark(superCookie, {})).statusCode).toBe(400);
    expect((await mark(superCookie, { ids: ['x'], all: true })).statusCode).toBe(400);
    expect((await mark(superCookie, { ids: [] })).statusCode).toBe(400);
  });

  it('tells each notification\'s unit, location, groups, alarm type, alarm state and task', async () => {
    const raised = await raise(nordic);
    const locId = `loc-notif-${driver}`;
    const groupId = `grp-notif-${driver}`;
    await s.db.db.insert(containers).values([
      { id: locId, organizationId: nordic, kind: 'location', name: 'Pump station North', content: [{ type: 'unit', target: String(raised.unit.id) }] },
      { id: groupId, organizationId: nordic, kind: 'group', name: 'Water west', content: [{ type: 'location', target: locId }] },
      // Another organisation's group naming the same location id is never shown.
      { id: `${groupId}-b`, organizationId: baltic, kind: 'group', name: 'Not yours', content: [{ type: 'location', target: locId }] },
    ]);
    const p = await page(userCookie, '?sort=newest&limit=50');
    const item = p.items.find((n) => n.eventId === raised.eventId) as NotificationItem;
    expect(item).toMatchObject({
      priority: 'critical',
      unit: { id: raised.unit.id, name: raised.unit.name },
      location: 'Pump station North',
      groups: ['Water west'],
      alarmType: 34,
      alarm: { id: raised.alarmId, type: 34, state: 'activeUnacknowledged', active: true, acknowledgedBy: null },
      taskId: raised.taskId,
      organizationId: nordic,
    });
    const task = (await s.db.db.select().from(tasks).where(eq(tasks.id, raised.taskId)))[0]!;
    expect(task.doc.eventIds).toContain(item.eventId);

    // Acknowledged: the row tells who and when, and stays active.
    const ack = await s.app.inject({
      method: 'POST',
      url: '/api/v3/alarms/actions',
      headers: { cookie: userCookie },
      payload: { action: 'acknowledge', ids: [raised.alarmId] },
    });
    expect(ack.statusCode).toBe(200);
    const after = (await page(userCookie, '?sort=newest&limit=50')).items.find((n) => n.id === item.id)!;
    expect(after.alarm).toMatchObject({ state: 'activeAcknowledged', active: true, acknowledgedBy: 'demo.user' });
    expect(after.alarm!.acknowledgedAt).toEqual(expect.any(String));

    // An alarm row without its task finds the task through the task's eventIds.
    await s.db.db.update(alarms).set({ taskId: null }).where(eq(alarms.id, raised.alarmId));
    const viaTask = (await page(userCookie, '?sort=newest&limit=50')).items.find((n) => n.id === item.id)!;
    expect(viaTask.taskId).toBe(raised.taskId);
    // An event without the alarm's row id (older alarms, the demo seed): its unit, channel, type and second.
    await s.db.db
      .update(events)
      .set({ doc: sql`${events.doc} #- '{alarm,id}'` })
      .where(eq(events.id, raised.eventId));
    const bySecond = (await page(userCookie, '?sort=newest&limit=50')).items.find((n) => n.id === item.id)!;
    expect(bySecond.alarm).toMatchObject({ id: raised.alarmId, state: 'activeAcknowledged' });
    expect(bySecond.taskId).toBe(raised.taskId);
  });

  it('counts the selected customers\' unseen notifications only', async () => {
    expect(await select(superCookie, [nordic, baltic])).toMatchObject({ statusCode: 200 });
    const both = await counts(superCookie);
    expect(both.unseen).toBe(await unseenInDb(superId, [nordic, baltic]));
    expect(both.byCustomer[String(nordic)]).toBe(await unseenInDb(superId, [nordic]));
    expect(both.byCustomer[String(baltic)]).toBe(await unseenInDb(superId, [baltic]));
    expect(both.critical).toBe((await page(superCookie, '?seen=unseen&priority=critical')).total);
    expect(await select(superCookie, [baltic])).toMatchObject({ statusCode: 200 });
    const one = await counts(superCookie);
    expect(one.unseen).toBe(await unseenInDb(superId, [baltic]));
    expect(Object.keys(one.byCustomer)).toEqual([String(baltic)]);
    expect((await page(superCookie, '?limit=500')).items.every((n) => n.organizationId === baltic)).toBe(true);
    expect(await select(superCookie, [nordic, baltic])).toMatchObject({ statusCode: 200 });
    // The reader (Baltic Water) counts his own.
    expect((await counts(readerCookie)).unseen).toBe(await unseenInDb((await s.db.db.select().from(users).where(eq(users.username, 'demo.reader')))[0]!.id, [baltic]));
  });

  it('marks several seen: the user\'s own; others\' and unknown ids are ignored and stay unseen', async () => {
    await raise(nordic);
    const mine = (await page(userCookie, '?seen=unseen&limit=3')).items.map((n) => n.id);
    expect(mine.length).toBeGreaterThan(1);
    const [othersNote] = await s.db.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, superId), sql`coalesce(${notifications.doc}->>'seen', '') = ''`))
      .limit(1);
    const before = await counts(userCookie);
    const res = await mark(userCookie, { ids: [...mine, othersNote!.id, 'no-such-id'] });
    expect(res.statusCode).toBe(200);
    const body = (res.json() as Data<NotificationsSeen>).data;
    expect(body.ids.sort()).toEqual([...mine].sort());
    expect((await counts(userCookie)).unseen).toBe(before.unseen - mine.length);
    const other = (await s.db.db.select().from(notifications).where(eq(notifications.id, othersNote!.id)))[0]!;
    expect(other.doc.seen).toBeUndefined();
    // Again: nothing more changes (already seen), not an error.
    expect(((await mark(userCookie, { ids: mine })).json() as Data<NotificationsSeen>).data.ids).toEqual([]);
  });

  it('marks all seen within a filter, then all; a reader may mark his own', async () => {
    await raise(baltic, 34);
    await raise(baltic, 28);
    expect((await page(superCookie, `?customer=${baltic}&seen=unseen&priority=critical`)).total).toBeGreaterThan(0);
    const res = await mark(superCookie, { all: true, customer: baltic, priority: ['critical'] });
    expect(res.statusCode).toBe(200);
    expect((await page(superCookie, `?customer=${baltic}&seen=unseen&priority=critical`)).total).toBe(0);
    expect((await page(superCookie, `?customer=${baltic}&seen=unseen&priority=normal`)).total).toBeGreaterThan(0);
    expect(await unseenInDb(superId, [nordic])).toBeGreaterThan(0);
    // demo.user's notifications are untouched by demo.super's "all".
    const userUnseen = await unseenInDb(userId, [nordic]);
    expect((await mark(superCookie, { all: true })).statusCode).toBe(200);
    expect((await counts(superCookie)).unseen).toBe(0);
    expect(await unseenInDb(userId, [nordic])).toBe(userUnseen);
    expect((await mark(readerCookie, { all: true })).statusCode).toBe(200);
    expect((await counts(readerCookie)).unseen).toBe(0);
  });

  it('tells the user\'s other browsers which were marked seen (push), and no one else', async () => {
    const hub = pushHubOf(s.db.db)!;
    await hub.start();
    const got: PushDelivery[] = [];
    const off = hub.subscribe((d) => got.push(d));
    try {
      await raise(nordic);
      const [one] = (await page(userCookie, '?seen=unseen&sort=newest&limit=1')).items;
      const res = await s.app.inject({ method: 'PUT', url: `/api/v3/events/notifications/${one!.id}/seen`, headers: { cookie: userCookie } });
      expect(res.statusCode).toBe(200);
      await mark(userCookie, { all: true });
      const deadline = Date.now() + 5000;
      const seenOf = () => got.filter((d) => d.type === 'notificationsSeen');
      while (seenOf().length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const seen = seenOf();
      expect(seen.length).toBeGreaterThanOrEqual(2);
      expect(seen.every((d) => d.type === 'notificationsSeen' && d.userId === userId && d.organizationId === nordic)).toBe(true);
      expect(seen[0]!.doc).toMatchObject({ ids: [one!.id], seen: expect.any(String) });
    } finally {
      off();
    }
  });
});
