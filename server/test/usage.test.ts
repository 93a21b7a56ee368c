/**
 * Usage statistics (issue 18 §1) on seeded data of an organisation of its own: sign-ins and active
 * users (audit log, members only), API calls per token (counted as they arrive), units reporting and
 * measurements (daily rollups), alarms raised and tasks closed — per day and in total; who may ask
 * (SuperUser of the organisation), and periods refused with 400.
 */
import { eq } from 'drizzle-orm';
import { USER_TYPES, VERSIONS, type FwTask, type UsageStatistics } from '@fieldwatch/shared';
import { alarms, apiTokens, auditLog, measurementRollups, organizations, tasks, units, userOrganizations, users } from '../src/db/schema';
import { recordAudit } from '../src/modules/audit/record';
import { hashToken } from '../src/modules/auth/tokens';
import { addUser, DRIVERS, getJson, startDemo, type DemoServer } from './helpers';

type Data<T> = { data: T };
const DAY = 86_400_000;
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

describe.each(DRIVERS)('usage statistics on %s', (driver) => {
  let d: DemoServer;
  let org: number;
  const today = dayOf(Date.now());
  const start = Date.parse(`${today}T00:00:00Z`);
  const from = dayOf(start - 6 * DAY);
  const d0 = dayOf(start - 2 * DAY);
  const at = (day: string, hh = 12) => new Date(`${day}T${String(hh).padStart(2, '0')}:00:00Z`);
  const tokenOf = (n: number) => `fwt_usage${String(n).padStart(2, '0')}${'x'.repeat(34)}`;
  let t1: number;
  let t2: number;

  beforeAll(async () => {
    d = await startDemo(driver);
    const db = d.s.db.db;
    const [o] = await db.insert(organizations).values({ name: 'Usage Co' }).returning({ id: organizations.id });
    org = o!.id;
    const [sup] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'demo.super'));
    await db.insert(userOrganizations).values({ userId: sup!.id, organizationId: org });
    // The SuperUser's own sign-in of this run is not part of the data below.
    await db.delete(auditLog).where(eq(auditLog.actorUserId, sup!.id));
    const u1 = await addUser(d.s, { username: 'usage.one', userType: USER_TYPES.User, orgs: [org] });
    const u2 = await addUser(d.s, { username: 'usage.two', userType: USER_TYPES.Reader, orgs: [org] });
    const outsider = await addUser(d.s, { username: 'usage.out', userType: USER_TYPES.User, orgs: [d.nordic] });

    // Sign-ins: d0 two of one, one of two (and one of a non-member); today one (through recordAudit); one long ago.
    const signin = (actorUserId: number, when: Date) =>
      db.insert(auditLog).values({ actorUserId, action: 'auth.signin', organizationId: org, at: when });
    await signin(u1, at(d0, 8));
    await signin(u1, at(d0, 9));
    await signin(u2, at(d0, 23));
    await signin(outsider, at(d0, 10));
    await signin(u2, at(dayOf(start - 10 * DAY)));
    await recordAudit(db, null, { action: 'auth.signin', organizationId: org, actor: { id: u1 } });
    await db.insert(auditLog).values({ actorUserId: u2, action: 'auth.signout', organizationId: org, at: at(d0) });

    // Two units; daily rollups (two channels of one on d0), an hour rollup that is not counted.
    const [a, b] = await db
      .insert(units)
      .values([
        { organizationId: org, name: 'U1', type: 1 },
        { organizationId: org, name: 'U2', type: 1 },
      ])
      .returning({ id: units.id });
    const rollup = (unitId: number, channelNo: number, day: string, count: number, granularity = 'day') => ({
      unitId,
      channelNo,
      granularity,
      bucket: new Date(`${day}T00:00:00Z`),
      min: 0,
      max: 1,
      sum: count,
      count,
      last: 1,
      lastTs: at(day),
    });
    await db
      .insert(measurementRollups)
      .values([
        rollup(a!.id, 1, d0, 10),
        rollup(a!.id, 2, d0, 5),
        rollup(b!.id, 1, d0, 3),
        rollup(a!.id, 1, today, 7),
        rollup(a!.id, 1, today, 99, 'hour'),
        rollup(b!.id, 1, dayOf(start - 30 * DAY), 50),
      ]);
    await db.insert(alarms).values([
      { unitId: a!.id, channelId: 1, alarmType: 1, eventTime: at(d0), active: false },
      { unitId: b!.id, channelId: 1, alarmType: 2, eventTime: at(today, 0) },
      { unitId: b!.id, channelId: 1, alarmType: 3, eventTime: new Date(start - 20 * DAY), active: false },
    ]);

    // Tasks: closed on d0 (one of them twice that day), today, and one closed before the period.
    const task = (id: string, statuses: Array<[string, string]>) => {
      const doc: FwTask = {
        id,
        created: at(from).toISOString(),
        version: VERSIONS.task,
        kind: 'task',
        title: id,
        category: 'notice',
        type: 'custom',
        signature: id,
        eventIds: [],
        assignees: [],
        status: (statuses.at(-1)?.[1] ?? 'resting') as FwTask['status'],
        activities: statuses.map(([date, status]) => ({ date, user: 'x', type: 'status', status }) as FwTask['activities'][number]),
      };
      return { id, organizationId: org, created: at(from), doc };
    };
    await db.insert(tasks).values([
      task('usage-a', [[at(d0, 9).toISOString(), 'working'], [at(d0, 10).toISOString(), 'done']]),
      task('usage-b', [[at(d0, 9).toISOString(), 'done'], [at(d0, 10).toISOString(), 'working'], [at(d0, 11).toISOString(), 'done']]),
      task('usage-c', [[new Date().toISOString(), 'done']]),
      task('usage-d', [[at(dayOf(start - 40 * DAY)).toISOString(), 'done'], [at(dayOf(start - 39 * DAY)).toISOString(), 'archived']]),
    ]);

    // Tokens: two of the organisation, a revoked one, one of Nordic Utilities, an expired one.
    const token = async (n: number, organizationId: number, revoked = false, expiresAt: Date | null = null) => {
      const [row] = await db
        .insert(apiTokens)
        .values({
          organizationId,
          name: `Token ${n}`,
          tokenHash: hashToken(tokenOf(n)),
          prefix: tokenOf(n).slice(0, 12),
          revokedAt: revoked ? new Date() : null,
          expiresAt,
        })
        .returning({ id: apiTokens.id });
      return row!.id;
    };
    t1 = await token(1, org);
    t2 = await token(2, org);
    await token(3, org, true);
    await token(4, d.nordic);
    await token(5, org, false, new Date(Date.now() - 60_000));
  }, 120_000);
  afterAll(async () => {
    await d?.s.close();
  });

  const stats = (query: string, cookie = d.superCookie) =>
    getJson<Data<UsageStatistics> & { message?: string }>(d.s.app, `/api/v3/admin/usage?${query}`, cookie);

  it('counts API calls per token as they arrive (any route, live tokens only)', async () => {
    const call = (n: number) =>
      d.s.app.inject({ method: 'POST', url: '/api/v3/ingest', payload: { points: [] }, headers: { authorization: `Bearer ${tokenOf(n)}` } });
    // 3: revoked, 5: expired — refused by the server, so not counted.
    for (const n of [1, 1, 1, 2, 3, 4, 5]) await call(n);
    await d.s.app.inject({ method: 'GET', url: '/api/health', headers: { authorization: `Bearer ${tokenOf(2)}` } });
    // onResponse runs once the answer is out: wait until the counts are there.
    let s: UsageStatistics | undefined;
    for (let i = 0; i < 50; i++) {
      s = (await stats(`organizationId=${org}&from=${from}&to=${today}`)).body.data;
      if (s.totals.apiCalls >= 5) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(s!.totals.apiCalls).toBe(5);
    expect(s!.series.apiCalls.at(-1)).toBe(5);
    expect(s!.tokens.map((t) => [t.id, t.total])).toEqual([
      [t1, 3],
      [t2, 2],
      [expect.any(Number), 0],
      [expect.any(Number), 0],
    ]);
    expect(s!.tokens[0]!.perDay.at(-1)).toBe(3);
    expect(s!.tokens.find((t) => t.total === 0)!.revoked).toBe(true);
  });

  it('computes every metric per day and in total from the stored rows', async () => {
    const res = await stats(`organizationId=${org}&from=${from}&to=${today}`);
    expect(res.status).toBe(200);
    const s = res.body.data;
    expect(s.days).toHaveLength(7);
    expect([s.days[0], s.days.at(-1)]).toEqual([from, today]);
    const i0 = s.days.indexOf(d0);
    const last = s.days.length - 1;
    const pick = (m: keyof UsageStatistics['series']) => ({ d0: s.series[m][i0], today: s.series[m][last], sum: s.series[m].reduce((x, y) => x + y, 0) });
    expect(pick('signins')).toEqual({ d0: 3, today: 1, sum: 4 });
    expect(pick('activeUsers')).toEqual({ d0: 2, today: 1, sum: 3 });
    expect(pick('measurements')).toEqual({ d0: 18, today: 7, sum: 25 });
    expect(pick('unitsReporting')).toEqual({ d0: 2, today: 1, sum: 3 });
    expect(pick('alarmsRaised')).toEqual({ d0: 1, today: 1, sum: 2 });
    expect(pick('tasksClosed')).toEqual({ d0: 2, today: 1, sum: 3 });
    expect(s.totals).toEqual({
      activeUsers: 2,
      signins: 4,
      apiCalls: 5,
      unitsReporting: 2,
      measurements: 25,
      alarmsRaised: 2,
      tasksClosed: 3,
    });
    // A period before any of it: zeros.
    const empty = (await stats(`organizationId=${org}&from=2020-01-01&to=2020-01-31`)).body.data;
    expect(empty.days).toHaveLength(31);
    expect(Object.values(empty.totals).every((n) => n === 0)).toBe(true);
  });

  it('answers SuperUsers of the organisation only; refuses bad periods with 400', async () => {
    const q = `organizationId=${org}&from=${from}&to=${today}`;
    expect((await stats(q, d.userCookie)).status).toBe(403);
    expect((await stats(q, d.readerCookie)).status).toBe(403);
    expect((await stats(`organizationId=${d.nordic}&from=${from}&to=${today}`)).status).toBe(200);
    const [elsewhere] = await d.s.db.db.insert(organizations).values({ name: 'Not his' }).returning({ id: organizations.id });
    expect((await stats(`organizationId=${elsewhere!.id}&from=${from}&to=${today}`)).status).toBe(404);
    for (const bad of [
      `organizationId=${org}&from=${today}&to=${from}`,
      `organizationId=${org}&from=2026-02-30&to=2026-03-01`,
      `organizationId=${org}&from=2020-01-01&to=2026-01-01`,
      `organizationId=${org}&from=yesterday&to=${today}`,
      `organizationId=${org}&to=${today}`,
      `organizationId=x&from=${from}&to=${today}`,
    ]) {
      const r = await stats(bad);
      expect({ bad, status: r.status }).toEqual({ bad, status: 400 });
      expect((r.body as { message?: string }).message).toBeTruthy();
    }
  });
});
