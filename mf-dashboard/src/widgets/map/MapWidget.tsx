/**
 * The map widget behind unitMap, alarmMap and parkingMap (issue 4 §4): Leaflet over a bundled
 * country-outline base layer, street or satellite tiles from GET /api/v3/config on top (hidden, with
 * a note, when they cannot be loaded), units clustered off the main thread, link-group selection,
 * the GIS filter and the map settings saved with the dashboard.
 */
import 'leaflet/dist/leaflet.css';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import L from 'leaflet';
import { useRemote } from '@fieldwatch/shared/remote';
import type { Unit } from '@fieldwatch/shared';
import type { WidgetProps } from '../contract';
import { WidgetState } from '../state';
import { createBaseLayer } from './base-layer';
import { createClusterEngine, type ClusterEngine } from './cluster-client';
import { decode, TONES, worstTone, type BBox, type ClusterItem, type Tone } from './cluster-core';
import {
  activeFilterCount,
  boundsOf,
  effectiveFilter,
  preparedMapData,
  type MapData,
  type MapFilter,
  type MapSettings,
  type Occupancy,
  type MapVariant,
} from './model';
import { readMapColors, TONE_VAR, type MapColors } from './tokens';
import { useOccupancy, useTileConfig, type TileConfig } from './data';
import { FilterPanel, SettingsPanel } from './panels';
import { UnitPopup } from './UnitPopup';
import css from './map.module.css';

export type MapWidgetProps = WidgetProps<MapSettings> & { variant: MapVariant };

const CLUSTER_RADIUS_PX = 60;
/** Clustering "off": only dots that would overlap merge, so 100,000 units stay drawable. */
const OVERLAP_RADIUS_PX = 3;
const MAX_ZOOM = 18;
const CLUSTER_MAX_ZOOM = 16;
const FIT_MAX_ZOOM = 15;
/** Room around fitted units for the map's own controls: the toolbar above, the legend below. */
const FIT_PADDING: L.FitBoundsOptions = { paddingTopLeft: [28, 56], paddingBottomRight: [28, 100], maxZoom: FIT_MAX_ZOOM };
/** No tile loaded this long after the layer was added: the tile server is out of reach. */
const TILE_TIMEOUT_MS = 8000;
/** How long the "Ctrl + scroll to zoom" hint stays after a plain wheel over the map. */
const WHEEL_HINT_MS = 1500;
/** Apple devices zoom with ⌘ + wheel; elsewhere it is Ctrl (its label translated: Strg in German). */
const isApple = () => /Mac|iPhone|iPad/.test(navigator.userAgent);
/** Selection rings drawn at most (the rest of a huge selection is still counted). */
const MAX_SELECTION_RINGS = 1000;

type Phase = 'loading' | 'ready';
type Panel = 'none' | 'filter' | 'settings';

interface MarkerEntry {
  marker: L.Marker | L.CircleMarker;
  sig: string;
}

function hasCanvas(): boolean {
  try {
    return Boolean(document.createElement('canvas').getContext?.('2d'));
  } catch {
    return false;
  }
}

function toLatLngBounds([s, w, n, e]: [number, number, number, number]): L.LatLngBounds {
  // A single point: a small box around it, so fitBounds does not zoom to the maximum.
  const pad = s === n && w === e ? 0.01 : 0;
  return L.latLngBounds([s - pad, w - pad], [n + pad, e + pad]);
}

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

function clusterSize(count: number): number {
  return Math.round(28 + Math.min(4, Math.log10(count)) * 6);
}

/**
 * The widget: derives what to show, and shows the empty and error states; the Leaflet map lives in
 * MapCanvas, mounted afresh after Retry or when units appear.
 */
export function MapWidget(props: MapWidgetProps) {
  const { variant, widget, units, refreshKey } = props;
  const { t } = useTranslation('dashboard');
  const { navigate } = useRemote();
  const filter = useMemo(() => effectiveFilter(variant, widget.settings.filter), [variant, widget.settings.filter]);
  const tileConfig = useTileConfig();
  const occupancy = useOccupancy(variant === 'parking', units, refreshKey);
  const data = useMemo(
    () => preparedMapData(units, variant, filter, occupancy.data),
    [units, variant, filter, occupancy.data],
  );
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  if (error !== null)
    return (
      <WidgetState
        kind="error"
        title={t('widgets.unitMap.error')}
        message={error || undefined}
        retryLabel={t('common:action.retry')}
        onRetry={() => {
          setError(null);
          setAttempt((a) => a + 1);
        }}
      />
    );

  const emptyKind = data.baseCount === 0 ? 'noUnits' : data.positionedCount === 0 ? 'noPositions' : null;
  if (emptyKind) {
    const base = variant === 'alarm' ? 'widgets.alarmMap' : variant === 'parking' ? 'widgets.parkingMap' : 'widgets.unitMap';
    if (emptyKind === 'noUnits')
      return (
        <WidgetState kind="empty" title={t(`${base}.empty.title`)}>
          {t(`${base}.empty.text`)}
        </WidgetState>
      );
    return (
      <WidgetState kind="empty" title={t('widgets.unitMap.noPositions.title')}>
        <p className={css.emptyText}>{t('widgets.unitMap.noPositions.text')}</p>
        <a
          className={css.emptyLink}
          href="/devicemanagement"
          onClick={(e) => {
            e.preventDefault();
            navigate('/devicemanagement');
          }}
        >
          {t('widgets.unitMap.noPositions.action')}
        </a>
      </WidgetState>
    );
  }

  return (
    <MapCanvas
      key={attempt}
      {...props}
      filter={filter}
      data={data}
      tileConfig={tileConfig}
      occupancy={occupancy}
      onError={(message) => setError(message)}
    />
  );
}

interface MapCanvasProps extends MapWidgetProps {
  filter: Required<MapFilter>;
  data: MapData;
  tileConfig: TileConfig | null;
  occupancy: { data: Occupancy | undefined; failed: boolean };
  onError: (message: string) => void;
}

function MapCanvas(props: MapCanvasProps) {
  const { variant, widget, bindings, setBinding, updateSettings, size, filter, data, tileConfig, occupancy, onError } = props;
  const { t } = useTranslation('dashboard');
  const { navigate } = useRemote();
  const settings = widget.settings;
  const clusterOn = settings.cluster !== false;
  const satellite = settings.satellite === true;
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  const [phase, setPhase] = useState<Phase>('loading');
  const [tilesFailed, setTilesFailed] = useState(false);
  const [wheelHint, setWheelHint] = useState(false);
  const [panel, setPanel] = useState<Panel>('none');
  const [popup, setPopup] = useState<{ unitId: number; el: HTMLElement } | null>(null);

  const containerRef = useRef<HTMLDivElement | null>(null);
  const mapRef = useRef<L.Map | null>(null);
  const engineRef = useRef<ClusterEngine | null>(null);
  const markersRef = useRef<Map<string, MarkerEntry>>(new Map());
  const clusterLayerRef = useRef<L.LayerGroup | null>(null);
  const selectionLayerRef = useRef<L.LayerGroup | null>(null);
  const rendererRef = useRef<L.Renderer | null>(null);
  const colorsRef = useRef<MapColors | null>(null);
  const dataRef = useRef<MapData>(data);
  dataRef.current = data;
  const bindingsRef = useRef(bindings.units);
  bindingsRef.current = bindings.units;
  const selectedRef = useRef<Set<number>>(new Set(bindings.units));
  const loadedSeq = useRef(0);
  const querySeq = useRef(0);
  const firstDrawn = useRef(false);
  const fittedOnce = useRef(false);
  /** What the map last fitted to by itself; fitted again when the card resizes, until the user moves. */
  const lastFit = useRef<[number, number, number, number] | null>(null);
  const userMoved = useRef(false);
  const ownSelection = useRef<string | null>(null);
  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  const updateSettingsRef = useRef(updateSettings);
  updateSettingsRef.current = updateSettings;
  const tRef = useRef(t);
  tRef.current = t;

  const selected = useMemo(() => new Set(bindings.units), [bindings.units]);
  selectedRef.current = selected;
  const selectedOnMap = useMemo(() => bindings.units.filter((id) => data.indexById.has(id)).length, [bindings.units, data]);

  // ---- Selection (link group).

  const selectUnit = useCallback(
    (unitId: number, additive: boolean) => {
      const current = [...selectedRef.current];
      let next: number[];
      if (additive) next = current.includes(unitId) ? current.filter((id) => id !== unitId) : [...current, unitId];
      else next = current.length === 1 && current[0] === unitId ? [] : [unitId];
      ownSelection.current = JSON.stringify(next);
      setBinding('units', next);
    },
    [setBinding],
  );
  const selectUnitRef = useRef(selectUnit);
  selectUnitRef.current = selectUnit;

  // ---- Drawing.

  const openPopup = useCallback((index: number) => {
    const map = mapRef.current;
    const unit = dataRef.current.shown[index];
    if (!map || !unit) return;
    const el = document.createElement('div');
    L.popup({ maxWidth: 300, minWidth: 200, autoPanPadding: [16, 16], className: css.popupShell })
      .setLatLng([unit.UnitGPSLatitude as number, unit.UnitGPSLongitude as number])
      .setContent(el)
      .openOn(map);
    setPopup({ unitId: unit.UnitID, el });
  }, []);

  const draw = useCallback(
    (records: Float64Array) => {
      const map = mapRef.current;
      const layer = clusterLayerRef.current;
      if (!map || !layer) return;
      const items = decode(records);
      const data = dataRef.current;
      const sel = selectedRef.current;
      const colors = colorsRef.current;
      const tr = tRef.current;
      const old = markersRef.current;
      const next = new Map<string, MarkerEntry>();
      const clustered = settingsRef.current.cluster !== false;
      for (const item of items) {
        const unit = item.count === 1 ? data.shown[item.id] : undefined;
        const key = unit ? `u${unit.UnitID}` : `c${item.id}`;
        const tone = worstTone(item.tones);
        const isSel = unit ? sel.has(unit.UnitID) : false;
        const sig = `${clustered ? 'd' : 'c'}|${item.count}|${item.tones.join(',')}|${isSel ? 1 : 0}|${item.lat}|${item.lon}`;
        const prev = old.get(key);
        if (prev && prev.sig === sig) {
          next.set(key, prev);
          old.delete(key);
          continue;
        }
        let marker: L.Marker | L.CircleMarker;
        const at: L.LatLngExpression = [item.lat, item.lon];
        if (!clustered) {
          const c = colors ?? readMapColors(map.getContainer());
          marker = L.circleMarker(at, {
            renderer: rendererRef.current ?? undefined,
            radius: item.count > 1 ? 5 : 4,
            color: isSel ? c.accent : c.border,
            weight: isSel ? 3 : 1,
            fillColor: c.tones[tone],
            fillOpacity: 1,
            bubblingMouseEvents: false,
          });
        } else if (unit) {
          const status = data.statuses[item.id];
          marker = L.marker(at, {
            icon: L.divIcon({
              className: css.pointIcon,
              html: `<span class="${css.point}" data-tone="${tone}"${isSel ? ' data-selected="true"' : ''}></span>`,
              iconSize: [18, 18],
              iconAnchor: [9, 9],
            }),
            title: `${unit.UnitName} — ${tr(`common:status.${status}`)}`,
            alt: unit.UnitName,
            riseOnHover: true,
            zIndexOffset: isSel ? 1000 : tone === 'alarm' ? 500 : 0,
          });
        } else {
          const d = clusterSize(item.count);
          marker = L.marker(at, {
            icon: L.divIcon({
              className: css.clusterIcon,
              html:
                `<span class="${css.cluster}" data-tone="${tone}" style="width:${d}px;height:${d}px;background:${clusterRing(item)}">` +
                `<span class="${css.clusterCore}">${item.count.toLocaleString()}</span></span>`,
              iconSize: [d, d],
              iconAnchor: [d / 2, d / 2],
            }),
            title: tr('widgets.unitMap.clusterTitle', { count: item.count.toLocaleString() }),
            zIndexOffset: tone === 'alarm' ? 400 : 0,
          });
        }
        const id = item.id;
        const count = item.count;
        // A kept marker may outlive a reload of the points: find its unit by id when clicked.
        const unitId = unit?.UnitID;
        marker.on('click', (e: L.LeafletEvent) => {
          const ev = (e as L.LeafletMouseEvent).originalEvent as MouseEvent | KeyboardEvent | undefined;
          if (count === 1 || !clustered) {
            if (count > 1) {
              void engineRef.current?.expansionZoom(id).then((z) => map.setView(at, Math.min(z, MAX_ZOOM)));
              return;
            }
            const index = unitId !== undefined ? dataRef.current.indexById.get(unitId) : id;
            const u = index !== undefined ? dataRef.current.shown[index] : undefined;
            if (!u || index === undefined) return;
            selectUnitRef.current(u.UnitID, Boolean(ev && (ev.ctrlKey || ev.metaKey || ev.shiftKey)));
            openPopup(index);
          } else {
            void engineRef.current
              ?.expansionZoom(id)
              .then((z) => map.setView(at, Math.min(z, MAX_ZOOM)))
              .catch(() => map.setView(at, map.getZoom() + 2));
          }
        });
        marker.addTo(layer);
        next.set(key, { marker, sig });
      }
      for (const { marker } of old.values()) layer.removeLayer(marker);
      markersRef.current = next;
      containerRef.current?.setAttribute('data-markers', String(next.size));
      if (!firstDrawn.current) {
        firstDrawn.current = true;
        try {
          performance.mark('fw-map-first-render');
        } catch {
          // no User Timing: nothing to mark
        }
      }
    },
    [openPopup],
  );

  const refresh = useCallback(() => {
    const map = mapRef.current;
    const engine = engineRef.current;
    if (!map || !engine || loadedSeq.current === 0) return;
    const b = map.getBounds();
    const bbox: BBox = [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()];
    const seq = ++querySeq.current;
    const loadAt = loadedSeq.current;
    engine
      .query(bbox, map.getZoom())
      .then((records) => {
        if (seq !== querySeq.current || loadAt !== loadedSeq.current) return;
        draw(records);
        setPhase('ready');
      })
      .catch((err: unknown) => {
        if (seq !== querySeq.current) return;
        onErrorRef.current(err instanceof Error ? err.message : String(err));
      });
  }, [draw]);
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;

  const fitTo = useCallback((bounds: [number, number, number, number] | null, animate = false) => {
    const map = mapRef.current;
    if (!map || !bounds) return;
    lastFit.current = bounds;
    map.fitBounds(toLatLngBounds(bounds), { ...FIT_PADDING, animate });
  }, []);

  // ---- The clustering engine (once per mount; Retry mounts a new MapCanvas). Layout effects, so
  // the points go to the worker as the map is committed, and it indexes them while the page paints
  // and Leaflet sets up (the first query waits for both: whichever is last asks it).

  useLayoutEffect(() => {
    const engine = createClusterEngine();
    engineRef.current = engine;
    return () => {
      engine.dispose();
      engineRef.current = null;
      loadedSeq.current = 0;
    };
  }, []);

  // Load the points whenever what is shown changes.
  useLayoutEffect(() => {
    const engine = engineRef.current;
    if (!engine) return;
    if (data.shown.length === 0) {
      loadedSeq.current = 0;
      for (const { marker } of markersRef.current.values()) clusterLayerRef.current?.removeLayer(marker);
      markersRef.current = new Map();
      setPhase('ready');
      return;
    }
    const seq = loadedSeq.current + 1;
    let live = true;
    engine
      .load(data.points, { radius: clusterOn ? CLUSTER_RADIUS_PX : OVERLAP_RADIUS_PX, maxZoom: CLUSTER_MAX_ZOOM })
      .then(() => {
        if (!live) return;
        loadedSeq.current = seq;
        if (!fittedOnce.current) {
          fittedOnce.current = true;
          const sel = boundsOf(data, bindings.units);
          fitTo(sel ?? data.bounds);
        }
        // Markers are replaced by signature (mode, counts, tones, place): no flash on a refresh.
        refreshRef.current();
      })
      .catch((err: unknown) => {
        if (!live) return;
        onErrorRef.current(err instanceof Error ? err.message : String(err));
      });
    return () => {
      live = false;
    };
    // bindings.units: read at the first fit only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, clusterOn, fitTo]);

  // ---- The map itself (once per mount).

  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const canvas = hasCanvas();
    const map = L.map(el, {
      zoomControl: true,
      attributionControl: true,
      worldCopyJump: true,
      minZoom: 1,
      maxZoom: MAX_ZOOM,
      zoomSnap: 1,
      preferCanvas: canvas,
    });
    map.attributionControl.setPrefix(false);
    const renderer = canvas ? L.canvas({ padding: 0.5 }) : L.svg({ padding: 0.5 });
    rendererRef.current = renderer;
    const colors = readMapColors(el);
    colorsRef.current = colors;
    map.createPane('fwOutlines').style.zIndex = '150';
    map.createPane('fwSelection').style.zIndex = '450';
    const outlineRenderer = canvas ? L.canvas({ padding: 0.5, pane: 'fwOutlines' }) : L.svg({ padding: 0.5, pane: 'fwOutlines' });
    const base = createBaseLayer(colors, 'fwOutlines', outlineRenderer);
    base.layer.addTo(map);
    clusterLayerRef.current = L.layerGroup().addTo(map);
    selectionLayerRef.current = L.layerGroup().addTo(map);
    const saved = settingsRef.current.rememberView ? settingsRef.current.view : undefined;
    if (saved && Number.isFinite(saved.lat) && Number.isFinite(saved.lng) && Number.isFinite(saved.zoom)) {
      map.setView([saved.lat, saved.lng], saved.zoom);
      fittedOnce.current = true;
    } else {
      // Straight to the units (or the selection): drawing the whole world's outlines first, only
      // to fit a moment later, cost a full extra redraw of the base layer.
      const d = dataRef.current;
      const first = boundsOf(d, bindingsRef.current) ?? d.bounds;
      if (first) {
        map.fitBounds(toLatLngBounds(first), { ...FIT_PADDING, animate: false });
        lastFit.current = first;
        fittedOnce.current = true;
      } else map.setView([30, 10], 2);
    }
    mapRef.current = map;
    (el as HTMLElement & { fwMap?: L.Map }).fwMap = map;

    const onMoveEnd = () => {
      refreshRef.current();
      if (settingsRef.current.rememberView) {
        const c = map.getCenter();
        const view = { lat: +c.lat.toFixed(5), lng: +c.lng.toFixed(5), zoom: map.getZoom() };
        const v = settingsRef.current.view;
        if (!v || v.lat !== view.lat || v.lng !== view.lng || v.zoom !== view.zoom) updateSettingsRef.current({ view });
      }
    };
    map.on('moveend', onMoveEnd);
    map.on('popupclose', () => setPopup(null));
    // The worker may have indexed the points before the map existed: draw them now (a no-op if not).
    refreshRef.current();
    // Any drag, wheel, zoom button or key: from now on the view is the user's own.
    const onUser = () => {
      userMoved.current = true;
    };
    for (const type of ['pointerdown', 'wheel', 'keydown'] as const) el.addEventListener(type, onUser, { passive: true });
    // A map is one widget among many: a plain wheel over it scrolls the dashboard (and says how to
    // zoom) instead of zooming it under a user who only meant to scroll past. Ctrl/⌘ + wheel, and a
    // trackpad pinch (which arrives as Ctrl + wheel), zoom the map; so do its buttons and keys.
    let hintTimer: ReturnType<typeof setTimeout> | undefined;
    const onWheel = (e: WheelEvent) => {
      if (e.ctrlKey || e.metaKey) return;
      e.stopPropagation();
      setWheelHint(true);
      clearTimeout(hintTimer);
      hintTimer = setTimeout(() => setWheelHint(false), WHEEL_HINT_MS);
    };
    el.addEventListener('wheel', onWheel, { capture: true, passive: true });

    // Theme switches (the shell sets data-theme on <html>): re-read the tokens.
    const observer = new MutationObserver(() => {
      const c = readMapColors(el);
      colorsRef.current = c;
      base.setColors(c);
      if (settingsRef.current.cluster === false) {
        // Canvas dots carry real colour values: redraw them.
        for (const { marker } of markersRef.current.values()) clusterLayerRef.current?.removeLayer(marker);
        markersRef.current = new Map();
        refreshRef.current();
      }
      selectionLayerRef.current?.eachLayer((l) => (l as L.CircleMarker).setStyle({ color: c.accent }));
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });

    return () => {
      observer.disconnect();
      for (const type of ['pointerdown', 'wheel', 'keydown'] as const) el.removeEventListener(type, onUser);
      el.removeEventListener('wheel', onWheel, { capture: true });
      clearTimeout(hintTimer);
      map.off();
      map.remove();
      mapRef.current = null;
      markersRef.current = new Map();
    };
  }, []);

  // ---- Tiles: street or satellite over the outlines; hidden with a note when unreachable.

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !tileConfig) return;
    const url = satellite ? tileConfig.satelliteUrl : tileConfig.streetUrl;
    const attribution = satellite ? tileConfig.satelliteAttribution : tileConfig.streetAttribution;
    if (!url) {
      setTilesFailed(true);
      return;
    }
    setTilesFailed(false);
    let loaded = false;
    let failed = false;
    const layer = L.tileLayer(url, { attribution, maxZoom: MAX_ZOOM, maxNativeZoom: 19, crossOrigin: true });
    const fail = () => {
      if (loaded || failed) return;
      failed = true;
      map.removeLayer(layer);
      setTilesFailed(true);
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
  }, [tileConfig, satellite]);

  // ---- Selection: rings at the selected units, marker highlight, fit when someone else selects.

  useEffect(() => {
    const layer = selectionLayerRef.current;
    const map = mapRef.current;
    if (!layer || !map) return;
    layer.clearLayers();
    const c = colorsRef.current ?? readMapColors(map.getContainer());
    let n = 0;
    for (const id of bindings.units) {
      const i = data.indexById.get(id);
      if (i === undefined) continue;
      if (++n > MAX_SELECTION_RINGS) break;
      L.circleMarker([data.points.coords[2 * i + 1] as number, data.points.coords[2 * i] as number], {
        pane: 'fwSelection',
        radius: 12,
        color: c.accent,
        weight: 2.5,
        fill: false,
        interactive: false,
      }).addTo(layer);
    }
    // Leaf markers show their selected state: redraw with the new selection.
    if (loadedSeq.current > 0) refreshRef.current();
  }, [bindings.units, data]);

  useEffect(() => {
    const mine = ownSelection.current === JSON.stringify(bindings.units);
    ownSelection.current = null;
    if (mine || bindings.units.length === 0 || !mapRef.current || loadedSeq.current === 0) return;
    fitTo(boundsOf(dataRef.current, bindings.units), true);
  }, [bindings.units, fitTo]);

  // ---- Size changes of the card.

  // The grid can settle a card's size after the map fitted itself (its first width is a guess until
  // measured): the units then fit again, unless the user has moved the map meanwhile.
  const sizeSeen = useRef(`${size.width}x${size.height}`);
  useEffect(() => {
    const map = mapRef.current;
    const now = `${size.width}x${size.height}`;
    if (!map || now === sizeSeen.current) return;
    sizeSeen.current = now;
    map.invalidateSize({ debounceMoveend: true });
    if (!userMoved.current && lastFit.current) fitTo(lastFit.current);
  }, [size.width, size.height, fitTo]);

  // ---- Render.

  const legend = useMemo(() => {
    const counts = new Map<Tone, number>();
    for (const status of data.statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
    let occ = 0;
    let free = 0;
    for (const tone of data.points.tones) {
      if (tone === 3) occ += 1;
      else if (tone === 4) free += 1;
    }
    return { counts, occ, free };
  }, [data]);

  const popupIndex = popup ? data.indexById.get(popup.unitId) : undefined;
  const popupUnit: Unit | undefined = popupIndex !== undefined ? data.shown[popupIndex] : undefined;
  const filterCount = activeFilterCount(variant, filter);
  const compact = size.width > 0 && size.width < 420;

  return (
    <div className={css.root} data-variant={variant} data-compact={compact || undefined}>
      <div
        ref={containerRef}
        className={css.map}
        data-testid="map-canvas"
        role="region"
        aria-label={t(`widgets.unitMap.label.${variant}`)}
      />

      <div className={css.topBar}>
        <div className={css.summary}>
          <span className={css.pill} data-testid="map-unit-count">
            {t('widgets.unitMap.unitCount', { count: data.shown.length.toLocaleString() })}
          </span>
          <span
            className={css.pill}
            data-kind="selected"
            data-testid="map-selected-count"
            data-count={selectedOnMap}
            hidden={selectedOnMap === 0}
          >
            {t('widgets.unitMap.selectedCount', { count: selectedOnMap.toLocaleString() })}
          </span>
        </div>
        <div className={css.tools}>
          <div className={css.layerSwitch} role="group" aria-label={t('widgets.unitMap.layers.label')}>
            <button
              type="button"
              aria-pressed={!satellite}
              data-on={!satellite || undefined}
              onClick={() => updateSettings({ satellite: false })}
            >
              {t('widgets.unitMap.layers.map')}
            </button>
            <button
              type="button"
              aria-pressed={satellite}
              data-on={satellite || undefined}
              disabled={tileConfig !== null && !tileConfig.satelliteUrl}
              onClick={() => updateSettings({ satellite: true })}
            >
              {t('widgets.unitMap.layers.satellite')}
            </button>
          </div>
          <button
            type="button"
            className={css.tool}
            aria-expanded={panel === 'filter'}
            aria-controls={`${widget.id}-map-filter`}
            data-on={panel === 'filter' || undefined}
            onClick={() => setPanel((p) => (p === 'filter' ? 'none' : 'filter'))}
          >
            {t('widgets.unitMap.filter.button')}
            {filterCount > 0 && <span className={css.toolBadge}>{filterCount}</span>}
          </button>
          <button
            type="button"
            className={css.tool}
            aria-expanded={panel === 'settings'}
            aria-controls={`${widget.id}-map-settings`}
            data-on={panel === 'settings' || undefined}
            onClick={() => setPanel((p) => (p === 'settings' ? 'none' : 'settings'))}
          >
            {t('widgets.unitMap.settings.button')}
          </button>
        </div>
      </div>

      {panel === 'filter' && (
        <FilterPanel
          id={`${widget.id}-map-filter`}
          variant={variant}
          filter={filter}
          unitTypes={data.unitTypes}
          onChange={(f) => updateSettings({ filter: f })}
          onClose={() => setPanel('none')}
        />
      )}
      {panel === 'settings' && (
        <SettingsPanel
          id={`${widget.id}-map-settings`}
          settings={settings}
          satelliteAvailable={tileConfig === null || Boolean(tileConfig.satelliteUrl)}
          onChange={(patch) => {
            if (patch.rememberView) {
              const map = mapRef.current;
              if (map) {
                const c = map.getCenter();
                patch = { ...patch, view: { lat: +c.lat.toFixed(5), lng: +c.lng.toFixed(5), zoom: map.getZoom() } };
              }
            }
            updateSettings(patch);
          }}
          onFitAll={() => fitTo(data.bounds, true)}
          onClose={() => setPanel('none')}
        />
      )}

      <div className={css.bottomBar}>
        <ul className={css.legend} aria-label={t('widgets.unitMap.legend')}>
          {(['alarm', 'problem', 'inactive', 'ok'] as const).map((s) =>
            legend.counts.get(s) ? (
              <li key={s}>
                <span className={css.swatch} data-tone={s} aria-hidden="true" />
                {t(`common:status.${s}`)} <b>{(legend.counts.get(s) ?? 0).toLocaleString()}</b>
              </li>
            ) : null,
          )}
          {variant === 'parking' && legend.occ + legend.free > 0 && (
            <>
              <li>
                <span className={css.swatch} data-tone="occupied" aria-hidden="true" />
                {t('widgets.parkingMap.occupied')} <b>{legend.occ.toLocaleString()}</b>
              </li>
              <li>
                <span className={css.swatch} data-tone="free" aria-hidden="true" />
                {t('widgets.parkingMap.free')} <b>{legend.free.toLocaleString()}</b>
              </li>
            </>
          )}
        </ul>
        {(tilesFailed || (variant === 'parking' && occupancy.failed)) && (
          <div className={css.notes}>
            {tilesFailed && (
              <span className={css.note} role="status" data-testid="map-tiles-note">
                {t('widgets.unitMap.tilesUnavailable')}
              </span>
            )}
            {variant === 'parking' && occupancy.failed && (
              <span className={css.note} role="status">
                {t('widgets.parkingMap.occupancyUnavailable')}
              </span>
            )}
          </div>
        )}
      </div>

      {wheelHint && (
        <div className={css.wheelHint} aria-hidden="true" data-testid="map-wheel-hint">
          <span>
            {t('widgets.unitMap.wheelHint', { key: isApple() ? '⌘' : t('widgets.unitMap.ctrlKey') })}
          </span>
        </div>
      )}

      {data.shown.length === 0 && (
        <div className={css.noMatch} role="status">
          <p>{t('widgets.unitMap.noMatch')}</p>
          <button type="button" className={css.tool} onClick={() => updateSettings({ filter: { statuses: [], unitTypes: [] } })}>
            {t('widgets.unitMap.filter.clear')}
          </button>
        </div>
      )}

      {phase === 'loading' && data.shown.length > 0 && (
        <div className={css.loading}>
          <WidgetState kind="loading" label={t('widgets.unitMap.loading')} />
        </div>
      )}

      {popup &&
        popupUnit &&
        createPortal(
          <UnitPopup
            unit={popupUnit}
            status={data.statuses[popupIndex ?? -1] ?? 'ok'}
            variant={variant}
            occupied={occupancy.data?.get(popupUnit.UnitID)}
            selected={selected.has(popupUnit.UnitID)}
            onNavigate={navigate}
          />,
          popup.el,
        )}
    </div>
  );
}

export type { TileConfig };
