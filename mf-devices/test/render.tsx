/**
 * Renders the remote's Root as the shell would mount it — RemoteContext with fake RemoteProps,
 * the page's i18next instance with the common and devices namespaces, a router at a given URL —
 * but with a MemoryRouter, and a probe that shows the current location for URL assertions.
 */
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import i18next, { type i18n as I18n } from 'i18next';
import { addNamespace, type ApiClient, createBus, type RemoteProps, sessionStore } from '@fieldwatch/shared';
import { RemoteContext } from '@fieldwatch/shared/remote';
import common from '@fieldwatch/locales/common';
import devices from '@fieldwatch/locales/devices';
import { Root } from '../src/Root';

export function createTestI18n(lng = 'en'): I18n {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng,
    fallbackLng: 'en',
    ns: ['common', 'devices'],
    defaultNS: 'devices',
    resources: {},
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  addNamespace(i18n, 'common', common);
  addNamespace(i18n, 'devices', devices);
  return i18n;
}

export type Answer = [unknown, boolean];

/** An ApiClient whose get/request answer from a function of the URL (default: an empty list). */
export function fakeApi(answer: (url: string, params?: Record<string, unknown>) => Answer | Promise<Answer>) {
  const get = jest.fn(async (url: string, params?: Record<string, unknown>) => answer(url, params));
  const request = jest.fn(async (config: { url?: string; params?: Record<string, unknown> }) =>
    answer(config.url ?? '', config.params),
  );
  return { get, request, legacy: jest.fn(), armUnauthorized: jest.fn(), http: {} } as unknown as ApiClient & {
    get: typeof get;
    request: typeof request;
  };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function renderRemote(url: string, api: ApiClient) {
  const i18n = createTestI18n();
  const props: RemoteProps = {
    basename: '/devicemanagement',
    navigate: jest.fn(),
    api,
    bus: createBus(),
    i18n,
    theme: 'dark',
    session: sessionStore,
  };
  const utils = render(
    <RemoteContext.Provider value={props}>
      <I18nextProvider i18n={i18n} defaultNS="devices">
        <MemoryRouter initialEntries={[url]}>
          <Root />
          <LocationProbe />
        </MemoryRouter>
      </I18nextProvider>
    </RemoteContext.Provider>,
  );
  return { ...utils, props };
}
