/**
 * The groups-and-locations tree: the demo organisations' seeded regions → sites → units, moving
 * units into a location (PUT /api/v3/containers/:id/units: all or none, a unit leaves its other
 * location, tenancy, Readers, stale revisions) and the parent rule (no cycles).
 */
import { eq, inArray } from 'drizzle-orm';
import { CONTAINER_PARENT_CYCLE, type Container } from '@fieldwatch/shared';
import { containers, units } from '../src/db/schema';
import { READ_ONLY_MESSAGE } from '../src/modules/auth/permissions';
import { DRIVERS, getJson, startDemo, type TestServer } from './helpers';

type Data<T> = { data: T };

describe.each(DRIVERS)('groups and locations tree on %s', (driver) => {
  let s: TestServer;
  let superCookie: string;
  let userCookie: string;
  let readerCookie: string;
  let nordic: number;
  let baltic: number;
  let nordicUnits: number[];
  let balticUnits: number[];

  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
    s.app.inject({ method, url, headers: { cookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const get = <T>(url: string, cookie: string) => getJson<T>(s.app, url, cookie);
  const create = async (cookie: string, body: Record<string, unknown>) => {
    const res = await send('POST', '/api/v3/containers', cookie, body);
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
    return res.json<Data<Container>>().data;
  };
  const move = (id: string, cookie: string, body: unknown) => send('PUT', `/api/v3/containers/${id}/units`, cookie, body);
  const rows = () => s.db.db.select().from(containers).orderBy(containers.id);
  const unitIdsOf = (c: Pick<Container, 'content'>) =>
    c.content.filter((r) => r.type === 'unit' && r.target).map((r) => Number(r.target));

  beforeAll(async () => {
    ({ s, superCookie, userCookie, readerCookie, nordic, baltic } = await startDemo(driver));
    const all = await s.db.db.select({ id: units.id, org: units.organizationId }).from(units);
    nordicUnits = all.filter((u) => u.org === nordic).map((u) => u.id).sort((a, b) => a - b);
    balticUnits = all.filter((u) => u.org === baltic).map((u) => u.id).sort((a, b) => a - b);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('seeds each demo organisation with regions → sites → units', async () => {
    const list = (await get<Data<Container[]>>('/api/v3/containers', userCookie)).body.data;
    expect(list.every((c) => c.organizationId === nordic)).toBe(true);
    const groups = list.filter((c) => c.kind === 'group');
    const locations = list.filter((c) => c.kind === 'location');
    const byName = new Map(groups.map((g) => [g.name, g]));
    expect(groups.map((g) => g.name).sort()).toEqual(['Denmark', 'Mälardalen', 'Norrland', 'Sweden']);
    expect(byName.get('Sweden')!.subgroups.sort()).toEqual([byName.get('Mälardalen')!.id, byName.get('Norrland')!.id].sort());
    expect(byName.get('Mälardalen')!.parentId).toBe(byName.get('Sweden')!.id);
    expect(byName.get('Mälardalen')!.content.map((r) => r.name)).toEqual(['Stockholm', 'Uppsala', 'Västerås', 'Örebro']);
    // Every group reference points at one of the organisation's locations; each location is in one region.
    const locationIds = new Set(locations.map((l) => l.id));
    const held = groups.flatMap((g) => g.content.map((r) => r.target));
    expect(held.every((t) => t !== undefined && locationIds.has(t))).toBe(true);
    expect(new Set(held).size).toBe(locations.length);
    // Units: of the organisation, each in at most one site, in the site of its town.
    const inSites = locations.flatMap(unitIdsOf);
    expect(new Set(inSites).size).toBe(inSites.length);
    expect(inSites.every((id) => nordicUnits.includes(id))).toBe(true);
    expect(inSites.length).toBeGreaterThan(nordicUnits.length * 0.8);
    const stockholm = locations.find((l) => l.name === 'Stockholm')!;
    const placed = await s.db.db.select({ location: units.location }).from(units).where(inArray(units.id, unitIdsOf(stockholm)));
    expect(placed.every((u) => u.location.endsWith(', Stockholm'))).toBe(true);
    // The Reader sees the other organisation's tree, the SuperUser both.
    const reader = (await get<Data<Container[]>>('/api/v3/containers', readerCookie)).body.data;
    expect(reader.length).toBeGreaterThan(0);
    expect(reader.every((c) => c.organizationId === baltic)).toBe(true);
  });

  it('moves units into a location; each leaves the location that held it', async () => {
    const target = await create(userCookie, { kind: 'location', name: 'Tree: depot' });
    const seeded = (await get<Data<Container[]>>('/api/v3/containers?kind=location', userCookie)).body.data;
    const from = seeded.find((l) => l.name === 'Uppsala')!;
    const moving = unitIdsOf(from).slice(0, 2);
    expect(moving).toHaveLength(2);

    const res = await move(target.id, userCookie, { units: moving, revision: target.revision });
    expect(res.statusCode).toBe(200);
    const moved = res.json<Data<Container>>().data;
    expect(unitIdsOf(moved)).toEqual(moving);
    expect(moved.revision).toBe(target.revision + 1);
    const after = (await get<Data<Container>>(`/api/v3/containers/${from.id}`, userCookie)).body.data;
    expect(unitIdsOf(after)).toEqual(unitIdsOf(from).filter((id) => !moving.includes(id)));
    expect(after.revision).toBe(from.revision + 1);

    // Again (without a revision): nothing is doubled.
    const again = await move(target.id, userCookie, { units: [moving[0], moving[0]] });
    expect(again.statusCode).toBe(200);
    expect(unitIdsOf(again.json<Data<Container>>().data)).toEqual(moving);
  });

  it('moves all or none: a unit of another organisation is a 404 and nothing changes', async () => {
    const target = await create(userCookie, { kind: 'location', name: 'Tree: all or none' });
    const before = await rows();
    const res = await move(target.id, userCookie, { units: [nordicUnits[0], balticUnits[0]] });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Failed to move devices');
    expect((await move(target.id, userCookie, { units: [2_000_000_000] })).statusCode).toBe(404);
    expect(await rows()).toEqual(before);
  });

  it("answers 404 for another organisation's location and changes nothing", async () => {
    const foreign = await create(superCookie, { kind: 'location', name: 'Tree: baltic', organization: baltic });
    const before = await rows();
    const res = await move(foreign.id, userCookie, { units: [nordicUnits[1]] });
    expect(res.statusCode).toBe(404);
    expect((await move('no-such-location', userCookie, { units: [nordicUnits[1]] })).statusCode).toBe(404);
    expect(await rows()).toEqual(before);
    // The SuperUser belongs to both: he may.
    const ok = await move(foreign.id, superCookie, { units: [balticUnits[1]] });
    expect(ok.statusCode).toBe(200);
    expect(unitIdsOf(ok.json<Data<Container>>().data)).toEqual([balticUnits[1]]);
  });

  it('forbids Readers to move units', async () => {
    const [loc] = await s.db.db.select().from(containers).where(eq(containers.organizationId, baltic)).limit(1);
    const before = await rows();
    const res = await move(loc!.id, readerCookie, { units: [balticUnits[2]] });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(READ_ONLY_MESSAGE);
    expect(await rows()).toEqual(before);
  });

  it('refuses a stale revision (409) and malformed input (400), changing nothing', async () => {
    const target = await create(userCookie, { kind: 'location', name: 'Tree: stale' });
    await send('PUT', `/api/v3/containers/${target.id}`, userCookie, { revision: target.revision, name: 'Tree: stale 2' });
    const group = await create(userCookie, { kind: 'group', name: 'Tree: not a location' });
    const before = await rows();
    const stale = await move(target.id, userCookie, { units: [nordicUnits[3]], revision: target.revision });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('conflict');
    expect((await move(group.id, userCookie, { units: [nordicUnits[3]] })).statusCode).toBe(400);
    expect((await move(target.id, userCookie, { units: [] })).statusCode).toBe(400);
    expect((await move(target.id, userCookie, { units: ['x'] })).statusCode).toBe(400);
    expect((await move(target.id, userCookie, {})).statusCode).toBe(400);
    expect((await move(target.id, userCookie, { units: [1], extra: 1 })).statusCode).toBe(400);
    expect(await rows()).toEqual(before);
  });

  it('never lets a group become its own ancestor', async () => {
    const top = await create(userCookie, { kind: 'group', name: 'Tree: top' });
    const mid = await create(userCookie, { kind: 'group', name: 'Tree: mid', parentId: top.id });
    const low = await create(userCookie, { kind: 'group', name: 'Tree: low', parentId: mid.id });
    const before = await rows();
    const cyc = await send('PUT', `/api/v3/containers/${top.id}`, userCookie, { revision: top.revision, parentId: low.id });
    expect(cyc.statusCode).toBe(400);
    expect(cyc.json().message).toBe(CONTAINER_PARENT_CYCLE);
    expect(await rows()).toEqual(before);
    // Moving the lowest group to the top is fine.
    const ok = await send('PUT', `/api/v3/containers/${low.id}`, userCookie, { revision: low.revision, parentId: null });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<Data<Container>>().data.parentId).toBeNull();
  });
});
