/**
 * The Leaflet markers of the map: a canvas dot per unit or overlap when clustering is off, else a
 * status point per unit and a ring per cluster whose segments are its units' statuses.
 */
import L from 'leaflet';
import type { Unit, UnitStatus } from '@fieldwatch/shared';
import { TONES, type ClusterItem, type Tone } from '@fieldwatch/shared/map/cluster';
import { TONE_VAR, type MapColors } from '@fieldwatch/shared/map';
import { shapeSvg } from './status-shape';
import css from './map.module.css';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The conic-gradient ring of a cluster: its tones' shares, most severe first. */
function clusterRing(item: ClusterItem): string {
  const stops: string[] = [];
  let at = 0;
  item.tones.forEach((n, t) => {
    if (n <= 0) return;
    const to = at + (n / item.count) * 360;
    stops.push(`var(${TONE_VAR[TONES[t] as Tone]}) ${at.toFixed(1)}deg ${to.toFixed(1)}deg`);
    at = to;
  });
  return `conic-gradient(${stops.join(', ')})`;
}

/** "Units here: 12 — click to zoom in (Alarm 2, OK 10)": the statuses in words, most severe first. */
function clusterTitle(item: ClusterItem, tr: Translate): string {
  const parts: string[] = [];
  item.tones.forEach((n, i) => {
    const tone = TONES[i] as Tone;
    if (n > 0) parts.push(`${tone === 'occupied' || tone === 'free' ? tr(`widgets.parkingMap.${tone}`) : tr(`common:status.${tone}`)} ${n.toLocaleString()}`);
  });
  const base = tr('widgets.unitMap.clusterTitle', { count: item.count.toLocaleString() });
  return parts.length ? `${base} (${parts.join(', ')})` : base;
}

function clusterSize(count: number): number {
  return Math.round(28 + Math.min(4, Math.log10(count)) * 6);
}

export interface MarkerLook {
  /** Clusters drawn (else canvas dots, one per overlap). */
  clustered: boolean;
  tone: Tone;
  selected: boolean;
  /** The unit of a single point (undefined for a cluster), with its status. */
  unit: Unit | undefined;
  status: UnitStatus | undefined;
  /** The theme's colours (canvas dots need real colour values). */
  colors: () => MapColors;
  renderer: L.Renderer | undefined;
  t: Translate;
}

/** The marker of one clustering answer item. */
export function markerOf(item: ClusterItem, look: MarkerLook): L.Marker | L.CircleMarker {
  const { clustered, tone, selected: isSel, unit, status, t: tr } = look;
  const at: L.LatLngExpression = [item.lat, item.lon];
  if (!clustered) {
    const c = look.colors();
    return L.circleMarker(at, {
      renderer: look.renderer,
      radius: item.count > 1 ? 5 : 4,
      color: isSel ? c.accent : c.border,
      weight: isSel ? 3 : 1,
      fillColor: c.tones[tone],
      fillOpacity: 1,
      bubblingMouseEvents: false,
    });
  }
  if (unit) {
    return L.marker(at, {
      icon: L.divIcon({
        className: css.pointIcon,
        // Its status by shape as well as colour (triangle, diamond, square, circle).
        html: shapeSvg(tone, css.point, isSel ? ' data-selected="true"' : ''),
        iconSize: [18, 18],
        iconAnchor: [9, 9],
      }),
      title: `${unit.UnitName} — ${tr(`common:status.${status}`)}`,
      alt: unit.UnitName,
      riseOnHover: true,
      zIndexOffset: isSel ? 1000 : tone === 'alarm' ? 500 : 0,
    });
  }
  const d = clusterSize(item.count);
  // A cluster with units in alarm or with a problem carries that shape too, not only its ring's colour.
  const worst = tone === 'alarm' || tone === 'problem' ? shapeSvg(tone, css.clusterMark) : '';
  return L.marker(at, {
    icon: L.divIcon({
      className: css.clusterIcon,
      html:
        `<span class="${css.cluster}" data-tone="${tone}" style="width:${d}px;height:${d}px;background:${clusterRing(item)}">` +
        `<span class="${css.clusterCore}">${item.count.toLocaleString()}</span>${worst}</span>`,
      iconSize: [d, d],
      iconAnchor: [d / 2, d / 2],
    }),
    title: clusterTitle(item, tr),
    zIndexOffset: tone === 'alarm' ? 400 : 0,
  });
}
