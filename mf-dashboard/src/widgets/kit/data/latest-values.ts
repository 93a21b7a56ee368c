/**
 * Latest values (xrequest GetUnitsShowValue): the newest reading of every channel of the asked
 * units in one request — used by the KPI widgets, the list and the parking list.
 */
import type { ApiClient, ShowValueRow } from '@fieldwatch/shared';

/** A latest value: one row of GetUnitsShowValue. */
export type LatestValue = ShowValueRow;

/**
 * The most units whose latest values one widget asks for: one GetUnitsShowValue request (the API
 * client's id chunk). Widgets say so when a fleet is larger.
 */
export const LATEST_MAX_UNITS = 4000;

/** Latest values of every channel of `unitIds` (at most LATEST_MAX_UNITS); throws when the call fails. */
export async function fetchLatest(api: ApiClient, unitIds: readonly number[]): Promise<LatestValue[]> {
  if (unitIds.length === 0) return [];
  const rows = await api.legacy<LatestValue>('GetUnitsShowValue', {}, unitIds.slice(0, LATEST_MAX_UNITS));
  return (rows ?? []).filter((r) => r && typeof r.UnitID === 'number' && Number.isFinite(Number(r.Value)));
}

/** The rows of each unit. */
export function byUnit(rows: readonly LatestValue[]): Map<number, LatestValue[]> {
  const out = new Map<number, LatestValue[]>();
  for (const r of rows) {
    const list = out.get(r.UnitID);
    if (list) list.push(r);
    else out.set(r.UnitID, [r]);
  }
  return out;
}
