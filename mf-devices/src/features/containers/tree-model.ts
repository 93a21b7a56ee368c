/**
 * Groups and locations as a tree (spec §3): groups hold sub-groups (by their parent) and locations
 * (by reference), locations hold units (by reference). Pure functions over the containers list and
 * the session's units: the tree, what may move where (a group never under itself or its
 * descendants), the units under a group, and a group's alarm summary.
 */
import {
  type Container,
  type GroupLine,
  groupLines,
  UNIT_STATUSES,
  type Unit,
  type UnitStatus,
  wouldCreateCycle,
} from '@fieldwatch/shared';

export interface GroupNode {
  group: Container;
  subgroups: GroupNode[];
  locations: Container[];
}

export interface Tree {
  roots: GroupNode[];
  /** Locations no group holds. */
  looseLocations: Container[];
  byId: Map<string, Container>;
}

const byName = (a: Container, b: Container) => a.name.localeCompare(b.name);

/** The tree of the given containers; a parent outside the list (or a cycle) makes a group a root. */
export function buildTree(containers: readonly Container[]): Tree {
  const byId = new Map(containers.map((c) => [c.id, c]));
  const groups = containers.filter((c) => c.kind === 'group').sort(byName);
  const parentOf = new Map(groups.map((g) => [g.id, g.parentId]));
  const isRoot = (g: Container) =>
    !g.parentId || byId.get(g.parentId)?.kind !== 'group' || wouldCreateCycle(parentOf, g.id, g.parentId);
  const held = new Set<string>();
  const node = (g: Container, seen: Set<string>): GroupNode => {
    seen.add(g.id);
    const locations = g.content
      .map((r) => (r.target ? byId.get(r.target) : undefined))
      .filter((c): c is Container => c?.kind === 'location');
    for (const l of locations) held.add(l.id);
    return {
      group: g,
      locations: [...new Set(locations)].sort(byName),
      subgroups: groups
        .filter((s) => s.parentId === g.id && !isRoot(s) && !seen.has(s.id))
        .map((s) => node(s, seen)),
    };
  };
  const roots = groups.filter(isRoot).map((g) => node(g, new Set()));
  const looseLocations = containers.filter((c) => c.kind === 'location' && !held.has(c.id)).sort(byName);
  return { roots, looseLocations, byId };
}

/** The unit ids a location holds. */
export function unitIdsOfLocation(c: Container): number[] {
  return c.content.filter((r) => r.type === 'unit' && r.target).map((r) => Number(r.target));
}

/** The groups that hold a location. */
export function holdersOf(containers: readonly Container[], locationId: string): Container[] {
  return containers.filter((c) => c.kind === 'group' && c.content.some((r) => r.target === locationId));
}

/** Groups a group may move under: not itself, not one of its descendants, not its current parent. */
export function groupMoveTargets(containers: readonly Container[], group: Container): Container[] {
  const parentOf = new Map(containers.filter((c) => c.kind === 'group').map((c) => [c.id, c.parentId]));
  return containers
    .filter(
      (c) =>
        c.kind === 'group' &&
        c.organizationId === group.organizationId &&
        c.id !== group.parentId &&
        !wouldCreateCycle(parentOf, group.id, c.id),
    )
    .sort(byName);
}

/** Would this move make a group its own ancestor? (The server refuses it too.) */
export function isCycle(containers: readonly Container[], groupId: string, parentId: string | null): boolean {
  const parentOf = new Map(containers.filter((c) => c.kind === 'group').map((c) => [c.id, c.parentId]));
  return wouldCreateCycle(parentOf, groupId, parentId);
}

/** Units of the selected customers that no location holds. */
export function unitsWithoutLocation(containers: readonly Container[], units: readonly Unit[]): Unit[] {
  const placed = new Set(containers.filter((c) => c.kind === 'location').flatMap(unitIdsOfLocation));
  return units.filter((u) => !placed.has(u.UnitID));
}

// ───────────── a group's alarm summary ─────────────
// The dashboard's group alarm widget's rule (shared groupLines), by container id.

export type AlarmLine = Pick<GroupLine, 'unitIds' | 'counts' | 'worst'>;

export const STATUS_ORDER: readonly UnitStatus[] = UNIT_STATUSES;

/** Each container's units (groups: through their locations and subgroups), counted by status; by id. */
export function alarmLines(containers: readonly Container[], units: readonly Unit[]): Map<string, AlarmLine> {
  const lines = [...groupLines(containers, units, 'group'), ...groupLines(containers, units, 'location')];
  return new Map(lines.map((l) => [l.id, l]));
}

export const NO_LINE: AlarmLine = { unitIds: [], counts: { alarm: 0, problem: 0, inactive: 0, ok: 0 }, worst: null };
