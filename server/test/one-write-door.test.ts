/**
 * One write door per table: deleting groups and locations through the older API
 * (DeleteUserData) and through DELETE /api/v3/containers/:id leaves the same state — subgroups
 * re-rooted, deleted locations gone from the groups that held them, every touched row one revision
 * on — because both call the same containers operation. The table's foreign key keeps a parent
 * from pointing at a deleted group whoever deletes it.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Container } from '@fieldwatch/shared';
import { containers } from '../src/db/schema';
import { DRIVERS, startDemo, type TestServer } from './helpers';

type Data<T> = { data: T };
type Door = 'legacy' | 'v3';

describe.each(DRIVERS)('one write door for containers on %s', (driver) => {
  let s: TestServer;
  let userCookie: string;
  let nordic: number;
  /** Per door: the ids of its own copy of the fixture, by name. */
  const fixtures: Record<Door, Record<string, string>> = { legacy: {}, v3: {} };

  const create = async (body: Record<string, unknown>): Promise<Container> => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/v3/containers',
      headers: { cookie: userCookie },
      payload: { organization: nordic, ...body },
    });
    if (res.statusCode !== 201) throw new Error(`create ${res.statusCode} ${res.body}`);
    return res.json<Data<Container>>().data;
  };

  /** A location held by two groups; one group has two subgroups (one with a subgroup of its own). */
  const makeFixture = async (door: Door) => {
    const ids = fixtures[door];
    const location = await create({ kind: 'location', name: `${door} harbour`, content: [] });
    ids.location = location.id;
    ids.top = (await create({ kind: 'group', name: `${door} top`, content: [{ type: 'location', name: 'Harbour', target: location.id }] })).id;
    ids.other = (await create({ kind: 'group', name: `${door} other`, content: [{ type: 'location', name: 'Harbour', target: location.id }, { type: 'location', name: 'Planned' }] })).id;
    ids.sub1 = (await create({ kind: 'group', name: `${door} sub1`, parentId: ids.top })).id;
    ids.sub2 = (await create({ kind: 'group', name: `${door} sub2`, parentId: ids.top })).id;
    ids.subsub = (await create({ kind: 'group', name: `${door} subsub`, parentId: ids.sub1 })).id;
  };

  const remove = async (door: Door, id: string, kind: 'group' | 'location') => {
    const res =
      door === 'v3'
        ? await s.app.inject({ method: 'DELETE', url: `/api/v3/containers/${id}`, headers: { cookie: userCookie } })
        : await s.app.inject({
            method: 'POST',
            url: '/api/v1/xrequest/DeleteUserData',
            headers: { cookie: userCookie },
            payload: { ValueType: '_group', ValueID: kind === 'group' ? 'groups' : 'locations', JSonData: id, CustomerID: nordic },
          });
    expect({ door, status: res.statusCode }).toEqual({ door, status: 200 });
  };

  /** What is stored of a door's fixture, with ids written as fixture names (comparable across doors). */
  const state = async (door: Door) => {
    const ids = fixtures[door];
    const nameOf = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
    const rows = await s.db.db.select().from(containers).where(inArray(containers.id, Object.values(ids)));
    return Object.fromEntries(
      rows
        .map((r) => [
          nameOf.get(r.id)!,
          {
            parent: r.parentId === null ? null : (nameOf.get(r.parentId) ?? `dangling ${r.parentId}`),
            content: (r.content as Array<{ target?: string; name?: string }>).map((c) =>
              c.target ? (nameOf.get(c.target) ?? `dangling ${c.target}`) : `name ${c.name}`,
            ),
            revision: r.revision,
          },
        ] as const)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  };

  beforeAll(async () => {
    ({ s, userCookie, nordic } = await startDemo(driver));
    await makeFixture('legacy');
    await makeFixture('v3');
    for (const door of ['legacy', 'v3'] as const) {
      await remove(door, fixtures[door].top!, 'group');
      await remove(door, fixtures[door].location!, 'location');
    }
  });
  afterAll(async () => {
    await s?.close();
  });

  it('re-roots the subgroups and takes the location out of its groups, through either door', async () => {
    expect(await state('legacy')).toEqual({
      other: { parent: null, content: ['name Planned'], revision: 2 },
      sub1: { parent: null, content: [], revision: 2 },
      sub2: { parent: null, content: [], revision: 2 },
      subsub: { parent: 'sub1', content: [], revision: 1 },
    });
  });

  it('leaves the same state through DeleteUserData as through DELETE /api/v3/containers/:id', async () => {
    expect(await state('legacy')).toEqual(await state('v3'));
  });

  it('never leaves a parent pointing at a deleted group, whoever deletes it', async () => {
    const parent = (await create({ kind: 'group', name: 'raw parent' })).id;
    const child = (await create({ kind: 'group', name: 'raw child', parentId: parent })).id;
    // A writer that forgets the re-rooting (raw SQL) still cannot leave a dangling parent.
    await s.db.db.delete(containers).where(eq(containers.id, parent));
    const [row] = await s.db.db.select({ parentId: containers.parentId }).from(containers).where(eq(containers.id, child));
    expect(row).toEqual({ parentId: null });
    const dangling = await s.db.db.execute(
      sql`select count(*)::int as n from containers c where c.parent_id is not null and not exists (select 1 from containers p where p.id = c.parent_id)`,
    );
    expect((dangling as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });
});
