/**
 * What the maps fetch besides the units: the deployment's tile URLs (GET /api/v3/config, once per
 * page) and, on the parking map, whether each parking sensor is occupied (latest switch value of
 * GetUnitsShowValue; best effort — without it the map colours by status).
 */
import { useEffect, useMemo, useState } from 'react';
import { isParkingType, type ClientConfig, type Unit } from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';
import type { ApiClient } from '@fieldwatch/shared';
import { isPositioned, type Occupancy } from './model';

export interface TileConfig {
  streetUrl: string;
  streetAttribution: string;
  satelliteUrl: string;
  satelliteAttribution: string;
}

let configPromise: Promise<TileConfig | null> | null = null;

/** For tests: forget the cached configuration. */
export function resetTileConfigCache(): void {
  configPromise = null;
}

async function loadTileConfig(api: ApiClient): Promise<TileConfig | null> {
  const [data, failed] = await api.get<ClientConfig>('/api/v3/config');
  if (failed || !data) return null;
  return {
    streetUrl: data.mapTileUrl ?? '',
    streetAttribution: data.mapAttribution ?? '',
    satelliteUrl: data.mapSatelliteUrl ?? '',
    satelliteAttribution: data.mapSatelliteAttribution ?? '',
  };
}

/** The tile configuration; null while loading. A failed request gives no tiles (outlines only). */
export function useTileConfig(): TileConfig | null {
  const { api } = useRemote();
  const [config, setConfig] = useState<TileConfig | null>(null);
  useEffect(() => {
    let live = true;
    if (!configPromise) configPromise = loadTileConfig(api);
    const mine = configPromise;
    void mine.then((c) => {
      if (!live) return;
      if (!c && configPromise === mine) configPromise = null; // try again next time
      setConfig(c ?? { streetUrl: '', streetAttribution: '', satelliteUrl: '', satelliteAttribution: '' });
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
