/**
 * What the maps fetch besides the units: the deployment's tile URLs (the configuration, asked once
 * per page: ../data/config-and-preferences) and, on the parking map, whether each parking bay is
 * occupied, free or unknown (the shared bay rule over GetUnitsShowValue; best effort — without it
 * the map colours by status).
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  isParkingType,
  parkingBayState,
  parkingReadingOf,
  unitStatus,
  type ClientConfig,
  type ParkingBayState,
  type Unit,
} from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import { configQuery } from '../data/config-and-preferences';
import { idsKey, useWidgetQuery } from '../data/widget-query';
import { isPositioned, type Occupancy } from './model';

export interface TileConfig {
  streetUrl: string;
  streetAttribution: string;
  satelliteUrl: string;
  satelliteAttribution: string;
}

const NO_TILES: TileConfig = {
  streetUrl: '',
  streetAttribution: '',
  satelliteUrl: '',
  satelliteAttribution: '',
};

function tileConfigOf(config: ClientConfig | null): TileConfig {
  if (!config) return NO_TILES;
  return {
    streetUrl: config.mapTileUrl ?? '',
    streetAttribution: config.mapAttribution ?? '',
    satelliteUrl: config.mapSatelliteUrl ?? '',
    satelliteAttribution: config.mapSatelliteAttribution ?? '',
  };
}

/** The tile configuration; null while loading. A failed request gives no tiles (outlines only). */
export function useTileConfig(): TileConfig | null {
  const { api } = useRemote();
  const config = useQuery(configQuery(api));
  return useMemo(
    () => (config.isSuccess ? tileConfigOf(config.data) : config.isError ? NO_TILES : null),
    [config.isSuccess, config.isError, config.data],
  );
}

interface ShowValue {
  UnitID: number;
  ChannelKind?: string;
  ChannelName?: string;
  Value?: number | null;
  MeasureTime?: string;
}

/** Sensors asked for at most (the request is chunked by the client; beyond this: status colours). */
const MAX_OCCUPANCY_UNITS = 20_000;

/**
 * The state of each positioned parking bay by the shared rule (parkingBayState: occupied, free or
 * unknown — the parking list and statistics count the same way); `failed` when the answer could
 * not be had or held no parking reading at all (the map then colours by status and says so).
 */
export function useOccupancy(
  enabled: boolean,
  units: readonly Unit[],
  refreshKey: number,
): { data: Occupancy | undefined; failed: boolean } {
  const { api } = useRemote();
  const bays = useMemo(
    () =>
      enabled ? units.filter((u) => isParkingType(u.UnitType) && isPositioned(u)).slice(0, MAX_OCCUPANCY_UNITS) : [],
    [enabled, units],
  );
  const ids = useMemo(() => bays.map((u) => u.UnitID), [bays]);
  const asking = ids.length > 0;
  const load = useWidgetQuery(
    ['occupancy', idsKey(ids)],
    async () => {
      const rows = await api.legacy<ShowValue>('GetUnitsShowValue', {}, ids);
      const byUnit = new Map<number, ShowValue[]>();
      for (const r of rows ?? []) {
        const list = byUnit.get(r.UnitID);
        if (list) list.push(r);
        else byUnit.set(r.UnitID, [r]);
      }
      return byUnit;
    },
    refreshKey,
    { enabled: asking },
  );
  const readings = asking ? load.data : undefined;
  return useMemo(() => {
    if (!readings) return { data: undefined, failed: asking && load.status === 'error' };
    const now = Date.now();
    const map = new Map<number, ParkingBayState>();
    let read = 0;
    for (const u of bays) {
      const reading = parkingReadingOf(readings.get(u.UnitID));
      if (reading) read += 1;
      map.set(u.UnitID, parkingBayState(reading, unitStatus(u), now));
    }
    return read > 0 ? { data: map, failed: false } : { data: undefined, failed: asking };
  }, [readings, bays, asking, load.status]);
}
