/** A unit's page as the shell mounts it, answered by a fake server (the real API client, a fake transport). */
import common from '@fieldwatch/locales/common';
import devices from '@fieldwatch/locales/devices';
import { type FakeHandler, type FakeReply, renderRemote } from '@fieldwatch/shared/testing';
import type { Relay, UnitActionRecord, UnitDetails, UnitOptions, UnitSettings } from '@fieldwatch/shared';
import { Root } from '../../src/Root';

export function details(over: Partial<UnitDetails> = {}): UnitDetails {
  return {
    UnitID: 7,
    UnitName: 'Pump 07',
    UnitLocation: 'North reservoir',
    UnitType: 1,
    UnitGPSLatitude: 55.6761,
    UnitGPSLongitude: 12.5683,
    CustomerID: 10,
    AlarmEvents: [
      {
        AlarmID: 91,
        AlarmType: 4,
        AlarmEventText: 'Loop alarm',
        AlarmEventTime: '2024-05-01 10:00:00',
        ChannelID: 2,
      },
    ],
    ModelName: 'X1',
    DeviceFamily: 'resistance',
    ThirdParty: false,
    Parking: false,
    Status: 'alarm',
    Channels: [
      { ChannelID: 1, ChannelName: 'Analogue 1', ChannelKind: 'analog', UnitOfMeasure: 'mA' },
      { ChannelID: 7, ChannelName: 'Signal strength', ChannelKind: 'channel', UnitOfMeasure: 'dBm' },
    ],
    LastContact: '2024-05-01T09:55:00.000Z',
    ...over,
  };
}

export function options(over: Partial<UnitOptions> = {}): UnitOptions {
  return {
    unitId: 7,
    unitType: 1,
    modelName: 'X1',
    family: 'resistance',
    actions: ['getData', 'purgeData', 'restart', 'test'],
    relay: true,
    radar: false,
    parking: false,
    custom: {},
    ...over,
  };
}

export function settings(
  revision = 3,
  over: Record<string, Record<string, string | number | boolean | null>> = {},
): UnitSettings {
  return {
    unitId: 7,
    revision,
    settings: {
      general: { measureIntervalMin: 15, sendIntervalMin: 60, timezone: 'UTC' },
      alarm: { enabled: true, repeatMin: 60 },
      ...over,
    },
    updatedAt: '2024-05-01T08:00:00.000Z',
  };
}

export const relay = (over: Partial<Relay> = {}): Relay => ({
  unitId: 7,
  state: 'off',
  on: false,
  updatedAt: null,
  commandId: null,
  ...over,
});

export function command(over: Partial<UnitActionRecord> = {}): UnitActionRecord {
  return {
    id: 501,
    unitId: 7,
    action: 'getData',
    status: 'queued',
    detail: '',
    result: '',
    requestedBy: 'demo.super',
    requestedAt: '2024-05-01T10:00:00.000Z',
    sentAt: null,
    completedAt: null,
    ...over,
  };
}

const ok = (data: unknown): FakeReply => ({ status: 200, body: { data } });

/**
 * The answers of a unit's page for unit 7; `more` answers first (return undefined to fall through).
 */
export function unitServer(
  more: (method: string, url: string, body?: unknown) => FakeReply | undefined = () => undefined,
  d: UnitDetails = details(),
  o: UnitOptions = options(),
): FakeHandler {
  return (method, url, body) => {
    const special = more(method, url, body);
    if (special) return special;
    if (method === 'GET' && url === `/api/v1/device/${d.UnitID}/details`) return { status: 200, body: d };
    if (method === 'GET' && url === `/api/v2/device/devices/${d.UnitID}/options`) return ok(o);
    if (method === 'GET' && url === `/api/v2/device/devices/${d.UnitID}/actions`) return ok([]);
    if (method === 'GET' && url === `/api/v2/device/devices/${d.UnitID}/relay`) return ok(relay());
    if (method === 'GET' && url === `/api/v2/device/legacy/devices/${d.UnitID}/settings`)
      return ok(settings());
    if (method === 'GET' && url === '/api/v3/config')
      return ok({ nfcHost: '', weather: false, mapTileUrl: '' });
    return { status: 404, body: { message: 'Not found' } };
  };
}

export const renderUnit = (url: string, handler: FakeHandler) =>
  renderRemote({
    Root,
    url,
    handler,
    basename: '/devicemanagement',
    namespace: 'devices',
    bundles: { common, devices },
    navigate: jest.fn(),
  });
