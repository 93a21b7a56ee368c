/**
 * A changed alarm limit takes effect at once: the channel's newest reading is checked against it,
 * so the unit's alarm state follows without waiting for its next measurement. A unit whose
 * settings switch alarms off raises none.
 */
import { and, eq } from 'drizzle-orm';
import { alarms, channels, measurements, units } from '../src/db/schema';
import { DRIVERS, startDemo, type TestServer } from './helpers';

describe.each(DRIVERS)('alarm limits take effect at once on %s', (driver) => {
  let s: TestServer;
  let userCookie: string;
  /** Two Nordic units with an analog channel 1 and a reading of 50 on it. */
  let unitA: number;
  let unitB: number;

  const inject = (method: 'PUT' | 'GET', url: string, payload?: object) =>
    s.app.inject({ method, url, headers: { cookie: userCookie }, ...(payload ? { payload } : {}) });
  const activeAnalogHigh = async (unit: number) =>
    (
      await s.db.db
        .select({ type: alarms.alarmType })
        .from(alarms)
        .where(and(eq(alarms.unitId, unit), eq(alarms.channelId, 1), eq(alarms.active, true)))
    ).map((r) => r.type);

  beforeAll(async () => {
    let nordic: number;
    ({ s, userCookie, nordic } = await startDemo(driver));
    const rows = await s.db.db
      .select({ id: units.id })
      .from(units)
      .innerJoin(channels, and(eq(channels.unitId, units.id), eq(channels.channelNo, 1), eq(channels.kind, 'analog')))
      .where(eq(units.organizationId, nordic))
      .orderBy(units.id);
    // Units without an active alarm on channel 1 (the demo raises some).
    const free: number[] = [];
    for (const r of rows) if ((await activeAnalogHigh(r.id)).length === 0) free.push(r.id);
    [unitA, unitB] = free as [number, number];
    const ts = new Date(Date.now() + 60_000); // newer than anything the demo wrote
    await s.db.db.insert(measurements).values([
      { unitId: unitA, channelNo: 1, ts, value: 50 },
      { unitId: unitB, channelNo: 1, ts, value: 50 },
    ]);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('raises the alarm when the newest reading is above a new high limit', async () => {
    const res = await inject('PUT', `/api/v3/device/devices/${unitA}/channels/1/limits`, { levels: [{ level: 4, high: 40 }] });
    expect(res.statusCode).toBe(200);
    // Analog high level 4 is alarm type 17 (the demo's own lower levels may be crossed too).
    expect(await activeAnalogHigh(unitA)).toContain(17);
  });

  it('raises nothing for a unit whose alarms are switched off in its settings', async () => {
    const current = (await inject('GET', `/api/v2/device/legacy/devices/${unitB}/settings`)).json<{
      data: { revision: number; settings: Record<string, Record<string, unknown>> };
    }>().data;
    const off = await inject('PUT', `/api/v2/device/legacy/devices/${unitB}/settings`, {
      revision: current.revision,
      settings: { ...current.settings, alarm: { ...current.settings.alarm, enabled: false } },
    });
    expect(off.statusCode).toBe(200);
    const res = await inject('PUT', `/api/v3/device/devices/${unitB}/channels/1/limits`, { levels: [{ level: 4, high: 40 }] });
    expect(res.statusCode).toBe(200);
    expect(await activeAnalogHigh(unitB)).toEqual([]);
  });
});
