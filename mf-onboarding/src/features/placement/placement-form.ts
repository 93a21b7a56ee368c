/**
 * The placement form's state and rules, apart from React: coordinates as typed (a decimal comma is
 * fine), the position they make, and the request body — or, per field, what is missing. The server
 * checks the same (placementProblem in @fieldwatch/shared).
 */
import { installedName, isLatitude, isLongitude, UNIT_NAME_MAX, type OnboardingFlow, type PlacementBody } from '@fieldwatch/shared';

/** Re-exported for the placement's tests; the rule lives in shared (domain/status.ts), used by the demo data too. */
export { installedName };

/** "new": a new container named in the form; "": none chosen (a location) or no group. */
export const NEW = '__new__';

export interface PlacementValues {
  name: string;
  lat: string;
  lon: string;
  address: string;
  /** A location id, NEW or ''. */
  location: string;
  locationName: string;
  /** A group id, NEW or '' (no group). */
  group: string;
  groupName: string;
}

export type PlacementField = 'name' | 'lat' | 'lon' | 'position' | 'location' | 'group';
export type PlacementErrors = Partial<Record<PlacementField, string>>;

/** Rounds a coordinate to 6 decimals (about 0.1 m). */
export const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** A typed coordinate as a number ('' and text that is no number: null). */
export function parseCoordinate(text: string): number | null {
  const s = text.trim().replace(',', '.');
  if (s === '' || !/^[-+]?\d+(\.\d+)?$/.test(s)) return null;
  return Number(s);
}

/** The position the fields make, when both are valid coordinates. */
export function positionOf(v: Pick<PlacementValues, 'lat' | 'lon'>): { lat: number; lon: number } | null {
  const lat = parseCoordinate(v.lat);
  const lon = parseCoordinate(v.lon);
  return isLatitude(lat) && isLongitude(lon) ? { lat, lon } : null;
}

/** The form's first values: what was saved, else the unit's name and the location it could go into. */
export function initialValues(flow: OnboardingFlow): PlacementValues {
  const p = flow.placement;
  const onlyLocation = flow.locations.length === 0 ? NEW : '';
  const location = p?.locationId ?? (p?.locationName ? NEW : onlyLocation);
  const group = p?.groupId ?? (p?.groupName ? NEW : (flow.locations.find((l) => l.id === p?.locationId)?.groupIds[0] ?? ''));
  return {
    name: p?.name ?? installedName(flow.tag.unitName),
    lat: p ? String(p.lat) : '',
    lon: p ? String(p.lon) : '',
    address: p?.address ?? '',
    location,
    locationName: p?.locationName ?? '',
    group,
    groupName: p?.groupName ?? '',
  };
}

/** The message keys (onboarding namespace) of what the values lack, per field. */
export function placementErrors(v: PlacementValues): Record<string, { key: string; params?: Record<string, unknown> }> {
  const out: Record<string, { key: string; params?: Record<string, unknown> }> = {};
  if (v.name.trim() === '') out.name = { key: 'placement.nameMissing' };
  else if ([...v.name.trim()].length > UNIT_NAME_MAX) out.name = { key: 'placement.tooLong', params: { max: UNIT_NAME_MAX } };
  const lat = parseCoordinate(v.lat);
  const lon = parseCoordinate(v.lon);
  if (v.lat.trim() === '' && v.lon.trim() === '') out.position = { key: 'placement.positionMissing' };
  else {
    if (!isLatitude(lat)) out.lat = { key: 'placement.latRange' };
    if (!isLongitude(lon)) out.lon = { key: 'placement.lonRange' };
  }
  if (v.location === '' || (v.location === NEW && v.locationName.trim() === '')) out.location = { key: 'placement.locationMissing' };
  if (v.group === NEW && v.groupName.trim() === '') out.group = { key: 'placement.groupMissing' };
  return out;
}

/** The request body of valid values. */
export function placementBody(v: PlacementValues): PlacementBody {
  const body: PlacementBody = {
    name: v.name.trim(),
    lat: round6(parseCoordinate(v.lat)!),
    lon: round6(parseCoordinate(v.lon)!),
    address: v.address.trim(),
  };
  if (v.location === NEW) body.locationName = v.locationName.trim();
  else body.locationId = v.location;
  if (v.group === NEW) body.groupName = v.groupName.trim();
  else if (v.group) body.groupId = v.group;
  return body;
}
