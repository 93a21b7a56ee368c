/**
 * Groups and locations from the server: the list of the selected customers' containers (one cache
 * entry, mirrored into the session store so the dashboard's group alarm widget and filters see the
 * same tree) and the writes — create, rename, re-parent, delete, move a location into a group and
 * units into a location. Every write answers ok with the container, or the HTTP status and the
 * server's message, so the screens can say what happened.
 */
import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import {
  type ApiClient,
  type Container,
  type ContainerKind,
  ENDPOINTS,
  errorMessage,
  pathFor,
  unwrap,
} from '@fieldwatch/shared';
import { useApiQuery, useRemote, useSession } from '@fieldwatch/shared/remote';

export type WriteResult<T> = { ok: true; data: T } | { ok: false; status?: number; message: string };

async function call<T>(api: ApiClient, method: 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown): Promise<WriteResult<T>> {
  try {
    const res = await api.http.request({ method, url, ...(data !== undefined ? { data } : {}) });
    return { ok: true, data: unwrap<T>(res.data) };
  } catch (err) {
    return { ok: false, status: isAxiosError(err) ? err.response?.status : undefined, message: errorMessage(err) };
  }
}

export const containerKeys = {
  all: ['containers'] as const,
  list: (customers: readonly number[]) => ['containers', 'list', [...customers].sort((a, b) => a - b)] as const,
};

/** The containers of the selected customers; each fresh answer also goes to the session store. */
export function useContainers() {
  const { api, session } = useRemote();
  const customers = useSession((s) => s.selectedCustomers);
  const load = useApiQuery(containerKeys.list(customers), () =>
    api.get<Container[]>(pathFor(ENDPOINTS.containers), { use_context: true }),
  );
  const data = load.status === 'ready' ? load.data : undefined;
  useEffect(() => {
    if (data) session.getState().setContainers(data);
  }, [data, session]);
  return load;
}

export interface NewContainer {
  kind: ContainerKind;
  name: string;
  parentId?: string | null;
  organization?: number;
}

/** The writes; each success asks for the list again (so every screen and the session follow). */
export function useContainerWrites() {
  const { api } = useRemote();
  const queryClient = useQueryClient();
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: containerKeys.all }), [queryClient]);
  const done = useCallback(
    async <T,>(res: WriteResult<T>): Promise<WriteResult<T>> => {
      if (res.ok || res.status === 409 || res.status === 404) await refresh();
      return res;
    },
    [refresh],
  );

  return {
    refresh,
    create: (body: NewContainer) => call<Container>(api, 'POST', pathFor(ENDPOINTS.createContainer), body).then(done),
    update: (c: Container, change: { name?: string; parentId?: string | null; content?: Container['content'] }) =>
      call<Container>(api, 'PUT', pathFor(ENDPOINTS.updateContainer, { id: c.id }), { revision: c.revision, ...change }).then(done),
    remove: (c: Container) =>
      call<{ id: string }>(api, 'DELETE', `${pathFor(ENDPOINTS.deleteContainer, { id: c.id })}?revision=${c.revision}`).then(done),
    moveUnits: (location: Container, units: number[]) =>
      call<Container>(api, 'PUT', pathFor(ENDPOINTS.moveUnitsToLocation, { id: location.id }), {
        units,
        revision: location.revision,
      }).then(done),
    /**
     * A location into a group: added to the new group first, then taken out of the groups that held
     * it (a failure half-way leaves it in both, never in none).
     */
    moveLocation: async (location: Container, to: Container | null, holders: readonly Container[]) => {
      if (to) {
        const added = await call<Container>(api, 'PUT', pathFor(ENDPOINTS.updateContainer, { id: to.id }), {
          revision: to.revision,
          content: [...to.content, { type: 'location', name: location.name, target: location.id }],
        });
        if (!added.ok) return done(added);
      }
      for (const h of holders) {
        if (h.id === to?.id) continue;
        const res = await call<Container>(api, 'PUT', pathFor(ENDPOINTS.updateContainer, { id: h.id }), {
          revision: h.revision,
          content: h.content.filter((r) => r.target !== location.id),
        });
        if (!res.ok) return done(res);
      }
      return done<Container | null>({ ok: true, data: to });
    },
  };
}
