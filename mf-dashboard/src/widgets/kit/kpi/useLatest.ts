/** Latest values of some of the units (capped at LATEST_MAX_UNITS), reloaded on refreshKey. */
import { useMemo } from 'react';
import type { Unit } from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import { type DataState, idsKey, useWidgetQuery } from '../data/widget-query';
import { fetchLatest, LATEST_MAX_UNITS, type LatestValue } from '../data/latest-values';

export interface LatestOf {
  /** The units `accept` chose (all of them, also beyond the cap). */
  units: Unit[];
  /** How many of them were asked for. */
  asked: number;
  load: DataState<LatestValue[]>;
}

export function useLatestOf(units: readonly Unit[], accept: (u: Unit) => boolean, refreshKey: number): LatestOf {
  const { api } = useRemote();
  const chosen = useMemo(() => units.filter(accept), [units, accept]);
  const ids = useMemo(() => chosen.slice(0, LATEST_MAX_UNITS).map((u) => u.UnitID), [chosen]);
  const load = useWidgetQuery(['latest', idsKey(ids)], () => fetchLatest(api, ids), refreshKey);
  return { units: chosen, asked: ids.length, load };
}
