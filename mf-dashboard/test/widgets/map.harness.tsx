/**
 * Renders a map widget body as the dashboard would (RemoteContext, i18n with the common and
 * dashboard catalogues) in jsdom: a measured size for Leaflet, no canvas (the SVG renderer draws),
 * no Worker (the main-thread clustering runs). `update` changes the props later, as the dashboard
 * does (new bindings from another widget, a new size, saved settings).
 */
import { act, useState, type ComponentType } from 'react';
import { DEFAULT_LINK_GROUP, sessionStore, type Unit } from '@fieldwatch/shared';
import { type AnswerFn, demoUser, fakeApi, renderRemote } from '@fieldwatch/shared/testing';
import common from '@fieldwatch/locales/common';
import dashboard from '@fieldwatch/locales/dashboard';
import type { LinkBindings, WidgetProps } from '../../src/widgets/kit/widget-contract';

export type LegacyFn = (method: string, params: Record<string, unknown>, unitIds?: number[]) => unknown[] | Promise<unknown[]>;

export interface MapHarnessOptions {
  units?: Unit[];
  bindings?: Partial<LinkBindings>;
  settings?: Record<string, unknown>;
  answer?: AnswerFn;
  legacy?: LegacyFn;
  size?: { width: number; height: number };
  component?: string;
}

/** jsdom has no layout: give every element the size of a map card, and no 2D canvas. */
export function installDomStubs(width = 800, height = 400) {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => width });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height });
  Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', { configurable: true, value: () => null });
}

/** GET /api/v3/config with tile URLs (unreachable here, as on the real machine). */
export const configAnswer =
  (over: Record<string, unknown> = {}): AnswerFn =>
  (url) =>
    url === '/api/v3/config'
      ? [
          {
            nfcHost: '',
            weather: false,
            mapTileUrl: 'https://tiles.example.invalid/{z}/{x}/{y}.png',
            mapSatelliteUrl: 'https://sat.example.invalid/{z}/{y}/{x}',
            mapAttribution: '© Example tiles',
            mapSatelliteAttribution: '© Example satellite',
            ...over,
          },
          false,
        ]
      : [undefined, true];

export function renderMap(View: ComponentType<WidgetProps>, o: MapHarnessOptions = {}) {
  sessionStore.setState({ user: demoUser, refreshKey: 0 });
  const api = fakeApi(o.answer ?? configAnswer(), jest.fn);
  const legacy = api.legacy as unknown as jest.Mock;
  legacy.mockImplementation(async (method: string, params: Record<string, unknown>, ids?: number[]) => {
    if (!o.legacy) throw new Error(`API /api/v1/xrequest/${method} failed`);
    return o.legacy(method, params ?? {}, ids);
  });
  const setBinding = jest.fn();
  const updateSettings = jest.fn();
  const navigate = jest.fn();
  const initial: WidgetProps = {
    widget: { id: 'w1', component: (o.component ?? 'unitMap') as never, name: '', group: 'default', props: {}, settings: o.settings ?? {} },
    linkGroup: DEFAULT_LINK_GROUP,
    units: o.units ?? [],
    unitsLoadedAt: 1,
    refreshKey: 0,
    bindings: { units: [], timeRange: { hours: 168 }, channels: [], ...o.bindings },
    setBinding,
    updateSettings,
    size: o.size ?? { width: 800, height: 400 },
    readOnly: false,
  };
  let setProps: (p: WidgetProps) => void = () => undefined;
  let current = initial;
  function Host() {
    const [props, set] = useState(initial);
    setProps = set;
    return <View {...props} />;
  }
  const view = renderRemote({
    element: <Host />,
    url: '/dashboard/default',
    basename: '/dashboard',
    namespace: 'dashboard',
    bundles: { common, dashboard },
    api,
    navigate,
  });
  const update = (patch: Partial<WidgetProps>) => {
    current = { ...current, ...patch };
    act(() => setProps(current));
  };
  return { ...view, api, legacy, setBinding, updateSettings, navigate, update };
}

let alarmId = 1;
export function unit(id: number, over: Partial<Unit> = {}): Unit {
  return {
    UnitID: id,
    UnitName: `Unit ${id}`,
    UnitLocation: 'Depot',
    UnitType: 1,
    UnitGPSLatitude: 57.7,
    UnitGPSLongitude: 11.97,
    CustomerID: 10,
    AlarmEvents: [],
    ...over,
  };
}
export function alarm(type: number, time = '2026-01-10T10:00:00Z') {
  return { AlarmID: alarmId++, AlarmType: type, AlarmEventText: 'x', AlarmEventTime: time, ChannelID: 1 };
}

/** The Leaflet map of the rendered widget. */
export function leafletMap(): import('leaflet').Map {
  const el = document.querySelector('[data-testid="map-canvas"]') as HTMLElement & { fwMap?: import('leaflet').Map };
  if (!el.fwMap) throw new Error('no map');
  return el.fwMap;
}

export const markerIcons = () => Array.from(document.querySelectorAll<HTMLElement>('.leaflet-marker-icon'));
