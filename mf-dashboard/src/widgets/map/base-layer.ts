/**
 * The map's own low-detail base layer: country outlines from world-atlas (Natural Earth 1:110m,
 * bundled with the app) converted from TopoJSON once. It is always underneath the tiles, so a map
 * without a reachable tile server still shows where the units are — never a grey void.
 */
import L from 'leaflet';
import { feature } from 'topojson-client';
import world from 'world-atlas/countries-110m.json';
import type { MapColors } from './tokens';

type Outlines = NonNullable<Parameters<typeof L.geoJSON>[0]>;
type Topology = Parameters<typeof feature>[0];
type TopoObject = Parameters<typeof feature>[1];

let outlines: Outlines | null = null;

type Position = number[];

/**
 * A ring whose longitude jumps across the antimeridian (Russia's Chukotka, Fiji) made continuous:
 * each point is moved by whole turns to lie within 180° of the one before, so Leaflet's planar
 * drawing does not fill a band across the whole world between 180° and -180°.
 */
export function unwrapRing(ring: readonly Position[]): Position[] {
  const out: Position[] = [];
  let prev: number | undefined;
  for (const p of ring) {
    let lon = p[0]!;
    if (prev !== undefined) {
      while (lon - prev > 180) lon -= 360;
      while (lon - prev < -180) lon += 360;
    }
    prev = lon;
    out.push([lon, ...p.slice(1)]);
  }
  return out;
}

interface Geometry {
  type: string;
  coordinates?: unknown;
}

function unwrapGeometry(g: Geometry | null | undefined): void {
  if (!g) return;
  if (g.type === 'Polygon') g.coordinates = (g.coordinates as Position[][]).map(unwrapRing);
  else if (g.type === 'MultiPolygon')
    g.coordinates = (g.coordinates as Position[][][]).map((poly) => poly.map(unwrapRing));
}

/** The country outlines as GeoJSON (converted on first use, then shared by every map). */
export function countryOutlines(): Outlines {
  if (!outlines) {
    const topology = world as unknown as Topology;
    const collection = feature(topology, topology.objects.countries as TopoObject) as unknown as {
      features: Array<{ geometry: Geometry | null }>;
    };
    for (const f of collection.features) unwrapGeometry(f.geometry);
    outlines = collection as unknown as Outlines;
  }
  return outlines;
}

export function outlineStyle(colors: MapColors): L.PathOptions {
  return {
    color: colors.border,
    weight: 0.8,
    fillColor: colors.land,
    fillOpacity: 1,
    opacity: 1,
    interactive: false,
  };
}

/** A non-interactive GeoJSON layer of the outlines in the theme's colours. */
export function createBaseLayer(colors: MapColors, renderer: L.Renderer): L.GeoJSON {
  return L.geoJSON(countryOutlines(), {
    style: () => outlineStyle(colors),
    interactive: false,
    renderer,
  } as L.GeoJSONOptions);
}
