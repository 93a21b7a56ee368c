/**
 * A remote as a single-spa application inside the shell: lifecycles from single-spa-react with the
 * remote's i18n namespace added at bootstrap, its own router, and the providers every screen relies
 * on — RemoteProps (useRemote), the page's data cache (QueryClientProvider) and i18next.
 */
import React, { type ComponentType, type ReactNode } from 'react';
import ReactDOMClient from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import { QueryClientProvider } from '@tanstack/react-query';
import singleSpaReact from 'single-spa-react';
import type { LifeCycles } from 'single-spa';
// By package name, not relative path: bundled into each remote, this file must use the page's one
// copy of the package and its UI kit (shared singletons), not bring a second copy of each along.
import { addNamespace, type NamespaceBundle, type RemoteProps } from '@fieldwatch/shared';
import { ErrorState } from '@fieldwatch/shared/ui';
import { RemoteContext } from './context';

/** The providers of a remote's screens, for the shell's mount, an embed or a test. */
export function RemoteProviders({ props, namespace, children }: { props: RemoteProps; namespace: string; children: ReactNode }) {
  return (
    <RemoteContext.Provider value={props}>
      <QueryClientProvider client={props.queryClient}>
        <I18nextProvider i18n={props.i18n} defaultNS={namespace}>
          {children}
        </I18nextProvider>
      </QueryClientProvider>
    </RemoteContext.Provider>
  );
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
      <RemoteProviders props={props} namespace={namespace}>
        <BrowserRouter>
          <Root />
        </BrowserRouter>
      </RemoteProviders>
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
