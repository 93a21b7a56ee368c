/**
 * Two apps in one process (two replicas in one test, or a test beside a bench) share nothing: each
 * has its own xrequest methods, bound to its own database, and its own measurement subscribers.
 */
import { appContext } from '../src/app';
import type { StoredMeasurement } from '../src/modules/ingestion/hooks';
import { simulatorTick } from '../src/modules/simulator/simulator';
import { login, startServer, type TestServer } from './helpers';

describe('two apps in one process', () => {
  let a: TestServer;
  let b: TestServer;
  let cookieA: string;
  let cookieB: string;
  const seenBy = { a: [] as StoredMeasurement[], b: [] as StoredMeasurement[] };

  beforeAll(async () => {
    // Each on its own database; b is built after a (a process-wide registry would now hold b's).
    a = await startServer('pglite');
    b = await startServer('pglite');
    [cookieA, cookieB] = await Promise.all([login(a.app, 'demo.user'), login(b.app, 'demo.user')]);
    appContext(a.app).measurements.subscribe((points) => void seenBy.a.push(...points));
    appContext(b.app).measurements.subscribe((points) => void seenBy.b.push(...points));
  }, 240_000); // two demo databases to seed
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  const xrequest = (app: TestServer, cookie: string, method: string, payload: Record<string, unknown>) =>
    app.app.inject({ method: 'POST', url: `/api/v1/xrequest/${method}`, headers: { cookie }, payload });

  it('each app answers xrequest methods from its own database', async () => {
    expect(appContext(a.app).legacy).not.toBe(appContext(b.app).legacy);
    expect(appContext(a.app).legacy.methods()).toEqual(appContext(b.app).legacy.methods());
    const set = await xrequest(a, cookieA, 'SetUserData', { ValueType: '_isolation', ValueID: 'k', JSonData: '{"from":"a"}' });
    expect(set.statusCode).toBe(200);
    const inA = await xrequest(a, cookieA, 'GetUserData', { ValueType: '_isolation', ValueID: 'k' });
    expect(JSON.parse(inA.json<Array<{ JSonData: string }>>()[0]!.JSonData)).toEqual({ from: 'a' });
    const inB = await xrequest(b, cookieB, 'GetUserData', { ValueType: '_isolation', ValueID: 'k' });
    expect(inB.json()).toEqual([{}]);
  });

  it("an app's measurements reach only its own subscribers", async () => {
    await simulatorTick(b.db.db, new Date('2024-05-02T12:00:00Z'), { hooks: appContext(b.app).measurements });
    expect(seenBy.b.length).toBeGreaterThan(0);
    expect(seenBy.a).toEqual([]);
  });
});
