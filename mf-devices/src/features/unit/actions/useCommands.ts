/**
 * A unit's recent commands (GET deviceActions): unit actions, relay switches and firmware updates
 * with their life queued → sent → acknowledged / failed / timedOut. Pushed changes arrive through
 * useUnitPush; as a fallback for a push stream that is down, the list asks again every
 * COMMAND_POLL_MS while any command is still open, and stops once all are settled.
 */
import { useQuery } from '@tanstack/react-query';
import {
  ENDPOINTS,
  fromResult,
  isCommandOpen,
  pathFor,
  queryKeys,
  type AnswerOf,
  type UnitActionRecord,
} from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';

export const COMMAND_POLL_MS = 2000;

export function useUnitCommands(unitId: number) {
  const { api } = useRemote();
  const q = useQuery<UnitActionRecord[]>({
    queryKey: queryKeys.unitPart(unitId, 'commands'),
    queryFn: fromResult(() =>
      api.get<AnswerOf<typeof ENDPOINTS.deviceActions>>(pathFor(ENDPOINTS.deviceActions, { id: unitId })),
    ),
    refetchInterval: (query) =>
      (query.state.data as UnitActionRecord[] | undefined)?.some((c) => isCommandOpen(c.status))
        ? COMMAND_POLL_MS
        : false,
  });
  const status: 'loading' | 'error' | 'ready' = q.isSuccess ? 'ready' : q.isError ? 'error' : 'loading';
  return { status, data: q.data, reload: () => void q.refetch() };
}
