/**
 * The deployment's street tiles for the devices area's maps: the URL template and attribution of
 * GET /api/v3/config (asked once per page, the same cache entry the NFC tab reads), never a
 * hard-coded internet address. '' (no tiles) when the deployment has none or the question fails:
 * the maps then show the country outlines alone.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ENDPOINTS, fromResult, pathFor, queryKeys, type ClientConfig } from '@fieldwatch/shared';
import type { TileSource } from '@fieldwatch/shared/map';
import { useRemote } from '@fieldwatch/shared/remote';

/** The tile source; null while the configuration loads. */
export function useTileSource(): TileSource | null {
  const { api } = useRemote();
  const q = useQuery({
    queryKey: queryKeys.clientConfig(),
    queryFn: fromResult(() => api.get<ClientConfig>(pathFor(ENDPOINTS.config))),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const url = q.isError ? '' : q.data ? (q.data.mapTileUrl ?? '') : null;
  const attribution = q.data?.mapAttribution ?? '';
  return useMemo(() => (url === null ? null : { url, attribution }), [url, attribution]);
}
