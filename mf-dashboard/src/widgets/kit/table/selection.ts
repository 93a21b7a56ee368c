/** Unit selections of the table widgets (ids from the link group). */
import { useMemo } from 'react';

/** A stable memo of a set of ids. */
export function useIdSet(ids: readonly number[]): Set<number> {
  return useMemo(() => new Set(ids), [ids]);
}

/** Whether a selection is exactly `ids` (any order). */
export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length || a.length === 0) return false;
  const s = new Set(a);
  return b.every((id) => s.has(id));
}
