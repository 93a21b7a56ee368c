/**
 * Acting on alarms from any screen (acknowledge, reset; one alarm or many) and keeping the page's
 * cached alarms current, by the shared state model (domain/alarm-state.ts):
 * - useAlarmActions(): whether the user may act (Readers may not: no buttons), the alarms with a
 *   request in flight, and run(action, alarms) — one call for one alarm, the bulk call for several
 *   (all or none on the server). On success the answer's states go into the cache at once; on a
 *   failure a toast names the alarm ("Could not reset {0}") and nothing is changed.
 * - useAlarmChangesLive(): makes sure the page applies pushed alarm changes to its cache in place
 *   (trackAlarmChanges in ../query/alarm-changes.ts; the shell starts it with its push).
 * - useAlarmStatuses(): every alarm state the page learnt since it opened, for alarms a screen
 *   holds from elsewhere (an alarm event pushed before the unit list has the alarm).
 */
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import {
  ENDPOINTS,
  pathFor,
  recordAlarmStatuses,
  trackAlarmChanges,
  unwrap,
  USER_TYPES,
  type AlarmAction,
  type AlarmActionResult,
  type AlarmStatus,
} from '@fieldwatch/shared';
import { useRemote, useSession } from './context';

/** Keeps the page's cached alarms current (see trackAlarmChanges; the shell starts it too). */
export function useAlarmChangesLive(): void {
  const { bus } = useRemote();
  const queryClient = useQueryClient();
  useEffect(() => void trackAlarmChanges(bus, queryClient), [bus, queryClient]);
}

/** The alarm states learnt since the page opened, by alarm id (see AlarmStatusStore). */
export function useAlarmStatuses(): ReadonlyMap<number, AlarmStatus> {
  const { bus } = useRemote();
  const queryClient = useQueryClient();
  const store = trackAlarmChanges(bus, queryClient);
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** An alarm as an action needs it: its id, and how to name it in a failure ("High level 1 on Pump 2"). */
export interface AlarmTarget {
  id: number;
  label: string;
}

export interface AlarmActions {
  /** False for Readers: show no buttons. */
  canAct: boolean;
  /** Alarms with a request in flight. */
  busy: ReadonlySet<number>;
  /**
   * Acts on the alarms (one call; the bulk call for several). Resolves with the server's answer,
   * or null after a failure (a toast said what could not be done; nothing changed).
   */
  run(action: AlarmAction, alarms: readonly AlarmTarget[]): Promise<AlarmActionResult | null>;
}

export function useAlarmActions(): AlarmActions {
  useAlarmChangesLive();
  const { api, bus } = useRemote();
  const queryClient = useQueryClient();
  const userType = useSession((s) => s.user?.userType);
  const [busy, setBusy] = useState<ReadonlySet<number>>(() => new Set());
  const mark = useCallback((ids: readonly number[], on: boolean) => {
    setBusy((prev) => {
      const next = new Set(prev);
      for (const id of ids) if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const run = useCallback(
    async (action: AlarmAction, alarms: readonly AlarmTarget[]): Promise<AlarmActionResult | null> => {
      if (alarms.length === 0) return null;
      const ids = alarms.map((a) => a.id);
      mark(ids, true);
      try {
        const res =
          ids.length === 1
            ? await api.http.request({
                method: ENDPOINTS.actOnAlarm.method,
                url: pathFor(ENDPOINTS.actOnAlarm, { id: ids[0]! }),
                data: { action },
              })
            : await api.http.request({
                method: ENDPOINTS.bulkAlarmAction.method,
                url: pathFor(ENDPOINTS.bulkAlarmAction),
                data: { action, ids },
              });
        const result = unwrap<AlarmActionResult>(res.data);
        recordAlarmStatuses(bus, queryClient, result.alarms);
        return result;
      } catch (err) {
        const reason = isAxiosError(err) ? (err.response?.data as { message?: unknown } | undefined)?.message : undefined;
        const name = alarms.length === 1 ? alarms[0]!.label : String(alarms.length);
        const key = `alarmActions.${action}Failed${alarms.length === 1 ? '' : 'Many'}${typeof reason === 'string' && reason ? 'Because' : ''}`;
        bus.emit('toast', {
          kind: 'danger',
          message: key,
          params: { name, count: alarms.length, ...(typeof reason === 'string' ? { reason } : {}) },
        });
        return null;
      } finally {
        mark(ids, false);
      }
    },
    [api, bus, queryClient, mark],
  );

  return useMemo(
    () => ({ canAct: userType !== undefined && userType !== USER_TYPES.Reader, busy, run }),
    [userType, busy, run],
  );
}
