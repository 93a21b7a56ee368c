/**
 * What the map shows: the variant's units (all, units with active alarms, parking sensors), the
 * GIS filter (statuses, unit types), and the flat point arrays handed to the clustering engine.
 * Pure functions, memoised by the widget: 100,000 units are walked once per change.
 */
import {
  isParkingType,
  matchesStatusFilter,
  PARKING_TYPE_CODES,
  unitStatus,
  type ParkingBayState,
  type Unit,
  type UnitStatus,
} from '@fieldwatch/shared';
import { TONE_INDEX, type PointSet, type Tone } from '@fieldwatch/shared/map/cluster';

export type MapVariant = 'unit' | 'alarm' | 'parking';

export interface MapFilter {
  statuses?: UnitStatus[];
  unitTypes?: number[];
}

export interface MapView {
  lat: number;
  lng: number;
  zoom: number;
}

/** Widget settings of unitMap, alarmMap and parkingMap (saved with the dashboard). */
export interface MapSettings {
  filter?: MapFilter;
  /** Satellite tiles instead of the street map. */
  satellite?: boolean;
  /** Group nearby units into clusters (default on). */
  cluster?: boolean;
  /** Open where the user left the map (view) instead of fitting the units. */
  rememberView?: boolean;
  view?: MapView;
}

/** The statuses a variant's filter offers: the alarm map only shows units with active alarms. */
export function statusChoices(variant: MapVariant): UnitStatus[] {
  return variant === 'alarm' ? ['alarm', 'problem'] : ['alarm', 'problem', 'inactive', 'ok'];
}

/** The filter in force: the saved one, else the variant's start (parking map: parking unit types). */
export function effectiveFilter(variant: MapVariant, saved: MapFilter | undefined): Required<MapFilter> {
  const statuses = saved?.statuses ?? [];
  const unitTypes = saved?.unitTypes ?? (variant === 'parking' ? [...PARKING_TYPE_CODES] : []);
  return { statuses, unitTypes };
}

export function isPositioned(u: Unit): boolean {
  const lat = u.UnitGPSLatitude;
  const lon = u.UnitGPSLongitude;
  return (
    typeof lat === 'number' &&
    typeof lon === 'number' &&
    Number.isFinite(lat) &&
    Number.isFinite(lon) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lon) <= 180 &&
    !(lat === 0 && lon === 0)
  );
}

export interface MapData {
  /** Units of the variant (before the filter). */
  baseCount: number;
  /** …of which have a position. */
  positionedCount: number;
  /** The unit types present among the variant's units, for the filter. */
  unitTypes: number[];
  /** Units on the map (positioned and matching the filter); point i of `points` is shown[i]. */
  shown: Unit[];
  statuses: UnitStatus[];
  points: PointSet;
  /** Index in `shown` by unit id. */
  indexById: Map<number, number>;
  /** [south, west, north, east] of the shown units, or null when none. */
  bounds: [number, number, number, number] | null;
}

/** The state of parking bays by id (the shared rule parkingBayState), when known. */
export type Occupancy = ReadonlyMap<number, ParkingBayState>;

/**
 * A marker's tone. A parking bay whose state is known (the parking map with occupancy) is coloured
 * by it — occupied, free, or unknown (the inactive tone) — so that the legend's counts are the
 * parking list's; any other unit by its status.
 */
export function toneOf(status: UnitStatus, bay: ParkingBayState | undefined): Tone {
  if (bay === 'occupied') return 'occupied';
  if (bay === 'free') return 'free';
  if (bay === 'unknown') return 'inactive';
  return status;
}

export function prepareMapData(
  units: readonly Unit[],
  variant: MapVariant,
  filter: Required<MapFilter>,
  occupancy?: Occupancy,
): MapData {
  const types = new Set<number>();
  const shown: Unit[] = [];
  const statuses: UnitStatus[] = [];
  let baseCount = 0;
  let positionedCount = 0;
  const typeFilter = filter.unitTypes.length > 0 ? new Set(filter.unitTypes) : null;
  for (const u of units) {
    const status = unitStatus(u);
    if (variant === 'alarm' && status !== 'alarm' && status !== 'problem') continue;
    baseCount += 1;
    types.add(u.UnitType);
    if (!isPositioned(u)) continue;
    positionedCount += 1;
    if (!matchesStatusFilter(status, filter.statuses)) continue;
    if (typeFilter && !typeFilter.has(u.UnitType)) continue;
    shown.push(u);
    statuses.push(status);
  }
  const coords = new Float64Array(shown.length * 2);
  const tones = new Uint8Array(shown.length);
  const indexById = new Map<number, number>();
  let south = 90;
  let north = -90;
  let west = 180;
  let east = -180;
  shown.forEach((u, i) => {
    const lat = u.UnitGPSLatitude as number;
    const lon = u.UnitGPSLongitude as number;
    coords[2 * i] = lon;
    coords[2 * i + 1] = lat;
    const bay = variant === 'parking' && isParkingType(u.UnitType) ? occupancy?.get(u.UnitID) : undefined;
    tones[i] = TONE_INDEX[toneOf(statuses[i] as UnitStatus, bay)];
    indexById.set(u.UnitID, i);
    if (lat < south) south = lat;
    if (lat > north) north = lat;
    if (lon < west) west = lon;
    if (lon > east) east = lon;
  });
  return {
    baseCount,
    positionedCount,
    unitTypes: [...types].sort((a, b) => a - b),
    shown,
    statuses,
    points: { coords, tones },
    indexById,
    bounds: shown.length > 0 ? [south, west, north, east] : null,
  };
}

/** A dashboard holds one map; two covers a map of another variant on the previous dashboard. */
const PREPARED_KEPT = 2;
const prepared: Array<{
  units: readonly Unit[];
  variant: MapVariant;
  filterKey: string;
  occupancy: Occupancy | undefined;
  data: MapData;
}> = [];

/**
 * prepareMapData, answered again from the last inputs it saw (same units array, variant, occupancy,
 * equal filter). A map mounts inside a transition render, which React may throw away and start
 * again when something urgent comes in meanwhile; its useMemo goes with it, and with 100,000
 * units each preparation is costly. Kept outside React, the work is done once.
 */
export function preparedMapData(
  units: readonly Unit[],
  variant: MapVariant,
  filter: Required<MapFilter>,
  occupancy?: Occupancy,
): MapData {
  const filterKey = JSON.stringify(filter);
  const hit = prepared.find(
    (p) =>
      p.units === units && p.variant === variant && p.filterKey === filterKey && p.occupancy === occupancy,
  );
  if (hit) return hit.data;
  const data = prepareMapData(units, variant, filter, occupancy);
  prepared.unshift({ units, variant, filterKey, occupancy, data });
  prepared.length = Math.min(prepared.length, PREPARED_KEPT);
  return data;
}

/** Bounds [south, west, north, east] of the given units among `data.shown`, or null. */
export function boundsOf(data: MapData, unitIds: readonly number[]): [number, number, number, number] | null {
  let south = 90;
  let north = -90;
  let west = 180;
  let east = -180;
  let any = false;
  for (const id of unitIds) {
    const i = data.indexById.get(id);
    if (i === undefined) continue;
    const lon = data.points.coords[2 * i] as number;
    const lat = data.points.coords[2 * i + 1] as number;
    any = true;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
    if (lon < west) west = lon;
    if (lon > east) east = lon;
  }
  return any ? [south, west, north, east] : null;
}

/** Whether the filter narrows anything (for the filter button's badge). */
export function activeFilterCount(variant: MapVariant, filter: Required<MapFilter>): number {
  const s = filter.statuses.length > 0 && filter.statuses.length < statusChoices(variant).length ? 1 : 0;
  return s + (filter.unitTypes.length > 0 ? 1 : 0);
}
