import { eq, sql } from 'drizzle-orm';
import { MESSAGES, type Marker, type Relay, type Unit, type UnitActionRecord, type UnitDetails, type UnitOptions, type UnitSettings } from '@fieldwatch/shared';
import { markers, unitActions, unitSettings, units } from '../src/db/schema';
import { DRIVERS, getJson, login, startServer, type TestServer } from './helpers';

type Data<T> = { data: T };

describe.each(DRIVERS)('fleet on %s', (driver) => {
  let s: TestServer;
  let userCookie: string;
  let readerCookie: string;
  let superCookie: string;
  let nordicUnit: number;
  let relayUnit: number;
  let radarUnit: number;
  let balticUnit: number;

  beforeAll(async () => {
    s = await startServer(driver);
    userCookie = await login(s.app, 'demo.user');
    readerCookie = await login(s.app, 'demo.reader');
    superCookie = await login(s.app, 'demo.super');
    const nordic = sql`${units.organizationId} = (select min(id) from organizations) and ${units.name} not ilike '%Ej installerad%'`;
    // One of our own loggers (type below 200): it has every channel kind, channel 1 Analogue 1.
    nordicUnit = (await s.db.db.select().from(units).where(sql`${nordic} and ${units.type} < 200`).orderBy(units.id).limit(1))[0]!.id;
    relayUnit = (await s.db.db.select().from(units).where(sql`${nordic} and ${units.type} in (21, 25) and not exists (select 1 from alarms a where a.unit_id = ${units.id} and a.active and a.alarm_type = 19)`).limit(1))[0]!.id;
    radarUnit = (await s.db.db.select().from(units).where(sql`exists (select 1 from radar_scans r where r.unit_id = ${units.id}) and ${nordic}`).limit(1))[0]!.id;
    balticUnit = (await s.db.db.select().from(units).where(sql`${units.organizationId} <> (select min(id) from organizations)`).limit(1))[0]!.id;
  });
  afterAll(async () => {
    await s?.close();
  });

  const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    s.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('answers details and options with the model name; 404 for another organisation, 400 for a bad id', async () => {
    const d = await getJson<UnitDetails>(s.app, `/api/v1/device/${nordicUnit}/details`, userCookie);
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({ UnitID: nordicUnit, ModelName: expect.any(String), Channels: expect.any(Array) });
    expect(d.body.Channels[0]).toMatchObject({ ChannelID: 1, ChannelKind: 'analog' });
    const o1 = await getJson<UnitOptions>(s.app, `/api/v1/device/${nordicUnit}/options`, userCookie);
    const o2 = await getJson<Data<UnitOptions>>(s.app, `/api/v2/device/devices/${nordicUnit}/options`, userCookie);
    expect(o2.body.data).toEqual(o1.body);
    for (const url of [`/api/v1/device/${balticUnit}/details`, `/api/v1/device/${balticUnit}/options`, `/api/v2/device/devices/${balticUnit}/options`, `/api/v2/device/legacy/devices/${balticUnit}/settings`])
      expect((await getJson(s.app, url, userCookie)).status).toBe(404);
    expect((await getJson(s.app, '/api/v1/device/abc/details', userCookie)).status).toBe(400);
  });

  it('saves settings with revisions: stale → 409 and nothing lost; Reader 403; other org 404', async () => {
    const url = `/api/v2/device/legacy/devices/${nordicUnit}/settings`;
    const cur = (await getJson<Data<UnitSettings>>(s.app, url, userCookie)).body.data;
    const next = { ...cur.settings, general: { ...cur.settings.general, measureIntervalMin: 5 } };
    const ok = await req('PUT', url, userCookie, { revision: cur.revision, settings: next });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<Data<UnitSettings>>().data.revision).toBe(cur.revision + 1);
    const stale = await req('PUT', url, superCookie, { revision: cur.revision, settings: { general: { measureIntervalMin: 99 } } });
    expect(stale.statusCode).toBe(409);
    expect((await getJson<Data<UnitSettings>>(s.app, url, userCookie)).body.data.settings.general!.measureIntervalMin).toBe(5);
    expect((await req('PUT', url, userCookie, { revision: 1, settings: { general: { x: { nested: 1 } } } })).statusCode).toBe(400);
    expect((await req('PUT', url, userCookie, { settings: {} })).statusCode).toBe(400);
    const one = await req('PUT', `/api/v2/device/legacy/devices/${nordicUnit}/radio/mode`, userCookie, { value: 'lte-m' });
    expect(one.statusCode).toBe(200);
    expect(one.json<Data<UnitSettings>>().data).toMatchObject({ revision: cur.revision + 2, settings: { radio: { mode: 'lte-m' } } });
    expect((await req('PUT', `/api/v2/device/legacy/devices/${nordicUnit}/radio/mode`, userCookie, { value: 'x', revision: 1 })).statusCode).toBe(409);
    expect((await req('PUT', `/api/v2/device/legacy/devices/${nordicUnit}/bad-section/mode`, userCookie, { value: 1 })).statusCode).toBe(400);
    const readerUnit = `/api/v2/device/legacy/devices/${balticUnit}/settings`;
    expect((await req('PUT', readerUnit, readerCookie, { revision: 1, settings: {} })).statusCode).toBe(403);
    const before = await s.db.db.select().from(unitSettings).where(eq(unitSettings.unitId, balticUnit));
    expect((await req('PUT', readerUnit, userCookie, { revision: before[0]!.revision, settings: {} })).statusCode).toBe(404);
    expect(await s.db.db.select().from(unitSettings).where(eq(unitSettings.unitId, balticUnit))).toEqual(before);
  });

  it('filters devices by status, type, alarm type and text', async () => {
    const all = (await getJson<Data<Unit[]>>(s.app, '/api/v2/device/devices', userCookie)).body.data;
    const f = async (body: object) => (await req('POST', '/api/v2/device/deviceFilter?use_context=true', userCookie, body)).json<Data<Unit[]>>().data;
    expect(await f({})).toHaveLength(all.length);
    const inactive = await f({ statuses: ['inactive'] });
    expect(inactive.length).toBeGreaterThan(0);
    expect(inactive.every((u) => u.UnitName.includes('Ej installerad'))).toBe(true);
    expect((await f({ unitTypes: [219] })).every((u) => u.UnitType === 219)).toBe(true);
    expect((await f({ alarmTypes: [19] })).every((u) => u.AlarmEvents.some((e) => e.AlarmType === 19))).toBe(true);
    expect((await f({ search: 'parking' })).length).toBeGreaterThan(0);
    expect((await req('POST', '/api/v2/device/deviceFilter', userCookie, { statuses: ['nope'] })).statusCode).toBe(400);
  });

  it('keeps markers per channel over v2 and xrequest', async () => {
    const base = `/api/v2/device/legacy/devices/${nordicUnit}/channel/1/markers`;
    const created = await req('POST', base, userCookie, { name: 'Pump swap', position: '2025-01-02T03:04:05Z', comments: '<b>x</b>' });
    expect(created.statusCode).toBe(201);
    const m = created.json<Data<Marker>>().data;
    expect(m).toMatchObject({ name: 'Pump swap', comments: '<b>x</b>', locked: false, channel: 1 });
    expect((await getJson<Data<Marker[]>>(s.app, base, userCookie)).body.data.map((x) => x.id)).toContain(m.id);
    expect((await req('POST', base, userCookie, { name: 'x' })).statusCode).toBe(400);
    expect((await req('POST', `/api/v2/device/legacy/devices/${nordicUnit}/channel/77/markers`, userCookie, { name: 'x', position: '2025-01-01' })).statusCode).toBe(404);
    expect((await req('POST', base, readerCookie, { name: 'x', position: '2025-01-01' })).statusCode).toBe(403);
    const locked = await req('PUT', `${base}/${m.id}`, userCookie, { locked: true });
    expect(locked.json<Data<Marker>>().data.locked).toBe(true);
    expect((await req('DELETE', `${base}/${m.id}`, userCookie)).statusCode).toBe(409);
    const marks = await getJson<Array<Record<string, unknown>>>(s.app, `/api/v1/xrequest/GetAllMarks?UnitID=${nordicUnit}&ChannelID=1`, userCookie);
    expect(marks.body[0]).toMatchObject({ MarkID: m.id, Name: 'Pump swap', Position: '2025-01-02 03:04:05', Locked: true });
    const edit = await req('POST', '/api/v1/xrequest/EditMark', userCookie, { MarkID: m.id, Locked: false, Name: 'Pump swapped' });
    expect(edit.json()[0]).toMatchObject({ Name: 'Pump swapped', Locked: false });
    expect((await req('POST', '/api/v1/xrequest/DeleteMark', readerCookie, { MarkID: m.id })).statusCode).toBe(403);
    // demo.super belongs to both organisations and may delete it
    expect((await req('POST', '/api/v1/xrequest/DeleteMark', superCookie, { MarkID: m.id })).statusCode).toBe(200);
    expect(await s.db.db.select().from(markers).where(eq(markers.id, m.id))).toEqual([]);
    const mk = await req('POST', '/api/v1/xrequest/EditMark', userCookie, { UnitID: nordicUnit, ChannelID: 2, Name: 'n', Position: '2025-02-01 00:00:00' });
    expect(mk.statusCode).toBe(200);
    const id = mk.json()[0].MarkID as number;
    expect((await req('DELETE', `/api/v2/device/legacy/devices/${balticUnit}/channel/2/markers/${id}`, superCookie)).statusCode).toBe(404);
    expect((await req('POST', '/api/v1/xrequest/EditMark', userCookie, { UnitID: balticUnit, ChannelID: 1, Name: 'n', Position: '2025-02-01' })).statusCode).toBe(404);
  });

  it('switches relays and records unit actions', async () => {
    const url = `/api/v2/device/devices/${relayUnit}/relay`;
    expect((await getJson<Data<Relay>>(s.app, url, userCookie)).body.data.state).toBe('initializing');
    const on = await req('POST', url, userCookie, { on: true });
    expect(on.json<Data<Relay>>().data).toMatchObject({ state: 'pending', on: true });
    const reset = await req('POST', '/api/v1/xrequest/SetRelay', userCookie, { UnitID: relayUnit, Reset: true });
    expect(reset.json()[0]).toMatchObject({ State: 'resetting', On: false });
    const noRelay = await req('POST', `/api/v2/device/devices/${radarUnit}/relay`, userCookie, { on: true });
    expect(noRelay.statusCode).toBe(409);
    expect(noRelay.json()).toMatchObject({ message: 'Error updating relay' });
    expect((await getJson<Data<Relay>>(s.app, `/api/v2/device/devices/${radarUnit}/relay`, userCookie)).body.data.state).toBe('error');
    expect((await req('POST', url, readerCookie, { on: true })).statusCode).toBe(403);
    expect((await req('POST', url, userCookie, {})).statusCode).toBe(400);
    expect((await req('POST', `/api/v2/device/devices/${balticUnit}/relay`, userCookie, { on: true })).statusCode).toBe(404);

    const act = await req('POST', '/api/v1/xrequest/UnitAction', userCookie, { UnitID: nordicUnit, Action: 'restart' });
    expect(act.json()[0]).toMatchObject({ UnitID: nordicUnit, Action: 'restart', Status: 'queued' });
    const test = await req('GET', `/api/v1/xrequest/UnitAction?UnitID=${nordicUnit}&Action=getData`, userCookie);
    expect(test.json()[0]).toMatchObject({ Status: 'queued', Action: 'getData' });
    const list = await getJson<Data<UnitActionRecord[]>>(s.app, `/api/v2/device/devices/${nordicUnit}/actions`, userCookie);
    expect(list.body.data.map((a) => a.action)).toEqual(['getData', 'restart']);
    expect((await req('POST', '/api/v1/xrequest/UnitAction', userCookie, { UnitID: nordicUnit, Action: 'explode' })).statusCode).toBe(400);
    expect((await req('POST', '/api/v1/xrequest/UnitAction', readerCookie, { UnitID: balticUnit, Action: 'test' })).statusCode).toBe(403);
    expect((await req('POST', '/api/v1/xrequest/UnitAction', userCookie, { UnitID: balticUnit, Action: 'test' })).statusCode).toBe(404);
    expect(await s.db.db.select().from(unitActions).where(eq(unitActions.unitId, balticUnit))).toEqual([]);
  });

  it('answers radar scans and dates', async () => {
    const dates = await getJson<Array<{ RadarDate: string }>>(s.app, `/api/v1/xrequest/GetRadarDates?UnitID=${radarUnit}`, userCookie);
    expect(dates.body.length).toBe(14);
    const at = dates.body[3]!.RadarDate;
    const scan = await getJson<Array<{ RadarDate: string; RadarData: number[] }>>(s.app, `/api/v1/xrequest/GetRadar?UnitID=${radarUnit}&ChannelID=1&Date=${encodeURIComponent(at)}`, userCookie);
    expect(scan.body[0]).toMatchObject({ RadarDate: at });
    expect(scan.body[0]!.RadarData).toHaveLength(32);
    const v2 = await getJson<Data<{ ts: string; data: number[] }>>(s.app, `/api/v2/device/legacy/devices/${radarUnit}/radar/1?timestamp=${encodeURIComponent(at)}`, userCookie);
    expect(v2.body.data.data).toEqual(scan.body[0]!.RadarData);
    const none = await getJson(s.app, `/api/v2/device/legacy/devices/${radarUnit}/radar/1?timestamp=2001-01-01`, userCookie);
    expect(none).toMatchObject({ status: 404, body: { message: MESSAGES.noMeasurementData } });
    expect((await getJson(s.app, `/api/v2/device/legacy/devices/${radarUnit}/radar/1?timestamp=nope`, userCookie)).status).toBe(400);
    expect((await getJson(s.app, `/api/v1/xrequest/GetRadarDates?UnitID=${balticUnit}`, userCookie)).status).toBe(404);
  });

  it('answers units info, types and channels, and edits a channel', async () => {
    const info = await getJson<Array<Record<string, unknown>>>(s.app, `/api/v1/xrequest/GetUnitsInfo?UnitID=${nordicUnit},${balticUnit}`, userCookie);
    expect(info.body).toEqual([expect.objectContaining({ UnitID: nordicUnit, ModelName: expect.any(String) })]);
    const types = await getJson<Array<Record<string, unknown>>>(s.app, '/api/v1/xrequest/GetUnitType', userCookie);
    expect(types.body).toContainEqual(expect.objectContaining({ UnitType: 41, ModelName: 'AWG' }));
    const ch = await getJson<Array<Record<string, unknown>>>(s.app, `/api/v1/xrequest/GetChannel?UnitID=${nordicUnit}&ChannelID=1`, userCookie);
    expect(ch.body).toEqual([expect.objectContaining({ UnitID: nordicUnit, ChannelID: 1, ChannelName: 'Analogue 1' })]);
    const edit = await req('POST', '/api/v1/xrequest/EditChannel', userCookie, { UnitID: nordicUnit, ChannelID: 1, ChannelName: 'Inlet level' });
    expect(edit.json()[0]).toMatchObject({ ChannelName: 'Inlet level' });
    expect((await req('POST', '/api/v1/xrequest/EditChannel', userCookie, { UnitID: nordicUnit, ChannelID: 1 })).statusCode).toBe(400);
    expect((await req('POST', '/api/v1/xrequest/EditChannel', readerCookie, { UnitID: balticUnit, ChannelID: 1, ChannelName: 'x' })).statusCode).toBe(403);
    expect((await req('POST', '/api/v1/xrequest/EditChannel', userCookie, { UnitID: balticUnit, ChannelID: 1, ChannelName: 'x' })).statusCode).toBe(404);
    expect((await req('POST', '/api/v1/xrequest/EditChannel', userCookie, { UnitID: nordicUnit, ChannelID: 99, ChannelName: 'x' })).statusCode).toBe(404);
  });
});
