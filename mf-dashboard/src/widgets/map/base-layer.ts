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

/** The country outlines as GeoJSON (converted on first use, then shared by every map). */
export function countryOutlines(): Outlines {
  if (!outlines) {
    const topology = world as unknown as Topology;
    outlines = feature(topology, topology.objects.countries as TopoObject) as unknown as Outlines;
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
  return L.geoJSON(countryOutlines(), { style: () => outlineStyle(colors), interactive: false, renderer } as L.GeoJSONOptions);
}
