/**
 * What the maps fetch besides the units: the deployment's tile URLs (GET /api/v3/config, asked once
 * per page in ../data/shared-answers) and, on the parking map, whether each parking sensor is
 * occupied (latest switch value of GetUnitsShowValue; best effort — without it the map colours by
 * status).
 */
import { useEffect, useMemo, useState } from 'react';
import { isParkingType, type ClientConfig, type Unit } from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import { clientConfig } from '../data/shared-answers';
import { isPositioned, type Occupancy } from './model';

export interface TileConfig {
  streetUrl: string;
  streetAttribution: string;
  satelliteUrl: string;
  satelliteAttribution: string;
}

const NO_TILES: TileConfig = { streetUrl: '', streetAttribution: '', satelliteUrl: '', satelliteAttribution: '' };

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
  const [config, setConfig] = useState<TileConfig | null>(null);
  useEffect(() => {
    let live = true;
    void clientConfig(api).then((c) => {
      if (live) setConfig(tileConfigOf(c));
    });
    return () => {
      live = false;
    };
  }, [api]);
  return config;
}

interface ShowValue {
  UnitID: number;
  ChannelKind?: string;
  Value?: number | null;
}

/** Sensors asked for at most (the request is chunked by the client; beyond this: status colours). */
const MAX_OCCUPANCY_UNITS = 20_000;

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
  const key = ids.join(',');
  const [state, setState] = useState<{ data: Occupancy | undefined; failed: boolean }>({ data: undefined, failed: false });
  useEffect(() => {
    if (ids.length === 0) {
      setState({ data: undefined, failed: false });
      return;
    }
    let live = true;
    void (async () => {
      try {
        const rows = await api.legacy<ShowValue>('GetUnitsShowValue', {}, ids);
        const map = new Map<number, boolean>();
        for (const r of rows ?? []) {
          if (r.ChannelKind !== 'switch' || typeof r.Value !== 'number') continue;
          map.set(r.UnitID, (map.get(r.UnitID) ?? false) || r.Value >= 0.5);
        }
        if (live) setState({ data: map.size > 0 ? map : undefined, failed: map.size === 0 });
      } catch {
        if (live) setState((s) => ({ data: s.data, failed: true }));
      }
    })();
    return () => {
      live = false;
    };
    // key stands for ids
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, refreshKey, api]);
  return state;
}
