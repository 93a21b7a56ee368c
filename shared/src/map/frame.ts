/**
 * What every Leaflet map of the product sets up the same way: the country-outline base layer in
 * its own pane under the tiles (so a map without a reachable tile server still shows where things
 * are), the deployment's tiles over it (removed again when they do not load), and the theme's
 * colours, followed when the user switches between dark and bright.
 */
import L from 'leaflet';
import { createBaseLayer, type BaseLayer } from './base-layer';
import { readMapColors, type MapColors } from './tokens';

/** The pane of the outline base layer: under Leaflet's tile pane (200). */
export const OUTLINE_PANE = 'fwOutlines';

/** Whether this browser draws on a 2D canvas (else vectors are drawn as SVG). */
export function hasCanvas(): boolean {
  try {
    return Boolean(document.createElement('canvas').getContext?.('2d'));
  } catch {
    return false;
  }
}

export interface Outlines {
  base: BaseLayer;
  /** The colours the outlines were last drawn in. */
  colors(): MapColors;
  /** Re-reads the theme's colours from the map's element and redraws the outlines in them. */
  refreshColors(): MapColors;
}

/**
 * Adds the outline base layer to `map` in the theme's colours read from its element; `canvas`
 * chooses the renderer of the vector fallback (see hasCanvas).
 */
export function addOutlines(map: L.Map, canvas: boolean): Outlines {
  const el = map.getContainer();
  let colors = readMapColors(el);
  map.createPane(OUTLINE_PANE).style.zIndex = '150';
  const renderer = canvas
    ? L.canvas({ padding: 0.5, pane: OUTLINE_PANE })
    : L.svg({ padding: 0.5, pane: OUTLINE_PANE });
  const base = createBaseLayer(colors, OUTLINE_PANE, renderer);
  base.layer.addTo(map);
  return {
    base,
    colors: () => colors,
    refreshColors() {
      colors = readMapColors(el);
      base.setColors(colors);
      return colors;
    },
  };
}

/** Calls `cb` when the shell switches the theme (data-theme on <html>); returns the unsubscribe. */
export function onThemeChange(cb: () => void): () => void {
  if (typeof MutationObserver === 'undefined') return () => undefined;
  const observer = new MutationObserver(cb);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}
