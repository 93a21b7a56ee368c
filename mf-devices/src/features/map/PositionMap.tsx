/**
 * A small map of one place, over the country outlines and the deployment's tiles
 * (useLeafletMap): the unit page's header map, and the location tab's map with a pin to move.
 *
 * - `link`: a picture of the place that is one link (the header: a click opens the location tab);
 *   the map itself does not pan or zoom.
 * - `onMove`: the pin can be moved — dragged, put where the map is clicked, or moved with the arrow
 *   keys once focused (Shift: five times as far) — and onMove gets each new position.
 * - `position` null: no pin; with `onMove` the map says so and a click (or the "place" button, at
 *   the middle of the map) puts one.
 * Without tiles the map starts no closer than the outlines can show (OUTLINE_ZOOM).
 */
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import L from 'leaflet';
import { mapThemeClass } from '@fieldwatch/shared/map';
import { Button } from '@fieldwatch/shared/ui';
import { useLeafletMap } from './useLeafletMap';
import css from './Map.module.css';

export interface LatLon {
  lat: number;
  lon: number;
}

/** Rounds a coordinate to 6 decimals (about 0.1 m). */
export const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** The closest zoom at which the country outlines alone still show where a place is. */
export const OUTLINE_ZOOM = 5;

/** Pixels an arrow key moves the pin (Shift: ×5). */
export const KEY_STEP_PX = 8;

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** The place `dx`, `dy` screen pixels from `at` at the map's zoom (kept on the world). */
export function movedBy(map: L.Map, at: LatLon, dx: number, dy: number): LatLon {
  const zoom = map.getZoom();
  const p = map.project([at.lat, at.lon], zoom).add([dx, dy]);
  const world = map.getPixelWorldBounds(zoom);
  if (world) p.y = Math.min(world.max!.y - 1, Math.max(world.min!.y + 1, p.y));
  const ll = map.unproject(p, zoom).wrap();
  return { lat: round6(ll.lat), lon: round6(ll.lng) };
}

const PIN_HTML =
  '<svg width="26" height="34" viewBox="0 0 26 34" aria-hidden="true" focusable="false">' +
  '<path d="M13 33s11-11.6 11-20A11 11 0 0 0 2 13c0 8.4 11 20 11 20z"/><circle cx="13" cy="13" r="4"/></svg>';

export interface PositionMapProps {
  position: LatLon | null;
  /** Accessible name of the map (e.g. "Location of Pump 12 on the map"). */
  label: string;
  height: number;
  /** Zoom with tiles (without: at most OUTLINE_ZOOM). */
  zoom?: number;
  /** Where the map looks when there is no position yet. */
  emptyView?: { center: LatLon; zoom: number };
  /** The whole map is one link to `to`, named `label`. */
  link?: { to: string; label: string };
  /** Given: the pin can be moved (and placed when there is none). */
  onMove?: (lat: number, lon: number) => void;
  /** Accessible name of the movable pin. */
  pinLabel?: string;
  /** Said over the map when the tiles are unavailable (the outlines show alone). */
  tilesNote?: string;
  /** Shown over the map when there is no position (e.g. "Location missing" and a button). */
  missing?: { text: string; placeLabel?: string };
  testId?: string;
  children?: ReactNode;
}

export function PositionMap(props: PositionMapProps) {
  const { position, link, onMove, height, testId = 'mini-map' } = props;
  const ref = useRef<HTMLDivElement>(null);
  const zoomWanted = props.zoom ?? 13;
  const start = position ?? props.emptyView?.center ?? { lat: 30, lon: 10 };
  const { map, tilesFailed } = useLeafletMap(ref, {
    interactive: !link,
    center: [start.lat, start.lon],
    zoom: position ? zoomWanted : (props.emptyView?.zoom ?? 3),
  });
  const zoom = tilesFailed ? Math.min(zoomWanted, OUTLINE_ZOOM) : zoomWanted;
  const movable = Boolean(onMove);
  // Handlers read the latest props without re-creating the pin.
  const pinLabel = props.pinLabel ?? props.label;
  const latest = useRef({ onMove, position, pinLabel });
  latest.current = { onMove, position, pinLabel };
  const marker = useRef<L.Marker | null>(null);

  // The pin: created once per map (and when it becomes movable or not), moved as the position changes.
  useEffect(() => {
    if (!map) return undefined;
    const m = L.marker([0, 0], {
      icon: L.divIcon({
        className: `${css.pinIcon} ${movable ? css.movable : ''}`,
        html: `<span class="${css.pin}">${PIN_HTML}</span>`,
        iconSize: [26, 34],
        iconAnchor: [13, 33],
      }),
      draggable: movable,
      keyboard: movable,
      autoPan: true,
      interactive: movable,
      autoPanOnFocus: false,
    });
    const move = (to: LatLon) => latest.current.onMove?.(to.lat, to.lon);
    m.on('dragend', () => {
      const ll = m.getLatLng().wrap();
      move({ lat: round6(ll.lat), lon: round6(ll.lng) });
    });
    const onKey = (e: KeyboardEvent) => {
      const dir = ARROWS[e.key];
      const at = latest.current.position;
      if (!dir || !at) return;
      e.preventDefault();
      e.stopPropagation();
      const step = e.shiftKey ? KEY_STEP_PX * 5 : KEY_STEP_PX;
      move(movedBy(map, at, dir[0] * step, dir[1] * step));
    };
    // Leaflet makes the pin's element each time it is added: name it and listen to its keys then.
    m.on('add', () => {
      const el = m.getElement();
      if (!el) return;
      el.dataset.testid = 'map-pin';
      if (!movable) return;
      el.setAttribute('aria-label', latest.current.pinLabel);
      el.addEventListener('keydown', onKey);
    });
    const onMapClick = (e: L.LeafletMouseEvent) => {
      const ll = e.latlng.wrap();
      move({ lat: round6(ll.lat), lon: round6(ll.lng) });
    };
    if (movable) map.on('click', onMapClick);
    marker.current = m;
    return () => {
      if (movable) map.off('click', onMapClick);
      m.off();
      m.remove();
      marker.current = null;
    };
  }, [map, movable]);

  // Show, hide and move the pin with the position; keep it in view.
  const lat = position?.lat;
  const lon = position?.lon;
  useEffect(() => {
    const m = marker.current;
    if (!map || !m) return;
    if (lat === undefined || lon === undefined) {
      m.remove();
      return;
    }
    m.setLatLng([lat, lon]);
    const placed = !map.hasLayer(m);
    if (placed) m.addTo(map);
    // A picture, or a pin just placed: the view goes to it; a pin moved on the map stays in view.
    if (link || !movable || placed)
      map.setView([lat, lon], placed && movable ? Math.max(zoom, map.getZoom()) : zoom, { animate: false });
    else if (!map.getBounds().pad(-0.1).contains([lat, lon])) map.panTo([lat, lon], { animate: false });
  }, [map, lat, lon, zoom, link, movable]);

  useEffect(() => {
    if (movable) marker.current?.getElement()?.setAttribute('aria-label', pinLabel);
  }, [movable, pinLabel, lat]);

  // No position yet: the map looks where the caller suggests (it may know only after a load). A
  // position cleared on this map (an emptied coordinate field) leaves the view where it is.
  const empty = props.emptyView;
  const emptyKey = empty ? `${empty.center.lat},${empty.center.lon},${empty.zoom}` : '';
  const hasPosition = position !== null;
  const hadPosition = useRef(hasPosition);
  if (hasPosition) hadPosition.current = true;
  useEffect(() => {
    if (!map || hasPosition || hadPosition.current || !empty) return;
    const z = tilesFailed ? Math.min(empty.zoom, OUTLINE_ZOOM) : empty.zoom;
    map.setView([empty.center.lat, empty.center.lon], z, { animate: false });
    // emptyKey stands for `empty`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, hasPosition, emptyKey, tilesFailed]);

  // Without tiles the view comes no closer than the outlines can show.
  useEffect(() => {
    if (map && tilesFailed && map.getZoom() > OUTLINE_ZOOM) map.setZoom(OUTLINE_ZOOM, { animate: false });
  }, [map, tilesFailed]);

  const place = () => {
    if (!map || !onMove) return;
    const c = map.getCenter().wrap();
    onMove(round6(c.lat), round6(c.lng));
  };

  return (
    <div
      className={css.frame}
      style={{ height }}
      data-testid={testId}
      data-lat={position?.lat}
      data-lon={position?.lon}
      data-tiles={tilesFailed ? 'none' : 'shown'}
    >
      <div
        ref={ref}
        className={`${css.map} ${mapThemeClass}`}
        role={link ? 'img' : 'group'}
        aria-label={props.label}
      />
      {link && <Link to={link.to} className={css.cover} aria-label={link.label} data-testid="map-link" />}
      {tilesFailed && props.tilesNote && <span className={css.note}>{props.tilesNote}</span>}
      {position ? (
        <span className={css.coords} data-testid="map-coords">
          {position.lat.toFixed(5)}, {position.lon.toFixed(5)}
        </span>
      ) : (
        props.missing && (
          <div className={css.missing} data-testid="location-missing">
            <p>{props.missing.text}</p>
            {props.missing.placeLabel && onMove && (
              <Button size="small" onClick={place}>
                {props.missing.placeLabel}
              </Button>
            )}
          </div>
        )
      )}
      {props.children}
    </div>
  );
}
