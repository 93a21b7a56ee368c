/** The browser's permission for desktop notifications (the Notification API), as a hook. */
import { useCallback, useEffect, useState } from 'react';

export type DesktopPermission = NotificationPermission | 'unsupported';

function current(): DesktopPermission {
  return typeof window !== 'undefined' && 'Notification' in window ? window.Notification.permission : 'unsupported';
}

/**
 * The permission now, and `ask()`, which asks the browser (only from a click: browsers refuse a
 * request that no gesture started) and answers the outcome. A change made in the browser's own
 * site settings shows when the permission API reports it.
 */
export function useDesktopPermission(): { permission: DesktopPermission; ask: () => Promise<DesktopPermission> } {
  const [permission, setPermission] = useState<DesktopPermission>(current);

  useEffect(() => {
    let status: PermissionStatus | undefined;
    const update = () => setPermission(current());
    void navigator.permissions
      ?.query({ name: 'notifications' })
      .then((s) => {
        status = s;
        s.addEventListener('change', update);
      })
      .catch(() => undefined);
    return () => status?.removeEventListener('change', update);
  }, []);

  const ask = useCallback(async () => {
    if (current() === 'unsupported') return 'unsupported' as const;
    let outcome: DesktopPermission;
    try {
      outcome = await window.Notification.requestPermission();
    } catch {
      outcome = current();
    }
    setPermission(outcome);
    return outcome;
  }, []);

  return { permission, ask };
}
