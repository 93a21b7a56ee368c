/**
 * Units on a map over the country outlines and the deployment's tiles (useLeafletMap): a marker per
 * positioned unit in its status colour (spec §4: alarm red, problem orange, inactive white, ok
 * green); units too close to tell apart share a marker with their count, in the worst status among
 * them (the dashboard's clustering, @fieldwatch/shared/map/cluster), which zooms in when clicked.
 * The view is fitted to the units, and a click (or Enter on a focused marker) opens a unit's page.
 * Units without a position are counted below the map; the units on it are a list below it too
 * (MapUnitList: names linking to their pages, status in words). Used by a group's page.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import L from 'leaflet';
import { type Unit, type UnitStatus, unitStatus } from '@fieldwatch/shared';
import { mapThemeClass } from '@fieldwatch/shared/map';
import {
  ClusterIndex,
  decode,
  TONE_INDEX,
  worstTone,
  type BBox,
  type ClusterItem,
} from '@fieldwatch/shared/map/cluster';
import { unitPagePath } from '../unit/links';
import { MAX_ZOOM, useLeafletMap } from './useLeafletMap';
import { statusShapeSvg } from './status-shape';
import { MapUnitList } from './MapUnitList';
import css from './Map.module.css';

export interface PlacedUnit {
  unit: Unit;
  status: UnitStatus;
  lat: number;
  lon: number;
}

/** The unit's position, or null when it has none (0, 0 counts as none: an unset GPS). */
export function placeOf(u: Unit): PlacedUnit | null {
  const lat = u.UnitGPSLatitude;
  const lon = u.UnitGPSLongitude;
  if (typeof lat !== 'number' || typeof lon !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lon))
    return null;
  if (lat === 0 && lon === 0) return null;
  return { unit: u, status: unitStatus(u), lat, lon };
}

/** Severity for drawing order: the worst on top. */
const Z: Record<UnitStatus, number> = { alarm: 300, problem: 200, inactive: 100, ok: 0 };
/** Closest fit: with tiles a street; without, no closer than the outlines can show units apart. */
const FIT_MAX_ZOOM = 15;
const FIT_MAX_ZOOM_OUTLINES = 10;

export function UnitsMap({
  units,
  label,
  height = 240,
}: {
  units: readonly Unit[];
  label: string;
  height?: number;
}) {
  const { t } = useTranslation('devices');
  const placed = units.map(placeOf).filter((p): p is PlacedUnit => p !== null);
  if (placed.length === 0) return <p className={css.muted}>{t('containers.map.none')}</p>;
  const missing = units.length - placed.length;
  return (
    <figure className={css.figure} data-testid="group-map" data-markers={placed.length}>
      <UnitsMapView placed={placed} label={label} height={height} />
      <figcaption className={css.muted}>
        {t('containers.map.caption', { count: placed.length })}
        {missing > 0 && ` ${t('containers.map.missing', { count: missing })}`}
      </figcaption>
      <MapUnitList placed={placed} />
    </figure>
  );
}

/** Cluster radius in screen pixels: units closer than this share one marker with their count. */
const CLUSTER_RADIUS_PX = 36;
/** Above this zoom every unit is shown on its own (units on one spot never split). */
const CLUSTER_MAX_ZOOM = 16;

function UnitsMapView(props: { placed: PlacedUnit[]; label: string; height: number }) {
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);
  const first = props.placed[0]!;
  const { map, tilesFailed } = useLeafletMap(ref, {
    interactive: true,
    center: [first.lat, first.lon],
    zoom: 10,
  });
  const open = useRef((id: number) => navigate(unitPagePath(id)));
  open.current = (id: number) => navigate(unitPagePath(id));
  const statusText = (s: UnitStatus) => t(`common:status.${s}`);

  // The same units (place, status, name) keep their index and markers across renders.
  const sig = props.placed
    .map((p) => `${p.unit.UnitID}:${p.lat}:${p.lon}:${p.status}:${p.unit.UnitName}`)
    .join('|');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const placed = useMemo(() => props.placed, [sig]);
  const index = useMemo(() => {
    const coords = new Float64Array(placed.length * 2);
    const tones = new Uint8Array(placed.length);
    placed.forEach((p, i) => {
      coords[2 * i] = p.lon;
      coords[2 * i + 1] = p.lat;
      tones[i] = TONE_INDEX[p.status];
    });
    return new ClusterIndex({ coords, tones }, { radius: CLUSTER_RADIUS_PX, maxZoom: CLUSTER_MAX_ZOOM });
  }, [placed]);

  // The markers of the view: a unit on its own, or a cluster with its count in its worst status.
  useEffect(() => {
    if (!map) return undefined;
    const layer = L.layerGroup().addTo(map);
    const pointMarker = (p: PlacedUnit) => {
      const id = p.unit.UnitID;
      const m = L.marker([p.lat, p.lon], {
        icon: L.divIcon({
          className: css.pointIcon,
          // The status by shape as well as colour (triangle, diamond, square, circle).
          html: statusShapeSvg(p.status, css.point),
          iconSize: [18, 18],
          iconAnchor: [9, 9],
        }),
        title: `${p.unit.UnitName} — ${statusText(p.status)}`,
        keyboard: true,
        riseOnHover: true,
        zIndexOffset: Z[p.status],
      });
      m.on('click', () => open.current(id));
      m.on('add', () => {
        const el = m.getElement();
        if (!el) return;
        el.setAttribute(
          'aria-label',
          t('map.openUnit', { unit: p.unit.UnitName, status: statusText(p.status) }),
        );
        el.dataset.unitId = String(id);
        el.dataset.status = p.status;
        onActivate(el, () => open.current(id));
      });
      return m;
    };
    const clusterMarker = (item: ClusterItem) => {
      const worst = worstTone(item.tones) as UnitStatus;
      const d = item.count < 10 ? 26 : item.count < 100 ? 30 : 34;
      const at: L.LatLngTuple = [item.lat, item.lon];
      const zoomIn = () => map.setView(at, Math.min(index.expansionZoom(item.id), MAX_ZOOM));
      const m = L.marker(at, {
        icon: L.divIcon({
          className: css.pointIcon,
          html:
            `<span class="${css.cluster}" data-status="${worst}" style="width:${d}px;height:${d}px">${item.count}` +
            (worst === 'alarm' || worst === 'problem' ? statusShapeSvg(worst, css.clusterMark) : '') +
            '</span>',
          iconSize: [d, d],
          iconAnchor: [d / 2, d / 2],
        }),
        title: t('map.cluster', { count: item.count, status: statusText(worst) }),
        keyboard: true,
        riseOnHover: true,
        zIndexOffset: 400 + Z[worst],
      });
      m.on('click', zoomIn);
      m.on('add', () => {
        const el = m.getElement();
        if (!el) return;
        el.setAttribute('aria-label', t('map.cluster', { count: item.count, status: statusText(worst) }));
        el.dataset.count = String(item.count);
        el.dataset.status = worst;
        onActivate(el, zoomIn);
      });
      return m;
    };
    const draw = () => {
      // A map not laid out yet (no size) has no view to cut: it holds every unit until it has.
      const size = map.getSize();
      const b = map.getBounds().pad(0.2);
      const bbox: BBox =
        size.x > 0 && size.y > 0
          ? [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()]
          : [-180, -90, 180, 90];
      const items = decode(index.query(bbox, map.getZoom()));
      layer.clearLayers();
      for (const item of items) {
        const p = item.count === 1 ? placed[item.id] : undefined;
        (p ? pointMarker(p) : clusterMarker(item)).addTo(layer);
      }
    };
    draw();
    map.on('moveend resize', draw);
    return () => {
      map.off('moveend resize', draw);
      layer.remove();
    };
    // The texts follow `placed` (names, statuses) and the language through a re-render of `t`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, index, t]);

  // The view: fitted to the units (again when they or the tile state change).
  useEffect(() => {
    if (!map) return;
    const extent = L.latLngBounds(placed.map((p) => [p.lat, p.lon] as [number, number]));
    const maxZoom = tilesFailed ? FIT_MAX_ZOOM_OUTLINES : FIT_MAX_ZOOM;
    const size = map.getSize();
    if (size.x === 0 || size.y === 0)
      map.setView(extent.getCenter(), Math.min(maxZoom, 10), { animate: false });
    else map.fitBounds(extent, { padding: [24, 24], maxZoom, animate: false });
  }, [map, placed, tilesFailed]);

  return (
    <div className={css.frame} style={{ height: props.height }} data-tiles={tilesFailed ? 'none' : 'shown'}>
      <div ref={ref} className={`${css.map} ${mapThemeClass}`} role="group" aria-label={props.label} />
      {tilesFailed && <span className={css.note}>{t('map.tilesUnavailable')}</span>}
    </div>
  );
}

/** Enter or Space on a focused marker does what a click does. */
function onActivate(el: HTMLElement, action: () => void) {
  el.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    action();
  });
}
