/**
 * The map widget behind unitMap, alarmMap and parkingMap: Leaflet over a bundled country-outline
 * base layer, street or satellite tiles from the deployment's configuration on top (hidden, with a
 * note, when they cannot be loaded), units clustered off the main thread, link-group selection,
 * the GIS filter and the map settings saved with the dashboard. This file is the React part: the
 * states, the toolbar, panels, legend and popup content; the Leaflet map is a MapController
 * (./map-controller.ts) driven from the effects below.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useRemote } from '@fieldwatch/shared/remote';
import type { Unit } from '@fieldwatch/shared';
import { mapThemeClass, onTileReach, tilesUnreachable } from '@fieldwatch/shared/map';
import type { WidgetProps } from '../widget-contract';
import { WidgetState } from '../WidgetState';
import type { Tone } from '@fieldwatch/shared/map/cluster';
import {
  activeFilterCount,
  effectiveFilter,
  preparedMapData,
  type MapData,
  type MapFilter,
  type MapSettings,
  type Occupancy,
  type MapVariant,
} from './model';
import { MapController } from './map-controller';
import { useOccupancy, useTileConfig, type TileConfig } from './map-data';
import { FilterPanel, SettingsPanel } from './panels';
import { UnitPopup } from './UnitPopup';
import { ToneShape } from './status-shape';
import { UnitListPanel } from './UnitListPanel';
import css from './map.module.css';

export type MapWidgetProps = WidgetProps<MapSettings> & { variant: MapVariant };

/** Apple devices zoom with ⌘ + wheel; elsewhere it is Ctrl (its label translated: Strg in German). */
const isApple = () => /Mac|iPhone|iPad/.test(navigator.userAgent);

type Phase = 'loading' | 'ready';
type Panel = 'none' | 'filter' | 'settings' | 'list';

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

  const [phase, setPhase] = useState<Phase>('loading');
  const [tilesFailed, setTilesFailed] = useState(false);
  // Offline (a tile server failed on this page): Satellite is shown unavailable, not tried.
  const satelliteDown = useSyncExternalStore(onTileReach, () =>
    tileConfig?.satelliteUrl ? tilesUnreachable(tileConfig.satelliteUrl) : false,
  );
  const [wheelHint, setWheelHint] = useState(false);
  const [panel, setPanel] = useState<Panel>('none');
  const [popup, setPopup] = useState<{ unitId: number; el: HTMLElement } | null>(null);
  const containerRef = useRef<HTMLDivElement | null>(null);

  const selected = useMemo(() => new Set(bindings.units), [bindings.units]);
  const selectedOnMap = useMemo(() => bindings.units.filter((id) => data.indexById.has(id)).length, [bindings.units, data]);

  // One controller per mount (Retry mounts a new MapCanvas); it reads what it draws from `host`,
  // which every render brings up to date.
  const host = {
    t,
    selection: bindings.units,
    selected,
    settings,
    data,
    select: (units: number[]) => setBinding('units', units),
    saveView: (view: NonNullable<MapSettings['view']>) => updateSettings({ view }),
    popup: setPopup,
    ready: () => setPhase('ready'),
    tilesFailed: setTilesFailed,
    wheelHint: setWheelHint,
    error: onError,
  };
  const [map] = useState(() => new MapController(host, size));
  map.host = host;

  // Layout effects: the points go to the clustering engine as the map is committed.
  useLayoutEffect(() => {
    map.startEngine();
    return () => map.stopEngine();
  }, [map]);
  useLayoutEffect(() => map.loadPoints(data, clusterOn), [map, data, clusterOn]);
  // The Leaflet map, once per mount; then what it shows as it changes.
  useEffect(() => (containerRef.current ? map.mount(containerRef.current) : undefined), [map]);
  useEffect(() => map.showTiles(tileConfig, satellite), [map, tileConfig, satellite]);
  useEffect(() => map.drawSelection(bindings.units, data), [map, bindings.units, data]);
  useEffect(() => map.followSelection(bindings.units), [map, bindings.units]);
  useEffect(() => map.resize(size.width, size.height), [map, size.width, size.height]);

  // Parking bays with a known state count as occupied / free / unknown (the shared bay rule, as
  // the parking list counts them); every other unit by its status.
  const legend = useMemo(() => {
    const counts = new Map<Tone, number>();
    const bays = { occupied: 0, free: 0, unknown: 0 };
    data.shown.forEach((u, i) => {
      const bay = variant === 'parking' ? occupancy.data?.get(u.UnitID) : undefined;
      if (bay) bays[bay] += 1;
      else counts.set(data.statuses[i]!, (counts.get(data.statuses[i]!) ?? 0) + 1);
    });
    return { counts, occ: bays.occupied, free: bays.free, unknown: bays.unknown };
  }, [data, variant, occupancy.data]);

  const popupIndex = popup ? data.indexById.get(popup.unitId) : undefined;
  const popupUnit: Unit | undefined = popupIndex !== undefined ? data.shown[popupIndex] : undefined;
  const filterCount = activeFilterCount(variant, filter);
  const compact = size.width > 0 && size.width < 420;

  return (
    <div className={css.root} data-variant={variant} data-compact={compact || undefined}>
      <div
        ref={containerRef}
        className={`${css.map} ${mapThemeClass}`}
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
              disabled={(tileConfig !== null && !tileConfig.satelliteUrl) || satelliteDown}
              data-unavailable={satelliteDown || undefined}
              title={satelliteDown ? t('widgets.unitMap.layers.satelliteUnavailableHint') : undefined}
              data-testid="map-satellite"
              onClick={() => updateSettings({ satellite: true })}
            >
              {satelliteDown ? t('widgets.unitMap.layers.satelliteUnavailable') : t('widgets.unitMap.layers.satellite')}
            </button>
          </div>
          <button
            type="button"
            className={css.tool}
            aria-expanded={panel === 'list'}
            aria-controls={`${widget.id}-map-list`}
            data-on={panel === 'list' || undefined}
            data-testid="map-list-toggle"
            onClick={() => setPanel((p) => (p === 'list' ? 'none' : 'list'))}
          >
            {t('widgets.unitMap.list.button')}
          </button>
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
      {panel === 'list' && (
        <UnitListPanel
          id={`${widget.id}-map-list`}
          variant={variant}
          data={data}
          occupancy={occupancy.data}
          selected={selected}
          onSelect={(id) => setBinding('units', selected.has(id) ? bindings.units.filter((x) => x !== id) : [...bindings.units, id])}
          onNavigate={navigate}
          onClose={() => setPanel('none')}
        />
      )}
      {panel === 'settings' && (
        <SettingsPanel
          id={`${widget.id}-map-settings`}
          settings={settings}
          satelliteAvailable={(tileConfig === null || Boolean(tileConfig.satelliteUrl)) && !satelliteDown}
          onChange={(patch) => {
            if (patch.rememberView) {
              const view = map.currentView();
              if (view) patch = { ...patch, view };
            }
            updateSettings(patch);
          }}
          onFitAll={() => map.fitTo(data.bounds, true)}
          onClose={() => setPanel('none')}
        />
      )}

      <div className={css.bottomBar}>
        <ul className={css.legend} aria-label={t('widgets.unitMap.legend')}>
          {(['alarm', 'problem', 'inactive', 'ok'] as const).map((s) =>
            legend.counts.get(s) ? (
              <li key={s}>
                <ToneShape tone={s} className={css.swatch} />
                {t(`common:status.${s}`)} <b>{(legend.counts.get(s) ?? 0).toLocaleString()}</b>
              </li>
            ) : null,
          )}
          {variant === 'parking' && legend.occ + legend.free + legend.unknown > 0 && (
            <>
              <li data-testid="map-bays-occupied">
                <ToneShape tone="occupied" className={css.swatch} />
                {t('widgets.parkingMap.occupied')} <b>{legend.occ.toLocaleString()}</b>
              </li>
              <li data-testid="map-bays-free">
                <ToneShape tone="free" className={css.swatch} />
                {t('widgets.parkingMap.free')} <b>{legend.free.toLocaleString()}</b>
              </li>
              {legend.unknown > 0 && (
                <li data-testid="map-bays-unknown" title={t('widgets.parkingList.unknownHint')}>
                  <ToneShape tone="inactive" className={css.swatch} />
                  {t('widgets.parkingMap.unknown')} <b>{legend.unknown.toLocaleString()}</b>
                </li>
              )}
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
            bay={occupancy.data?.get(popupUnit.UnitID)}
            selected={selected.has(popupUnit.UnitID)}
            onNavigate={navigate}
          />,
          popup.el,
        )}
    </div>
  );
}
