/** The RemoteProps of the area a component renders in, and the session store as a hook. */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { RemoteProps } from '@fieldwatch/shared';

/** Exported for tests and embeds that render a remote's screens with props of their own. */
export const RemoteContext = createContext<RemoteProps | null>(null);

export function useRemote(): RemoteProps {
  const ctx = useContext(RemoteContext);
  if (!ctx) throw new Error('useRemote() outside a Fieldwatch remote');
  return ctx;
}

/** The session store, as a React hook. */
export function useSession<T>(select: (s: ReturnType<RemoteProps['session']['getState']>) => T): T {
  return useStore(useRemote().session, select);
}
