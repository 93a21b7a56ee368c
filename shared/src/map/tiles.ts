/**
 * The deployment's street or satellite tiles over the outline base layer (the URL template comes
 * from GET /api/v3/config, never a hard-coded internet address). When the tile server is out of
 * reach — an error, or no tile within TILE_TIMEOUT_MS — the layer is taken off again and the
 * outlines underneath are the map.
 */
import L from 'leaflet';

/** No tile loaded this long after the layer was added: the tile server is out of reach. */
export const TILE_TIMEOUT_MS = 8000;

export interface TileSource {
  /** Leaflet URL template ({z}/{x}/{y}); '' when the deployment has no tiles. */
  url: string;
  attribution?: string;
  maxZoom?: number;
}

/**
 * Shows the tiles of `source` on `map`. `failed(true)` is called when there are none or they do not
 * load (the layer is then removed), `failed(false)` when they are being tried. Returns the removal.
 */
export function addTiles(map: L.Map, source: TileSource, failed: (failed: boolean) => void): () => void {
  if (!source.url) {
    failed(true);
    return () => undefined;
  }
  failed(false);
  let loaded = false;
  let gaveUp = false;
  const maxZoom = source.maxZoom ?? 18;
  const layer = L.tileLayer(source.url, {
    attribution: source.attribution ?? '',
    maxZoom,
    maxNativeZoom: 19,
    crossOrigin: true,
  });
  const fail = () => {
    if (loaded || gaveUp) return;
    gaveUp = true;
    map.removeLayer(layer);
    failed(true);
  };
  layer.on('tileload', () => {
    loaded = true;
  });
  layer.on('tileerror', fail);
  layer.addTo(map);
  const timer = setTimeout(fail, TILE_TIMEOUT_MS);
  return () => {
    clearTimeout(timer);
    layer.off();
    map.removeLayer(layer);
  };
}
