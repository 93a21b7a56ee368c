/**
 * Units on a map over the country outlines and the deployment's tiles (useLeafletMap): one marker
 * per positioned unit in its status colour (spec §4: alarm red, problem orange, inactive white,
 * ok green), the view fitted to them, and a click (or Enter on a focused marker) opens the unit's
 * page. Units without a position are counted below the map. Used by a group's page.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import L from 'leaflet';
import { type Unit, type UnitStatus, unitStatus } from '@fieldwatch/shared';
import { mapThemeClass } from '@fieldwatch/shared/map';
import { unitPagePath } from '../unit/links';
import { useLeafletMap } from './useLeafletMap';
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
  if (typeof lat !== 'number' || typeof lon !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  if (lat === 0 && lon === 0) return null;
  return { unit: u, status: unitStatus(u), lat, lon };
}

/** Severity for drawing order: the worst on top. */
const Z: Record<UnitStatus, number> = { alarm: 300, problem: 200, inactive: 100, ok: 0 };
/** Closest fit: with tiles a street; without, no closer than the outlines can show units apart. */
const FIT_MAX_ZOOM = 15;
const FIT_MAX_ZOOM_OUTLINES = 10;

export function UnitsMap({ units, label, height = 240 }: { units: readonly Unit[]; label: string; height?: number }) {
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
    </figure>
  );
}

function UnitsMapView(props: { placed: PlacedUnit[]; label: string; height: number }) {
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);
  const first = props.placed[0]!;
  const { map, tilesFailed } = useLeafletMap(ref, { interactive: true, center: [first.lat, first.lon], zoom: 10 });
  const open = useRef((id: number) => navigate(unitPagePath(id)));
  open.current = (id: number) => navigate(unitPagePath(id));

  // The same units (place, status, name) keep their markers across renders.
  const title = (p: PlacedUnit) => `${p.unit.UnitName} — ${t(`common:status.${p.status}`)}`;
  const sig = props.placed.map((p) => `${p.unit.UnitID}:${p.lat}:${p.lon}:${title(p)}`).join('|');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const placed = useMemo(() => props.placed, [sig]);

  useEffect(() => {
    if (!map) return undefined;
    const layer = L.layerGroup().addTo(map);
    for (const p of placed) {
      const id = p.unit.UnitID;
      const marker = L.marker([p.lat, p.lon], {
        icon: L.divIcon({
          className: css.pointIcon,
          html: `<span class="${css.point}" data-status="${p.status}"></span>`,
          iconSize: [18, 18],
          iconAnchor: [9, 9],
        }),
        title: title(p),
        keyboard: true,
        riseOnHover: true,
        zIndexOffset: Z[p.status],
      });
      marker.on('click', () => open.current(id));
      // Leaflet makes the marker's element as it is added: name it, and open the unit on Enter or Space.
      marker.on('add', () => {
        const el = marker.getElement();
        if (!el) return;
        el.setAttribute('aria-label', t('map.openUnit', { unit: p.unit.UnitName, status: t(`common:status.${p.status}`) }));
        el.dataset.unitId = String(id);
        el.dataset.status = p.status;
        el.addEventListener('keydown', (e) => {
          if (e.key !== 'Enter' && e.key !== ' ') return;
          e.preventDefault();
          open.current(id);
        });
      });
      marker.addTo(layer);
    }
    return () => {
      layer.remove();
    };
    // `placed` changes with the units' places, statuses, names and the language (sig).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, placed]);

  // The view: fitted to the units (again when they or the tile state change).
  useEffect(() => {
    if (!map) return;
    const extent = L.latLngBounds(placed.map((p) => [p.lat, p.lon] as [number, number]));
    const maxZoom = tilesFailed ? FIT_MAX_ZOOM_OUTLINES : FIT_MAX_ZOOM;
    const size = map.getSize();
    if (size.x === 0 || size.y === 0) map.setView(extent.getCenter(), Math.min(maxZoom, 10), { animate: false });
    else map.fitBounds(extent, { padding: [24, 24], maxZoom, animate: false });
  }, [map, placed, tilesFailed]);

  return (
    <div className={css.frame} style={{ height: props.height }} data-tiles={tilesFailed ? 'none' : 'shown'}>
      <div ref={ref} className={`${css.map} ${mapThemeClass}`} role="group" aria-label={props.label} />
      {tilesFailed && <span className={css.note}>{t('map.tilesUnavailable')}</span>}
    </div>
  );
}
