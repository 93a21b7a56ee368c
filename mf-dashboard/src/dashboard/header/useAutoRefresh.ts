/**
 * Auto refresh of the open dashboard: while on (the user's choice, kept in localStorage), every
 * AUTO_REFRESH_MS the session's unit list is asked again and the refresh key is bumped, so every
 * widget asks again; the refresh button does the same once.
 */
import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AUTO_REFRESH_MS, queryKeys } from '@fieldwatch/shared';
import { useRemote } from '@fieldwatch/shared/remote';

/** Where the user's choice is kept ('on' or 'off'; on when never chosen). */
const AUTO_REFRESH_KEY = 'fw.dashboard.autoRefresh';

export function useAutoRefresh() {
  const { session } = useRemote();
  const queryClient = useQueryClient();
  const [on, setOn] = useState(() => {
    try {
      return window.localStorage.getItem(AUTO_REFRESH_KEY) !== 'off';
    } catch {
      return true;
    }
  });
  const [busy, setBusy] = useState(false);
  const refresh = useCallback(async () => {
    setBusy(true);
    // The session's unit list first (a failed ask keeps the units shown), then every widget.
    const customers = session.getState().selectedCustomers;
    await queryClient.refetchQueries({ queryKey: queryKeys.devices(customers), exact: true });
    session.getState().bumpRefresh();
    setBusy(false);
  }, [queryClient, session]);
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => void refresh(), AUTO_REFRESH_MS);
    return () => clearInterval(timer);
  }, [on, refresh]);
  const toggle = useCallback((next: boolean) => {
    setOn(next);
    try {
      window.localStorage.setItem(AUTO_REFRESH_KEY, next ? 'on' : 'off');
    } catch {
      /* private mode: the choice lasts for this page */
    }
  }, []);
  return { on, toggle, refresh, busy };
}
