/**
 * A small map of some units: each positioned unit a dot in its status colour, fitted to the units'
 * extent (equirectangular, corrected for latitude). It needs no tile server, so it works offline;
 * units without a position are counted below it.
 */
import { useTranslation } from 'react-i18next';
import { type Unit, unitStatus } from '@fieldwatch/shared';
import css from './Containers.module.css';

const W = 320;
const H = 200;
const PAD = 14;

interface Point {
  unit: Unit;
  lat: number;
  lon: number;
}

function pointOf(u: Unit): Point | null {
  const lat = u.UnitGPSLatitude;
  const lon = u.UnitGPSLongitude;
  if (typeof lat !== 'number' || typeof lon !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  if (lat === 0 && lon === 0) return null;
  return { unit: u, lat, lon };
}

export function UnitsMap({ units, label }: { units: readonly Unit[]; label: string }) {
  const { t } = useTranslation('devices');
  const placed = units.map(pointOf).filter((p): p is Point => p !== null);
  const missing = units.length - placed.length;
  if (placed.length === 0) {
    return <p className={css.muted}>{t('containers.map.none')}</p>;
  }
  const lats = placed.map((p) => p.lat);
  const lons = placed.map((p) => p.lon);
  const [minLat, maxLat] = [Math.min(...lats), Math.max(...lats)];
  const [minLon, maxLon] = [Math.min(...lons), Math.max(...lons)];
  const k = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const spanX = Math.max((maxLon - minLon) * k, 0.01);
  const spanY = Math.max(maxLat - minLat, 0.01);
  const scale = Math.min((W - 2 * PAD) / spanX, (H - 2 * PAD) / spanY);
  const cx = (W - spanX * scale) / 2;
  const cy = (H - spanY * scale) / 2;
  const x = (p: Point) => cx + (p.lon - minLon) * k * scale;
  const y = (p: Point) => H - cy - (p.lat - minLat) * scale;
  return (
    <figure className={css.map} data-testid="group-map">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
        <rect x={0} y={0} width={W} height={H} className={css.mapLand} />
        {placed.map((p) => (
          <circle key={p.unit.UnitID} cx={x(p)} cy={y(p)} r={4} className={css.mapDot} data-status={unitStatus(p.unit)}>
            <title>{p.unit.UnitName}</title>
          </circle>
        ))}
      </svg>
      <figcaption className={css.muted}>
        {t('containers.map.caption', { count: placed.length })}
        {missing > 0 && ` ${t('containers.map.missing', { count: missing })}`}
      </figcaption>
    </figure>
  );
}
