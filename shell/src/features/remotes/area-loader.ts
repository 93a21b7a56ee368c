/**
 * Loading an area's code: loadRemote('<remote>/app') through the page's data cache, so that a load
 * started early (preloadArea) is the one single-spa mounts from. Retries and time limits of the
 * remote's files are the federation runtime's (see retry-plugin.ts); the whole load, retries
 * included, has one deadline (AREA_LOAD_DEADLINE_MS). Every failure — manifest 404, the deadline,
 * aborted request, a throw in bootstrap or mount — is caught here and turns into the "area
 * unavailable — retry" state; the shell and the other areas keep working.
 */
import { loadRemote } from '@module-federation/enhanced/runtime';
import { triggerAppChange, unloadApplication, type LifeCycles } from 'single-spa';
import { CHUNK_LOAD_TIMEOUT_MS, queryKeys, type RemoteName, type RemoteProps } from '@fieldwatch/shared';
import { queryClient } from '../../platform';
import { reportError } from '../errors/reporting';
import { areaElement, useAreaState } from './area-state';
import { refreshRemote } from './registry';

type RemoteModule = Partial<LifeCycles<RemoteProps>> & { default?: Partial<LifeCycles<RemoteProps>> };

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

/**
 * How long an area's code may take to load, all files and retries together: the spec's chunk load
 * timeout. Each attempt of the runtime has its own limit, so three attempts at a file that never
 * answers could keep the spinner up for three times as long; after this the area says it is
 * unavailable and offers a retry.
 */
export const AREA_LOAD_DEADLINE_MS = CHUNK_LOAD_TIMEOUT_MS;

function withDeadline<T>(load: Promise<T>, ms: number, name: RemoteName): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The ${name} area did not load within ${ms / 1000} s`)), ms);
  });
  return Promise.race([load, deadline]).finally(() => clearTimeout(timer));
}

/**
 * The area's module as a query: loaded once and kept for the page's life. A failed load leaves no
 * data behind, so the next ask loads again.
 */
const areaModule = (name: RemoteName) => ({
  queryKey: queryKeys.area(name),
  queryFn: () => withDeadline(loadRemote<RemoteModule>(`${name}/app`) as Promise<RemoteModule>, AREA_LOAD_DEADLINE_MS, name),
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
});

/**
 * Starts fetching an area's code now, before the session says whether it may mount: the sign-in
 * sequence (session, dashboards, events, devices) and the remote's manifest, entry and chunks then
 * load side by side instead of one after the other. A failure here is silent; loadArea reports it.
 */
export function preloadArea(name: RemoteName): void {
  void queryClient.prefetchQuery(areaModule(name));
}

/** single-spa's loader of an area: its lifecycles, guarded, or the unavailable ones. */
export async function loadArea(name: RemoteName): Promise<LifeCycles<RemoteProps>> {
  useAreaState.getState().set(name, 'loading');
  try {
    const mod = await queryClient.fetchQuery(areaModule(name));
    const lifecycles = mod && (typeof mod.mount === 'function' ? mod : mod.default);
    if (!lifecycles || typeof lifecycles.mount !== 'function') throw new Error(`Remote ${name} exposes no single-spa lifecycles`);
    return guardLifecycles(name, lifecycles);
  } catch (err) {
    reportError(err, { area: name, phase: 'load' });
    return unavailable(name, err);
  }
}

/** Retry: forget the area and its remote's files, and let single-spa load and mount it again. */
export async function retryArea(name: RemoteName): Promise<void> {
  useAreaState.getState().set(name, 'loading');
  areaElement(name).replaceChildren();
  queryClient.removeQueries({ queryKey: queryKeys.area(name), exact: true });
  await refreshRemote(name);
  await unloadApplication(name, { waitForUnmount: false });
  await triggerAppChange();
}
