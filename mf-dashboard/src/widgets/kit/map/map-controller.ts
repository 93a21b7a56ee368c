/**
 * The Leaflet side of the map widget, as a plain class that the React component (MapWidget.tsx)
 * drives from its effects: the map and its panes, the country-outline base layer and the street or
 * satellite tiles over it, the units' markers (asked from the clustering engine for the view on
 * every move and replaced only where they changed), the selection rings, fitting to the units, the
 * wheel rule and theme switches. It reports back through MapHost and never renders React itself.
 */
import L from 'leaflet';
import { addOutlines, addTiles, hasCanvas, motionOptions, onThemeChange, readMapColors, type MapColors } from '@fieldwatch/shared/map';
import { createClusterEngine, type ClusterEngine } from './cluster-engine';
import { decode, worstTone, type BBox } from '@fieldwatch/shared/map/cluster';
import { markerOf } from './map-markers';
import { boundsOf, type MapData, type MapSettings, type MapView } from './model';
import type { TileConfig } from './map-data';
import css from './map.module.css';

const CLUSTER_RADIUS_PX = 60;
/** Clustering "off": only dots that would overlap merge, so 100,000 units stay drawable. */
const OVERLAP_RADIUS_PX = 3;
const MAX_ZOOM = 18;
const CLUSTER_MAX_ZOOM = 16;
const FIT_MAX_ZOOM = 15;
/** Room around fitted units for the map's own controls: the toolbar above, the legend below. */
const FIT_PADDING: L.FitBoundsOptions = {
  paddingTopLeft: [28, 56],
  paddingBottomRight: [28, 100],
  maxZoom: FIT_MAX_ZOOM,
};
/** How long the "Ctrl + scroll to zoom" hint stays after a plain wheel over the map. */
const WHEEL_HINT_MS = 1500;
/** Selection rings drawn at most (the rest of a huge selection is still counted). */
const MAX_SELECTION_RINGS = 1000;

type Bounds = [number, number, number, number];
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What the map tells the widget, and what it reads from it when it draws. */
export interface MapHost {
  t: Translate;
  /** The units the link group has selected (as given: order kept). */
  selection: readonly number[];
  /** The same units as a set. */
  selected: ReadonlySet<number>;
  settings: Partial<MapSettings>;
  /** What to show: the prepared points of the widget's units. */
  data: MapData;
  /** The user picked units on the map: write them to the link group. */
  select(unitIds: number[]): void;
  /** The map remembers its view: save it with the widget's settings. */
  saveView(view: MapView): void;
  /** A unit's popup opened (its content element, rendered by React) or closed (null). */
  popup(popup: { unitId: number; el: HTMLElement } | null): void;
  /** The first markers of the current points are drawn. */
  ready(): void;
  tilesFailed(failed: boolean): void;
  wheelHint(show: boolean): void;
  error(message: string): void;
}

interface MarkerEntry {
  marker: L.Marker | L.CircleMarker;
  sig: string;
}

function toLatLngBounds([s, w, n, e]: Bounds): L.LatLngBounds {
  // A single point: a small box around it, so fitBounds does not zoom to the maximum.
  const pad = s === n && w === e ? 0.01 : 0;
  return L.latLngBounds([s - pad, w - pad], [n + pad, e + pad]);
}

const viewOf = (map: L.Map): MapView => {
  const c = map.getCenter();
  return { lat: +c.lat.toFixed(5), lng: +c.lng.toFixed(5), zoom: map.getZoom() };
};

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

export class MapController {
  private map: L.Map | null = null;
  private container: HTMLElement | null = null;
  private engine: ClusterEngine | null = null;
  private markers = new Map<string, MarkerEntry>();
  private clusterLayer: L.LayerGroup | null = null;
  private selectionLayer: L.LayerGroup | null = null;
  private renderer: L.Renderer | null = null;
  private colors: MapColors | null = null;
  /** The points the engine holds (0: none yet); a newer load makes older answers stale. */
  private loadedSeq = 0;
  private querySeq = 0;
  private firstDrawn = false;
  private fittedOnce = false;
  /** What the map last fitted to by itself; fitted again when the card resizes, until the user moves. */
  private lastFit: Bounds | null = null;
  private userMoved = false;
  /** The selection this map just wrote: the map does not fit to its own clicks. */
  private ownSelection: string | null = null;
  private sizeSeen: string;

  /** `host` is read afresh on every use: the widget replaces its fields on every render. */
  constructor(
    public host: MapHost,
    size: { width: number; height: number },
  ) {
    this.sizeSeen = `${size.width}x${size.height}`;
  }

  // ---- The clustering engine. Started as the map is committed, so that it indexes the points
  // while the page paints and Leaflet sets up (the first query waits for both: whichever is last
  // asks it).

  startEngine(): void {
    this.engine = createClusterEngine();
  }

  stopEngine(): void {
    this.engine?.dispose();
    this.engine = null;
    this.loadedSeq = 0;
  }

  /** Hands the points to the engine and draws them; the returned function drops a late answer. */
  loadPoints(data: MapData, clusterOn: boolean): () => void {
    const engine = this.engine;
    if (!engine) return () => undefined;
    if (data.shown.length === 0) {
      this.loadedSeq = 0;
      for (const { marker } of this.markers.values()) this.clusterLayer?.removeLayer(marker);
      this.markers = new Map();
      this.host.ready();
      return () => undefined;
    }
    const seq = this.loadedSeq + 1;
    let live = true;
    engine
      .load(data.points, {
        radius: clusterOn ? CLUSTER_RADIUS_PX : OVERLAP_RADIUS_PX,
        maxZoom: CLUSTER_MAX_ZOOM,
      })
      .then(() => {
        if (!live) return;
        this.loadedSeq = seq;
        if (!this.fittedOnce) {
          this.fittedOnce = true;
          this.fitTo(boundsOf(data, this.host.selection) ?? data.bounds);
        }
        // Markers are replaced by signature (mode, counts, tones, place): no flash on a refresh.
        this.refresh();
      })
      .catch((err: unknown) => {
        if (live) this.host.error(errorText(err));
      });
    return () => {
      live = false;
    };
  }

  // ---- The map itself.

  /** Creates the Leaflet map in `el`; the returned function removes it. */
  mount(el: HTMLElement): () => void {
    this.container = el;
    const canvas = hasCanvas();
    const map = L.map(el, {
      zoomControl: true,
      attributionControl: true,
      worldCopyJump: true,
      minZoom: 1,
      maxZoom: MAX_ZOOM,
      zoomSnap: 1,
      preferCanvas: canvas,
      ...motionOptions(),
    });
    map.attributionControl.setPrefix(false);
    this.renderer = canvas ? L.canvas({ padding: 0.5 }) : L.svg({ padding: 0.5 });
    const outlines = addOutlines(map, canvas);
    this.colors = outlines.colors();
    map.createPane('fwSelection').style.zIndex = '450';
    this.clusterLayer = L.layerGroup().addTo(map);
    this.selectionLayer = L.layerGroup().addTo(map);
    const settings = this.host.settings;
    const saved = settings.rememberView ? settings.view : undefined;
    if (saved && Number.isFinite(saved.lat) && Number.isFinite(saved.lng) && Number.isFinite(saved.zoom)) {
      map.setView([saved.lat, saved.lng], saved.zoom);
      this.fittedOnce = true;
    } else {
      // Straight to the units (or the selection): drawing the whole world's outlines first, only
      // to fit a moment later, cost a full extra redraw of the base layer.
      const d = this.host.data;
      const first = boundsOf(d, this.host.selection) ?? d.bounds;
      if (first) {
        map.fitBounds(toLatLngBounds(first), { ...FIT_PADDING, animate: false });
        this.lastFit = first;
        this.fittedOnce = true;
      } else map.setView([30, 10], 2);
    }
    this.map = map;
    // The end-to-end and performance tests reach the Leaflet map through its element.
    (el as HTMLElement & { fwMap?: L.Map }).fwMap = map;

    const onMoveEnd = () => {
      this.refresh();
      const s = this.host.settings;
      if (s.rememberView) {
        const view = viewOf(map);
        const v = s.view;
        if (!v || v.lat !== view.lat || v.lng !== view.lng || v.zoom !== view.zoom) this.host.saveView(view);
      }
    };
    map.on('moveend', onMoveEnd);
    map.on('popupclose', () => this.host.popup(null));
    // The engine may have indexed the points before the map existed: draw them now (a no-op if not).
    this.refresh();
    // Any drag, wheel, zoom button or key: from now on the view is the user's own.
    const onUser = () => {
      this.userMoved = true;
    };
    for (const type of ['pointerdown', 'wheel', 'keydown'] as const)
      el.addEventListener(type, onUser, { passive: true });
    // A map is one widget among many: a plain wheel over it scrolls the dashboard (and says how to
    // zoom) instead of zooming it under a user who only meant to scroll past. Ctrl/⌘ + wheel, and a
    // trackpad pinch (which arrives as Ctrl + wheel), zoom the map; so do its buttons and keys.
    let hintTimer: ReturnType<typeof setTimeout> | undefined;
    const onWheel = (e: WheelEvent) => {
      if (e.ctrlKey || e.metaKey) return;
      e.stopPropagation();
      this.host.wheelHint(true);
      clearTimeout(hintTimer);
      hintTimer = setTimeout(() => this.host.wheelHint(false), WHEEL_HINT_MS);
    };
    el.addEventListener('wheel', onWheel, { capture: true, passive: true });

    // Theme switches (the shell sets data-theme on <html>): re-read the tokens.
    const stopTheme = onThemeChange(() => {
      const c = outlines.refreshColors();
      this.colors = c;
      if (this.host.settings.cluster === false) {
        // Canvas dots carry real colour values: redraw them.
        for (const { marker } of this.markers.values()) this.clusterLayer?.removeLayer(marker);
        this.markers = new Map();
        this.refresh();
      }
      this.selectionLayer?.eachLayer((l) => (l as L.CircleMarker).setStyle({ color: c.accent }));
    });

    return () => {
      stopTheme();
      for (const type of ['pointerdown', 'wheel', 'keydown'] as const) el.removeEventListener(type, onUser);
      el.removeEventListener('wheel', onWheel, { capture: true });
      clearTimeout(hintTimer);
      map.off();
      map.remove();
      this.map = null;
      this.markers = new Map();
    };
  }

  /** Street or satellite tiles over the outlines; hidden with a note when unreachable. */
  showTiles(tileConfig: TileConfig | null, satellite: boolean): (() => void) | undefined {
    const map = this.map;
    if (!map || !tileConfig) return undefined;
    const url = satellite ? tileConfig.satelliteUrl : tileConfig.streetUrl;
    const attribution = satellite ? tileConfig.satelliteAttribution : tileConfig.streetAttribution;
    return addTiles(map, { url, attribution, maxZoom: MAX_ZOOM }, (failed) => this.host.tilesFailed(failed));
  }

  // ---- Selection (link group).

  /** A click on a unit: it alone is selected (or unselected); with Ctrl/⌘/Shift it is toggled in. */
  selectUnit(unitId: number, additive: boolean): void {
    const current = [...this.host.selected];
    let next: number[];
    if (additive)
      next = current.includes(unitId) ? current.filter((id) => id !== unitId) : [...current, unitId];
    else next = current.length === 1 && current[0] === unitId ? [] : [unitId];
    this.ownSelection = JSON.stringify(next);
    this.host.select(next);
  }

  /** Rings at the selected units; leaf markers show their selected state too. */
  drawSelection(units: readonly number[], data: MapData): void {
    const layer = this.selectionLayer;
    const map = this.map;
    if (!layer || !map) return;
    layer.clearLayers();
    const c = this.colors ?? readMapColors(map.getContainer());
    let n = 0;
    for (const id of units) {
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
    if (this.loadedSeq > 0) this.refresh();
  }

  /** Someone else (another widget of the link group) selected units: show them. */
  followSelection(units: readonly number[]): void {
    const mine = this.ownSelection === JSON.stringify(units);
    this.ownSelection = null;
    if (mine || units.length === 0 || !this.map || this.loadedSeq === 0) return;
    this.fitTo(boundsOf(this.host.data, units), true);
  }

  // ---- View.

  fitTo(bounds: Bounds | null, animate = false): void {
    const map = this.map;
    if (!map || !bounds) return;
    this.lastFit = bounds;
    map.fitBounds(toLatLngBounds(bounds), { ...FIT_PADDING, animate });
  }

  /** The view to remember, or null before the map exists. */
  currentView(): MapView | null {
    return this.map ? viewOf(this.map) : null;
  }

  /**
   * The card's size changed. The grid can settle a card's size after the map fitted itself (its
   * first width is a guess until measured): the units then fit again, unless the user has moved
   * the map meanwhile.
   */
  resize(width: number, height: number): void {
    const map = this.map;
    const now = `${width}x${height}`;
    if (!map || now === this.sizeSeen) return;
    this.sizeSeen = now;
    map.invalidateSize({ debounceMoveend: true });
    if (!this.userMoved && this.lastFit) this.fitTo(this.lastFit);
  }

  // ---- Drawing.

  /** Asks the engine for the clusters in view and draws them (answers to older asks are dropped). */
  private refresh(): void {
    const map = this.map;
    const engine = this.engine;
    if (!map || !engine || this.loadedSeq === 0) return;
    const b = map.getBounds();
    const bbox: BBox = [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()];
    const seq = ++this.querySeq;
    const loadAt = this.loadedSeq;
    engine
      .query(bbox, map.getZoom())
      .then((records) => {
        if (seq !== this.querySeq || loadAt !== this.loadedSeq) return;
        this.draw(records);
        this.host.ready();
      })
      .catch((err: unknown) => {
        if (seq !== this.querySeq) return;
        this.host.error(errorText(err));
      });
  }

  private openPopup(index: number): void {
    const map = this.map;
    const unit = this.host.data.shown[index];
    if (!map || !unit) return;
    const el = document.createElement('div');
    L.popup({ maxWidth: 300, minWidth: 200, autoPanPadding: [16, 16], className: css.popupShell })
      .setLatLng([unit.UnitGPSLatitude as number, unit.UnitGPSLongitude as number])
      .setContent(el)
      .openOn(map);
    this.host.popup({ unitId: unit.UnitID, el });
  }

  private draw(records: Float64Array): void {
    const map = this.map;
    const layer = this.clusterLayer;
    if (!map || !layer) return;
    const items = decode(records);
    const { data, t: tr } = this.host;
    const sel = this.host.selected;
    const colors = this.colors;
    const old = this.markers;
    const next = new Map<string, MarkerEntry>();
    const clustered = this.host.settings.cluster !== false;
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
      const at: L.LatLngExpression = [item.lat, item.lon];
      const marker = markerOf(item, {
        clustered,
        tone,
        selected: isSel,
        unit,
        status: unit ? data.statuses[item.id] : undefined,
        colors: () => colors ?? readMapColors(map.getContainer()),
        renderer: this.renderer ?? undefined,
        t: tr,
      });
      const id = item.id;
      const count = item.count;
      // A kept marker may outlive a reload of the points: find its unit by id when clicked.
      const unitId = unit?.UnitID;
      marker.on('click', (e: L.LeafletEvent) => {
        const ev = (e as L.LeafletMouseEvent).originalEvent as MouseEvent | KeyboardEvent | undefined;
        if (count === 1 || !clustered) {
          if (count > 1) {
            void this.engine?.expansionZoom(id).then((z) => map.setView(at, Math.min(z, MAX_ZOOM)));
            return;
          }
          const shown = this.host.data;
          const index = unitId !== undefined ? shown.indexById.get(unitId) : id;
          const u = index !== undefined ? shown.shown[index] : undefined;
          if (!u || index === undefined) return;
          this.selectUnit(u.UnitID, Boolean(ev && (ev.ctrlKey || ev.metaKey || ev.shiftKey)));
          this.openPopup(index);
        } else {
          void this.engine
            ?.expansionZoom(id)
            .then((z) => map.setView(at, Math.min(z, MAX_ZOOM)))
            .catch(() => map.setView(at, map.getZoom() + 2));
        }
      });
      marker.addTo(layer);
      next.set(key, { marker, sig });
    }
    for (const { marker } of old.values()) layer.removeLayer(marker);
    this.markers = next;
    this.container?.setAttribute('data-markers', String(next.size));
    // Where the clustering runs ('worker', or 'main' after a fall-back): for whoever debugs a slow map.
    if (this.engine) this.container?.setAttribute('data-clustering', this.engine.kind);
    if (!this.firstDrawn) {
      this.firstDrawn = true;
      try {
        performance.mark('fw-map-first-render');
      } catch {
        // no User Timing: nothing to mark
      }
    }
  }
}
