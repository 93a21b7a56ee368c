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
    // Read by every test, changed by none: a Nordic group without units (made by the demo user)
    // and a Baltic group (made by the super user for Baltic). Tests that change a group make
    // their own, so each test passes alone and in any order.
    let nordicGroup: number;
    let balticGroup: number;
    const makeGroup = async (cookie: string, body: { description: string; organization?: number }) => {
      const res = await send('POST', '/api/v2/device/groups', cookie, body);
      if (res.statusCode !== 201) throw new Error(`group ${body.description}: ${res.statusCode} ${res.body}`);
      return res.json<Data<UnitGroup>>().data.GroupId;
    };
    const groupIdsOf = async (org: number) =>
      (await s.db.db.select({ id: unitGroups.id }).from(unitGroups).where(eq(unitGroups.organizationId, org)))
        .map((g) => g.id)
        .sort((a, b) => a - b);

    beforeAll(async () => {
      nordicGroup = await makeGroup(userCookie, { description: 'Pump stations' });
      balticGroup = await makeGroup(superCookie, { description: 'Wells', organization: baltic });
    });

    it('creates, lists, renames and scopes groups', async () => {
      const mineBefore = (await get<Data<UnitGroup[]>>('/api/v2/device/groups', userCookie)).body.data.map((x) => x.GroupId);
      const bothBefore = (await get<Data<UnitGroup[]>>('/api/v2/device/groups?use_context=true', superCookie)).body.data.map((x) => x.GroupId);
      expect(mineBefore).toContain(nordicGroup);
      expect(bothBefore).toEqual(expect.arrayContaining([nordicGroup, balticGroup]));

      const created = await send('POST', '/api/v2/device/groups', userCookie, { description: ' Pumps ' });
      expect(created.statusCode).toBe(201);
      const g = created.json<Data<UnitGroup>>().data;
      expect(g).toEqual({ GroupId: expect.any(Number), Description: 'Pumps', CustomerID: nordic, Units: [] });

      const b = await send('POST', '/api/v2/device/groups', superCookie, { description: 'Wells', organization: baltic });
      expect(b.statusCode).toBe(201);
      const bId = b.json<Data<UnitGroup>>().data.GroupId;

      // The demo user sees his organisation's groups only; the super user, both organisations'.
      const mine = await get<Data<UnitGroup[]>>('/api/v2/device/groups', userCookie);
      expect(mine.body.data.map((x) => x.GroupId)).toEqual([...mineBefore, g.GroupId]);
      expect(mine.body.data.map((x) => x.GroupId)).not.toContain(balticGroup);
      const both = await get<Data<UnitGroup[]>>('/api/v2/device/groups?use_context=true', superCookie);
      expect(both.body.data.map((x) => x.GroupId).sort()).toEqual([...bothBefore, g.GroupId, bId].sort());

      const renamed = await send('PUT', '/api/v2/device/groups', userCookie, { id: g.GroupId, description: 'Pump stations' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json<Data<UnitGroup>>().data.Description).toBe('Pump stations');
    });

    it('answers GetUnitGroups in PascalCase for the selected customers', async () => {
      const res = await s.app.inject({ method: 'GET', url: '/api/v1/xrequest/GetUnitGroups', headers: { cookie: userCookie } });
      expect(res.statusCode).toBe(200);
      const rows = res.json<UnitGroup[]>();
      expect(rows).toContainEqual({ GroupId: nordicGroup, Description: 'Pump stations', CustomerID: nordic, Units: [] });
      // Exactly the Nordic groups (the demo user's only customer), none of Baltic's.
      expect(rows.map((x) => x.GroupId).sort((a, b) => a - b)).toEqual(await groupIdsOf(nordic));
      expect(rows.every((x) => x.CustomerID === nordic)).toBe(true);
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
      const group = await makeGroup(userCookie, { description: 'Pumps to move' });
      const ok = await send('PUT', '/api/v2/device/devices/updateGroup', userCookie, {
        groupId: group,
        devices: nordicUnits.slice(0, 3),
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json<Data<UnitGroup>>().data.Units).toEqual(nordicUnits.slice(0, 3));

      // A unit of another organisation: 404 "Failed to move devices", nothing moved.
      const bad = await send('PUT', '/api/v2/device/devices/updateGroup', superCookie, {
        groupId: group,
        devices: [nordicUnits[3], balticUnits[0]],
      });
      expect(bad.statusCode).toBe(404);
      expect(bad.json().message).toBe('Failed to move devices');
      const members = await s.db.db.select().from(unitGroupMembers).where(eq(unitGroupMembers.groupId, group));
      expect(members.map((m) => m.unitId).sort((a, b) => a - b)).toEqual(nordicUnits.slice(0, 3));
      expect((await send('PUT', '/api/v2/device/devices/updateGroup', userCookie, { groupId: group, devices: [999999] })).statusCode).toBe(404);

      // Moving a unit to another group of its organisation takes it out of the first.
      const other = (await send('POST', '/api/v2/device/groups', userCookie, { description: 'Other' })).json<Data<UnitGroup>>().data;
      await send('PUT', '/api/v2/device/devices/updateGroup', userCookie, { groupId: other.GroupId, devices: [nordicUnits[0]] });
      const list = (await get<Data<UnitGroup[]>>('/api/v2/device/groups', userCookie)).body.data;
      expect(list.find((g) => g.GroupId === group)!.Units).toEqual(nordicUnits.slice(1, 3));
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
      // The Reader (of Baltic) still reads Baltic's groups, and only those.
      const readable = (await get<Data<UnitGroup[]>>('/api/v2/device/groups', readerCookie)).body.data.map((g) => g.GroupId);
      expect(readable).toContain(balticGroup);
      expect([...readable].sort((a, b) => a - b)).toEqual(await groupIdsOf(baltic));
    });

    it('deletes a group: "Failed to delete group" for a wrong organisation', async () => {
      const doomed = await makeGroup(userCookie, { description: 'To delete' });
      const moved = await send('PUT', '/api/v2/device/devices/updateGroup', userCookie, { groupId: doomed, devices: [nordicUnits[1]] });
      expect(moved.statusCode).toBe(200);
      const wrong = await send('DELETE', '/api/v2/device/groups', superCookie, { id: doomed, organization: baltic });
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json().message).toBe('Failed to delete group');
      const ok = await send('DELETE', '/api/v2/device/groups', userCookie, { id: doomed, organization: nordic });
      expect(ok.statusCode).toBe(200);
      expect(await s.db.db.select().from(unitGroupMembers).where(eq(unitGroupMembers.groupId, doomed))).toEqual([]);
      expect((await send('DELETE', '/api/v2/device/groups', userCookie, { id: doomed, organization: nordic })).statusCode).toBe(404);
    });
  });

  describe('v3 containers', () => {
    // Read by every test, changed by none: a Nordic location (a unit and a planned unit), a group
    // "South" holding it with a subgroup "South-west", and a Baltic location. Tests that change
    // containers make their own, so each test passes alone and in any order.
    let root: Container;
    let balticLocation: Container;

    const create = (cookie: string, body: unknown) => send('POST', '/api/v3/containers', cookie, body);
    const make = async (cookie: string, body: { name: string } & Record<string, unknown>) => {
      const res = await create(cookie, body);
      if (res.statusCode !== 201) throw new Error(`container ${body.name}: ${res.statusCode} ${res.body}`);
      return res.json<Data<Container>>().data;
    };
    /** A location holding a unit, a group holding the location, and a subgroup of that group. */
    const makeTree = async (prefix: string) => {
      const location = await make(userCookie, { kind: 'location', name: `${prefix} location`, content: [{ type: 'unit', name: 'Planned' }] });
      const group = await make(userCookie, { kind: 'group', name: prefix, content: [{ type: 'location', target: location.id }] });
      const sub = await make(userCookie, { kind: 'group', name: `${prefix} sub`, parentId: group.id });
      return { location, group, sub };
    };
    const containerIdsOf = async (org: number) =>
      (await s.db.db.select({ id: containers.id }).from(containers).where(eq(containers.organizationId, org)))
        .map((c) => c.id)
        .sort();

    beforeAll(async () => {
      const location = await make(userCookie, {
        kind: 'location',
        name: 'Harbour',
        content: [{ type: 'unit', name: 'Pump 1', target: String(nordicUnits[0]) }, { type: 'unit', name: 'Planned' }],
      });
      root = await make(userCookie, { kind: 'group', name: 'South', content: [{ type: 'location', target: location.id }] });
      await make(userCookie, { kind: 'group', name: 'South-west', parentId: root.id });
      balticLocation = await make(superCookie, { kind: 'location', name: 'Well field', organization: baltic });
    });

    it('creates locations holding units and groups holding locations', async () => {
      const groupsBefore = new Set((await get<Data<Container[]>>('/api/v3/containers?kind=group', userCookie)).body.data.map((x) => x.id));

      const l = await create(userCookie, {
        kind: 'location',
        name: 'Quay',
        content: [{ type: 'unit', name: 'Pump 1', target: String(nordicUnits[0]) }, { type: 'unit', name: 'Planned' }],
      });
      expect(l.statusCode).toBe(201);
      const location = l.json<Data<Container>>().data;
      expect(location).toMatchObject({ kind: 'location', name: 'Quay', organizationId: nordic, parentId: null, revision: 1 });

      const g = await create(userCookie, { kind: 'group', name: 'North', content: [{ type: 'location', target: location.id }] });
      expect(g.statusCode).toBe(201);
      const group = g.json<Data<Container>>().data;
      const c = await create(userCookie, { kind: 'group', name: 'North-east', parentId: group.id });
      expect(c.statusCode).toBe(201);
      const child = c.json<Data<Container>>().data;

      const list = await get<Data<Container[]>>('/api/v3/containers?kind=group', userCookie);
      expect(list.body.data.filter((x) => !groupsBefore.has(x.id)).map((x) => [x.name, x.subgroups, x.parentId])).toEqual([
        ['North', [child.id], null],
        ['North-east', [], group.id],
      ]);
      expect(list.body.data).toHaveLength(groupsBefore.size + 2);
      const one = await get<Data<Container>>(`/api/v3/containers/${location.id}`, userCookie);
      expect(one.body.data.content).toHaveLength(2);

      const baltics = (await create(superCookie, { kind: 'location', name: 'Spring', organization: baltic })).json<Data<Container>>().data;
      expect(baltics.organizationId).toBe(baltic);
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
      const { group, sub } = await makeTree('East');
      const first = await send('PUT', `/api/v3/containers/${group.id}`, userCookie, { revision: 1, name: 'East region' });
      expect(first.statusCode).toBe(200);
      expect(first.json<Data<Container>>().data).toMatchObject({ name: 'East region', revision: 2, subgroups: [sub.id] });
      const stale = await send('PUT', `/api/v3/containers/${group.id}`, superCookie, { revision: 1, name: 'Overwritten' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('conflict');
      expect((await get<Data<Container>>(`/api/v3/containers/${group.id}`, userCookie)).body.data.name).toBe('East region');
      expect((await send('PUT', `/api/v3/containers/${group.id}`, userCookie, { name: 'x' })).statusCode).toBe(400);
    });

    it('never lets parents form a cycle', async () => {
      const { group, sub } = await makeTree('West');
      const cyc = await send('PUT', `/api/v3/containers/${group.id}`, userCookie, { revision: 1, parentId: sub.id });
      expect(cyc.statusCode).toBe(400);
      expect(cyc.json().message).toBe(CONTAINER_PARENT_CYCLE);
      expect((await send('PUT', `/api/v3/containers/${group.id}`, userCookie, { revision: 1, parentId: group.id })).statusCode).toBe(400);
      const after = (await get<Data<Container>>(`/api/v3/containers/${group.id}`, userCookie)).body.data;
      expect(after.parentId).toBeNull();
      expect(after.revision).toBe(1);
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
      // The Reader (of Baltic) still reads Baltic's containers, and only those.
      const readable = (await get<Data<Container[]>>('/api/v3/containers', readerCookie)).body.data.map((c) => c.id);
      expect(readable).toContain(balticLocation.id);
      expect([...readable].sort()).toEqual(await containerIdsOf(baltic));
    });

    it('deletes: subgroups become roots and a deleted location leaves the groups that held it', async () => {
      const { location, group, sub } = await makeTree('North-west');
      expect((await send('DELETE', `/api/v3/containers/${location.id}?revision=1`, userCookie)).statusCode).toBe(200);
      const r = (await get<Data<Container>>(`/api/v3/containers/${group.id}`, userCookie)).body.data;
      expect(r.content).toEqual([]);
      expect(r.revision).toBe(2);
      expect((await send('DELETE', `/api/v3/containers/${group.id}?revision=1`, userCookie)).statusCode).toBe(409);
      expect((await send('DELETE', `/api/v3/containers/${group.id}`, userCookie)).statusCode).toBe(200);
      expect((await get<Data<Container>>(`/api/v3/containers/${sub.id}`, userCookie)).body.data.parentId).toBeNull();
      expect((await send('DELETE', `/api/v3/containers/${group.id}`, userCookie)).statusCode).toBe(404);
    });
  });
});
