/**
 * A Leaflet map in a React element, set up as every map of the product is (@fieldwatch/shared/map):
 * the country outlines underneath — drawn in the theme's colours, redrawn when the theme switches —
 * and the deployment's tiles over them, taken off again when they cannot be loaded. So a map
 * without a tile server (or offline) still shows the coast and borders around its pins, never a
 * grey void.
 */
import { type RefObject, useEffect, useState } from 'react';
import L from 'leaflet';
import { addOutlines, addTiles, motionOptions, onThemeChange } from '@fieldwatch/shared/map';
import { useTileSource } from './tile-source';

export interface LeafletMapOptions {
  /** Pan, zoom (buttons, wheel, keys, touch); false: a picture of the place that only shows it. */
  interactive: boolean;
  /** Where the map starts (the caller moves it from there). */
  center: [number, number];
  zoom: number;
}

export const MAX_ZOOM = 18;

/** The element as the end-to-end tests reach the Leaflet map (as on the dashboard's maps). */
export type MapElement = HTMLElement & { fwMap?: L.Map };

export interface LeafletMapState {
  /** The map, once it is created (null before the first effect and after unmount). */
  map: L.Map | null;
  /** No tiles: none configured, or they did not load (the outlines are the map). */
  tilesFailed: boolean;
}

export function useLeafletMap(
  ref: RefObject<HTMLDivElement | null>,
  options: LeafletMapOptions,
): LeafletMapState {
  const [map, setMap] = useState<L.Map | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const source = useTileSource();
  const { interactive } = options;

  // The map, once per mount; the first view only (later views are the caller's).
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const m = L.map(el, {
      center: options.center,
      zoom: options.zoom,
      minZoom: 1,
      maxZoom: MAX_ZOOM,
      worldCopyJump: true,
      zoomControl: interactive,
      attributionControl: true,
      dragging: interactive,
      scrollWheelZoom: interactive ? 'center' : false,
      doubleClickZoom: interactive,
      ...motionOptions(),
      touchZoom: interactive,
      boxZoom: interactive,
      keyboard: interactive,
      // The pins are DOM markers; the vector fallback of the outlines is SVG (only where the
      // outlines cannot be drawn in a worker).
      preferCanvas: false,
    });
    m.attributionControl.setPrefix(false);
    const outlines = addOutlines(m, false);
    const stopTheme = onThemeChange(() => outlines.refreshColors());
    // The tab, card or phone width settles after the map is made: keep Leaflet's size in step.
    const resize =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => m.invalidateSize({ debounceMoveend: true }));
    resize?.observe(el);
    (el as MapElement).fwMap = m;
    setMap(m);
    return () => {
      resize?.disconnect();
      stopTheme();
      delete (el as MapElement).fwMap;
      setMap(null);
      m.off();
      m.remove();
    };
    // The first view only: later positions move the map through `map`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ref, interactive]);

  useEffect(() => {
    if (!map || !source) return undefined;
    return addTiles(map, { ...source, maxZoom: MAX_ZOOM }, setTilesFailed);
  }, [map, source]);

  return { map, tilesFailed: source !== null && tilesFailed };
}
