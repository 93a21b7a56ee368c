/**
 * '@fieldwatch/shared/map': the basics of every Leaflet map of the product, one source for the
 * dashboard's map widgets and the devices area's unit and group maps — Web Mercator as Leaflet
 * draws it, the theme's map colours, the country-outline base layer (drawn in a worker) under the
 * deployment's tiles, and Leaflet's controls in the theme. Leaflet is a peer: the apps that draw
 * maps list it, and share one copy of it on the page.
 */
import 'leaflet/dist/leaflet.css';
import theme from './leaflet-theme.module.css';

export { TILE_SIZE, projectX, projectY, unprojectLat, unprojectLon } from './mercator';
export { TONE_VAR, readMapColors, type MapColors, type MapTone } from './tokens';
export { createBaseLayer, outlineStyle, type BaseLayer } from './base-layer';
export { motionOptions, prefersReducedMotion } from './motion';
export { OUTLINE_PANE, addOutlines, hasCanvas, onThemeChange, type Outlines } from './frame';
export {
  TILE_TIMEOUT_MS,
  addTiles,
  onTileReach,
  tileReachVersion,
  tilesUnreachable,
  type TileSource,
} from './tiles';

/** Put on a map's element: Leaflet's zoom buttons, attribution and popups in the theme. */
export const mapThemeClass: string = theme.themed ?? '';
