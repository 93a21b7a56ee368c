/** A unit's page tabs rendered alone, as the unit page mounts them, with a fake server or a stub API. */
import type { ReactElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import type { ApiClient, UnitDetails, UnitOptions, UnitSettings } from '@fieldwatch/shared';
import { createTestQueryClient, type FakeHandler, renderRemote } from '@fieldwatch/shared/testing';
import common from '@fieldwatch/locales/common';
import devices from '@fieldwatch/locales/devices';
import type { UnitTabProps } from '../../src/features/unit/tabs/types';

export const UNIT_ID = 7;

export function details(over: Partial<UnitDetails> = {}): UnitDetails {
  return {
    UnitID: UNIT_ID,
    UnitName: 'Pump 07',
    UnitLocation: 'North reservoir',
    UnitType: 11,
    UnitGPSLatitude: 55.6,
    UnitGPSLongitude: 12.5,
    CustomerID: 10,
    ModelName: 'A1',
    DeviceFamily: 'analog',
    ThirdParty: false,
    Parking: false,
    Status: 'ok',
    Channels: [
      { ChannelID: 1, ChannelName: 'Level', ChannelKind: 'analog', UnitOfMeasure: 'm' },
      { ChannelID: 2, ChannelName: 'Signal strength', ChannelKind: 'channel', UnitOfMeasure: 'dBm' },
      { ChannelID: 3, ChannelName: 'Battery voltage', ChannelKind: 'channel', UnitOfMeasure: 'V' },
    ],
    AlarmEvents: [],
    ...over,
  };
}

export const options: UnitOptions = {
  unitId: UNIT_ID,
  unitType: 11,
  modelName: 'A1',
  family: 'analog',
  actions: [],
  relay: false,
  radar: false,
  parking: false,
  custom: {},
};

export function settingsDoc(over: Partial<UnitSettings> = {}): UnitSettings {
  return {
    unitId: UNIT_ID,
    revision: 3,
    settings: {
      general: { measureIntervalMin: 15, sendIntervalMin: 60, timezone: 'UTC' },
      alarm: { enabled: true, repeatMin: 60 },
    },
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...over,
  };
}

export function props(over: Partial<UnitTabProps> = {}): UnitTabProps {
  return { unitId: UNIT_ID, details: details(), options, canEdit: true, ...over };
}

/** Renders a tab at `url` answered by `handler` (the real API client) or by `api` (a stub). */
export function renderTab(
  element: ReactElement,
  {
    handler,
    api,
    url = `/devicemanagement/${UNIT_ID}`,
    queryClient = createTestQueryClient(),
  }: {
    handler?: FakeHandler;
    api?: ApiClient;
    url?: string;
    queryClient?: QueryClient;
  } = {},
) {
  const view = renderRemote({
    element,
    url,
    ...(api ? { api } : { handler }),
    basename: '/devicemanagement',
    namespace: 'devices',
    bundles: { common, devices },
    navigate: jest.fn(),
    queryClient,
  });
  return { ...view, queryClient };
}
