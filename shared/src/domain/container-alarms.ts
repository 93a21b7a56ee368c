/**
 * The alarm summary of groups and locations: for each container of a kind, the units it covers
 * (a location its own units; a group those of its locations and, through its subgroups, theirs),
 * counted by status with the worst one; containers needing attention first. One rule for the
 * dashboard's group alarm widget and the devices area's group and location pages.
 */
import type { Container } from '../api/containers';
import type { Unit } from '../api/types';
import { UNIT_STATUSES, type UnitStatus, unitStatus, worstStatus } from './status';

export type GroupKind = 'group' | 'location';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** One container's line: its units of the selected customers, counted by status, and the worst. */
export interface GroupLine {
  id: string;
  name: string;
  unitIds: number[];
  counts: Record<UnitStatus, number>;
  worst: UnitStatus | null;
}


/** The units of each container of `kind` (groups: through their locations and subgroups). */
export function groupLines(containers: readonly Container[], units: readonly Unit[], kind: GroupKind): GroupLine[] {
  const status = new Map<number, UnitStatus>();
  for (const u of units) status.set(u.UnitID, unitStatus(u));
  const byId = new Map(containers.map((c) => [c.id, c]));
  const unitsOfLocation = (c: Container) =>
    c.content.filter((r) => r.type === 'unit' && r.target).map((r) => Number(r.target));
  const collect = (c: Container, seen: Set<string>, out: Set<number>) => {
    if (seen.has(c.id)) return;
    seen.add(c.id);
    if (c.kind === 'location') {
      for (const id of unitsOfLocation(c)) out.add(id);
      return;
    }
    for (const r of c.content) {
      const loc = r.target ? byId.get(r.target) : undefined;
      if (loc) collect(loc, seen, out);
    }
    for (const sub of c.subgroups ?? []) {
      const g = byId.get(sub);
      if (g) collect(g, seen, out);
    }
  };
  const lines: GroupLine[] = [];
  for (const c of containers) {
    if (c.kind !== kind) continue;
    const ids = new Set<number>();
    collect(c, new Set(), ids);
    const counts: Record<UnitStatus, number> = { alarm: 0, problem: 0, inactive: 0, ok: 0 };
    const unitIds: number[] = [];
    for (const id of ids) {
      const s = status.get(id);
      if (!s) continue; // not a unit of the selected customers
      counts[s] += 1;
      unitIds.push(id);
    }
    lines.push({
      id: c.id,
      name: c.name,
      unitIds,
      counts,
      worst: unitIds.length ? worstStatus(UNIT_STATUSES.filter((s) => counts[s] > 0)) : null,
    });
  }
  return lines.sort(
    (a, b) =>
      b.counts.alarm - a.counts.alarm ||
      b.counts.problem - a.counts.problem ||
      Number(b.unitIds.length > 0) - Number(a.unitIds.length > 0) ||
      collator.compare(a.name, b.name),
  );
}
