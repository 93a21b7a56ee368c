import { eq, sql } from 'drizzle-orm';
import {
  CONTAINER_PARENT_CYCLE,
  MESSAGES,
  REFERENCE_MISSING_NAME_OR_TARGET,
  type Container,
  type UnitGroup,
} from '@fieldwatch/shared';
import { containers, unitGroupMembers, unitGroups, units } from '../src/db/schema';
import { DRIVERS, getJson, startDemo, type TestServer } from './helpers';

type Data<T> = { data: T };

describe.each(DRIVERS)('unit groups and containers on %s', (driver) => {
  let s: TestServer;
  let superCookie: string;
  let userCookie: string;
  let readerCookie: string;
  let nordic: number;
  let baltic: number;
  let nordicUnits: number[];
  let balticUnits: number[];

  beforeAll(async () => {
    ({ s, superCookie, userCookie, readerCookie, nordic, baltic } = await startDemo(driver));
    const all = await s.db.db.select({ id: units.id, org: units.organizationId }).from(units);
    nordicUnits = all.filter((u) => u.org === nordic).map((u) => u.id).sort((a, b) => a - b);
    balticUnits = all.filter((u) => u.org === baltic).map((u) => u.id).sort((a, b) => a - b);
  });
  afterAll(async () => {
    await s?.close();
  });

  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
    s.app.inject({ method, url, headers: { cookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const get = <T>(url: string, cookie: string) => getJson<T>(s.app, url, cookie);
  const count = async (table: typeof unitGroups | typeof containers | typeof unitGroupMembers) =>
    (await s.db.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

  describe('v2 unit groups', () => {
    let nordicGroup: number;
    let balticGroup: number;

    it('creates, lists, renames and scopes groups', async () => {
      const created = await send('POST', '/api/v2/device/groups', userCookie, { description: ' Pumps ' });
      expect(created.statusCode).toBe(201);
      const g = created.json<Data<UnitGroup>>().data;
      expect(g).toEqual({ GroupId: expect.any(Number), Description: 'Pumps', CustomerID: nordic, Units: [] });
      nordicGroup = g.GroupId;

      const b = await send('POST', '/api/v2/device/groups', superCookie, { description: 'Wells', organization: baltic });
      expect(b.statusCode).toBe(201);
      balticGroup = b.json<Data<UnitGroup>>().data.GroupId;

      const mine = await get<Data<UnitGroup[]>>('/api/v2/device/groups', userCookie);
      expect(mine.body.data.map((x) => x.GroupId)).toEqual([nordicGroup]);
      const both = await get<Data<UnitGroup[]>>('/api/v2/device/groups?use_context=true', superCookie);
      expect(both.body.data.map((x) => x.GroupId).sort()).toEqual([nordicGroup, balticGroup].sort());

      const renamed = await send('PUT', '/api/v2/device/groups', userCookie, { id: nordicGroup, description: 'Pump stations' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json<Data<UnitGroup>>().data.Description).toBe('Pump stations');
    });

    it('answers GetUnitGroups in PascalCase for the selected customers', async () => {
      const res = await s.app.inject({ method: 'GET', url: '/api/v1/xrequest/GetUnitGroups', headers: { cookie: userCookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([{ GroupId: nordicGroup, Description: 'Pump stations', CustomerID: nordic, Units: [] }]);
    });

    it('refuses bad input with 400', async () => {
      const before = await count(unitGroups);
      expect((await send('POST', '/api/v2/device/groups', userCookie, { description: '  ' })).json().message).toBe(
        MESSAGES.missingParameters,
      );
      expect((await send('POST', '/api/v2/device/groups', userCookie, {})).statusCode).toBe(400);
      expect((await send('PUT', '/api/v2/device/groups', userCookie, { id: 'x', description: 'a' })).statusCode).toBe(400);
      expect((await send('DELETE', '/api/v2/device/groups', userCookie, { id: nordicGroup })).statusCode).toBe(400);
      expect((await send('PUT', '/api/v2/device/devices/updateGroup', userCookie, { groupId: nordicGroup, devices: [] })).statusCode).toBe(400);
      expect((await send('PUT', '/api/v2/device/devices/updateGroup', userCookie, { groupId: nordicGroup, devices: ['a'] })).statusCode).toBe(400);
      expect(await count(unitGroups)).toBe(before);
    });

    it('moves devices into a group, all or none', async () => {
      const ok = await send('PUT', '/api/v2/device/devices/updateGroup', userCookie, {
        groupId: nordicGroup,
        devices: nordicUnits.slice(0, 3),
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json<Data<UnitGroup>>().data.Units).toEqual(nordicUnits.slice(0, 3));

      // A unit of another organisation: 404 "Failed to move devices", nothing moved.
      const bad = await send('PUT', '/api/v2/device/devices/updateGroup', superCookie, {
        groupId: nordicGroup,
        devices: [nordicUnits[3], balticUnits[0]],
      });
      expect(bad.statusCode).toBe(404);
      expect(bad.json().message).toBe('Failed to move devices');
      const members = await s.db.db.select().from(unitGroupMembers).where(eq(unitGroupMembers.groupId, nordicGroup));
      expect(members.map((m) => m.unitId).sort((a, b) => a - b)).toEqual(nordicUnits.slice(0, 3));
      expect((await send('PUT', '/api/v2/device/devices/updateGroup', userCookie, { groupId: nordicGroup, devices: [999999] })).statusCode).toBe(404);

      // Moving a unit to another group of its organisation takes it out of the first.
      const other = (await send('POST', '/api/v2/device/groups', userCookie, { description: 'Other' })).json<Data<UnitGroup>>().data;
      await send('PUT', '/api/v2/device/devices/updateGroup', userCookie, { groupId: other.GroupId, devices: [nordicUnits[0]] });
      const list = (await get<Data<UnitGroup[]>>('/api/v2/device/groups', userCookie)).body.data;
      expect(list.find((g) => g.GroupId === nordicGroup)!.Units).toEqual(nordicUnits.slice(1, 3));
      expect(list.find((g) => g.GroupId === other.GroupId)!.Units).toEqual([nordicUnits[0]]);
    });

    it("answers 404 for another organisation's group and changes nothing", async () => {
      const before = await s.db.db.select().from(unitGroups).orderBy(unitGroups.id);
      expect((await send('PUT', '/api/v2/device/groups', userCookie, { id: balticGroup, description: 'x' })).statusCode).toBe(404);
      const del = await send('DELETE', '/api/v2/device/groups', userCookie, { id: balticGroup, organization: baltic });
      expect(del.statusCode).toBe(404);
      expect(del.json().message).toBe('Failed to delete group');
      const mv = await send('PUT', '/api/v2/device/devices/updateGroup', userCookie, { groupId: balticGroup, devices: [balticUnits[0]] });
      expect(mv.statusCode).toBe(404);
      expect(mv.json().message).toBe('Failed to move devices');
      expect((await send('POST', '/api/v2/device/groups', userCookie, { description: 'x', organization: baltic })).statusCode).toBe(404);
      expect(await s.db.db.select().from(unitGroups).orderBy(unitGroups.id)).toEqual(before);
    });

    it('forbids Readers to write', async () => {
      const before = await count(unitGroups);
      expect((await send('POST', '/api/v2/device/groups', readerCookie, { description: 'x' })).statusCode).toBe(403);
      expect((await send('PUT', '/api/v2/device/groups', readerCookie, { id: balticGroup, description: 'x' })).statusCode).toBe(403);
      expect((await send('DELETE', '/api/v2/device/groups', readerCookie, { id: balticGroup, organization: baltic })).statusCode).toBe(403);
      expect((await send('PUT', '/api/v2/device/devices/updateGroup', readerCookie, { groupId: balticGroup, devices: [balticUnits[0]] })).statusCode).toBe(403);
      expect(await count(unitGroups)).toBe(before);
      expect((await get<Data<UnitGroup[]>>('/api/v2/device/groups', readerCookie)).body.data.map((g) => g.GroupId)).toEqual([balticGroup]);
    });

    it('deletes a group: "Failed to delete group" for a wrong organisation', async () => {
      const wrong = await send('DELETE', '/api/v2/device/groups', superCookie, { id: nordicGroup, organization: baltic });
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json().message).toBe('Failed to delete group');
      const ok = await send('DELETE', '/api/v2/device/groups', userCookie, { id: nordicGroup, organization: nordic });
      expect(ok.statusCode).toBe(200);
      expect(await s.db.db.select().from(unitGroupMembers).where(eq(unitGroupMembers.groupId, nordicGroup))).toEqual([]);
      expect((await send('DELETE', '/api/v2/device/groups', userCookie, { id: nordicGroup, organization: nordic })).statusCode).toBe(404);
    });
  });

  describe('v3 containers', () => {
    let location: Container;
    let root: Container;
    let child: Container;
    let balticLocation: Container;

    const create = (cookie: string, body: unknown) => send('POST', '/api/v3/containers', cookie, body);

    it('creates locations holding units and groups holding locations', async () => {
      const l = await create(userCookie, {
        kind: 'location',
        name: 'Harbour',
        content: [{ type: 'unit', name: 'Pump 1', target: String(nordicUnits[0]) }, { type: 'unit', name: 'Planned' }],
      });
      expect(l.statusCode).toBe(201);
      location = l.json<Data<Container>>().data;
      expect(location).toMatchObject({ kind: 'location', name: 'Harbour', organizationId: nordic, parentId: null, revision: 1 });

      const g = await create(userCookie, { kind: 'group', name: 'South', content: [{ type: 'location', target: location.id }] });
      expect(g.statusCode).toBe(201);
      root = g.json<Data<Container>>().data;
      const c = await create(userCookie, { kind: 'group', name: 'South-west', parentId: root.id });
      expect(c.statusCode).toBe(201);
      child = c.json<Data<Container>>().data;

      const list = await get<Data<Container[]>>('/api/v3/containers?kind=group', userCookie);
      expect(list.body.data.map((x) => [x.name, x.subgroups, x.parentId])).toEqual([
        ['South', [child.id], null],
        ['South-west', [], root.id],
      ]);
      const one = await get<Data<Container>>(`/api/v3/containers/${location.id}`, userCookie);
      expect(one.body.data.content).toHaveLength(2);

      balticLocation = (await create(superCookie, { kind: 'location', name: 'Well field', organization: baltic })).json<Data<Container>>().data;
      expect(balticLocation.organizationId).toBe(baltic);
    });

    it('validates names, references and targets', async () => {
      const before = await count(containers);
      const missing = await create(userCookie, { kind: 'group', name: ' ' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe(MESSAGES.missingParameters);
      expect((await create(userCookie, { kind: 'location' })).json().message).toBe(MESSAGES.missingParameters);
      const ref = await create(userCookie, { kind: 'location', name: 'x', content: [{ type: 'unit' }] });
      expect(ref.statusCode).toBe(400);
      expect(ref.json().message).toBe(REFERENCE_MISSING_NAME_OR_TARGET);
      expect((await create(userCookie, { kind: 'group', name: 'x', content: [{ type: 'unit', target: '1' }] })).statusCode).toBe(400);
      expect((await create(userCookie, { kind: 'shelf', name: 'x' })).statusCode).toBe(400);
      expect((await create(userCookie, { kind: 'location', name: 'x', content: [{ type: 'unit', target: 'abc' }] })).statusCode).toBe(400);
      // Targets must be the organisation's own units and locations.
      expect((await create(userCookie, { kind: 'location', name: 'x', content: [{ type: 'unit', target: String(balticUnits[0]) }] })).statusCode).toBe(404);
      expect((await create(userCookie, { kind: 'group', name: 'x', content: [{ type: 'location', target: balticLocation.id }] })).statusCode).toBe(404);
      expect((await create(userCookie, { kind: 'group', name: 'x', parentId: 'nope' })).statusCode).toBe(404);
      expect((await create(userCookie, { kind: 'location', name: 'x', parentId: root.id })).statusCode).toBe(400);
      expect(await count(containers)).toBe(before);
    });

    it('updates with a revision; a stale revision is a conflict and nothing is lost', async () => {
      const first = await send('PUT', `/api/v3/containers/${root.id}`, userCookie, { revision: 1, name: 'South region' });
      expect(first.statusCode).toBe(200);
      expect(first.json<Data<Container>>().data).toMatchObject({ name: 'South region', revision: 2, subgroups: [child.id] });
      const stale = await send('PUT', `/api/v3/containers/${root.id}`, superCookie, { revision: 1, name: 'Overwritten' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('conflict');
      expect((await get<Data<Container>>(`/api/v3/containers/${root.id}`, userCookie)).body.data.name).toBe('South region');
      expect((await send('PUT', `/api/v3/containers/${root.id}`, userCookie, { name: 'x' })).statusCode).toBe(400);
    });

    it('never lets parents form a cycle', async () => {
      const cyc = await send('PUT', `/api/v3/containers/${root.id}`, userCookie, { revision: 2, parentId: child.id });
      expect(cyc.statusCode).toBe(400);
      expect(cyc.json().message).toBe(CONTAINER_PARENT_CYCLE);
      expect((await send('PUT', `/api/v3/containers/${root.id}`, userCookie, { revision: 2, parentId: root.id })).statusCode).toBe(400);
      expect((await get<Data<Container>>(`/api/v3/containers/${root.id}`, userCookie)).body.data.parentId).toBeNull();
    });

    it("answers 404 for another organisation's container and changes nothing", async () => {
      const before = await s.db.db.select().from(containers).orderBy(containers.id);
      expect((await get(`/api/v3/containers/${balticLocation.id}`, userCookie)).status).toBe(404);
      expect((await send('PUT', `/api/v3/containers/${balticLocation.id}`, userCookie, { revision: 1, name: 'x' })).statusCode).toBe(404);
      expect((await send('DELETE', `/api/v3/containers/${balticLocation.id}`, userCookie)).statusCode).toBe(404);
      expect((await create(userCookie, { kind: 'group', name: 'x', organization: baltic })).statusCode).toBe(404);
      expect((await get<Data<Container[]>>('/api/v3/containers', userCookie)).body.data.map((c) => c.id)).not.toContain(balticLocation.id);
      expect(await s.db.db.select().from(containers).orderBy(containers.id)).toEqual(before);
    });

    it('forbids Readers to write', async () => {
      const before = await count(containers);
      expect((await create(readerCookie, { kind: 'group', name: 'x' })).statusCode).toBe(403);
      expect((await send('PUT', `/api/v3/containers/${balticLocation.id}`, readerCookie, { revision: 1, name: 'x' })).statusCode).toBe(403);
      expect((await send('DELETE', `/api/v3/containers/${balticLocation.id}`, readerCookie)).statusCode).toBe(403);
      expect(await count(containers)).toBe(before);
      expect((await get<Data<Container[]>>('/api/v3/containers', readerCookie)).body.data.map((c) => c.id)).toEqual([balticLocation.id]);
    });

    it('deletes: subgroups become roots and a deleted location leaves the groups that held it', async () => {
      expect((await send('DELETE', `/api/v3/containers/${location.id}?revision=1`, userCookie)).statusCode).toBe(200);
      const r = (await get<Data<Container>>(`/api/v3/containers/${root.id}`, userCookie)).body.data;
      expect(r.content).toEqual([]);
      expect(r.revision).toBe(3);
      expect((await send('DELETE', `/api/v3/containers/${root.id}?revision=1`, userCookie)).statusCode).toBe(409);
      expect((await send('DELETE', `/api/v3/containers/${root.id}`, userCookie)).statusCode).toBe(200);
      expect((await get<Data<Container>>(`/api/v3/containers/${child.id}`, userCookie)).body.data.parentId).toBeNull();
      expect((await send('DELETE', `/api/v3/containers/${root.id}`, userCookie)).statusCode).toBe(404);
    });
  });
});
