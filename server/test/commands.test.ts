/**
 * Unit commands and their life: unit actions (one unit and bulk), the relay and firmware updates
 * through the same life, the simulated units' answers and the timeout watchdog (driven with a
 * clock passed in, never by sleeping), the push of each change, and the unit's message log.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  availableFirmware,
  COMMAND_TIMEOUT_MS,
  defaultFirmware,
  MESSAGES,
  type BulkActionResult,
  type FirmwareInfo,
  type Relay,
  type UnitActionRecord,
  type UnitLogEntry,
} from '@fieldwatch/shared';
import { alarms, channels, measurements, unitActions, units } from '../src/db/schema';
import { moveCommand, queueCommand, timeOutCommands } from '../src/modules/devices/actions/commands';
import { NOT_INSTALLED } from '../src/modules/devices/actions/service';
import { RELAY_REPLACED } from '../src/modules/devices/relay/service';
import { pushHubOf } from '../src/modules/push/plugin';
import type { PushDelivery } from '../src/modules/push/hub';
import { advanceCommands, answerDelayMs, refusesCommand, sendDelayMs } from '../src/modules/simulator/commands';
import { DRIVERS, getJson, startDemo, type TestServer } from './helpers';

type Data<T> = { data: T };

describe.each(DRIVERS)('unit commands on %s', (driver) => {
  let s: TestServer;
  let userCookie: string;
  let readerCookie: string;
  let superCookie: string;
  let nordic: number;
  let baltic: number;
  /** Installed Nordic units, none of them touched by another test of this file. */
  let plain: number[];
  /** Installed Nordic switch units without a communication error (they take the relay). */
  let switches: number[];
  let inactiveUnit: number;
  let balticUnit: number;

  beforeAll(async () => {
    ({ s, userCookie, readerCookie, superCookie, nordic, baltic } = await startDemo(driver));
    const installed = sql`${units.name} not ilike '%Ej installerad%'`;
    const noCommError = sql`not exists (select 1 from alarms a where a.unit_id = ${units.id} and a.active and a.alarm_type = 19)`;
    switches = (
      await s.db.db
        .select({ id: units.id })
        .from(units)
        .where(and(eq(units.organizationId, nordic), installed, noCommError, sql`${units.type} in (21, 22, 23, 24, 25, 26, 27, 28)`))
        .orderBy(units.id)
    ).map((r) => r.id);
    plain = (
      await s.db.db
        .select({ id: units.id })
        .from(units)
        .where(and(eq(units.organizationId, nordic), installed, sql`${units.type} between 1 and 9`))
        .orderBy(units.id)
    ).map((r) => r.id);
    inactiveUnit = (
      await s.db.db.select({ id: units.id }).from(units).where(and(eq(units.organizationId, nordic), sql`${units.name} ilike '%Ej installerad%'`)).limit(1)
    )[0]!.id;
    balticUnit = (await s.db.db.select({ id: units.id }).from(units).where(eq(units.organizationId, baltic)).limit(1))[0]!.id;
    if (switches.length < 4 || plain.length < 6) throw new Error(`demo fleet too small: ${switches.length} switches, ${plain.length} plain units`);
  });
  afterAll(async () => {
    await s?.close();
  });

  const send = (method: 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) =>
    s.app.inject({ method, url, headers: { cookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const get = <T>(url: string, cookie = userCookie) => getJson<T>(s.app, url, cookie);
  const rowsOf = (unitId: number) => s.db.db.select().from(unitActions).where(eq(unitActions.unitId, unitId));
  const command = async (id: number) => (await s.db.db.select().from(unitActions).where(eq(unitActions.id, id)))[0]!;
  const relayOf = async (unitId: number) => (await get<Data<Relay>>(`/api/v2/device/devices/${unitId}/relay`)).body.data;

  describe('one unit', () => {
    it('queues an action as a command answered 202, listed with who asked', async () => {
      const unit = plain[0]!;
      const res = await send('POST', `/api/v2/device/devices/${unit}/actions`, userCookie, { action: 'restart' });
      expect(res.statusCode).toBe(202);
      const c = res.json<Data<UnitActionRecord>>().data;
      expect(c).toMatchObject({ unitId: unit, action: 'restart', status: 'queued', detail: '', requestedBy: 'demo.user', sentAt: null, completedAt: null });
      const list = (await get<Data<UnitActionRecord[]>>(`/api/v2/device/devices/${unit}/actions`)).body.data;
      expect(list[0]).toEqual(c);
      // the older xrequest writes the same rows through the same door
      const old = await send('POST', '/api/v1/xrequest/UnitAction', userCookie, { UnitID: unit, Action: 'getData' });
      expect(old.json()[0]).toMatchObject({ UnitID: unit, Action: 'getData', Status: 'queued' });
      expect((await get<Data<UnitActionRecord[]>>(`/api/v2/device/devices/${unit}/actions`)).body.data.map((a) => a.action)).toEqual([
        'getData',
        'restart',
      ]);
    });

    it('refuses Readers (403), other organisations (404), bad input (400), unsupported (400), not installed (409)', async () => {
      const unit = plain[1]!;
      const url = `/api/v2/device/devices/${unit}/actions`;
      const reader = await send('POST', `/api/v2/device/devices/${balticUnit}/actions`, readerCookie, { action: 'test' });
      expect(reader.statusCode).toBe(403);
      expect(reader.json()).toMatchObject({ message: MESSAGES.missingAuthority });
      expect((await send('POST', `/api/v2/device/devices/${balticUnit}/actions`, userCookie, { action: 'test' })).statusCode).toBe(404);
      expect((await send('POST', url, userCookie, { action: 'explode' })).statusCode).toBe(400);
      expect((await send('POST', url, userCookie, {})).statusCode).toBe(400);
      expect((await send('POST', url, userCookie, { action: 'test', extra: 1 })).statusCode).toBe(400);
      expect((await send('POST', '/api/v2/device/devices/abc/actions', userCookie, { action: 'test' })).statusCode).toBe(400);
      // a switch unit has no radar
      const unsupported = await send('POST', `/api/v2/device/devices/${switches[3]!}/actions`, userCookie, { action: 'getRadarAndData' });
      expect(unsupported.statusCode).toBe(400);
      expect(unsupported.json()).toMatchObject({ message: MESSAGES.deviceNotSupported });
      const inactive = await send('POST', `/api/v2/device/devices/${inactiveUnit}/actions`, userCookie, { action: 'test' });
      expect(inactive.statusCode).toBe(409);
      expect(inactive.json()).toMatchObject({ message: NOT_INSTALLED });
      expect(await rowsOf(balticUnit)).toEqual([]);
      expect(await rowsOf(unit)).toEqual([]);
      expect(await rowsOf(inactiveUnit)).toEqual([]);
    });
  });

  describe('bulk', () => {
    it('accepts the units that can take the action and refuses the others with why, leaking nothing', async () => {
      const [a, b] = [plain[2]!, plain[3]!];
      const res = await send('POST', '/api/v3/device/actions', userCookie, {
        unitIds: [a, b, a, balticUnit, 987654321, switches[3]!],
        action: 'getRadarAndData',
      });
      expect(res.statusCode).toBe(200);
      const r = res.json<Data<BulkActionResult>>().data;
      // plain units (resistance) have no radar either: only radar units would be accepted
      expect(r.accepted).toEqual([]);
      expect(r.refused).toEqual([
        { unitId: a, message: MESSAGES.deviceNotSupported },
        { unitId: b, message: MESSAGES.deviceNotSupported },
        { unitId: balticUnit, message: MESSAGES.notFound },
        { unitId: 987654321, message: MESSAGES.notFound },
        { unitId: switches[3]!, message: MESSAGES.deviceNotSupported },
      ]);
      const ok = await send('POST', '/api/v3/device/actions', userCookie, { unitIds: [a, b, balticUnit, inactiveUnit], action: 'setTime' });
      const r2 = ok.json<Data<BulkActionResult>>().data;
      expect(r2.accepted.map((c) => [c.unitId, c.action, c.status])).toEqual([
        [a, 'setTime', 'queued'],
        [b, 'setTime', 'queued'],
      ]);
      expect(r2.refused).toEqual([
        { unitId: balticUnit, message: MESSAGES.notFound },
        { unitId: inactiveUnit, message: NOT_INSTALLED },
      ]);
      expect(await rowsOf(balticUnit)).toEqual([]);
    });

    it('refuses Readers and malformed requests', async () => {
      const reader = await send('POST', '/api/v3/device/actions', readerCookie, { unitIds: [balticUnit], action: 'test' });
      expect(reader.statusCode).toBe(403);
      for (const body of [{ unitIds: [], action: 'test' }, { unitIds: [1], action: 'nope' }, { unitIds: ['x'], action: 'test' }, {}])
        expect((await send('POST', '/api/v3/device/actions', userCookie, body)).statusCode).toBe(400);
      const tooMany = Array.from({ length: 1001 }, (_, i) => i + 1);
      expect((await send('POST', '/api/v3/device/actions', userCookie, { unitIds: tooMany, action: 'test' })).statusCode).toBe(400);
      expect(await rowsOf(balticUnit)).toEqual([]);
    });
  });

  describe('life', () => {
    it('the simulated unit sends, then acknowledges or refuses, each at its own time', async () => {
      const t0 = new Date('2030-01-01T00:00:00Z');
      // commands queued at a known time: one refused by the simulated unit, one acknowledged
      const made: UnitActionRecord[] = [];
      while (!made.some((c) => refusesCommand(c.id)) || !made.some((c) => !refusesCommand(c.id))) {
        if (made.length > 200) throw new Error('no refused command among 200');
        made.push(await queueCommand(s.db.db, { unitId: plain[4]!, action: 'test', userId: null }, t0));
      }
      const ok = made.find((c) => !refusesCommand(c.id))!;
      const bad = made.find((c) => refusesCommand(c.id))!;
      expect(ok.requestedBy).toBeNull();
      const at = (ms: number) => new Date(t0.getTime() + ms);

      await advanceCommands(s.db.db, at(sendDelayMs(ok.id) - 1));
      expect((await command(ok.id)).status).toBe('queued');
      await advanceCommands(s.db.db, at(sendDelayMs(ok.id)));
      const sent = await command(ok.id);
      expect(sent).toMatchObject({ status: 'sent', sentAt: at(sendDelayMs(ok.id)) });
      await advanceCommands(s.db.db, at(sendDelayMs(ok.id) + answerDelayMs(ok.id) - 1));
      expect((await command(ok.id)).status).toBe('sent');
      await advanceCommands(s.db.db, at(sendDelayMs(ok.id) + answerDelayMs(ok.id)));
      expect(await command(ok.id)).toMatchObject({ status: 'acknowledged', result: 'Test passed' });

      await advanceCommands(s.db.db, at(3000));
      await advanceCommands(s.db.db, at(7000));
      expect(await command(bad.id)).toMatchObject({ status: 'failed', result: 'The unit refused the command' });
      for (const c of made) expect((await command(c.id)).status).toBe(refusesCommand(c.id) ? 'failed' : 'acknowledged');
      // ended commands stay ended
      expect(await moveCommand(s.db.db, ok.id, 'failed')).toBeNull();
      const list = (await get<Data<UnitActionRecord[]>>(`/api/v2/device/devices/${plain[4]!}/actions`)).body.data;
      expect(list.find((c) => c.id === ok.id)).toMatchObject({ status: 'acknowledged', sentAt: expect.any(String), completedAt: expect.any(String) });
    });

    it('the watchdog times out commands sent and never answered, not queued ones', async () => {
      const t0 = new Date('2031-01-01T00:00:00Z');
      const sentOne = await queueCommand(s.db.db, { unitId: plain[5]!, action: 'restart', userId: null }, t0);
      const queuedOne = await queueCommand(s.db.db, { unitId: plain[5]!, action: 'purgeData', userId: null }, t0);
      await moveCommand(s.db.db, sentOne.id, 'sent', t0);
      expect(await timeOutCommands(s.db.db, new Date(t0.getTime() + COMMAND_TIMEOUT_MS - 1))).not.toContain(sentOne.id);
      expect(await timeOutCommands(s.db.db, new Date(t0.getTime() + COMMAND_TIMEOUT_MS + 1))).toContain(sentOne.id);
      expect(await command(sentOne.id)).toMatchObject({ status: 'timedOut', result: 'The unit did not answer in time' });
      expect((await command(queuedOne.id)).status).toBe('queued');
    });

    it('pushes each change of a command and of a relay to the organisation', async () => {
      const hub = pushHubOf(s.db.db)!;
      await hub.start();
      const got: PushDelivery[] = [];
      const unsubscribe = hub.subscribe((d) => got.push(d));
      try {
        const unit = switches[2]!;
        const res = await send('POST', `/api/v2/device/devices/${unit}/relay`, userCookie, { on: true });
        const relay = res.json<Data<Relay>>().data;
        await moveCommand(s.db.db, relay.commandId!, 'sent');
        const until = Date.now() + 5000;
        const seen = () =>
          got.some((d) => d.type === 'command' && d.doc.id === relay.commandId && d.doc.status === 'sent') &&
          got.some((d) => d.type === 'relay' && d.doc.unitId === unit && d.doc.state === 'pending');
        while (!seen() && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
        expect(seen()).toBe(true);
        const mine = got.find((d) => d.type === 'command' && d.doc.id === relay.commandId)!;
        expect(mine.organizationId).toBe(nordic);
      } finally {
        unsubscribe();
      }
    });
  });

  describe('relay', () => {
    it('pending until acknowledged, then on; a refused switch is an error', async () => {
      const unit = switches[0]!;
      const url = `/api/v2/device/devices/${unit}/relay`;
      const on = (await send('POST', url, userCookie, { on: true })).json<Data<Relay>>().data;
      expect(on).toMatchObject({ state: 'pending', on: true, commandId: expect.any(Number) });
      expect(await command(on.commandId!)).toMatchObject({ action: 'switchRelay', detail: 'on', status: 'queued' });
      await moveCommand(s.db.db, on.commandId!, 'sent');
      expect((await relayOf(unit)).state).toBe('pending');
      await moveCommand(s.db.db, on.commandId!, 'acknowledged');
      expect(await relayOf(unit)).toMatchObject({ state: 'on', on: true, commandId: on.commandId });
      expect((await command(on.commandId!)).result).toBe('Relay switched on');

      const off = (await send('POST', url, userCookie, { on: false })).json<Data<Relay>>().data;
      expect(off).toMatchObject({ state: 'pending', on: false });
      await moveCommand(s.db.db, off.commandId!, 'failed');
      expect((await relayOf(unit)).state).toBe('error');
      expect((await command(off.commandId!)).result).toBe('Error updating relay');
    });

    it('a newer switch replaces a pending one; a reset ends off; a timeout is an error', async () => {
      const unit = switches[1]!;
      const url = `/api/v2/device/devices/${unit}/relay`;
      const first = (await send('POST', url, userCookie, { on: true })).json<Data<Relay>>().data;
      const reset = await send('POST', '/api/v1/xrequest/SetRelay', userCookie, { UnitID: unit, Reset: true });
      expect(reset.json()[0]).toMatchObject({ State: 'resetting', On: false });
      expect(await command(first.commandId!)).toMatchObject({ status: 'failed', result: RELAY_REPLACED });
      const resetting = await relayOf(unit);
      expect(resetting.state).toBe('resetting');
      expect(await command(resetting.commandId!)).toMatchObject({ action: 'resetRelay', status: 'queued' });
      await moveCommand(s.db.db, resetting.commandId!, 'acknowledged');
      expect(await relayOf(unit)).toMatchObject({ state: 'off', on: false });

      const t0 = new Date('2032-01-01T00:00:00Z');
      const again = (await send('POST', url, superCookie, { on: true })).json<Data<Relay>>().data;
      await moveCommand(s.db.db, again.commandId!, 'sent', t0);
      await timeOutCommands(s.db.db, new Date(t0.getTime() + COMMAND_TIMEOUT_MS + 1));
      expect((await relayOf(unit)).state).toBe('error');
      expect(await command(again.commandId!)).toMatchObject({ status: 'timedOut', result: 'Error updating relay', requestedBy: expect.any(Number) });
    });

    it('keeps the older refusals: no relay or not installed → 409, Reader 403, other organisation 404', async () => {
      const noRelay = await send('POST', `/api/v2/device/devices/${plain[0]!}/relay`, userCookie, { on: true });
      expect(noRelay.statusCode).toBe(409);
      expect(noRelay.json()).toMatchObject({ message: 'Error updating relay' });
      expect((await relayOf(plain[0]!)).state).toBe('error');
      expect((await send('POST', `/api/v2/device/devices/${switches[3]!}/relay`, readerCookie, { on: true })).statusCode).toBe(403);
      expect((await send('POST', `/api/v2/device/devices/${balticUnit}/relay`, userCookie, { on: true })).statusCode).toBe(404);
      expect((await send('POST', `/api/v2/device/devices/${switches[3]!}/relay`, userCookie, {})).statusCode).toBe(400);
      expect(await rowsOf(switches[3]!)).toEqual([]);
    });
  });

  describe('firmware', () => {
    it('tells the current and available versions, schedules one update at a time, and installs it', async () => {
      const unit = plain[0]!;
      const url = `/api/v3/device/devices/${unit}/firmware`;
      const [type] = (await s.db.db.select({ type: units.type }).from(units).where(eq(units.id, unit))).map((r) => r.type);
      const info = (await get<Data<FirmwareInfo>>(url)).body.data;
      expect(info).toEqual({ unitId: unit, current: defaultFirmware(type!), available: [...availableFirmware(type!)], pending: null });
      const target = info.available[0]!;
      expect((await send('POST', url, userCookie, { version: '0.0.0-nope' })).statusCode).toBe(400);
      expect((await send('POST', url, userCookie, { version: 'bad version!' })).statusCode).toBe(400);
      const res = await send('POST', url, userCookie, { version: target });
      expect(res.statusCode).toBe(202);
      const c = res.json<Data<UnitActionRecord>>().data;
      expect(c).toMatchObject({ action: 'updateFirmware', detail: target, status: 'queued' });
      const twice = await send('POST', url, userCookie, { version: target });
      expect(twice.statusCode).toBe(409);
      expect((await get<Data<FirmwareInfo>>(url)).body.data.pending).toMatchObject({ id: c.id });
      await moveCommand(s.db.db, c.id, 'sent');
      await moveCommand(s.db.db, c.id, 'acknowledged');
      expect((await get<Data<FirmwareInfo>>(url)).body.data).toMatchObject({ current: target, pending: null });
      expect((await command(c.id)).result).toBe(`Firmware ${target} installed`);
    });

    it('refuses Readers, other organisations and units not installed', async () => {
      expect((await send('POST', `/api/v3/device/devices/${balticUnit}/firmware`, readerCookie, { version: '1.0.0' })).statusCode).toBe(403);
      expect((await send('POST', `/api/v3/device/devices/${balticUnit}/firmware`, userCookie, { version: '1.0.0' })).statusCode).toBe(404);
      expect((await get(`/api/v3/device/devices/${balticUnit}/firmware`)).status).toBe(404);
      const [type] = (await s.db.db.select({ type: units.type }).from(units).where(eq(units.id, inactiveUnit))).map((r) => r.type);
      const inactive = await send('POST', `/api/v3/device/devices/${inactiveUnit}/firmware`, userCookie, { version: availableFirmware(type!)[0] });
      expect(inactive.statusCode).toBe(409);
    });
  });

  describe('log scan', () => {
    // A unit of its own with known lines: measurements, a command and two alarms.
    let unit: number;
    let channelNo: number;
    const base = new Date('2029-06-01T12:00:00Z');
    const at = (min: number) => new Date(base.getTime() + min * 60_000);
    beforeAll(async () => {
      unit = plain[plain.length - 1]!;
      channelNo = (await s.db.db.select({ n: channels.channelNo }).from(channels).where(eq(channels.unitId, unit)).limit(1))[0]!.n;
      await s.db.db.insert(measurements).values([
        { unitId: unit, channelNo, ts: at(0), value: 1.5 },
        { unitId: unit, channelNo, ts: at(10), value: 2.25 },
        { unitId: unit, channelNo, ts: at(20), value: 3 },
      ]);
      await queueCommand(s.db.db, { unitId: unit, action: 'setTime', userId: null }, at(5));
      await s.db.db.insert(alarms).values([
        { unitId: unit, channelId: channelNo, alarmType: 28, text: 'Battery low', eventTime: at(15), active: false },
        { unitId: unit, channelId: 0, alarmType: 4, text: 'Loop broken', eventTime: at(25), active: true },
      ]);
    });
    const log = async (q: string, cookie = userCookie) => get<Data<UnitLogEntry[]>>(`/api/v3/device/devices/${unit}/log?${q}`, cookie);
    const window = `from=${encodeURIComponent(at(-1).toISOString())}&to=${encodeURIComponent(at(30).toISOString())}`;

    it('merges measurements, commands and alarms newest first', async () => {
      const res = await log(window);
      expect(res.status).toBe(200);
      expect(res.body.data.map((e) => [e.kind, e.ts])).toEqual([
        ['alarm', at(25).toISOString()],
        ['measurement', at(20).toISOString()],
        ['alarm', at(15).toISOString()],
        ['measurement', at(10).toISOString()],
        ['command', at(5).toISOString()],
        ['measurement', at(0).toISOString()],
      ]);
      expect(res.body.data[0]).toMatchObject({ text: 'Loop alarm: Loop broken', status: 'active' });
      expect(res.body.data[2]).toMatchObject({ status: 'cleared' });
      expect(res.body.data[3]).toMatchObject({ channel: channelNo, value: 2.25, text: expect.stringContaining(': 2.25') });
      expect(res.body.data[4]).toMatchObject({ status: 'queued', text: expect.stringContaining('setTime') });
    });

    it('filters by time, kinds, text and limit', async () => {
      const kinds = (await log(`${window}&kinds=alarm,command`)).body.data.map((e) => e.kind);
      expect(kinds).toEqual(['alarm', 'alarm', 'command']);
      expect((await log(`${window}&q=battery`)).body.data.map((e) => e.text)).toEqual(['Battery: Battery low']);
      expect((await log(`${window}&q=2.25`)).body.data).toHaveLength(1);
      expect((await log(`${window}&q=cleared`)).body.data.map((e) => e.status)).toEqual(['cleared']);
      expect((await log(`${window}&q=%25`)).body.data).toEqual([]);
      expect((await log(`${window}&limit=2`)).body.data.map((e) => e.ts)).toEqual([at(25).toISOString(), at(20).toISOString()]);
      const narrow = `from=${encodeURIComponent(at(9).toISOString())}&to=${encodeURIComponent(at(16).toISOString())}`;
      expect((await log(narrow)).body.data.map((e) => e.kind)).toEqual(['alarm', 'measurement']);
      // the API's own date format works too
      expect((await log('from=2029-06-01%2012:09:00&to=2029-06-01%2012:16:00')).body.data).toHaveLength(2);
    });

    it('answers 400 for bad input and 404 for another organisation', async () => {
      for (const q of ['kinds=nope', 'from=yesterday', `from=${encodeURIComponent(at(30).toISOString())}&to=${encodeURIComponent(at(0).toISOString())}`, 'limit=0', 'limit=5000', 'x=1'])
        expect((await log(q)).status).toBe(400);
      expect((await get(`/api/v3/device/devices/${balticUnit}/log`)).status).toBe(404);
      // a Reader reads the log of his organisation's units
      expect((await get(`/api/v3/device/devices/${balticUnit}/log`, readerCookie)).status).toBe(200);
    });
  });
});
