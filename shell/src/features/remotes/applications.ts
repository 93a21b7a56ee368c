/**
 * The single-spa root config: each remote is an application whose activity function is its route
 * prefixes (and a live session, except public areas), loaded with loadRemote('<remote>/app').
 * Every failure — manifest 404, aborted request, a throw in bootstrap or mount — is caught here and
 * turns into the "area unavailable — retry" state; the shell and other areas keep working.
 */
import { createElement } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import {
  addErrorHandler,
  navigateToUrl,
  registerApplication,
  triggerAppChange,
  unloadApplication,
  type LifeCycles,
} from 'single-spa';
import type { i18n as I18n } from 'i18next';
import {
  AREA_ROUTES,
  CHUNK_LOAD_TIMEOUT_MS,
  isAreaPath,
  PUBLIC_AREAS,
  REMOTE_NAMES,
  type RemoteName,
  type RemoteProps,
} from '@fieldwatch/shared';
import { api, bus, sessionStore } from '../../platform';
import { useTheme } from '../theme/theme';
import { reportError } from '../errors/reporting';
import { areaElement, useAreaState } from './area-state';
import { refreshRemote } from './registry';
import { AreaCrashed } from './AreaCrashed';

type RemoteModule = Partial<LifeCycles<RemoteProps>> & { default?: Partial<LifeCycles<RemoteProps>> };


function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not load within ${ms / 1000} s`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

const noop = () => Promise.resolve();

/** Lifecycles that only record that the area is unavailable: single-spa stays healthy. */
function unavailable(name: RemoteName, error: unknown): LifeCycles<RemoteProps> {
  const message = error instanceof Error ? error.message : String(error);
  return {
    bootstrap: noop,
    mount: () => {
      useAreaState.getState().set(name, 'unavailable', message);
      return Promise.resolve();
    },
    unmount: noop,
  };
}

/** Wraps a remote's lifecycles so a throw in bootstrap or mount becomes the unavailable state. */
export function guardLifecycles(name: RemoteName, remote: Partial<LifeCycles<RemoteProps>>): LifeCycles<RemoteProps> {
  const setState = useAreaState.getState().set;
  let bootError: unknown = null;
  let mounted = false;
  const call = async (fn: unknown, props: unknown) => {
    const list = Array.isArray(fn) ? fn : fn ? [fn] : [];
    for (const f of list) await (f as (p: unknown) => Promise<unknown>)(props);
  };
  return {
    bootstrap: async (props) => {
      try {
        await call(remote.bootstrap, props);
      } catch (err) {
        bootError = err;
        reportError(err, { area: name, phase: 'bootstrap' });
      }
    },
    mount: async (props) => {
      if (bootError) {
        setState(name, 'unavailable', String(bootError));
        return;
      }
      try {
        await call(remote.mount, props);
        mounted = true;
        setState(name, 'mounted');
      } catch (err) {
        reportError(err, { area: name, phase: 'mount' });
        setState(name, 'unavailable', err instanceof Error ? err.message : String(err));
        try {
          await call(remote.unmount, props);
        } catch {
          /* the half-mounted area is discarded with its element's content below */
        }
        areaElement(name).replaceChildren();
      }
    },
    unmount: async (props) => {
      if (!mounted) return;
      mounted = false;
      try {
        await call(remote.unmount, props);
      } catch (err) {
        reportError(err, { area: name, phase: 'unmount' });
        areaElement(name).replaceChildren();
      }
    },
    ...(remote.update ? { update: (props: RemoteProps) => call(remote.update, props) } : {}),
  } as LifeCycles<RemoteProps>;
}

const attempts = new Map<RemoteName, number>();
/** Code of an area asked for before its activity function allowed it (see preloadArea). */
const preloaded = new Map<RemoteName, Promise<RemoteModule>>();

const loadAreaModule = (name: RemoteName) => loadRemote<RemoteModule>(`${name}/app`) as Promise<RemoteModule>;

/**
 * Starts fetching an area's code now, before the session says whether it may mount: the sign-in
 * sequence (session, dashboards, events, devices) and the remote's manifest, entry and chunks then
 * load side by side instead of one after the other. A failure here is silent; loadArea reports it.
 */
export function preloadArea(name: RemoteName): void {
  if (preloaded.has(name) || attempts.has(name)) return;
  const p = loadAreaModule(name);
  p.catch(() => preloaded.delete(name));
  preloaded.set(name, p);
}

async function loadArea(name: RemoteName): Promise<LifeCycles<RemoteProps>> {
  useAreaState.getState().set(name, 'loading');
  const attempt = (attempts.get(name) ?? 0) + 1;
  attempts.set(name, attempt);
  try {
    if (attempt > 1) await refreshRemote(name);
    const early = attempt === 1 ? preloaded.get(name) : undefined;
    preloaded.delete(name);
    const mod = await withTimeout(early ?? loadAreaModule(name), CHUNK_LOAD_TIMEOUT_MS, `Area ${name}`);
    const lifecycles = mod && (typeof mod.mount === 'function' ? mod : mod.default);
    if (!lifecycles || typeof lifecycles.mount !== 'function') throw new Error(`Remote ${name} exposes no single-spa lifecycles`);
    return guardLifecycles(name, lifecycles);
  } catch (err) {
    reportError(err, { area: name, phase: 'load' });
    return unavailable(name, err);
  }
}

/** Retry: forget the area and let single-spa load and mount it again. */
export async function retryArea(name: RemoteName): Promise<void> {
  useAreaState.getState().set(name, 'loading');
  areaElement(name).replaceChildren();
  await unloadApplication(name, { waitForUnmount: false });
  await triggerAppChange();
}

export function registerAreas(i18n: I18n): void {
  addErrorHandler((err) => {
    const name = err.appOrParcelName as RemoteName;
    reportError(err, { area: name, phase: 'single-spa' });
    if ((REMOTE_NAMES as readonly string[]).includes(name)) useAreaState.getState().set(name, 'unavailable', err.message);
  });

  for (const name of REMOTE_NAMES) {
    registerApplication<RemoteProps & Record<string, unknown>>({
      name,
      app: () => loadArea(name),
      activeWhen: (location) =>
        isAreaPath(name, location.pathname) &&
        (PUBLIC_AREAS.includes(name) || sessionStore.getState().status === 'signedIn'),
      customProps: () => ({
        basename: AREA_ROUTES[name][0] ?? '/',
        navigate: (path: string, options?: { replace?: boolean }) => {
          if (options?.replace) window.history.replaceState(window.history.state, '', path);
          else navigateToUrl(path);
        },
        api,
        bus,
        i18n,
        theme: useTheme.getState().theme,
        session: sessionStore,
        domElementGetter: () => areaElement(name),
        // single-spa-react renders this when the area's React tree throws after mounting.
        errorBoundary: (error: Error) => createElement(AreaCrashed, { name, error, i18n, onRetry: () => void retryArea(name) }),
      }),
    });
  }
}
