/**
 * The demo end to end, in real time: with the simulator on, a unit action and a relay switch made
 * over HTTP reach their end within seconds (the simulated unit sends, then acknowledges or
 * refuses), the relay follows its command, and closing the app stops the timers.
 */
import { and, sql } from 'drizzle-orm';
import type { Relay, UnitActionRecord } from '@fieldwatch/shared';
import { units } from '../src/db/schema';
import { refusesCommand } from '../src/modules/simulator/commands';
import { DRIVERS, getJson, login, startServer, type TestServer } from './helpers';

type Data<T> = { data: T };

describe.each(DRIVERS)('unit commands with the demo simulator on %s', (driver) => {
  let s: TestServer;
  let cookie: string;
  let unit: number;
  let switchUnit: number;

  beforeAll(async () => {
    // One measurement tick at start, no backfill: the command steps are what this file watches.
    s = await startServer(driver, { simulator: true, simulatorBackfill: false, simulatorIntervalSec: 86_400 });
    cookie = await login(s.app, 'demo.user');
    const nordic = sql`${units.organizationId} = (select min(id) from organizations) and ${units.name} not ilike '%Ej installerad%'`;
    unit = (await s.db.db.select({ id: units.id }).from(units).where(and(nordic, sql`${units.type} between 1 and 9`)).limit(1))[0]!.id;
    switchUnit = (
      await s.db.db
        .select({ id: units.id })
        .from(units)
        .where(and(nordic, sql`${units.type} in (21, 25)`, sql`not exists (select 1 from alarms a where a.unit_id = ${units.id} and a.active and a.alarm_type = 19)`))
        .limit(1)
    )[0]!.id;
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  const until = async <T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 15_000): Promise<T> => {
    const end = Date.now() + ms;
    let v = await read();
    while (!done(v) && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 200));
      v = await read();
    }
    return v;
  };

  it('a unit action goes queued → sent → acknowledged (or refused) by itself', async () => {
    const res = await s.app.inject({ method: 'POST', url: `/api/v2/device/devices/${unit}/actions`, headers: { cookie }, payload: { action: 'test' } });
    expect(res.statusCode).toBe(202);
    const c = res.json<Data<UnitActionRecord>>().data;
    const read = async () =>
      (await getJson<Data<UnitActionRecord[]>>(s.app, `/api/v2/device/devices/${unit}/actions`, cookie)).body.data.find((x) => x.id === c.id)!;
    const ended = await until(read, (x) => x.status !== 'queued' && x.status !== 'sent');
    expect(ended.status).toBe(refusesCommand(c.id) ? 'failed' : 'acknowledged');
    expect(ended.sentAt).not.toBeNull();
    expect(Date.parse(ended.completedAt!) - Date.parse(ended.requestedAt)).toBeGreaterThanOrEqual(2000);
  }, 30_000);

  it('a relay switch ends on (or error when the unit refused)', async () => {
    const res = await s.app.inject({ method: 'POST', url: `/api/v2/device/devices/${switchUnit}/relay`, headers: { cookie }, payload: { on: true } });
    const pending = res.json<Data<Relay>>().data;
    expect(pending.state).toBe('pending');
    const read = async () => (await getJson<Data<Relay>>(s.app, `/api/v2/device/devices/${switchUnit}/relay`, cookie)).body.data;
    const settled = await until(read, (r) => r.state !== 'pending');
    expect(settled).toMatchObject(refusesCommand(pending.commandId!) ? { state: 'error' } : { state: 'on', on: true });
  }, 30_000);
});
