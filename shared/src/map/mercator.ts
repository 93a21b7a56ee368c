/**
 * Web Mercator as Leaflet draws it (EPSG:3857), without Leaflet, for the map's workers (clustering
 * and outline tiles): x and y in [0, 1) of the world square, which is TILE_SIZE px wide at zoom 0.
 */

/** Leaflet's tile size: the world's width in pixels at zoom 0. */
export const TILE_SIZE = 256;
/** Latitudes beyond this are clamped (L.Projection.SphericalMercator.MAX_LATITUDE). */
const MAX_LATITUDE = 85.0511287798;

export const projectX = (lon: number) => lon / 360 + 0.5;
export function projectY(lat: number): number {
  const s = Math.sin((Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)) * Math.PI) / 180);
  return 0.5 - (0.25 * Math.log((1 + s) / (1 - s))) / Math.PI;
}
export const unprojectLon = (x: number) => (x - 0.5) * 360;
export const unprojectLat = (y: number) => (360 * Math.atan(Math.exp((1 - 2 * y) * Math.PI))) / Math.PI - 90;
