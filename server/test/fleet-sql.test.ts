/**
 * Fleet-wide answers computed in the database (GetGISData, GetKPIAlarms) and the paged device
 * list must say exactly what the unit list says: here they are compared with listUnits() and the
 * shared unitStatus(), on the demo fleet plus units with awkward names, positions and alarms.
 */
import { eq, sql } from 'drizzle-orm';
import {
  alarmTypeName,
  INACTIVE_UNIT_MARKER,
  unitStatus,
  type AlarmRecord,
  type GisUnit,
  type KpiAlarms,
  type Unit,
} from '@fieldwatch/shared';
import { alarms, fleetCounters, units } from '../src/db/schema';
import { listUnits } from '../src/modules/devices/service';
import { DRIVERS, getJson, startDemo, type DemoServer } from './helpers';

/** What GetGISData answered when it was computed from listUnits() (the reference). */
function expectedGis(list: Unit[]): GisUnit[] {
  const gis = list
    .filter((u) => u.UnitGPSLatitude !== null && u.UnitGPSLongitude !== null)
    .map((u) => ({
      UnitID: u.UnitID,
      UnitName: u.UnitName,
      UnitLocation: u.UnitLocation,
      UnitType: u.UnitType,
      UnitGPSLatitude: u.UnitGPSLatitude as number,
      UnitGPSLongitude: u.UnitGPSLongitude as number,
      CustomerID: u.CustomerID,
      Status: unitStatus(u),
      AlarmTypes: [...new Set(u.AlarmEvents.map((e) => e.AlarmType))].sort((a, b) => a - b),
    }));
  return JSON.parse(JSON.stringify(gis)) as GisUnit[];
}

/** What GetKPIAlarms answered when it counted over listUnits() (the reference). */
function expectedKpi(list: Unit[]): KpiAlarms {
  const out: KpiAlarms = { Total: 0, Ok: 0, Alarm: 0, Problem: 0, Inactive: 0, ActiveAlarms: 0, ByType: [] };
  const byType = new Map<number, number>();
  for (const u of list) {
    out.Total += 1;
    const st = unitStatus(u);
    if (st === 'ok') out.Ok += 1;
    else if (st === 'alarm') out.Alarm += 1;
    else if (st === 'problem') out.Problem += 1;
    else out.Inactive += 1;
    for (const e of u.AlarmEvents) {
      out.ActiveAlarms += 1;
      byType.set(e.AlarmType, (byType.get(e.AlarmType) ?? 0) + 1);
    }
  }
  out.ByType = [...byType.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([t, n]) => ({ AlarmType: t, AlarmTypeName: alarmTypeName(t), Count: n }));
  return out;
}

describe.each(DRIVERS)('fleet-wide SQL answers on %s', (driver) => {
  let d: DemoServer;

  beforeAll(async () => {
    d = await startDemo(driver);
    const db = d.s.db.db;
    const odd = [
      { name: 'Quote " and backslash \\ unit', lat: 59.5, lon: 18.1 },
      { name: 'Tab\there, newline\nthere, \u0001 control', lat: 59.6, lon: 18.2 },
      { name: 'Ünïcödé – 😀 station', lat: -33.8688, lon: 151.2093 },
      { name: `${INACTIVE_UNIT_MARKER.toLowerCase()} in lower case`, lat: 0.0000001, lon: -0.0000123 },
      { name: `${INACTIVE_UNIT_MARKER.toUpperCase()} IN UPPER CASE`, lat: 1e-300, lon: 179.99999999999997 },
      { name: 'Zero position', lat: 0, lon: 0 },
      { name: 'No position', lat: null, lon: 12.5 },
    ];
    const added = await db
      .insert(units)
      .values(odd.map((o) => ({ organizationId: d.nordic, type: 11, location: 'Odd "street" 1\\2', ...o })))
      .returning({ id: units.id });
    const [nan] = await db
      .insert(units)
      .values({ organizationId: d.nordic, type: 11, name: 'Not a number', lat: 59.1, lon: 18.1 })
      .returning({ id: units.id });
    await db.execute(sql`update units set lat = 'NaN'::float8 where id = ${nan!.id}`);
    const id = (i: number) => added[i]!.id;
    const at = new Date('2026-01-02T03:04:05.678Z');
    await db.insert(alarms).values([
      { unitId: id(0), channelId: 1, alarmType: 11, text: 'high', eventTime: at },
      { unitId: id(0), channelId: 0, alarmType: 19, text: 'no contact', eventTime: at },
      { unitId: id(0), channelId: 2, alarmType: 11, text: 'high again', eventTime: at },
      { unitId: id(1), channelId: 1, alarmType: -1, text: 'negative type', eventTime: at },
      { unitId: id(2), channelId: 5, alarmType: 28, text: 'battery', eventTime: at },
      { unitId: id(2), channelId: 5, alarmType: 0, text: 'type zero', eventTime: at, active: false },
      { unitId: id(3), channelId: 0, alarmType: 19, text: 'inactive and no contact', eventTime: at },
    ]);
  });
  afterAll(async () => {
    await d?.s.close();
  });

  it('GetGISData equals the positioned units of listUnits() with unitStatus()', async () => {
    for (const cookie of [d.superCookie, d.userCookie, d.readerCookie]) {
      const res = await d.s.app.inject({
        method: 'GET',
        url: '/api/v1/xrequest/GetGISData',
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const orgs =
        cookie === d.readerCookie ? [d.baltic] : cookie === d.userCookie ? [d.nordic] : [d.nordic, d.baltic];
      const expected = expectedGis(await listUnits(d.s.db.db, orgs));
      expect(expected.length).toBeGreaterThan(0);
      expect(res.json()).toEqual(expected);
    }
    const statuses = new Set(expectedGis(await listUnits(d.s.db.db, [d.nordic])).map((u) => u.Status));
    expect([...statuses].sort()).toEqual(['alarm', 'inactive', 'ok', 'problem']);
  });

  it('GetGISData of customers without the GIS right is the empty answer', async () => {
    await d.s.db.db.execute(sql`update organizations set rights = '{}' where id = ${d.baltic}`);
    try {
      const res = await getJson<unknown[]>(d.s.app, '/api/v1/xrequest/GetGISData', d.readerCookie);
      expect(res).toEqual({ status: 200, body: [{}] });
    } finally {
      await d.s.db.db.execute(sql`update organizations set rights = '{1}' where id = ${d.baltic}`);
    }
  });

  it('GetKPIAlarms equals counting unitStatus() over listUnits()', async () => {
    for (const [cookie, orgs] of [
      [d.superCookie, [d.nordic, d.baltic]],
      [d.readerCookie, [d.baltic]],
    ] as const) {
      const res = await getJson<KpiAlarms[]>(d.s.app, '/api/v1/xrequest/GetKPIAlarms', cookie);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([expectedKpi(await listUnits(d.s.db.db, [...orgs]))]);
    }
  });

  it('the paged device list is listUnits() in pages, with the total', async () => {
    // As the API answers them (JSON: a NaN position is null).
    const all = JSON.parse(JSON.stringify(await listUnits(d.s.db.db, [d.nordic, d.baltic]))) as Unit[];
    type Page = { data: Unit[]; page: number; pageSize: number; total: number };
    const page = (q: string) =>
      getJson<Page>(d.s.app, `/api/v3/device/devices?use_context=true&${q}`, d.superCookie);
    const first = await page('');
    expect(first.body).toEqual({ data: all.slice(0, 20), page: 1, pageSize: 20, total: all.length });
    const third = await page('page=3&pageSize=7');
    expect(third.body).toEqual({ data: all.slice(14, 21), page: 3, pageSize: 7, total: all.length });
    const last = Math.ceil(all.length / 20);
    expect((await page(`page=${last}`)).body.data).toEqual(all.slice((last - 1) * 20));
    expect((await page(`page=${last + 1}`)).body).toEqual({
      data: [],
      page: last + 1,
      pageSize: 20,
      total: all.length,
    });
    // The reader sees his organisation only, whatever he asks for.
    const reader = await getJson<Page>(d.s.app, '/api/v3/device/devices?pageSize=1000', d.readerCookie);
    expect(reader.body.data.every((u) => u.CustomerID === d.baltic)).toBe(true);
    expect(reader.body.total).toBe((await listUnits(d.s.db.db, [d.baltic])).length);
    for (const bad of ['page=0', 'pageSize=0', 'pageSize=1001', 'page=x', 'other=1'])
      expect((await page(bad)).status).toBe(400);
    const anonymous = await d.s.app.inject({ method: 'GET', url: '/api/v3/device/devices' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('an alarm that ends changes the answers at once', async () => {
    const [a] = await d.s.db.db.select().from(alarms).where(eq(alarms.text, 'battery'));
    const before = await getJson<KpiAlarms[]>(d.s.app, '/api/v1/xrequest/GetKPIAlarms', d.userCookie);
    await d.s.db.db.update(alarms).set({ active: false }).where(eq(alarms.id, a!.id));
    const after = await getJson<KpiAlarms[]>(d.s.app, '/api/v1/xrequest/GetKPIAlarms', d.userCookie);
    expect(after.body[0]!.ActiveAlarms).toBe(before.body[0]!.ActiveAlarms - 1);
    const gis = (await getJson<GisUnit[]>(d.s.app, '/api/v1/xrequest/GetGISData', d.userCookie)).body;
    expect(gis.find((u) => u.UnitID === a!.unitId)).toMatchObject({ Status: 'ok', AlarmTypes: [] });
    expect(gis).toEqual(expectedGis(await listUnits(d.s.db.db, [d.nordic])));
  });

  it('unit changes reach the cached answers at once; contact times do not count as changes', async () => {
    const db = d.s.db.db;
    type Page = { data: Unit[]; total: number };
    const total = async (cookie: string) =>
      (await getJson<Page>(d.s.app, '/api/v3/device/devices?use_context=true&pageSize=1000', cookie)).body
        .total;
    const gis = async (cookie: string) =>
      (await getJson<GisUnit[]>(d.s.app, '/api/v1/xrequest/GetGISData', cookie)).body;
    const counters = async () => await db.select().from(fleetCounters).orderBy(fleetCounters.organizationId);
    const [userTotal, readerTotal] = [await total(d.userCookie), await total(d.readerCookie)];
    await gis(d.userCookie);
    await gis(d.readerCookie);

    const [u] = await db
      .insert(units)
      .values({ organizationId: d.nordic, type: 11, name: 'Cache probe', lat: 60, lon: 15 })
      .returning({ id: units.id });
    expect(await total(d.userCookie)).toBe(userTotal + 1);
    expect((await gis(d.userCookie)).some((g) => g.UnitID === u!.id)).toBe(true);

    await db.update(units).set({ name: 'Cache probe renamed' }).where(eq(units.id, u!.id));
    expect((await gis(d.userCookie)).find((g) => g.UnitID === u!.id)?.UnitName).toBe('Cache probe renamed');

    const before = await counters();
    await db.update(units).set({ lastContactAt: new Date() }).where(eq(units.organizationId, d.nordic));
    expect(await counters()).toEqual(before);

    await db.update(units).set({ organizationId: d.baltic }).where(eq(units.id, u!.id));
    expect([await total(d.userCookie), await total(d.readerCookie)]).toEqual([userTotal, readerTotal + 1]);
    expect((await gis(d.userCookie)).some((g) => g.UnitID === u!.id)).toBe(false);
    expect((await gis(d.readerCookie)).some((g) => g.UnitID === u!.id)).toBe(true);

    await db.delete(units).where(eq(units.id, u!.id));
    expect(await total(d.readerCookie)).toBe(readerTotal);
    expect((await gis(d.readerCookie)).some((g) => g.UnitID === u!.id)).toBe(false);
    // The counters agree with the tables.
    const counted = await db.execute(
      sql`select organization_id, count(*)::int as n from units group by 1 order by 1`,
    );
    const rows = (counted as unknown as { rows: Array<{ organization_id: number; n: number }> }).rows;
    expect((await counters()).map((c) => [c.organizationId, c.units])).toEqual(
      rows.map((r) => [r.organization_id, r.n]),
    );
  });

  it('the newest alarms (GetAlarms, cached) follow every alarm change', async () => {
    const db = d.s.db.db;
    const list = async () =>
      (await getJson<AlarmRecord[]>(d.s.app, '/api/v1/xrequest/GetAlarms?Rows=50', d.userCookie)).body;
    const before = await list();
    expect(before.length).toBeGreaterThan(0);
    expect(await list()).toEqual(before);
    const [u] = await db
      .select({ id: units.id, name: units.name })
      .from(units)
      .where(eq(units.organizationId, d.nordic))
      .limit(1);
    const [a] = await db
      .insert(alarms)
      .values({
        unitId: u!.id,
        channelId: 3,
        alarmType: 21,
        text: 'newest',
        eventTime: new Date(Date.now() + 60_000),
      })
      .returning({ id: alarms.id });
    expect((await list())[0]).toMatchObject({ AlarmID: a!.id, AlarmEventText: 'newest', Active: true });
    await db.update(alarms).set({ active: false }).where(eq(alarms.id, a!.id));
    expect((await list())[0]).toMatchObject({ AlarmID: a!.id, Active: false });
    await db.update(units).set({ name: 'Renamed for the alarm list' }).where(eq(units.id, u!.id));
    expect((await list())[0]).toMatchObject({ AlarmID: a!.id, UnitName: 'Renamed for the alarm list' });
    await db.delete(alarms).where(eq(alarms.id, a!.id));
    await db.update(units).set({ name: u!.name }).where(eq(units.id, u!.id));
    expect(await list()).toEqual(before);
  });
});
