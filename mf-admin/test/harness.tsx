/** Renders the area's screens inside the providers the shell would give them, with a fake API. */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { addNamespace, createApiClient, createBus, sessionStore, type RemoteProps, type UserProfile } from '@fieldwatch/shared';
import { RemoteContext } from '@fieldwatch/shared/remote';
import common from '@fieldwatch/locales/common';
import admin from '@fieldwatch/locales/admin';

export interface FakeReply {
  status: number;
  body?: unknown;
}
export type FakeHandler = (method: string, url: string) => FakeReply | Promise<FakeReply>;

/**
 * The real API client with a fake transport: the wrapper, the interceptors and the status handling
 * run as in the browser; `calls` records what the screen asked for.
 */
export function fakeApi(handler: FakeHandler) {
  const bus = createBus();
  const api = createApiClient({ bus });
  const calls: Array<{ method: string; url: string }> = [];
  api.http.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    calls.push({ method, url });
    const reply = await handler(method, url);
    const response: AxiosResponse = { data: reply.body, status: reply.status, statusText: String(reply.status), headers: {}, config };
    const ok = config.validateStatus ? config.validateStatus(reply.status) : reply.status < 400;
    if (!ok) throw new AxiosError(`Request failed with status code ${reply.status}`, AxiosError.ERR_BAD_REQUEST, config, {}, response);
    return response;
  };
  return { api, bus, calls };
}

export function testI18n() {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['common', 'admin'],
    defaultNS: 'admin',
    resources: {},
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  addNamespace(i18n, 'common', common);
  addNamespace(i18n, 'admin', admin);
  return i18n;
}

export const demoUser: UserProfile = {
  id: 1,
  username: 'demo.super',
  name: 'Astrid Lindqvist',
  title: 'Operations manager',
  email: 'astrid@example.com',
  phone: '+46 70 123 45 67',
  thumbnail: null,
  location: 'Göteborg',
  userType: 0,
  language: 'en',
  timeConfig: { timeFormat: '24h', timezone: 'Europe/Stockholm', dateFormat: 'DD MMM YYYY' },
  notification: { email: false, desktop: true },
  avatar: null,
};

let lastLocation = '';
function LocationProbe() {
  const l = useLocation();
  lastLocation = `${l.pathname}${l.search}`;
  return null;
}
/** Path and query of the router after the last render. */
export const currentLocation = () => lastLocation;

export function renderRemote(ui: ReactElement, opts: { path: string; handler: FakeHandler; user?: UserProfile | null }) {
  const { api, bus, calls } = fakeApi(opts.handler);
  sessionStore.setState({ status: 'signedIn', user: opts.user === undefined ? demoUser : opts.user, refreshKey: 0 });
  const props: RemoteProps = {
    basename: '/admin',
    navigate: jest.fn(),
    api,
    bus,
    i18n: testI18n(),
    theme: 'dark',
    session: sessionStore,
  };
  const view = render(
    <RemoteContext.Provider value={props}>
      <I18nextProvider i18n={props.i18n} defaultNS="admin">
        <MemoryRouter initialEntries={[opts.path]}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
      </I18nextProvider>
    </RemoteContext.Provider>,
  );
  return { ...view, calls, props };
}
