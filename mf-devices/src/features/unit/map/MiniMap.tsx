/**
 * A small map of one position: the deployment's street tiles (GET /api/v3/config, mapTileUrl —
 * never a hard-coded internet address) around a pin, drawn as plain images in Web Mercator, so
 * the unit page needs no map library. Without a tile server (mapTileUrl '') or while tiles fail to
 * load, a neutral grid with the coordinates shows instead of a grey void.
 * Draggable: the pin moves by pointer (drag, or a click on the map) and by the arrow keys, and
 * onMove gets the new position when it is let go.
 */
import { type KeyboardEvent, type MouseEvent, type PointerEvent, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  ENDPOINTS,
  fromResult,
  pathFor,
  queryKeys,
  type AnswerOf,
  type ClientConfig,
} from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import css from './MiniMap.module.css';

const TILE = 256;
const MAX_LAT = 85.0511287798;
const projectX = (lon: number) => lon / 360 + 0.5;
function projectY(lat: number): number {
  const s = Math.sin((Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180);
  return 0.5 - (0.25 * Math.log((1 + s) / (1 - s))) / Math.PI;
}
const unprojectLon = (x: number) => (x - 0.5) * 360;
const unprojectLat = (y: number) => (360 * Math.atan(Math.exp((1 - 2 * y) * Math.PI))) / Math.PI - 90;

/** Rounds a coordinate to 6 decimals (about 0.1 m). */
export const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** The tile URL template of the deployment; '' without tiles, null while loading. */
export function useTileUrl(): string | null {
  const { api } = useRemote();
  const q = useQuery({
    queryKey: queryKeys.clientConfig(),
    queryFn: fromResult(() => api.get<AnswerOf<typeof ENDPOINTS.config>>(pathFor(ENDPOINTS.config))),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  if (q.isError) return '';
  return q.data ? ((q.data as ClientConfig).mapTileUrl ?? '') : null;
}

function tileSrc(template: string, z: number, x: number, y: number): string {
  return template
    .replace('{z}', String(z))
    .replace('{x}', String(x))
    .replace('{y}', String(y))
    .replace('{s}', 'a')
    .replace('{r}', '');
}

export interface MiniMapProps {
  lat: number;
  lon: number;
  /** Accessible name of the map (e.g. "Location of Pump 12"). */
  label: string;
  zoom?: number;
  height?: number;
  /** Given: the pin can be moved; called with the new position. */
  onMove?: (lat: number, lon: number) => void;
  /** Accessible name of the movable pin. */
  pinLabel?: string;
  /** Said when no tiles are configured. */
  noTilesText?: string;
}

const KEY_STEP_PX = 8;

export function MiniMap({
  lat,
  lon,
  label,
  zoom = 13,
  height = 180,
  onMove,
  pinLabel,
  noTilesText,
}: MiniMapProps) {
  const template = useTileUrl();
  const [drag, setDrag] = useState<{ dx: number; dy: number } | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const world = TILE * 2 ** zoom;
  const cx = projectX(lon) * world;
  const cy = projectY(lat) * world;
  const ctx = Math.floor(cx / TILE);
  const cty = Math.floor(cy / TILE);
  const n = 2 ** zoom;

  const moveBy = (dx: number, dy: number) => {
    if (!onMove) return;
    const x = Math.min(world - 1, Math.max(0, cx + dx)) / world;
    const y = Math.min(world - 1, Math.max(0, cy + dy)) / world;
    onMove(round6(unprojectLat(y)), round6(unprojectLon(x)));
  };

  const tiles: Array<{ key: string; src: string; left: number; top: number }> = [];
  if (template) {
    for (let ty = cty - 1; ty <= cty + 1; ty++) {
      if (ty < 0 || ty >= n) continue;
      for (let tx = ctx - 2; tx <= ctx + 2; tx++) {
        const wx = ((tx % n) + n) % n;
        tiles.push({
          key: `${tx}/${ty}`,
          src: tileSrc(template, zoom, wx, ty),
          left: tx * TILE - cx,
          top: ty * TILE - cy,
        });
      }
    }
  }

  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    if (!onMove) return;
    start.current = { x: e.clientX, y: e.clientY };
    setDrag({ dx: 0, dy: 0 });
    e.currentTarget.setPointerCapture?.(e.pointerId);
    e.preventDefault();
  };
  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    if (!start.current) return;
    setDrag({ dx: e.clientX - start.current.x, dy: e.clientY - start.current.y });
  };
  const onPointerUp = (e: PointerEvent<HTMLElement>) => {
    if (!start.current) return;
    const dx = e.clientX - start.current.x;
    const dy = e.clientY - start.current.y;
    start.current = null;
    setDrag(null);
    if (dx !== 0 || dy !== 0) moveBy(dx, dy);
  };
  /** A click on the map (not the pin) puts the pin there. */
  const onMapClick = (e: MouseEvent<HTMLDivElement>) => {
    if (!onMove || e.target !== e.currentTarget || !box.current) return;
    const r = box.current.getBoundingClientRect();
    if (r.width === 0) return;
    moveBy(e.clientX - (r.left + r.width / 2), e.clientY - (r.top + r.height / 2));
  };
  const onKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const step = e.shiftKey ? KEY_STEP_PX * 5 : KEY_STEP_PX;
    const d: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const m = d[e.key];
    if (!m) return;
    e.preventDefault();
    moveBy(m[0], m[1]);
  };

  const pinStyle = drag ? { transform: `translate(${drag.dx}px, ${drag.dy}px)` } : undefined;
  return (
    <div
      ref={box}
      className={css.map}
      style={{ height }}
      role={onMove ? 'group' : 'img'}
      aria-label={label}
      data-testid="mini-map"
      data-lat={lat}
      data-lon={lon}
      onClick={onMapClick}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
    >
      {tiles.map((t) => (
        <img
          key={t.key}
          className={css.tile}
          src={t.src}
          alt=""
          draggable={false}
          style={{ left: `calc(50% + ${t.left}px)`, top: `calc(50% + ${t.top}px)` }}
          onError={(e) => (e.currentTarget.style.visibility = 'hidden')}
        />
      ))}
      {template === '' && noTilesText && <span className={css.noTiles}>{noTilesText}</span>}
      {onMove ? (
        <button
          type="button"
          className={`${css.pin} ${css.movable}`}
          style={pinStyle}
          aria-label={pinLabel ?? label}
          onPointerDown={onPointerDown}
          onKeyDown={onKey}
          data-testid="map-pin"
        >
          <PinShape />
        </button>
      ) : (
        <span className={css.pin} aria-hidden="true">
          <PinShape />
        </span>
      )}
      <span className={css.coords}>
        {lat.toFixed(5)}, {lon.toFixed(5)}
      </span>
    </div>
  );
}

function PinShape() {
  return (
    <svg width="26" height="34" viewBox="0 0 26 34" aria-hidden="true">
      <path
        d="M13 33s11-11.6 11-20A11 11 0 0 0 2 13c0 8.4 11 20 11 20z"
        fill="var(--fw-accent)"
        stroke="var(--fw-bg)"
        strokeWidth="2"
      />
      <circle cx="13" cy="13" r="4" fill="var(--fw-bg)" />
    </svg>
  );
}
