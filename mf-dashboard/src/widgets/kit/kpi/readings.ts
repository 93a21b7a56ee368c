/** Reading the KPI widgets' latest values (../data/latest-values): picking a unit's channel from its readings. */
import type { LatestValue } from '../data/latest-values';

/** The first channel of a unit that `test` accepts, in the order of the tests (most specific first). */
export function pickChannel(
  rows: readonly LatestValue[] | undefined,
  ...tests: Array<(r: LatestValue) => boolean>
): LatestValue | undefined {
  if (!rows) return undefined;
  for (const test of tests) {
    const hit = rows.find(test);
    if (hit) return hit;
  }
  return undefined;
}
