/**
 * Reading the KPI widgets' latest values (loaded with ../data/load and ../data/latest): picking a
 * unit's channel from its readings, and the API's dates.
 */
import moment from 'moment';
import { API_DATE_FORMAT } from '@fieldwatch/shared';
import type { LatestValue } from '../data/latest';

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

/** An API date (UTC) as epoch ms. */
export function apiDateMs(value: string): number {
  return moment.utc(value, API_DATE_FORMAT).valueOf();
}
