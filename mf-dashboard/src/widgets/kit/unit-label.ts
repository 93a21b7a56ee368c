/**
 * How a unit is named in legends and pickers: its name, and where two or more units of the list
 * share that name (there are several, e.g. "Pump station"), its location after it — "Pump station ·
 * Harbour road 3" — so that they can be told apart (issue 20). Same name and location: the id.
 */
import { useMemo } from 'react';
import type { Unit } from '@fieldwatch/shared';

export function unitLabels(units: readonly Unit[]): Map<number, string> {
  const key = (s: string) => s.trim().toLowerCase();
  const byName = new Map<string, Unit[]>();
  for (const u of units) {
    const list = byName.get(key(u.UnitName));
    if (list) list.push(u);
    else byName.set(key(u.UnitName), [u]);
  }
  const out = new Map<number, string>();
  for (const same of byName.values()) {
    for (const u of same) {
      if (same.length === 1) {
        out.set(u.UnitID, u.UnitName);
        continue;
      }
      const loc = (u.UnitLocation ?? '').trim();
      const twin = same.some((o) => o !== u && key(o.UnitLocation ?? '') === key(loc));
      out.set(u.UnitID, `${u.UnitName} · ${loc && !twin ? loc : `#${u.UnitID}`}`);
    }
  }
  return out;
}

/** unitLabels, memoised, with a fallback for an id not in the list. */
export function useUnitLabel(units: readonly Unit[]): (id: number) => string {
  const labels = useMemo(() => unitLabels(units), [units]);
  return (id: number) => labels.get(id) ?? `#${id}`;
}
