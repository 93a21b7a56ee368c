import { and, eq, sql } from 'drizzle-orm';
import {
  ALARM_FETCH_DEFAULT_ROWS,
  ALARM_LIMIT_MESSAGES,
  type AlarmActionInfo,
  type AlarmActionResult,
  type AlarmRecord,
  type AlarmTypeInfo,
  type ChannelLimits,
  type GisUnit,
  type KpiAlarms,
  type KpiBatteryBucket,
  type KpiSwitch,
  type ParkingUsage,
  type UnitByPos,
} from '@fieldwatch/shared';
import {
  alarmLimits,
  alarms,
  channels,
  events,
  measurements,
  notifications,
  tasks,
  units,
} from '../src/db/schema';
import { evaluateMeasurements } from '../src/modules/alarms/evaluate';
import { appContext } from '../src/app';
import { DRIVERS, getJson, startDemo, type TestServer } from './helpers';

type Data<T> = { data: T };

describe.each(DRIVERS)('alarms on %s', (driver) => {
  let s: TestServer;
  let superCookie: string;
  let userCookie: string;
  let readerCookie: string;
  let nordic: number;
  let baltic: number;
  /** A Nordic and a Baltic unit with an analog channel 1. */
  let nUnit: number;
  let bUnit: number;

  beforeAll(async () => {
    ({ s, superCookie, userCookie, readerCookie, nordic, baltic } = await startDemo(driver));
    const analogUnit = async (org: number) => {
      const [r] = await s.db.db
        .select({ id: units.id })
        .from(units)
        .innerJoin(
          channels,
          and(eq(channels.unitId, units.id), eq(channels.channelNo, 1), eq(channels.kind, 'analog')),
        )
        .where(eq(units.organizationId, org))
        .orderBy(units.id)
        .limit(1);
      return r!.id;
    };
    nUnit = await analogUnit(nordic);
    bUnit = await analogUnit(baltic);
  });
  afterAll(async () => {
    await s?.close();
  });

  const get = <T>(url: string, cookie: string) => getJson<T>(s.app, url, cookie);
  const send = (method: 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) =>
    s.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const x = async <T>(method: string, cookie: string, params: Record<string, unknown> = {}) => {
    const res = await send('POST', `/api/v1/xrequest/${method}`, cookie, params);
    return { status: res.statusCode, body: res.json() as T };
  };
  const count = async (table: typeof alarms | typeof events | typeof tasks | typeof notifications) =>
    Number((await s.db.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n);
  /** An active alarm of `unit` (as a measurement below a limit leaves one), for tests that list or act on alarms. */
  const storeActiveAlarm = async (unit: number, channelId: number, alarmType: number) => {
    await s.db.db
      .insert(alarms)
      .values({
        unitId: unit,
        channelId,
        alarmType,
        text: 'Battery voltage 3.1 V below limit 3.30 V',
        eventTime: new Date(Date.now() - 5 * 60_000),
      })
      .onConflictDoNothing();
  };

  it('lists alarm types 0–52 and the alarm actions', async () => {
    const types = (await get<Data<AlarmTypeInfo[]>>('/api/v3/alarms/types', readerCookie)).body.data;
    expect(types).toHaveLength(53);
    expect(types[19]).toMatchObject({ type: 19, name: 'Communication error' });
    expect(types[52]).toMatchObject({ name: 'Ground resistance', critical: true });
    const actions = await get<Data<AlarmActionInfo[]>>('/api/v2/device/legacy/alarm_actions', readerCookie);
    expect(actions.body.data.map((a) => a.id)).toEqual(['acknowledge', 'reset']);
    expect((await s.app.inject({ method: 'GET', url: '/api/v3/alarms/types' })).statusCode).toBe(401);
  });

  describe('alarm limits', () => {
    const url = (unit: number, ch = 1) => `/api/v3/device/devices/${unit}/channels/${ch}/limits`;

    it('reads four levels and the alarm types of the channel kind', async () => {
      const { status, body } = await get<Data<ChannelLimits>>(url(nUnit), userCookie);
      expect(status).toBe(200);
      expect(body.data).toMatchObject({
        unitId: nUnit,
        channelNo: 1,
        limitKind: 'analog',
        alarmTypes: [10, 11, 12, 13, 14, 15, 16, 17],
      });
      expect(body.data.levels.map((l) => l.level)).toEqual([1, 2, 3, 4]);
      // Signal strength has no limits; battery voltage raises Battery (28).
      expect((await get(url(nUnit, 7), userCookie)).body).toMatchObject({
        data: { limitKind: null, alarmTypes: [] },
      });
      expect((await get(url(nUnit, 5), userCookie)).body).toMatchObject({
        data: { limitKind: 'battery', alarmTypes: [28] },
      });
    });

    it('updates levels with the spec message and keeps the rest', async () => {
      const res = await send('PUT', url(nUnit), userCookie, {
        levels: [
          { level: 1, low: 4, high: 16 },
          { level: 2, high: 18 },
        ],
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { data: ChannelLimits; message: string };
      expect(body.message).toBe(ALARM_LIMIT_MESSAGES.updated);
      expect(body.data.levels.slice(0, 2)).toEqual([
        { level: 1, low: 4, high: 16, enabled: true },
        { level: 2, low: null, high: 18, enabled: true },
      ]);
      const again = await send('PUT', url(nUnit), userCookie, { levels: [{ level: 2, enabled: false }] });
      expect((again.json() as { data: ChannelLimits }).data.levels[1]).toEqual({
        level: 2,
        low: null,
        high: 18,
        enabled: false,
      });
      await send('PUT', url(nUnit), userCookie, { levels: [{ level: 2, enabled: true }] });
    });

    it('answers the failure message for bad limits, and 400 for malformed input', async () => {
      for (const payload of [
        { levels: [{ level: 1, low: 20, high: 10 }] },
        { levels: [{ level: 7, low: 1 }] },
        { levels: [{ level: 1, low: 'x' }] },
        { levels: [] },
        { levels: [{ level: 1 }, { level: 1 }] },
        { nope: 1 },
      ]) {
        const res = await send('PUT', url(nUnit), userCookie, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(new RegExp(`^${ALARM_LIMIT_MESSAGES.failed}`));
      }
      expect(
        (await send('PUT', url(nUnit, 7), userCookie, { levels: [{ level: 1, low: 1 }] })).statusCode,
      ).toBe(400);
      expect((await get('/api/v3/device/devices/abc/channels/1/limits', userCookie)).status).toBe(400);
      expect((await get(url(nUnit, 99), userCookie)).status).toBe(404);
    });

    it('Readers cannot edit; another organisation gets 404 and nothing changes', async () => {
      const before = await s.db.db.select().from(alarmLimits);
      expect(
        (await send('PUT', url(bUnit), readerCookie, { levels: [{ level: 1, high: 1 }] })).statusCode,
      ).toBe(403);
      expect(
        (await send('PUT', url(bUnit), userCookie, { levels: [{ level: 1, high: 1 }] })).statusCode,
      ).toBe(404);
      expect((await get(url(bUnit), userCookie)).status).toBe(404);
      expect((await get(url(bUnit), readerCookie)).status).toBe(200);
      expect(await s.db.db.select().from(alarmLimits)).toEqual(before);
    });

    it('reads and edits through xrequest', async () => {
      const set = await x<Array<Record<string, unknown>>>('SetAlarmLimits', userCookie, {
        UnitID: String(nUnit),
        ChannelID: '1',
        Level: '3',
        Low: '1',
        High: '30',
      });
      expect(set.status).toBe(200);
      expect(set.body[2]).toMatchObject({
        Level: 3,
        Low: 1,
        High: 30,
        Message: ALARM_LIMIT_MESSAGES.updated,
      });
      const read = await x<Array<Record<string, unknown>>>('GetAlarmLimits', readerCookie, {
        UnitID: bUnit,
        ChannelID: 1,
      });
      expect(read.body).toHaveLength(4);
      const cleared = await x<Array<Record<string, unknown>>>('SetAlarmLimits', userCookie, {
        UnitID: nUnit,
        ChannelID: 1,
        Level: 3,
        Low: '',
        High: '',
      });
      expect(cleared.body[2]).toMatchObject({ Low: null, High: null });
      const bad = await x<{ message: string }>('SetAlarmLimits', userCookie, {
        UnitID: nUnit,
        ChannelID: 1,
        Level: 9,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(new RegExp(`^${ALARM_LIMIT_MESSAGES.failed}`));
      expect(
        (await x('SetAlarmLimits', readerCookie, { UnitID: bUnit, ChannelID: 1, Level: 1, High: 2 })).status,
      ).toBe(403);
      expect(
        (await x('SetAlarmLimits', userCookie, { UnitID: bUnit, ChannelID: 1, Level: 1, High: 2 })).status,
      ).toBe(404);
    });
  });

  describe('limit evaluation and the pipeline', () => {
    // The limits the alarm-limit tests above leave behind, set here so this part can run alone.
    beforeAll(async () => {
      const res = await send('PUT', `/api/v3/device/devices/${nUnit}/channels/1/limits`, userCookie, {
        levels: [
          { level: 1, low: 4, high: 16, enabled: true },
          { level: 2, high: 18, enabled: true },
        ],
      });
      if (res.statusCode !== 200) throw new Error(`limits ${res.statusCode} ${res.body}`);
      const cleared = await x('SetAlarmLimits', userCookie, { UnitID: nUnit, ChannelID: 1, Level: 3, Low: '', High: '' });
      if (cleared.status !== 200) throw new Error(`level 3 ${cleared.status}`);
    });

    it('a crossing raises one alarm, with event, notifications and task; no duplicate while active', async () => {
      const [a0, e0, t0] = [await count(alarms), await count(events), await count(tasks)];
      const ts = new Date(Date.now() - 60_000);
      // Through the ingestion hook, as real measurements arrive.
      const errors = await appContext(s.app).measurements.emit(
        [
          { unitId: nUnit, organizationId: nordic, channel: 1, ts, value: 17.5 },
          {
            unitId: nUnit,
            organizationId: nordic,
            channel: 1,
            ts: new Date(ts.getTime() + 1000),
            value: 17.6,
          },
          // Still above level 1 (back inside would clear it: alarm-states.test.ts).
          { unitId: nUnit, organizationId: nordic, channel: 1, ts: new Date(ts.getTime() + 2000), value: 17 },
        ],
        s.db.db,
      );
      expect(errors).toEqual([]);
      const raised = await s.db.db
        .select()
        .from(alarms)
        .where(and(eq(alarms.unitId, nUnit), eq(alarms.alarmType, 11), eq(alarms.active, true)));
      expect(raised).toHaveLength(1);
      expect(raised[0]!.text).toBe('Value 17.5 mA above high limit 16 mA (level 1)');
      expect(await count(alarms)).toBe(a0 + 1);
      expect(await count(events)).toBe(e0 + 1);
      const [ev] = await s.db.db
        .select()
        .from(events)
        .where(sql`${events.doc}->>'alarmId' like ${`${nUnit}-1-11-%`}`);
      expect(ev!.doc).toMatchObject({
        version: '2',
        kind: 'event',
        type: 'alarm',
        unitId: nUnit,
        category: 'notice',
      });
      const notes = await s.db.db
        .select()
        .from(notifications)
        .where(sql`${notifications.doc}->>'eventId' = ${ev!.id}`);
      expect(notes.length).toBe(2); // demo.super and demo.user belong to Nordic
      const [task] = await s.db.db
        .select()
        .from(tasks)
        .where(sql`${tasks.doc}->'eventIds' ? ${ev!.id}`);
      expect(task!.doc.signature).toBe(`Alarm${nUnit}`);
      expect((await count(tasks)) - t0).toBeLessThanOrEqual(1);

      const again = await evaluateMeasurements(s.db.db, [
        { unitId: nUnit, channel: 1, ts: new Date(), value: 17.9 },
      ]);
      expect(again.alarmIds).toHaveLength(0); // level 1 high is already active, level 2 is not crossed
      expect(await count(alarms)).toBe(a0 + 1);
      // Channels without a limit kind (battery voltage) never raise limit alarms.
      expect(
        (await evaluateMeasurements(s.db.db, [{ unitId: bUnit, channel: 5, ts: new Date(), value: 99 }]))
          .alarmIds,
      ).toEqual([]);
    });
  });

  describe('alarm lists', () => {
    // The Nordic unit has an alarm of its own to list, whichever tests ran before.
    beforeAll(async () => {
      await storeActiveAlarm(nUnit, 5, 28);
    });

    it('GetAlarms answers at most the default rows, newest first, in API date format', async () => {
      const { status, body } = await x<AlarmRecord[]>('GetAlarms', superCookie);
      expect(status).toBe(200);
      expect(body.length).toBeGreaterThan(0);
      expect(body.length).toBeLessThanOrEqual(ALARM_FETCH_DEFAULT_ROWS);
      expect(body[0]!.AlarmEventTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const times = body.map((a) => a.AlarmEventTime);
      expect([...times].sort().reverse()).toEqual(times);
      const reader = (await x<AlarmRecord[]>('GetAlarms', readerCookie)).body;
      expect(reader.every((a) => a.CustomerID === baltic)).toBe(true);
    });

    it('filters by units, types, dates, activity and rows', async () => {
      const one = (await x<AlarmRecord[]>('GetAlarms', userCookie, { UnitIDs: String(nUnit) })).body;
      expect(one.length).toBeGreaterThan(0);
      expect(one.every((a) => a.UnitID === nUnit)).toBe(true);
      const typed = (await x<AlarmRecord[]>('GetAlarms', userCookie, { Types: '11,28' })).body;
      expect(typed.every((a) => [11, 28].includes(a.AlarmType))).toBe(true);
      const rows = (await x<AlarmRecord[]>('GetAlarms', userCookie, { Rows: 3 })).body;
      expect(rows).toHaveLength(3);
      const since = (await x<AlarmRecord[]>('GetAlarms', userCookie, { From: '2099-01-01 00:00:00' })).body;
      expect(since).toEqual([{}]);
      const active = (await x<AlarmRecord[]>('GetAlarms', userCookie, { Active: 'true', To: '2099-01-01' }))
        .body;
      expect(active.every((a) => a.Active)).toBe(true);
      for (const bad of [
        { From: 'yesterday' },
        { Rows: '0' },
        { Types: '99' },
        { UnitIDs: 'a,b' },
        { From: '2026-02-31' },
      ])
        expect((await x('GetAlarms', userCookie, bad)).status).toBe(400);
      expect((await x('GetAlarms', userCookie, { UnitIDs: `${nUnit},${bUnit}` })).status).toBe(404);
    });

    it('POST /api/v2/device/alarms answers alarms of the given devices', async () => {
      const res = await send('POST', '/api/v2/device/alarms', userCookie, { devices: [nUnit] });
      expect(res.statusCode).toBe(200);
      const data = (res.json() as Data<AlarmRecord[]>).data;
      expect(data.length).toBeGreaterThan(0);
      expect(data.every((a) => a.UnitID === nUnit)).toBe(true);
      const active = (
        await send('POST', '/api/v2/device/alarms', userCookie, { devices: [nUnit], active: true })
      ).json() as Data<AlarmRecord[]>;
      expect(active.data.every((a) => a.Active)).toBe(true);
      expect((await send('POST', '/api/v2/device/alarms', userCookie, { devices: [bUnit] })).statusCode).toBe(
        404,
      );
      expect((await send('POST', '/api/v2/device/alarms', userCookie, { devices: ['x'] })).statusCode).toBe(
        400,
      );
      expect((await send('POST', '/api/v2/device/alarms', userCookie, {})).statusCode).toBe(400);
    });
  });

  describe('alarm actions', () => {
    const activeOf = async (unit: number) =>
      s.db.db
        .select()
        .from(alarms)
        .where(and(eq(alarms.unitId, unit), eq(alarms.active, true)))
        .orderBy(alarms.id);

    // An active alarm of the Nordic unit to acknowledge, whichever tests ran before.
    beforeAll(async () => {
      await storeActiveAlarm(nUnit, 5, 34);
    });

    // The whole state model is in alarm-states.test.ts; here the answer's shape.
    it('acknowledge records who and when, and the alarm stays active', async () => {
      const [a] = await activeOf(nUnit);
      const res = await send('POST', `/api/v3/alarms/${a!.id}/actions`, userCookie, {
        action: 'acknowledge',
      });
      expect(res.statusCode).toBe(200);
      const r = (res.json() as Data<AlarmActionResult>).data;
      expect(r).toMatchObject({
        action: 'acknowledge',
        by: 'demo.user',
        alarms: [{ alarmId: a!.id, changed: true, state: 'activeAcknowledged', acknowledgedBy: 'demo.user' }],
      });
      const [row] = await s.db.db.select().from(alarms).where(eq(alarms.id, a!.id));
      expect(row!.active).toBe(true);
      expect(row!.acknowledgedBy).toBe('demo.user');
    });

    it('reset clears the alarm by hand', async () => {
      const [a] = await activeOf(bUnit);
      if (!a) return;
      const res = await send('POST', `/api/v3/alarms/${a.id}/actions`, superCookie, { action: 'reset' });
      expect(res.statusCode).toBe(200);
      const [row] = await s.db.db.select().from(alarms).where(eq(alarms.id, a.id));
      expect(row!.active).toBe(false);
      expect(row!.clearedBy).toBe('demo.super');
    });

    it('Reader 403, other organisation 404, bad input 400 — nothing changes', async () => {
      const [a] = await s.db.db
        .select({ id: alarms.id })
        .from(alarms)
        .innerJoin(units, eq(units.id, alarms.unitId))
        .where(and(eq(units.organizationId, baltic), eq(alarms.active, true)))
        .limit(1);
      const before = await count(events);
      expect(
        (await send('POST', `/api/v3/alarms/${a!.id}/actions`, readerCookie, { action: 'acknowledge' }))
          .statusCode,
      ).toBe(403);
      expect(
        (await send('POST', `/api/v3/alarms/${a!.id}/actions`, userCookie, { action: 'acknowledge' }))
          .statusCode,
      ).toBe(404);
      expect(
        (await send('POST', `/api/v3/alarms/${a!.id}/actions`, userCookie, { action: 'explode' })).statusCode,
      ).toBe(400);
      expect(
        (await send('POST', `/api/v3/alarms/abc/actions`, userCookie, { action: 'reset' })).statusCode,
      ).toBe(400);
      const [row] = await s.db.db.select().from(alarms).where(eq(alarms.id, a!.id));
      expect(row!.active).toBe(true);
      expect(await count(events)).toBe(before);
    });
  });

  describe('KPIs, GIS, position and parking', () => {
    it('GetKPIAlarms counts unit statuses and active alarms by type', async () => {
      const k = (await x<KpiAlarms[]>('GetKPIAlarms', readerCookie)).body[0]!;
      expect(k.Total).toBe(k.Ok + k.Alarm + k.Problem + k.Inactive);
      expect(k.ByType.reduce((n, t) => n + t.Count, 0)).toBe(k.ActiveAlarms);
      const [balticUnits] = await s.db.db
        .select({ n: sql<number>`count(*)::int` })
        .from(units)
        .where(eq(units.organizationId, baltic));
      expect(k.Total).toBe(Number(balticUnits!.n));
    });

    it('GetKPIBattery buckets the latest battery voltage; GetKPISwitch the latest switch state', async () => {
      const [bat] = await s.db.db
        .select()
        .from(channels)
        .where(and(eq(channels.unitId, bUnit), eq(channels.name, 'Battery voltage')));
      const before = (await x<KpiBatteryBucket[]>('GetKPIBattery', readerCookie)).body;
      expect(before.map((b) => b.Bucket)).toEqual(['critical', 'low', 'ok', 'good', 'unknown']);
      await s.db.db.insert(measurements).values([
        // Later than anything the seed wrote, so these are the latest values.
        { unitId: bUnit, channelNo: bat!.channelNo, ts: new Date(Date.now() + 60_000), value: 3.7 },
        { unitId: bUnit, channelNo: bat!.channelNo, ts: new Date(Date.now() + 120_000), value: 3.1 },
      ]);
      const after = (await x<KpiBatteryBucket[]>('GetKPIBattery', readerCookie)).body;
      const crit = (l: KpiBatteryBucket[]) => l.find((b) => b.Bucket === 'critical')!.Count;
      const [prev] = await s.db.db
        .select({ value: measurements.value })
        .from(measurements)
        .where(
          and(
            eq(measurements.unitId, bUnit),
            eq(measurements.channelNo, bat!.channelNo),
            sql`${measurements.ts} < now()`,
          ),
        )
        .orderBy(sql`${measurements.ts} desc`)
        .limit(1);
      const wasCritical = prev !== undefined && prev.value < 3.3;
      expect(crit(after)).toBe(crit(before) + (wasCritical ? 0 : 1));
      expect(after.reduce((n, b) => n + b.Count, 0)).toBe(before.reduce((n, b) => n + b.Count, 0));

      const sw = (await x<KpiSwitch[]>('GetKPISwitch', readerCookie)).body[0]!;
      expect(sw.Channels).toBe(sw.On + sw.Off + sw.Unknown);
      expect(sw.Channels).toBeGreaterThan(0);
    });

    it('GetGISData answers positioned units of the selected GIS customers', async () => {
      const gis = (await x<GisUnit[]>('GetGISData', readerCookie)).body;
      expect(gis.length).toBeGreaterThan(0);
      expect(gis.every((u) => u.CustomerID === baltic && typeof u.UnitGPSLatitude === 'number')).toBe(true);
      expect(['ok', 'alarm', 'problem', 'inactive']).toContain(gis[0]!.Status);
      // The selection scopes it: select only Baltic.
      const sel = await s.app.inject({
        method: 'PUT',
        url: `/api/v3/user/session/current_organization?id=${baltic}`,
        headers: { cookie: superCookie },
      });
      if (sel.statusCode === 200) {
        const mine = (await x<GisUnit[]>('GetGISData', superCookie)).body;
        expect(new Set(mine.map((u) => u.CustomerID))).toEqual(new Set([baltic]));
      }
    });

    it('GetUnitsByPos answers the nearest units first, with defaults and bounds', async () => {
      const [u] = await s.db.db.select().from(units).where(eq(units.id, nUnit));
      const near = (await x<UnitByPos[]>('GetUnitsByPos', userCookie, { Lat: u!.lat, Lon: u!.lon })).body;
      expect(near[0]).toMatchObject({ UnitID: nUnit, Distance: 0 });
      const d = near.map((n) => n.Distance);
      expect([...d].sort((a, b) => a - b)).toEqual(d);
      expect(near.every((n) => n.CustomerID === nordic)).toBe(true);
      const few = (
        await x<UnitByPos[]>('GetUnitsByPos', userCookie, { Lat: u!.lat, Lon: u!.lon, Rows: 2, Distance: 50 })
      ).body;
      expect(few.length).toBeLessThanOrEqual(2);
      expect(few.every((n) => n.Distance <= 50)).toBe(true);
      for (const bad of [{}, { Lat: 91, Lon: 0 }, { Lat: 'x', Lon: 1 }, { Lat: 1, Lon: 1, Rows: -1 }])
        expect((await x('GetUnitsByPos', userCookie, bad)).status).toBe(400);
    });

    it('GetReportParkingUsage reports occupancy per parking unit and day, and works without data', async () => {
      const [p] = await s.db.db
        .select({ id: units.id })
        .from(units)
        .where(and(eq(units.organizationId, nordic), sql`${units.type} in (219, 225, 227)`))
        .limit(1);
      const day = '2026-03-10';
      const empty = (
        await x<ParkingUsage[]>('GetReportParkingUsage', userCookie, { StartDate: day, EndDate: day })
      ).body;
      expect(empty).toEqual([{}]);
      const [sw] = await s.db.db
        .select({ n: channels.channelNo })
        .from(channels)
        .where(and(eq(channels.unitId, p!.id), eq(channels.kind, 'switch')))
        .orderBy(channels.channelNo)
        .limit(1);
      // Stockholm is UTC+1 in March: 08:00–17:00 local is 07:00–16:00 UTC.
      const at = (hhmm: string, value: number) => ({
        unitId: p!.id,
        channelNo: sw!.n,
        ts: new Date(`${day}T${hhmm}:00Z`),
        value,
      });
      await s.db.db
        .insert(measurements)
        .values([
          at('06:30', 1),
          at('07:30', 1),
          at('09:00', 1),
          at('11:00', 0),
          at('15:00', 0),
          at('16:30', 1),
        ]);
      const rows = (
        await x<ParkingUsage[]>('GetReportParkingUsage', userCookie, {
          StartDate: day,
          EndDate: day,
          UnitIDs: String(p!.id),
        })
      ).body;
      expect(rows).toEqual([
        {
          UnitID: p!.id,
          UnitName: expect.any(String),
          UnitType: expect.any(Number),
          Date: day,
          From: '08:00',
          To: '17:00',
          Occupancy: 0.5,
          Samples: 4,
        },
      ]);
      const narrow = (
        await x<ParkingUsage[]>('GetReportParkingUsage', userCookie, {
          StartDate: day,
          EndDate: day,
          From: '09:00',
          To: '11:00',
        })
      ).body;
      expect(narrow.find((r) => r.UnitID === p!.id)).toMatchObject({ Occupancy: 1, Samples: 1 });
      expect((await x('GetReportParkingUsage', readerCookie, { StartDate: day, EndDate: day })).body).toEqual(
        [{}],
      );
      for (const bad of [
        { From: '25:00' },
        { From: '10:00', To: '09:00' },
        { StartDate: 'x' },
        { StartDate: '2026-03-10', EndDate: '2026-03-01' },
      ])
        expect((await x('GetReportParkingUsage', userCookie, bad)).status).toBe(400);
      expect((await x('GetReportParkingUsage', userCookie, { UnitIDs: String(bUnit) })).status).toBe(404);
    });
  });
});
