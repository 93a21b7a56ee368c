/**
 * Renders one list widget body as the dashboard would (RemoteContext, i18n with the common and
 * dashboard catalogues) with either a stub API (answer / legacy) or the real client on a fake
 * transport (handler), and mock setBinding / updateSettings. Shared by the list widgets' tests.
 */
import { useState } from 'react';
import { act } from '@testing-library/react';
import { createBus, DEFAULT_LINK_GROUP, type SessionState, sessionStore, type Unit, type UserProfile } from '@fieldwatch/shared';
import { type AnswerFn, demoUser, fakeApi, type FakeHandler, fakeServerApi, renderRemote } from '@fieldwatch/shared/testing';
import common from '@fieldwatch/locales/common';
import dashboard from '@fieldwatch/locales/dashboard';
import type { LinkBindings, WidgetProps, WidgetView } from '../../src/widgets/kit/widget-contract';

export type LegacyFn = (method: string, params: Record<string, unknown>, unitIds?: number[]) => unknown[] | Promise<unknown[]>;

export interface HarnessOptions {
  units?: Unit[];
  bindings?: Partial<LinkBindings>;
  settings?: Record<string, unknown>;
  widgetProps?: Record<string, unknown>;
  answer?: AnswerFn;
  legacy?: LegacyFn;
  /** The real API client answered by this (instead of the stub). */
  handler?: FakeHandler;
  lng?: string;
  size?: { width: number; height: number };
  loaded?: boolean;
  /** When the units arrived (default 1; null with `loaded: false`). */
  unitsLoadedAt?: number | null;
  readOnly?: boolean;
  user?: Partial<UserProfile>;
  session?: Partial<SessionState>;
}

export function renderWidget(View: WidgetView, o: HarnessOptions = {}) {
  sessionStore.setState({
    user: { ...demoUser, ...o.user },
    refreshKey: 0,
    events: [],
    containers: [],
    ...o.session,
  });
  let api;
  let bus = createBus();
  let legacy: jest.Mock | undefined;
  if (o.handler) {
    const server = fakeServerApi(o.handler);
    api = server.api;
    bus = server.bus;
  } else {
    const stub = fakeApi(o.answer ?? (() => [undefined, true]), jest.fn);
    legacy = stub.legacy as unknown as jest.Mock;
    legacy.mockImplementation(async (method: string, params: Record<string, unknown>, ids?: number[]) => {
      if (!o.legacy) throw new Error(`API /api/v1/xrequest/${method} failed`);
      return o.legacy(method, params ?? {}, ids);
    });
    api = stub;
  }
  const setBinding = jest.fn();
  const updateSettings = jest.fn();
  const props: WidgetProps = {
    widget: { id: 'w1', component: 'unitList', name: '', group: 'default', props: o.widgetProps ?? {}, settings: o.settings ?? {} },
    linkGroup: DEFAULT_LINK_GROUP,
    units: o.units ?? [],
    unitsLoadedAt: o.unitsLoadedAt !== undefined ? o.unitsLoadedAt : o.loaded === false ? null : 1,
    refreshKey: 0,
    bindings: { units: [], timeRange: { hours: 168 }, channels: [], ...o.bindings },
    setBinding,
    updateSettings,
    size: o.size ?? { width: 800, height: 400 },
    readOnly: o.readOnly ?? false,
  };
  const toasts: unknown[] = [];
  bus.on('toast', (x) => toasts.push(x));
  /** Keeps settings and the units binding like the dashboard does, so interactions flow. */
  function Host() {
    const [settings, setSettings] = useState(props.widget.settings);
    const [units, setUnits] = useState(props.bindings.units);
    return (
      <View
        {...props}
        widget={{ ...props.widget, settings }}
        bindings={{ ...props.bindings, units }}
        setBinding={(kind: string, value: unknown) => {
          setBinding(kind, value);
          if (kind === 'units') setUnits(value as number[]);
        }}
        updateSettings={(patch: Record<string, unknown>) => {
          updateSettings(patch);
          setSettings((s) => ({ ...s, ...patch }));
        }}
      />
    );
  }
  const view = renderRemote({
    element: <Host />,
    url: '/dashboard/default',
    basename: '/dashboard',
    namespace: 'dashboard',
    bundles: { common, dashboard },
    lng: o.lng,
    api,
    bus,
    navigate: jest.fn(),
  });
  return { ...view, api, bus, legacy, setBinding, updateSettings, props, toasts };
}

/** Lets pending promises settle. */
/**
 * Lets pending answers arrive and render: the data cache tells its observers in a later task than
 * the one the answer arrives in, so a few tasks pass.
 */
export const flush = () =>
  act(async () => {
    for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 0));
  });

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
export function alarm(type: number, time = '2026-01-10 10:00:00', text = 'x') {
  return { AlarmID: alarmId++, AlarmType: type, AlarmEventText: text, AlarmEventTime: time, ChannelID: 1 };
}
