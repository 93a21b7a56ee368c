/**
 * The placement's map (loaded on demand, so the tag's first step stays light): the country
 * outlines drawn in the theme's colours under the deployment's street tiles (@fieldwatch/shared/map),
 * so without tiles — offline, no tile server — the coasts and borders still show where a place is.
 * A tap (or click) puts the pin, the pin can be dragged or moved with the arrow keys once focused
 * (Shift: five times as far); every move reports the new position. The form beside it (typed
 * coordinates, the address search, the phone's position) moves the pin the other way.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import L from 'leaflet';
import { ENDPOINTS, fromResult, pathFor, queryKeys, type ClientConfig } from '@fieldwatch/shared';
import { addOutlines, addTiles, mapThemeClass, onThemeChange } from '@fieldwatch/shared/map';
import { useRemote } from '@fieldwatch/shared/remote';
import { round6 } from './placement-form';
import css from './placement.module.css';

export interface PositionPickerProps {
  position: { lat: number; lon: number } | null;
  onMove: (lat: number, lon: number) => void;
  label: string;
  pinLabel: string;
  tilesNote: string;
  noPin: string;
}

const MAX_ZOOM = 18;
/** Without tiles, no closer than the outlines can show. */
const OUTLINE_ZOOM = 5;
/** Where the map looks before there is a position: the Nordic countries and Germany. */
const START = { lat: 58.5, lon: 13, zoom: 4 };
const KEY_STEP_PX = 8;
const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const PIN_HTML =
  '<svg width="30" height="38" viewBox="0 0 26 34" aria-hidden="true" focusable="false">' +
  '<path d="M13 33s11-11.6 11-20A11 11 0 0 0 2 13c0 8.4 11 20 11 20z"/><circle cx="13" cy="13" r="4"/></svg>';

/** The deployment's street tiles (GET /api/v3/config), '' for none; null while asking. */
function useTiles(): { url: string; attribution: string } | null {
  const { api } = useRemote();
  const q = useQuery({
    queryKey: queryKeys.clientConfig(),
    queryFn: fromResult(() => api.get<ClientConfig>(pathFor(ENDPOINTS.config))),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const url = q.isError ? '' : q.data ? (q.data.mapTileUrl ?? '') : null;
  const attribution = q.data?.mapAttribution ?? '';
  // One object per source: a new one would take the tiles off and put them on again.
  return useMemo(() => (url === null ? null : { url, attribution }), [url, attribution]);
}

export default function PositionPicker({ position, onMove, label, pinLabel, tilesNote, noPin }: PositionPickerProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const tiles = useTiles();
  const latest = useRef({ onMove, position, pinLabel });
  latest.current = { onMove, position, pinLabel };
  const marker = useRef<L.Marker | null>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const start = latest.current.position;
    const m = L.map(el, {
      center: start ? [start.lat, start.lon] : [START.lat, START.lon],
      zoom: start ? 13 : START.zoom,
      minZoom: 1,
      maxZoom: MAX_ZOOM,
      worldCopyJump: true,
      scrollWheelZoom: 'center',
    });
    m.attributionControl.setPrefix(false);
    const outlines = addOutlines(m, false);
    const stopTheme = onThemeChange(() => outlines.refreshColors());
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => m.invalidateSize({ debounceMoveend: true }));
    resize?.observe(el);
    (el as HTMLElement & { fwMap?: L.Map }).fwMap = m;

    const pin = L.marker([0, 0], {
      icon: L.divIcon({ className: css.pinIcon, html: `<span class="${css.pin}">${PIN_HTML}</span>`, iconSize: [30, 38], iconAnchor: [15, 37] }),
      draggable: true,
      keyboard: true,
      autoPan: true,
      autoPanOnFocus: false,
    });
    const report = (ll: L.LatLng) => {
      const w = ll.wrap();
      latest.current.onMove(round6(w.lat), round6(w.lng));
    };
    pin.on('dragend', () => report(pin.getLatLng()));
    const onKey = (e: KeyboardEvent) => {
      const dir = ARROWS[e.key];
      const at = latest.current.position;
      if (!dir || !at) return;
      e.preventDefault();
      e.stopPropagation();
      const step = e.shiftKey ? KEY_STEP_PX * 5 : KEY_STEP_PX;
      const p = m.project([at.lat, at.lon], m.getZoom()).add([dir[0] * step, dir[1] * step]);
      report(m.unproject(p, m.getZoom()));
    };
    pin.on('add', () => {
      const pinEl = pin.getElement();
      if (!pinEl) return;
      pinEl.dataset.testid = 'map-pin';
      pinEl.setAttribute('aria-label', latest.current.pinLabel);
      pinEl.addEventListener('keydown', onKey);
    });
    m.on('click', (e: L.LeafletMouseEvent) => report(e.latlng));
    marker.current = pin;
    setMap(m);
    return () => {
      resize?.disconnect();
      stopTheme();
      delete (el as HTMLElement & { fwMap?: L.Map }).fwMap;
      marker.current = null;
      setMap(null);
      m.off();
      m.remove();
    };
  }, []);

  useEffect(() => {
    if (!map || !tiles) return undefined;
    return addTiles(map, { ...tiles, maxZoom: MAX_ZOOM }, setTilesFailed);
  }, [map, tiles]);

  useEffect(() => {
    if (map && tilesFailed && map.getZoom() > OUTLINE_ZOOM) map.setZoom(OUTLINE_ZOOM, { animate: false });
  }, [map, tilesFailed]);

  const lat = position?.lat;
  const lon = position?.lon;
  useEffect(() => {
    const pin = marker.current;
    if (!map || !pin) return;
    if (lat === undefined || lon === undefined) {
      pin.remove();
      return;
    }
    pin.setLatLng([lat, lon]);
    if (!map.hasLayer(pin)) {
      pin.addTo(map);
      const zoom = tilesFailed ? OUTLINE_ZOOM : Math.max(map.getZoom(), 14);
      map.setView([lat, lon], zoom, { animate: false });
    } else if (!map.getBounds().pad(-0.1).contains([lat, lon])) {
      map.panTo([lat, lon], { animate: false });
    }
  }, [map, lat, lon, tilesFailed]);

  return (
    <div className={css.mapFrame} data-testid="placement-map" data-tiles={tilesFailed ? 'none' : 'shown'}>
      <div ref={ref} className={`${css.map} ${mapThemeClass}`} role="group" aria-label={label} />
      {tilesFailed && <span className={css.mapNote}>{tilesNote}</span>}
      {!position && <span className={css.mapEmpty}>{noPin}</span>}
    </div>
  );
}
