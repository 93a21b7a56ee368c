import { and, eq, sql } from 'drizzle-orm';
import { INGEST_MAX_BATCH, type ApiTokenCreated, type ApiTokenSummary, type IngestResult } from '@fieldwatch/shared';
import { measurementRollups, measurements, units } from '../src/db/schema';
import type { StoredMeasurement } from '../src/modules/ingestion/hooks';
import { simulatorTick } from '../src/modules/simulator/simulator';
import { appContext } from '../src/app';
import { DRIVERS, getJson, login, startServer, type TestServer } from './helpers';

type Data<T> = { data: T };

describe.each(DRIVERS)('ingestion on %s', (driver) => {
  let s: TestServer;
  let superCookie: string;
  let userCookie: string;
  let nordicUnit: number;
  let balticUnit: number;
  let nordic: number;
  let token: string;

  beforeAll(async () => {
    s = await startServer(driver);
    superCookie = await login(s.app, 'demo.super');
    userCookie = await login(s.app, 'demo.user');
    // One of our own loggers (type below 200): it has channel 1, Analogue 1.
    const [n] = await s.db.db.select().from(units).where(sql`${units.name} not ilike '%Ej installerad%' and ${units.type} < 200`).orderBy(units.id).limit(1);
    nordicUnit = n!.id;
    nordic = n!.organizationId;
    const [b] = await s.db.db.select().from(units).where(sql`${units.organizationId} <> ${nordic}`).limit(1);
    balticUnit = b!.id;
    // The token the ingestion tests send (each test may run alone, so not the one the first test makes).
    const res = await s.app.inject({ method: 'POST', url: '/api/v3/admin/tokens', headers: { cookie: superCookie }, payload: { name: 'Gateway 0', organizationId: nordic } });
    token = res.json<Data<ApiTokenCreated>>().data.token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const ingest = (body: unknown, auth?: string) =>
    s.app.inject({ method: 'POST', url: '/api/v3/ingest', payload: body as object, headers: auth ? { authorization: auth } : {} });

  it('lets SuperUsers create, list and revoke tokens; the token is shown once', async () => {
    const denied = await s.app.inject({ method: 'POST', url: '/api/v3/admin/tokens', headers: { cookie: userCookie }, payload: { name: 'x', organizationId: nordic } });
    expect(denied.statusCode).toBe(403);
    const bad = await s.app.inject({ method: 'POST', url: '/api/v3/admin/tokens', headers: { cookie: superCookie }, payload: { name: '' } });
    expect(bad.statusCode).toBe(400);
    const res = await s.app.inject({ method: 'POST', url: '/api/v3/admin/tokens', headers: { cookie: superCookie }, payload: { name: 'Gateway 1', organizationId: nordic } });
    expect(res.statusCode).toBe(201);
    const created = res.json<Data<ApiTokenCreated>>().data;
    expect(created.token).toMatch(/^fwt_/);
    expect(created.token.startsWith(created.prefix)).toBe(true);
    const list = await getJson<Data<ApiTokenSummary[]>>(s.app, '/api/v3/admin/tokens', superCookie);
    expect(list.body.data.find((t) => t.id === created.id)).toMatchObject({ name: 'Gateway 1', prefix: created.prefix, revokedAt: null });
    expect(JSON.stringify(list.body)).not.toContain(created.token);
  });

  it('answers 401 without, with an invalid, or with a revoked token', async () => {
    const body = { points: [] };
    expect((await ingest(body)).statusCode).toBe(401);
    expect((await ingest(body, 'Bearer fwt_nope')).statusCode).toBe(401);
    expect((await ingest(body, `Bearer fwt_${'a'.repeat(43)}`)).statusCode).toBe(401);
    const res = await s.app.inject({ method: 'POST', url: '/api/v3/admin/tokens', headers: { cookie: superCookie }, payload: { name: 'temp', organizationId: nordic } });
    const t = res.json<Data<ApiTokenCreated>>().data;
    expect((await ingest(body, `Bearer ${t.token}`)).statusCode).toBe(200);
    expect((await s.app.inject({ method: 'DELETE', url: `/api/v3/admin/tokens/${t.id}`, headers: { cookie: userCookie } })).statusCode).toBe(403);
    expect((await s.app.inject({ method: 'DELETE', url: `/api/v3/admin/tokens/999999`, headers: { cookie: superCookie } })).statusCode).toBe(404);
    const del = await s.app.inject({ method: 'DELETE', url: `/api/v3/admin/tokens/${t.id}`, headers: { cookie: superCookie } });
    expect(del.json<Data<ApiTokenSummary>>().data.revokedAt).not.toBeNull();
    expect((await ingest(body, `Bearer ${t.token}`)).statusCode).toBe(401);
  });

  it('validates the batch (400) and caps its size', async () => {
    const auth = `Bearer ${token}`;
    expect((await ingest({}, auth)).statusCode).toBe(400);
    expect((await ingest({ points: [{ unitId: 1, channel: 1, ts: 'yesterday', value: 1 }] }, auth)).statusCode).toBe(400);
    expect((await ingest({ points: [{ unitId: 1, channel: 1, ts: '2024-01-01T00:00:00Z', value: 'x' }] }, auth)).statusCode).toBe(400);
    const many = Array.from({ length: INGEST_MAX_BATCH + 1 }, (_, i) => ({ unitId: nordicUnit, channel: 1, ts: new Date(i * 1000).toISOString(), value: 1 }));
    expect((await ingest({ points: many }, auth)).statusCode).toBe(400);
  });

  it('keeps valid points, rejects foreign units with a reason, and is idempotent for rollups', async () => {
    const auth = `Bearer ${token}`;
    const seen: StoredMeasurement[] = [];
    const off = appContext(s.app).measurements.subscribe((p) => {
      seen.push(...p);
    });
    const base = Date.parse('2024-05-01T10:00:00Z');
    const points = [
      { unitId: nordicUnit, channel: 1, ts: new Date(base).toISOString(), value: 5 },
      { unitId: nordicUnit, channel: 1, ts: new Date(base + 600_000).toISOString(), value: -3 },
      { unitId: nordicUnit, channel: 1, ts: new Date(base + 3_600_000).toISOString(), value: 10 },
      { unitId: balticUnit, channel: 1, ts: new Date(base).toISOString(), value: 1 },
      { unitId: nordicUnit, channel: 999, ts: new Date(base).toISOString(), value: 1 },
      { unitId: nordicUnit, channel: 1, ts: new Date(base).toISOString(), value: 5 },
    ];
    const first = await ingest({ points }, auth);
    expect(first.statusCode).toBe(200);
    expect(first.json<Data<IngestResult>>().data).toEqual({
      accepted: 3,
      duplicate: 1,
      rejected: 2,
      rejections: [
        { index: 3, reason: 'unknown unit' },
        { index: 4, reason: 'unknown channel' },
      ],
    });
    expect(seen).toHaveLength(3);
    expect(seen[0]).toMatchObject({ unitId: nordicUnit, organizationId: nordic, channel: 1, value: 5 });

    const again = await ingest({ points: points.slice(0, 3) }, auth);
    expect(again.json<Data<IngestResult>>().data).toMatchObject({ accepted: 0, duplicate: 3, rejected: 0 });
    expect(seen).toHaveLength(3);
    off();

    const r = measurementRollups;
    const rows = await s.db.db
      .select()
      .from(r)
      .where(and(eq(r.unitId, nordicUnit), eq(r.channelNo, 1), sql`${r.bucket} < '2024-06-01'`))
      .orderBy(r.granularity, r.bucket);
    const day = rows.find((x) => x.granularity === 'day')!;
    expect(day).toMatchObject({ min: -3, max: 10, sum: 12, count: 3, last: 10 });
    const hours = rows.filter((x) => x.granularity === 'hour');
    expect(hours.map((h) => [h.count, h.sum, h.min, h.max, h.last])).toEqual([
      [2, 2, -3, 5, -3],
      [1, 10, 10, 10, 10],
    ]);
    const [raw] = await s.db.db
      .select({ n: sql<number>`count(*)::int` })
      .from(measurements)
      .where(and(eq(measurements.unitId, nordicUnit), sql`${measurements.ts} < '2024-06-01'`));
    expect(Number(raw!.n)).toBe(3);
  });

  it('simulator ticks go through the same service and are deterministic', async () => {
    // After June 2024: the rollups the ingestion test reads (before June) stay its own, in any order.
    const at = new Date('2024-07-02T12:00:00Z');
    const first = await simulatorTick(s.db.db, at);
    expect(first.accepted).toBeGreaterThan(1000);
    expect(first.rejected).toBe(0);
    const again = await simulatorTick(s.db.db, at);
    expect(again).toMatchObject({ accepted: 0, duplicate: first.accepted });
  });
});
