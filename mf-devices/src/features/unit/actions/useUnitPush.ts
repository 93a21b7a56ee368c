/**
 * Live updates of a unit's page from the server's push (the shell forwards them on the bus):
 * a command that was created or moved on in its life updates the recent commands at once (and the
 * firmware or relay it belongs to asks again), a relay state replaces the relay shown. The 2 s
 * poll while something is open stays as the fallback when the push stream is down.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, type Relay, type UnitActionRecord } from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';

export function useUnitPush(unitId: number): void {
  const { bus } = useRemote();
  const queryClient = useQueryClient();
  useEffect(() => {
    const onCommand = (c: UnitActionRecord) => {
      if (c.unitId !== unitId) return;
      queryClient.setQueryData<UnitActionRecord[]>(queryKeys.unitPart(unitId, 'commands'), (list) =>
        list ? [c, ...list.filter((x) => x.id !== c.id)].sort((a, b) => b.id - a.id) : list,
      );
      if (c.action === 'updateFirmware')
        void queryClient.invalidateQueries({ queryKey: queryKeys.unitPart(unitId, 'firmware') });
      if (c.action === 'switchRelay' || c.action === 'resetRelay')
        void queryClient.invalidateQueries({ queryKey: queryKeys.unitPart(unitId, 'relay') });
    };
    const onRelay = (r: Relay) => {
      if (r.unitId === unitId) queryClient.setQueryData(queryKeys.unitPart(unitId, 'relay'), r);
    };
    bus.on('unit:command', onCommand);
    bus.on('unit:relay', onRelay);
    return () => {
      bus.off('unit:command', onCommand);
      bus.off('unit:relay', onRelay);
    };
  }, [bus, queryClient, unitId]);
}
