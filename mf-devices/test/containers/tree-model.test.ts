/** The groups-and-locations tree as pure data: shape, move targets, cycles, alarm roll-up, loose units. */
import type { Container } from '@fieldwatch/shared';
import {
  alarmLines,
  buildTree,
  groupMoveTargets,
  holdersOf,
  isCycle,
  unitsWithoutLocation,
} from '../../src/features/containers/tree-model';
import { fleet } from '../fixtures';

const c = (id: string, kind: Container['kind'], over: Partial<Container> = {}): Container => ({
  id,
  kind,
  name: id.toUpperCase(),
  organizationId: 10,
  parentId: null,
  subgroups: [],
  content: [],
  revision: 1,
  updatedAt: '2024-05-01T00:00:00.000Z',
  ...over,
});

const list: Container[] = [
  c('a', 'group', { subgroups: ['b'], content: [{ type: 'location', target: 'l1' }] }),
  c('b', 'group', { parentId: 'a', subgroups: ['c'] }),
  c('c', 'group', { parentId: 'b', content: [{ type: 'location', target: 'l2' }] }),
  c('x', 'group', { organizationId: 11 }),
  c('l1', 'location', { content: [{ type: 'unit', target: '1' }, { type: 'unit', target: '31' }] }),
  c('l2', 'location', { content: [{ type: 'unit', target: '37' }, { type: 'unit', target: '999' }] }),
  c('l3', 'location'),
];

test('builds groups → sub-groups → locations, with the locations no group holds', () => {
  const tree = buildTree(list);
  expect(tree.roots.map((n) => n.group.id)).toEqual(['a', 'x']);
  expect(tree.roots[0]!.subgroups[0]!.group.id).toBe('b');
  expect(tree.roots[0]!.subgroups[0]!.subgroups[0]!.locations.map((l) => l.id)).toEqual(['l2']);
  expect(tree.looseLocations.map((l) => l.id)).toEqual(['l3']);
  expect(holdersOf(list, 'l1').map((g) => g.id)).toEqual(['a']);
});

test('a stored cycle or a parent outside the list never hides a group', () => {
  const broken = [c('p', 'group', { parentId: 'q' }), c('q', 'group', { parentId: 'p' }), c('r', 'group', { parentId: 'gone' })];
  const ids = (nodes: ReturnType<typeof buildTree>['roots']): string[] =>
    nodes.flatMap((n) => [n.group.id, ...ids(n.subgroups)]);
  expect(ids(buildTree(broken).roots).sort()).toEqual(['p', 'q', 'r']);
});

test('a group may move anywhere in its organisation except into itself or below itself', () => {
  expect(groupMoveTargets(list, list[0]!).map((g) => g.id)).toEqual([]);
  expect(groupMoveTargets(list, list[2]!).map((g) => g.id)).toEqual(['a']); // not b (its parent), not x (other org)
  expect(isCycle(list, 'a', 'c')).toBe(true);
  expect(isCycle(list, 'c', 'a')).toBe(false);
});

test("a group's alarm line counts the units of its locations and sub-groups, of the selected customers only", () => {
  const lines = alarmLines(list, fleet());
  expect(lines.get('a')).toMatchObject({ unitIds: [1, 31, 37], counts: { alarm: 1, problem: 1, inactive: 0, ok: 1 }, worst: 'alarm' });
  expect(lines.get('c')!.worst).toBe('problem');
  expect(lines.get('x')!.worst).toBeNull();
  expect(unitsWithoutLocation(list, fleet()).map((u) => u.UnitID)).not.toContain(31);
});
