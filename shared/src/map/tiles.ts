/**
 * The deployment's street or satellite tiles over the outline base layer (the URL template comes
 * from GET /api/v3/config, never a hard-coded internet address). When the tile server is out of
 * reach — an error, or no tile within TILE_TIMEOUT_MS — the layer is taken off again and the
 * outlines underneath are the map.
 *
 * Out of reach is found out once per page (issue 20 §5): the first map to show a tile server's
 * tiles tries it while the other maps wait; when its tiles fail, the server is marked unreachable
 * for the page, every map takes its layer of that server off, and no map asks it again (offline,
 * each map used to send its own burst of failing requests on every move). While no tile server has
 * answered at all, one that fails marks them all unreachable — the page is offline — so Satellite
 * is shown unavailable without trying it.
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

// ---- Whether tile servers answer (for the page's whole session)

type Reach = 'trying' | 'ok' | 'down';
/** By tile server (the template's origin). */
const reach = new Map<string, Reach>();
/** Maps waiting for the first try of a server: called with whether it answered (null: not tried after all). */
const waiting = new Map<string, Array<(ok: boolean | null) => void>>();
const listeners = new Set<() => void>();
let version = 0;

/** The tile server of a URL template ('' for none). */
export function tileServer(url: string): string {
  if (!url) return '';
  try {
    return new URL(
      url.replace(/\{[^}]*\}/g, '0'),
      typeof location === 'undefined' ? undefined : location.href,
    ).origin;
  } catch {
    return url;
  }
}

/**
 * Whether the tiles of `url` are known to be out of reach on this page: their server failed, or
 * another one did before any answered (offline).
 */
export function tilesUnreachable(url: string): boolean {
  const server = tileServer(url);
  if (!server) return false;
  const own = reach.get(server);
  if (own === 'ok') return false;
  if (own === 'down') return true;
  const states = [...reach.values()];
  return states.includes('down') && !states.includes('ok');
}

/** Calls `cb` when a tile server is found reachable or not; returns the unsubscribe. */
export function onTileReach(cb: () => void): () => void {
  listeners.add(cb);
  return () => listeners.delete(cb);
}

/** Changes on every finding of onTileReach (for React's useSyncExternalStore). */
export const tileReachVersion = (): number => version;

function settle(server: string, ok: boolean) {
  if (reach.get(server) === (ok ? 'ok' : 'down')) return;
  reach.set(server, ok ? 'ok' : 'down');
  version += 1;
  const queue = waiting.get(server) ?? [];
  waiting.delete(server);
  for (const go of queue) go(ok);
  for (const cb of [...listeners]) cb();
}

/** Forgets what was found (tests). */
export function resetTileReach(): void {
  reach.clear();
  waiting.clear();
  version += 1;
}

/**
 * Shows the tiles of `source` on `map`. `failed(true)` is called when there are none or they do not
 * load (the layer is then removed), `failed(false)` when they are being tried. Returns the removal.
 */
export function addTiles(map: L.Map, source: TileSource, failed: (failed: boolean) => void): () => void {
  const server = tileServer(source.url);
  if (!server || tilesUnreachable(source.url)) {
    failed(true);
    return () => undefined;
  }
  failed(false);
  let stopped = false;
  let remove: () => void = () => undefined;
  const start = () => {
    if (stopped) return;
    if (tilesUnreachable(source.url)) {
      failed(true);
      return;
    }
    if (reach.get(server) === 'trying') {
      // Another map is trying the server: wait for its answer instead of sending a burst of our own.
      const go = (ok: boolean | null) => (ok === null ? start() : ok ? show() : failed(true));
      waiting.set(server, [...(waiting.get(server) ?? []), go]);
      remove = () =>
        waiting.set(
          server,
          (waiting.get(server) ?? []).filter((f) => f !== go),
        );
      return;
    }
    const trying = !reach.has(server);
    if (trying) reach.set(server, 'trying');
    const hide = showLayer(map, source, server, failed);
    remove = () => {
      hide();
      // Taken off before the server answered: the next waiting map tries it.
      if (trying && reach.get(server) === 'trying') {
        reach.delete(server);
        const queue = waiting.get(server) ?? [];
        waiting.delete(server);
        for (const go of queue) go(null);
      }
    };
  };
  const show = () => {
    if (!stopped) remove = showLayer(map, source, server, failed);
  };
  start();
  return () => {
    stopped = true;
    remove();
  };
}

function showLayer(
  map: L.Map,
  source: TileSource,
  server: string,
  failed: (failed: boolean) => void,
): () => void {
  let loaded = false;
  let gaveUp = false;
  const maxZoom = source.maxZoom ?? 18;
  const layer = L.tileLayer(source.url, {
    attribution: source.attribution ?? '',
    maxZoom,
    maxNativeZoom: 19,
    crossOrigin: true,
  });
  const stop = () => {
    clearTimeout(timer);
    unsubscribe();
    // Removed first: Leaflet unhooks the layer from the map's events on the layer's own 'remove'.
    map.removeLayer(layer);
    layer.off();
  };
  const giveUp = () => {
    if (gaveUp) return;
    gaveUp = true;
    stop();
    failed(true);
  };
  const fail = () => {
    if (loaded || gaveUp) return;
    giveUp();
    settle(server, false);
  };
  // Another map found the server out of reach: this one stops asking it too.
  const unsubscribe = onTileReach(() => {
    if (!loaded && tilesUnreachable(source.url)) giveUp();
  });
  layer.on('tileload', () => {
    loaded = true;
    settle(server, true);
  });
  layer.on('tileerror', fail);
  layer.addTo(map);
  const timer = setTimeout(fail, TILE_TIMEOUT_MS);
  return stop;
}
