/**
 * What the maps fetch besides the units: the deployment's tile URLs (the configuration, asked once
 * per page: ../data/config-and-preferences) and, on the parking map, whether each parking sensor is
 * occupied (latest switch value of GetUnitsShowValue; best effort — without it the map colours by
 * status).
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isParkingType, type ClientConfig, type Unit } from '@fieldwatch/shared';
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
  Value?: number | null;
}

/** Sensors asked for at most (the request is chunked by the client; beyond this: status colours). */
const MAX_OCCUPANCY_UNITS = 20_000;

/**
 * Whether each positioned parking sensor is occupied; `failed` when the answer could not be had or
 * held no switch value (the map then colours by status and says so).
 */
export function useOccupancy(
  enabled: boolean,
  units: readonly Unit[],
  refreshKey: number,
): { data: Occupancy | undefined; failed: boolean } {
  const { api } = useRemote();
  const ids = useMemo(
    () =>
      enabled
        ? units
            .filter((u) => isParkingType(u.UnitType) && isPositioned(u))
            .map((u) => u.UnitID)
            .slice(0, MAX_OCCUPANCY_UNITS)
        : [],
    [enabled, units],
  );
  const asking = ids.length > 0;
  const load = useWidgetQuery(
    ['occupancy', idsKey(ids)],
    async () => {
      const rows = await api.legacy<ShowValue>('GetUnitsShowValue', {}, ids);
      const map = new Map<number, boolean>();
      for (const r of rows ?? []) {
        if (r.ChannelKind !== 'switch' || typeof r.Value !== 'number') continue;
        map.set(r.UnitID, (map.get(r.UnitID) ?? false) || r.Value >= 0.5);
      }
      return map;
    },
    refreshKey,
    { enabled: asking },
  );
  const map = asking ? load.data : undefined;
  return useMemo(
    () => ({
      data: map && map.size > 0 ? map : undefined,
      failed: asking && (load.status === 'error' || map?.size === 0),
    }),
    [map, asking, load.status],
  );
}
