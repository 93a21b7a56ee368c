import { sql } from 'drizzle-orm';
import { MESSAGES, type DeviceData } from '@fieldwatch/shared';
import { units } from '../src/db/schema';
import { ingestMeasurements } from '../src/modules/ingestion/service';
import { ensureDemoHistory } from '../src/modules/simulator/history';
import { DRIVERS, getJson, login, startServer, type TestServer } from './helpers';

type Data<T> = { data: T };

describe.each(DRIVERS)('telemetry on %s', (driver) => {
  let s: TestServer;
  let userCookie: string;
  let readerCookie: string;
  let unitId: number;
  let emptyUnit: number;
  let balticUnit: number;
  const now = new Date('2025-06-15T12:00:00Z');

  beforeAll(async () => {
    s = await startServer(driver);
    userCookie = await login(s.app, 'demo.user');
    readerCookie = await login(s.app, 'demo.reader');
    // Two of our own loggers (type codes below 200: every channel kind; third-party sensors have only theirs).
    const rows = await s.db.db.select().from(units).where(sql`${units.organizationId} = (select min(id) from organizations) and ${units.type} < 200`).orderBy(units.id).limit(2);
    unitId = rows[0]!.id;
    emptyUnit = rows[1]!.id;
    const [b] = await s.db.db.select().from(units).where(sql`${units.organizationId} <> ${rows[0]!.organizationId}`).limit(1);
    balticUnit = b!.id;
    expect(await ensureDemoHistory(s.db.db, unitId, now)).toBe(true);
    expect(await ensureDemoHistory(s.db.db, unitId, now)).toBe(false);
    // A spike that every granularity must keep.
    await ingestMeasurements(s.db.db, [{ unitId, channel: 1, ts: new Date('2025-06-15T06:05:00Z'), value: 999 }], { now });
  });
  afterAll(async () => {
    await s?.close();
  });

  const data = (q: string, cookie = userCookie, id = unitId) => getJson<Data<DeviceData>>(s.app, `/api/v3/device/devices/${id}/data?${q}`, cookie);

  it.each([
    [1, 'raw'],
    [24, 'raw'],
    [72, 'hour'],
    [720, 'hour'],
    [1440, 'hour'],
    [4380, 'day'],
    [8760, 'day'],
  ])('a %i-hour range is read %s, within the point budget, keeping the peak', async (hours, granularity) => {
    const start = new Date(now.getTime() - hours * 3_600_000).toISOString();
    const { status, body } = await data(`start=${start}&end=${now.toISOString()}&records=500`);
    expect(status).toBe(200);
    expect(body.data.granularity).toBe(granularity);
    expect(body.data.channels.length).toBeGreaterThan(3);
    for (const c of body.data.channels) expect(c.points.length).toBeLessThanOrEqual(500);
    const ch1 = body.data.channels.find((c) => c.channel === 1)!;
    if (hours >= 7) expect(Math.max(...ch1.points.map((p) => p.max))).toBe(999);
    if (granularity === 'day') expect(ch1.points.length).toBeGreaterThan(hours / 24 - 3);
  });

  it('answers v2 with start/stop, and 404 "No measurement data found" when nothing', async () => {
    const v2 = await getJson<Data<DeviceData>>(s.app, `/api/v2/device/devices/${unitId}/data?start=2025-06-14 12:00:00&stop=2025-06-15 12:00:00&channel=1`, readerCookie);
    expect(v2.status).toBe(404); // the reader is in the other organisation
    const mine = await getJson<Data<DeviceData>>(s.app, `/api/v2/device/devices/${unitId}/data?start=2025-06-14 12:00:00&stop=2025-06-15 12:00:00&channel=1`, userCookie);
    expect(mine.status).toBe(200);
    expect(mine.body.data.channels.map((c) => c.channel)).toEqual([1]);
    const none = await data('start=2001-01-01T00:00:00Z&end=2001-01-02T00:00:00Z');
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ message: MESSAGES.noMeasurementData });
    expect((await data('start=2001-01-01T00:00:00Z&end=2001-01-02T00:00:00Z', userCookie, balticUnit)).status).toBe(404);
  });

  it('answers 400 for malformed ranges', async () => {
    expect((await data('start=yesterday')).status).toBe(400);
    expect((await data('start=2025-06-15T00:00:00Z&end=2025-06-14T00:00:00Z')).status).toBe(400);
    expect((await data('start=2020-01-01T00:00:00Z&end=2025-06-14T00:00:00Z')).status).toBe(400);
    expect((await data('records=1')).status).toBe(400);
    expect((await getJson(s.app, '/api/v3/device/devices/abc/data', userCookie)).status).toBe(400);
  });

  it('GetUnitsShowValue answers the latest value per channel of the selected customers', async () => {
    const { status, body } = await getJson<Array<Record<string, unknown>>>(s.app, `/api/v1/xrequest/GetUnitsShowValue?UnitID=${unitId},${balticUnit}`, userCookie);
    expect(status).toBe(200);
    expect(body.every((r) => r.UnitID === unitId)).toBe(true);
    expect(body.find((r) => r.ChannelID === 1)).toMatchObject({ UnitID: unitId, ChannelName: 'Analogue 1' });
    expect((await getJson(s.app, '/api/v1/xrequest/GetUnitsShowValue?UnitID=x', userCookie)).status).toBe(400);
    const all = await getJson<unknown[]>(s.app, '/api/v1/xrequest/GetUnitsShowValue', userCookie);
    expect(all.body.length).toBeGreaterThan(100);
    void emptyUnit;
  });

  it('GetUnitsDataCSV answers CSV text per unit', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/v1/xrequest/GetUnitsDataCSV',
      headers: { cookie: userCookie },
      payload: { UnitID: String(unitId), Start: '2025-06-15 00:00:00', End: '2025-06-15 12:00:00' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = res.json<Array<{ UnitID: number; Granularity: string; CSV: string }>>();
    expect(row).toMatchObject({ UnitID: unitId, Granularity: 'raw' });
    const lines = row!.CSV.split('\n');
    expect(lines[0]).toBe('Time;Channel;ChannelName;Value;Min;Max;Count');
    expect(lines).toContain('2025-06-15 06:05:00;1;Analogue 1;999;999;999;1');
    expect((await s.app.inject({ method: 'POST', url: '/api/v1/xrequest/GetUnitsDataCSV', headers: { cookie: userCookie }, payload: {} })).statusCode).toBe(400);
  });
});
