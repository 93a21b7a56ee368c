/**
 * The task screens' server data, in the page's one cache: a page of the search, one task's detail,
 * the users a task can be assigned to, and writes. Pushed task changes ('tasks:changed': the full
 * task with its revision) patch what is cached in place — the open task and the rows of every
 * cached page — then the pages are asked again quietly (a change can move a task out of a view), so
 * nothing flickers and the scroll, selection and typed text stay.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, pathFor, queryKeys, unwrap, type ApiClient, type TaskWithRevision } from '@fieldwatch/shared';
import { type LoadState, useApiQuery, useRemote, useSession } from '@fieldwatch/shared/remote';
import { type TaskQuery, toServerQuery } from './task-query';
import type { Task, TaskDetail, TaskSearchPage, TaskUserRef } from './task-types';

/** Pushed and written tasks carry at least the task and its revision; list fields stay as they were. */
type TaskUpdate = Pick<Task, 'id' | 'revision'> & Partial<Task>;
import { toWriteError, writeWithReapply, type WriteOutcome } from './task-write';
import type { TaskOp } from './task-contract';

// ───────── reads

export function useTaskSearch(query: TaskQuery): LoadState<TaskSearchPage> {
  const { api } = useRemote();
  const customers = useSession((s) => s.selectedCustomers);
  const params = toServerQuery(query);
  return useApiQuery(queryKeys.taskSearch(customers, params), () =>
    api.get<TaskSearchPage>(pathFor(ENDPOINTS.taskSearch), params),
  );
}

async function fetchDetail(api: ApiClient, id: string): Promise<TaskDetail> {
  const res = await api.http.request({ method: 'GET', url: pathFor(ENDPOINTS.taskDetail, { id }) });
  return unwrap<TaskDetail>(res.data);
}

/** One task as its page shows it; null id: nothing is asked. A task that is not there: error status 404. */
export function useTaskDetail(id: string | null) {
  const { api } = useRemote();
  return useQuery({
    queryKey: queryKeys.task(id ?? ''),
    queryFn: () => fetchDetail(api, id!),
    enabled: !!id,
    retry: (count, err) => toWriteError(err).status !== 404 && count < 2,
  });
}

/**
 * Who can be assigned: to the task `taskId` (its organisation's members), or without one to a new
 * task of `organizationId` (default: the first selected customer). Sorted by name.
 */
export function useAssignableUsers(taskId?: string, organizationId?: number) {
  const { api } = useRemote();
  const customers = useSession((s) => s.selectedCustomers);
  const org = organizationId ?? customers[0];
  return useQuery({
    queryKey: taskId ? ['tasks', 'detail', taskId, 'users'] : queryKeys.taskUsers(org),
    queryFn: async () => {
      const res = await api.http.request(
        taskId
          ? { method: 'GET', url: pathFor(ENDPOINTS.taskUsers, { id: taskId }) }
          : { method: 'GET', url: pathFor(ENDPOINTS.taskOrgUsers), params: org === undefined ? {} : { organizationId: org } },
      );
      const users = unwrap<TaskUserRef[]>(res.data);
      return [...users].sort((a, b) => a.name.localeCompare(b.name));
    },
    staleTime: 5 * 60_000,
  });
}

/**
 * The people of every selected customer (for the list's names and its assignee filter): one
 * entry per username, sorted by name.
 */
export function useSelectedOrgUsers(): TaskUserRef[] {
  const { api } = useRemote();
  const customers = useSession((s) => s.selectedCustomers);
  const results = useQueries({
    queries: customers.map((organizationId) => ({
      queryKey: queryKeys.taskUsers(organizationId),
      queryFn: async () => {
        const res = await api.http.request({ method: 'GET', url: pathFor(ENDPOINTS.taskOrgUsers), params: { organizationId } });
        return unwrap<TaskUserRef[]>(res.data);
      },
      staleTime: 5 * 60_000,
    })),
  });
  const byName = new Map<string, TaskUserRef>();
  for (const r of results) for (const u of r.data ?? []) byName.set(u.username, u);
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

// ───────── cache patching

const isSearchKey = (key: readonly unknown[]) => key[0] === 'tasks' && key[2] === 'search';

/** Puts a newer revision of a task into the cached detail and the rows of cached pages (older ones are ignored). */
export function patchCachedTask(queryClient: QueryClient, task: TaskUpdate): void {
  queryClient.setQueryData<TaskDetail>(queryKeys.task(task.id), (old) =>
    old && task.revision >= old.revision ? { ...old, ...task } : old,
  );
  queryClient.setQueriesData<TaskSearchPage>({ predicate: (q) => isSearchKey(q.queryKey) }, (old) => {
    if (!old) return old;
    const i = old.items.findIndex((r) => r.id === task.id);
    if (i < 0 || old.items[i]!.revision > task.revision) return old;
    const items = [...old.items];
    items[i] = { ...items[i]!, ...task };
    return { ...old, items };
  });
}

/** Pushed task changes patch the cache in place; the pages and the open task are then asked again quietly. */
export function useTasksLive(): void {
  const { bus } = useRemote();
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const changed = new Set<string>();
    const handler = (task: TaskUpdate) => {
      patchCachedTask(queryClient, task);
      changed.add(task.id);
      clearTimeout(timer);
      timer = setTimeout(() => {
        void queryClient.invalidateQueries({ predicate: (q) => isSearchKey(q.queryKey) });
        // Events, files and names of the open task are not in the push: ask for them.
        for (const id of changed) void queryClient.invalidateQueries({ queryKey: queryKeys.task(id) });
        changed.clear();
      }, 400);
    };
    bus.on('tasks:changed', handler);
    return () => {
      clearTimeout(timer);
      bus.off('tasks:changed', handler);
    };
  }, [bus, queryClient]);
}

// ───────── writes

/**
 * Writes operations on one task at the revision in the cache, re-applying once on a conflict (a
 * toast says the task had changed). Resolves the outcome; throws a TaskWriteError whose message is
 * the server's text ("User not assigned") when the write could not be made.
 */
export function useTaskWriter(id: string) {
  const { api, bus } = useRemote();
  const { t } = useTranslation('tasks');
  const queryClient = useQueryClient();
  const idRef = useRef(id);
  idRef.current = id;

  return useCallback(
    async (op: TaskOp): Promise<WriteOutcome> => {
      const taskId = idRef.current;
      const cached = queryClient.getQueryData<TaskDetail>(queryKeys.task(taskId));
      const revision = cached?.revision ?? (await fetchDetail(api, taskId)).revision;
      const outcome = await writeWithReapply(op, revision, {
        send: async (o, rev) => {
          const res = await api.http.request({
            method: ENDPOINTS.patchTask.method,
            url: pathFor(ENDPOINTS.patchTask, { id: taskId }),
            data: { ...o, revision: rev },
          });
          return unwrap<TaskWithRevision>(res.data);
        },
        reread: async () => {
          const fresh = await fetchDetail(api, taskId);
          queryClient.setQueryData(queryKeys.task(taskId), fresh);
          return fresh;
        },
      });
      patchCachedTask(queryClient, outcome.task);
      // The answer is the task itself: names (units, location), the effective priority and the
      // list's membership come with the next read of the page and the task.
      void queryClient.invalidateQueries({ queryKey: queryKeys.task(taskId) });
      void queryClient.invalidateQueries({ predicate: (q) => isSearchKey(q.queryKey) });
      if (outcome.reapplied) bus.emit('toast', { kind: 'warning', message: t('write.reapplied'), raw: true });
      return outcome;
    },
    [api, bus, queryClient, t],
  );
}

export { fetchDetail };
