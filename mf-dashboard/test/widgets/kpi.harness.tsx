/**
 * Renders one KPI widget body as the dashboard would (RemoteContext, i18n with the common and
 * dashboard catalogues), with a stub API whose `legacy` answers xrequest calls, and mock
 * setBinding / updateSettings. Shared by the status, temp, battery, … widget tests.
 */
import type { ComponentType } from 'react';
import { DEFAULT_LINK_GROUP, sessionStore, type Unit } from '@fieldwatch/shared';
import { type AnswerFn, demoUser, fakeApi, renderRemote } from '@fieldwatch/shared/testing';
import common from '@fieldwatch/locales/common';
import dashboard from '@fieldwatch/locales/dashboard';
import type { LinkBindings, WidgetProps } from '../../src/widgets/kit/widget-contract';

export type LegacyFn = (method: string, params: Record<string, unknown>, unitIds?: number[]) => unknown[] | Promise<unknown[]>;

export interface HarnessOptions {
  units?: Unit[];
  bindings?: Partial<LinkBindings>;
  settings?: Record<string, unknown>;
  answer?: AnswerFn;
  legacy?: LegacyFn;
  lng?: string;
  size?: { width: number; height: number };
  loaded?: boolean;
  /** When the units arrived (default 1; null with `loaded: false`). */
  unitsLoadedAt?: number | null;
}

export function renderWidget(View: ComponentType<WidgetProps>, o: HarnessOptions = {}) {
  sessionStore.setState({
    user: demoUser,
    refreshKey: 0,
  });
  const api = fakeApi(o.answer ?? (() => [undefined, true]), jest.fn);
  const legacy = api.legacy as unknown as jest.Mock;
  legacy.mockImplementation(async (method: string, params: Record<string, unknown>, ids?: number[]) => {
    if (!o.legacy) throw new Error(`API /api/v1/xrequest/${method} failed`);
    return o.legacy(method, params ?? {}, ids);
  });
  const setBinding = jest.fn();
  const updateSettings = jest.fn();
  const props: WidgetProps = {
    widget: { id: 'w1', component: 'status', name: '', group: 'default', props: {}, settings: o.settings ?? {} },
    linkGroup: DEFAULT_LINK_GROUP,
    units: o.units ?? [],
    unitsLoadedAt: o.unitsLoadedAt !== undefined ? o.unitsLoadedAt : o.loaded === false ? null : 1,
    refreshKey: 0,
    bindings: { units: [], timeRange: { hours: 168 }, channels: [], ...o.bindings },
    setBinding,
    updateSettings,
    size: o.size ?? { width: 400, height: 300 },
    readOnly: false,
  };
  const view = renderRemote({
    element: <View {...props} />,
    url: '/dashboard/default',
    basename: '/dashboard',
    namespace: 'dashboard',
    bundles: { common, dashboard },
    lng: o.lng,
    api,
    navigate: jest.fn(),
  });
  return { ...view, api, legacy, setBinding, updateSettings, props };
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
export function alarm(type: number) {
  return { AlarmID: alarmId++, AlarmType: type, AlarmEventText: 'x', AlarmEventTime: '2026-01-10 10:00:00', ChannelID: 1 };
}
