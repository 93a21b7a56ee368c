/**
 * What every remote needs to be a single-spa application inside the shell: lifecycles from
 * single-spa-react with its i18n namespace added at bootstrap, its own router, and RemoteProps
 * available to any component through useRemote().
 */
import React, { createContext, type ComponentType, useCallback, useContext, useEffect, useRef, useState } from 'react';
import ReactDOMClient from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import singleSpaReact from 'single-spa-react';
import type { LifeCycles } from 'single-spa';
import { useStore } from 'zustand';
import { formatTime, useTimeConfig } from './time';
// By package name, not relative path: bundled into each remote, this file must use the page's one
// copy of the package and its UI kit (shared singletons), not bring a second copy of each along.
import {
  addNamespace,
  type BusEvents,
  type NamespaceBundle,
  type RemoteProps,
  type Result,
} from '@fieldwatch/shared';
import { ErrorState, type LoadViewLabels } from '@fieldwatch/shared/ui';

export * from './i18n';
export * from './time';
export * from './RelativeTime';

/** Exported for tests that render a remote's screens with fake props. */
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

export interface CreateRemoteOptions {
  /** i18n namespace of the remote (locales/<lang>/<namespace>.json). */
  namespace: string;
  bundle: NamespaceBundle;
  Root: ComponentType;
  /** Runs as the area starts mounting, before React renders it (e.g. to start its first requests). */
  beforeMount?: (props: RemoteProps) => void;
}

export function createRemoteLifecycles({
  namespace,
  bundle,
  Root,
  beforeMount,
}: CreateRemoteOptions): LifeCycles<RemoteProps> {
  function RemoteRoot(props: RemoteProps) {
    return (
      <RemoteContext.Provider value={props}>
        <I18nextProvider i18n={props.i18n} defaultNS={namespace}>
          <BrowserRouter>
            <Root />
          </BrowserRouter>
        </I18nextProvider>
      </RemoteContext.Provider>
    );
  }
  const lifecycles = singleSpaReact<RemoteProps>({
    React,
    ReactDOMClient,
    rootComponent: RemoteRoot,
    // The shell hands every area its error boundary (a translated "area unavailable — retry"
    // panel); used standalone (tests, embeds) a render error shows the common error text.
    errorBoundary: (error, _info, props) => {
      const shellBoundary = (props as unknown as { errorBoundary?: (e: Error) => React.ReactElement }).errorBoundary;
      if (shellBoundary) return shellBoundary(error);
      return <ErrorState title={props.i18n.t('common:errors.somethingWrong')} message={error.message} />;
    },
  });
  return {
    bootstrap: async (props) => {
      addNamespace(props.i18n, namespace, bundle);
      await lifecycles.bootstrap(props);
    },
    mount: async (props) => {
      beforeMount?.(props);
      await lifecycles.mount(props);
    },
    unmount: lifecycles.unmount,
    ...(lifecycles.update ? { update: lifecycles.update } : {}),
  } as LifeCycles<RemoteProps>;
}

export type LoadState<T> =
  | { status: 'loading'; data?: T; reload: () => void }
  | { status: 'error'; data?: T; reload: () => void }
  | { status: 'ready'; data: T; reload: () => void };

/**
 * Loads data through the API wrapper and reloads when deps or the session's refresh key change
 * (auto refresh, customer selection). Keeps the last data while reloading.
 */
export function useLoad<T>(load: () => Promise<Result<T>>, deps: readonly unknown[]): LoadState<T> {
  const refreshKey = useSession((s) => s.refreshKey);
  const [state, setState] = useState<{ status: 'loading' | 'error' | 'ready'; data?: T }>({ status: 'loading' });
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let live = true;
    setState((s) => ({ status: 'loading', data: s.data }));
    void loadRef.current().then(([data, failed]) => {
      if (!live) return;
      setState(failed ? (s) => ({ status: 'error', data: s.data }) : { status: 'ready', data: data as T });
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, refreshKey, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload } as LoadState<T>;
}

/**
 * Reloads `load` when the bus carries `event` (e.g. 'tasks:changed' pushed by the server); bursts
 * within `debounceMs` cause one reload.
 */
export function useReloadOn(load: Pick<LoadState<unknown>, 'reload'>, event: keyof BusEvents, debounceMs = 300): void {
  const { bus } = useRemote();
  const reload = load.reload;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const handler = () => {
      clearTimeout(timer);
      timer = setTimeout(reload, debounceMs);
    };
    bus.on(event, handler);
    return () => {
      clearTimeout(timer);
      bus.off(event, handler);
    };
  }, [bus, event, reload, debounceMs]);
}

/** When the data of `load` last arrived (ms since the epoch), for "Updated 12:34:56"; null until then. */
export function useLoadedAt(load: Pick<LoadState<unknown>, 'status' | 'data'>): number | null {
  const [loadedAt, setLoadedAt] = useState<number | null>(null);
  useEffect(() => {
    if (load.status === 'ready') setLoadedAt(Date.now());
  }, [load.status, load.data]);
  return loadedAt;
}

/** A translate function (react-i18next's t) as the helpers below call it. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A loading page's subtitle from a namespace's usual keys: common:state.loading while it loads,
 * then "<prefix>subtitle · <prefix>updatedAt" with the time of day (HH:mm:ss) of the last load.
 */
export function useLoadSubtitle(load: Pick<LoadState<unknown>, 'status' | 'data'>, t: Translate, prefix = ''): string {
  const loadedAt = useLoadedAt(load);
  const timeConfig = useTimeConfig();
  if (load.status === 'loading') return t('common:state.loading');
  if (!loadedAt) return t(`${prefix}subtitle`);
  return `${t(`${prefix}subtitle`)} · ${t(`${prefix}updatedAt`, { time: formatTime(loadedAt, timeConfig, true) })}`;
}

/**
 * A LoadView's texts at a namespace's usual keys: `<prefix>loading`, `<prefix>error.title`,
 * `<prefix>error.text` and, unless stale is false, `<prefix>error.stale`; Retry is common:action.retry.
 */
export function loadViewLabels(t: Translate, prefix = '', { stale = true } = {}): LoadViewLabels {
  return {
    loading: t(`${prefix}loading`),
    errorTitle: t(`${prefix}error.title`),
    errorText: t(`${prefix}error.text`),
    retry: t('common:action.retry'),
    ...(stale ? { stale: t(`${prefix}error.stale`) } : {}),
  };
}

/** A Pager's props but onPage: where it is, and the texts ("1–20 of 45", Previous, Next). */
export function pagerProps(t: Translate, at: { page: number; pageCount: number; from: number; to: number; total: number }) {
  return {
    page: at.page,
    pageCount: at.pageCount,
    summary: t('common:pager.summary', { from: at.from, to: at.to, total: at.total }),
    previousLabel: t('common:action.previous'),
    nextLabel: t('common:action.next'),
  };
}
