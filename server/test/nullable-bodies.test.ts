/**
 * A null in a JSON body stays null. The validator coerces types (wanted for query strings); a
 * nullable number or text must not come out as 0 or "" — a cleared alarm limit would otherwise be
 * stored as a limit of 0 and raise alarms for every reading above it.
 */
import { and, eq } from 'drizzle-orm';
import type { ChannelLimits, Container } from '@fieldwatch/shared';
import { channels, units } from '../src/db/schema';
import { DRIVERS, getJson, startDemo, type TestServer } from './helpers';

type Data<T> = { data: T };

describe.each(DRIVERS)('nullable body fields on %s', (driver) => {
  let s: TestServer;
  let userCookie: string;
  let unit: number;
  const limits = () => `/api/v3/device/devices/${unit}/channels/1/limits`;
  const put = (url: string, payload: object) =>
    s.app.inject({ method: 'PUT', url, headers: { cookie: userCookie }, payload });

  beforeAll(async () => {
    let nordic: number;
    ({ s, userCookie, nordic } = await startDemo(driver));
    const [r] = await s.db.db
      .select({ id: units.id })
      .from(units)
      .innerJoin(channels, and(eq(channels.unitId, units.id), eq(channels.channelNo, 1), eq(channels.kind, 'analog')))
      .where(eq(units.organizationId, nordic))
      .orderBy(units.id)
      .limit(1);
    unit = r!.id;
    // A level with both bounds set, which the tests below clear.
    const res = await put(limits(), { levels: [{ level: 3, low: 2, high: 20 }] });
    if (res.statusCode !== 200) throw new Error(`limits ${res.statusCode} ${res.body}`);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('clears an alarm limit with null (not 0)', async () => {
    const res = await put(limits(), { levels: [{ level: 3, low: null }] });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Data<ChannelLimits>).data.levels[2]).toMatchObject({ level: 3, low: null, high: 20 });
    const again = await getJson<Data<ChannelLimits>>(s.app, limits(), userCookie);
    expect(again.body.data.levels[2]).toMatchObject({ low: null, high: 20 });
  });

  it('still takes 0 as a limit, and refuses text for a number', async () => {
    const res = await put(limits(), { levels: [{ level: 3, low: 0 }] });
    expect((res.json() as Data<ChannelLimits>).data.levels[2]).toMatchObject({ low: 0 });
    expect((await put(limits(), { levels: [{ level: 3, low: 'low' }] })).statusCode).toBe(400);
  });

  it('makes a group a root with parentId null', async () => {
    const create = (body: object) =>
      s.app.inject({ method: 'POST', url: '/api/v3/containers', headers: { cookie: userCookie }, payload: body });
    const root = (await create({ kind: 'group', name: 'Null root' })).json<Data<Container>>().data;
    const child = (await create({ kind: 'group', name: 'Null child', parentId: root.id })).json<Data<Container>>().data;
    expect(child.parentId).toBe(root.id);
    const res = await put(`/api/v3/containers/${child.id}`, { revision: child.revision, parentId: null });
    expect(res.statusCode).toBe(200);
    expect(res.json<Data<Container>>().data.parentId).toBeNull();
  });
});
