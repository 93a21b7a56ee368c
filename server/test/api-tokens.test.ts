/**
 * API tokens (issue 18 §1 API): scopes (ingest, read), expiry, the checksum format, revoke, the
 * read API with a token (its organisation only, as a Reader: writes refused), and the audit.
 */
import { eq, sql } from 'drizzle-orm';
import { USER_TYPES, type ApiTokenCreated, type ApiTokenSummary, type Unit } from '@fieldwatch/shared';
import { apiTokens, auditLog, organizations, units } from '../src/db/schema';
import { hashToken } from '../src/modules/auth/tokens';
import { crc32, generateApiToken, isWellFormedApiToken } from '../src/modules/ingestion/tokens';
import { addUser, DRIVERS, login, startDemo, type DemoServer } from './helpers';

type Data<T> = { data: T };

describe('the token format', () => {
  it('carries a checksum a scanner can verify without the database', () => {
    expect(crc32('123456789')).toBe(0xcbf43926); // the CRC-32 check value
    for (let i = 0; i < 50; i++) {
      const t = generateApiToken();
      expect(t).toMatch(/^fwt_[0-9A-Za-z]{38}$/);
      expect(isWellFormedApiToken(t)).toBe(true);
      // One character off (a typo) fails the checksum.
      const j = 4 + (i % 32);
      const typo = t.slice(0, j) + (t[j] === 'a' ? 'b' : 'a') + t.slice(j + 1);
      expect(isWellFormedApiToken(typo)).toBe(false);
    }
    expect(isWellFormedApiToken('fwt_' + 'a'.repeat(38))).toBe(false);
    expect(isWellFormedApiToken(undefined)).toBe(false);
  });
});

describe.each(DRIVERS)('API tokens on %s', (driver) => {
  let d: DemoServer;
  let nordicUnit: Unit & { OrganizationID?: number };
  let nordicUnitId: number;
  let balticUnitId: number;

  beforeAll(async () => {
    d = await startDemo(driver);
    const [n] = await d.s.db.db.select().from(units).where(eq(units.organizationId, d.nordic)).orderBy(units.id).limit(1);
    const [b] = await d.s.db.db.select().from(units).where(eq(units.organizationId, d.baltic)).orderBy(units.id).limit(1);
    nordicUnitId = n!.id;
    balticUnitId = b!.id;
    nordicUnit = n as never;
  });
  afterAll(async () => {
    await d?.s.close();
  });

  const create = (payload: object, cookie = d.superCookie) =>
    d.s.app.inject({ method: 'POST', url: '/api/v3/admin/tokens', headers: { cookie }, payload });
  const created = async (payload: object) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(201);
    return res.json<Data<ApiTokenCreated>>().data;
  };
  const bearer = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    d.s.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  const ingestOne = (token: string, unitId = nordicUnitId) =>
    d.s.app.inject({
      method: 'POST',
      url: '/api/v3/ingest',
      headers: { authorization: `Bearer ${token}` },
      payload: { points: [{ unitId, channel: 1, ts: new Date().toISOString(), value: 1.5 }] },
    });

  it('creates a token with scopes, expiry, creator and a checksummed prefix; lists it without the token', async () => {
    const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const t = await created({ name: 'Reporting', organizationId: d.nordic, scopes: ['read', 'ingest'], expiresAt });
    expect(isWellFormedApiToken(t.token)).toBe(true);
    expect(t.token.startsWith(t.prefix)).toBe(true);
    expect(t.scopes).toEqual(['ingest', 'read']);
    expect(t.expiresAt).toBe(expiresAt);
    expect(t.createdBy).toEqual({ id: expect.any(Number), name: 'demo.super' });
    expect(t.status).toBe('active');
    const [row] = await d.s.db.db.select().from(apiTokens).where(eq(apiTokens.id, t.id));
    expect(row!.tokenHash).toBe(hashToken(t.token));
    expect(JSON.stringify(row)).not.toContain(t.token);
    const list = await d.s.app.inject({ method: 'GET', url: '/api/v3/admin/tokens', headers: { cookie: d.superCookie } });
    expect(list.body).not.toContain(t.token);
    const mine = list.json<Data<ApiTokenSummary[]>>().data.find((x) => x.id === t.id)!;
    expect(mine).toMatchObject({ name: 'Reporting', scopes: ['ingest', 'read'], status: 'active', lastUsedAt: null });
    // Audited, never with the token.
    const entries = await d.s.db.db.select().from(auditLog).where(eq(auditLog.action, 'token.create'));
    const e = entries.find((x) => x.targetId === String(t.id))!;
    expect(e.organizationId).toBe(d.nordic);
    expect(e.actorName).toBe('demo.super');
    expect(JSON.stringify(e)).not.toContain(t.token);
  });

  it('defaults to the ingest scope; refuses bad input with 400 and Users/Readers with 403', async () => {
    const t = await created({ name: 'Gateway', organizationId: d.nordic });
    expect(t.scopes).toEqual(['ingest']);
    expect(t.expiresAt).toBeNull();
    expect((await create({ name: 'x', organizationId: d.nordic, scopes: [] })).statusCode).toBe(400);
    expect((await create({ name: 'x', organizationId: d.nordic, scopes: ['write'] })).statusCode).toBe(400);
    expect((await create({ name: 'x', organizationId: d.nordic, scopes: ['read', 'read'] })).statusCode).toBe(400);
    const past = await create({ name: 'x', organizationId: d.nordic, expiresAt: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json<{ message: string }>().message).toMatch(/in the past/);
    expect((await create({ name: 'x', organizationId: d.nordic, expiresAt: 'tomorrow' })).statusCode).toBe(400);
    expect((await create({ name: 'x', organizationId: d.nordic }, d.userCookie)).statusCode).toBe(403);
    expect((await create({ name: 'x', organizationId: d.baltic }, d.readerCookie)).statusCode).toBe(403);
  });

  it('scopes: an ingest token ingests but reads nothing; a read token reads but ingests nothing', async () => {
    const ingest = await created({ name: 'In', organizationId: d.nordic, scopes: ['ingest'] });
    const read = await created({ name: 'Out', organizationId: d.nordic, scopes: ['read'] });
    expect((await ingestOne(ingest.token)).statusCode).toBe(200);
    expect((await ingestOne(read.token)).statusCode).toBe(401);
    expect((await bearer('GET', '/api/v2/device/devices', ingest.token)).statusCode).toBe(401);
    const list = await bearer('GET', '/api/v2/device/devices', read.token);
    expect(list.statusCode).toBe(200);
    const unitsSeen = list.json<Data<Array<{ UnitID: number }>>>().data.map((u) => u.UnitID);
    expect(unitsSeen).toContain(nordicUnitId);
    expect(unitsSeen).not.toContain(balticUnitId);
    const [row] = await d.s.db.db.select().from(apiTokens).where(eq(apiTokens.id, read.id));
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('a read token reads units, measurements and alarms of its organisation only; writes and other routes are refused', async () => {
    const read = await created({ name: 'Reader', organizationId: d.nordic, scopes: ['read'] });
    const ok = [
      `/api/v1/device/${nordicUnitId}/details`,
      `/api/v3/device/devices/${nordicUnitId}/data?start=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}`,
      `/api/v3/device/devices/${nordicUnitId}/channels`,
      '/api/v3/device/table',
      '/api/v3/events/events',
      '/api/v3/alarms/types',
    ];
    for (const url of ok) {
      const res = await bearer('GET', url, read.token);
      expect([url, res.statusCode]).toEqual([url, 200]);
    }
    // Another organisation's unit: not found, as for a user who is not a member.
    expect((await bearer('GET', `/api/v1/device/${balticUnitId}/details`, read.token)).statusCode).toBe(404);
    // Writes: refused, and nothing written.
    const put = await bearer('PUT', `/api/v3/device/devices/${nordicUnitId}`, read.token, { name: 'Hacked' });
    expect(put.statusCode).toBe(403);
    const [u] = await d.s.db.db.select().from(units).where(eq(units.id, nordicUnitId));
    expect(u!.name).toBe((nordicUnit as unknown as { name: string }).name);
    expect((await bearer('POST', '/api/v3/admin/tokens', read.token, { name: 'x', organizationId: d.nordic })).statusCode).toBe(403);
    // Not a read route of the token: the profile, the admin area, sessions.
    for (const url of ['/api/v3/user/profile', '/api/v3/admin/tokens', '/api/v3/admin/audit', '/api/v2/auth/sessions']) {
      expect([url, (await bearer('GET', url, read.token)).statusCode]).toEqual([url, 403]);
    }
    // A session cookie wins over a token (the browser's own calls are unaffected).
    const both = await d.s.app.inject({
      method: 'GET',
      url: '/api/v3/user/profile',
      headers: { cookie: d.superCookie, authorization: `Bearer ${read.token}` },
    });
    expect(both.statusCode).toBe(200);
  });

  it('answers 401 to a typo, an expired and a revoked token', async () => {
    const t = await created({ name: 'Short-lived', organizationId: d.nordic, scopes: ['read', 'ingest'] });
    const typo = t.token.slice(0, -1) + (t.token.endsWith('a') ? 'b' : 'a');
    expect((await bearer('GET', '/api/v2/device/devices', typo)).statusCode).toBe(401);
    expect((await ingestOne(typo)).statusCode).toBe(401);
    await d.s.db.db.update(apiTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiTokens.id, t.id));
    expect((await bearer('GET', '/api/v2/device/devices', t.token)).statusCode).toBe(401);
    expect((await ingestOne(t.token)).statusCode).toBe(401);
    const list = await d.s.app.inject({ method: 'GET', url: '/api/v3/admin/tokens', headers: { cookie: d.superCookie } });
    expect(list.json<Data<ApiTokenSummary[]>>().data.find((x) => x.id === t.id)!.status).toBe('expired');

    const r = await created({ name: 'Revoked', organizationId: d.nordic, scopes: ['read', 'ingest'] });
    expect((await bearer('GET', '/api/v2/device/devices', r.token)).statusCode).toBe(200);
    expect((await d.s.app.inject({ method: 'DELETE', url: `/api/v3/admin/tokens/${r.id}`, headers: { cookie: d.userCookie } })).statusCode).toBe(403);
    const del = await d.s.app.inject({ method: 'DELETE', url: `/api/v3/admin/tokens/${r.id}`, headers: { cookie: d.superCookie } });
    expect(del.json<Data<ApiTokenSummary>>().data.status).toBe('revoked');
    expect((await bearer('GET', '/api/v2/device/devices', r.token)).statusCode).toBe(401);
    expect((await ingestOne(r.token)).statusCode).toBe(401);
    const revokes = await d.s.db.db.select().from(auditLog).where(eq(auditLog.action, 'token.revoke'));
    expect(revokes.filter((x) => x.targetId === String(r.id))).toHaveLength(1);
    // Revoking again changes nothing and is not audited twice.
    await d.s.app.inject({ method: 'DELETE', url: `/api/v3/admin/tokens/${r.id}`, headers: { cookie: d.superCookie } });
    const again = await d.s.db.db.select().from(auditLog).where(eq(auditLog.action, 'token.revoke'));
    expect(again.filter((x) => x.targetId === String(r.id))).toHaveLength(1);
  });

  it('keeps tokens of the format before checksums working, with the ingest scope they were made for', async () => {
    const legacy = 'fwt_' + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0_-x';
    expect(legacy).toMatch(/^fwt_[A-Za-z0-9_-]{43}$/);
    await d.s.db.db.execute(
      sql`insert into api_tokens (organization_id, name, token_hash, prefix) values (${d.nordic}, 'Old gateway', ${hashToken(legacy)}, ${legacy.slice(0, 12)})`,
    );
    expect((await ingestOne(legacy)).statusCode).toBe(200);
    expect((await bearer('GET', '/api/v2/device/devices', legacy)).statusCode).toBe(401);
  });

  it('never lets a SuperUser see or revoke another organisation\'s tokens', async () => {
    const [org] = await d.s.db.db.insert(organizations).values({ name: 'Other Co' }).returning({ id: organizations.id });
    await addUser(d.s, { username: 'other.super', userType: USER_TYPES.SuperUser, orgs: [org!.id] });
    const other = await login(d.s.app, 'other.super');
    const theirs = (await create({ name: 'Theirs', organizationId: org!.id, scopes: ['read'] }, other)).json<Data<ApiTokenCreated>>().data;
    const list = await d.s.app.inject({ method: 'GET', url: '/api/v3/admin/tokens', headers: { cookie: d.superCookie } });
    expect(list.json<Data<ApiTokenSummary[]>>().data.map((x) => x.id)).not.toContain(theirs.id);
    expect((await d.s.app.inject({ method: 'DELETE', url: `/api/v3/admin/tokens/${theirs.id}`, headers: { cookie: d.superCookie } })).statusCode).toBe(404);
    expect((await create({ name: 'x', organizationId: org!.id })).statusCode).toBe(404);
    // Their read token sees none of the demo units.
    const seen = (await bearer('GET', '/api/v2/device/devices', theirs.token)).json<Data<unknown[]>>().data;
    expect(seen).toEqual([]);
  });
});
