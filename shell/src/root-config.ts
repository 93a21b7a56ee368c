/**
 * The single-spa root config: every area of the area table is an application, active on its routes
 * (and, unless it is public, with a live session), loaded from its remote (area-loader.ts) and
 * given the shell's singletons as its props. Registered and started here, with the early load of
 * the first area a page shows.
 */
import { createElement } from 'react';
import { addErrorHandler, navigateToUrl, registerApplication, start, triggerAppChange } from 'single-spa';
import type { i18n as I18n } from 'i18next';
import { areaBasename, AREAS, firstAreaOfPage, isAreaPath, type RemoteName, type RemoteProps } from '@fieldwatch/shared';
import { api, bus, queryClient, sessionStore } from './platform';
import { useTheme } from './features/theme/theme';
import { reportError } from './features/errors/reporting';
import { areaElement, useAreaState } from './features/remotes/area-state';
import { loadArea, preloadArea, retryArea } from './features/remotes/area-loader';
import { AreaCrashed } from './features/remotes/AreaCrashed';

function registerAreas(i18n: I18n): void {
  addErrorHandler((err) => {
    const name = err.appOrParcelName as RemoteName;
    reportError(err, { area: name, phase: 'single-spa' });
    if (AREAS.some((a) => a.name === name)) useAreaState.getState().set(name, 'unavailable', err.message);
  });

  for (const area of AREAS) {
    const { name } = area;
    registerApplication<RemoteProps & Record<string, unknown>>({
      name,
      app: () => loadArea(name),
      activeWhen: (location) =>
        isAreaPath(name, location.pathname) && (area.public === true || sessionStore.getState().status === 'signedIn'),
      customProps: () => ({
        basename: areaBasename(name),
        navigate: (path: string, options?: { replace?: boolean }) => {
          if (options?.replace) window.history.replaceState(window.history.state, '', path);
          else navigateToUrl(path);
        },
        api,
        bus,
        i18n,
        theme: useTheme.getState().theme,
        session: sessionStore,
        queryClient,
        domElementGetter: () => areaElement(name),
        // single-spa-react renders this when the area's React tree throws after mounting.
        errorBoundary: (error: Error) => createElement(AreaCrashed, { name, error, i18n, onRetry: () => void retryArea(name) }),
      }),
    });
  }
}

/** Registers the areas and starts single-spa; the area of the address starts loading at once. */
export function startRootConfig(i18n: I18n): void {
  registerAreas(i18n);

  // Areas depend on the session: re-evaluate which are active whenever it starts or ends.
  let lastStatus = sessionStore.getState().status;
  sessionStore.subscribe((s) => {
    if (s.status !== lastStatus) {
      lastStatus = s.status;
      void triggerAppChange();
    }
  });
  start({ urlRerouteOnly: true });

  // The area of the address loads while the session does; "/" and the login page lead to the
  // overview, so the dashboard's code is fetched then (on the login page once it has drawn).
  const path = window.location.pathname;
  const area = firstAreaOfPage(path);
  if (area) preloadArea(area);
  else if (path === '/login') setTimeout(() => preloadArea('dashboard'), 1000);
}
