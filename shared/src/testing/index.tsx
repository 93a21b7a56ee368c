/**
 * '@fieldwatch/shared/testing': renders a remote's screens as the shell would mount them —
 * RemoteContext with fake RemoteProps, a data cache and an i18next instance of their own, a router
 * at a given URL — with a MemoryRouter and a probe of the current location, and fake APIs to
 * answer the screens.
 *
 * For tests only. Nothing here calls jest: mock functions (jest.fn) are passed in.
 */
import type { ComponentType, ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { i18n as I18n } from 'i18next';
import { QueryClient } from '@tanstack/react-query';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { type ApiClient, createApiClient } from '../api/client';
import type { UserProfile } from '../api/types';
import { type Bus, createBus } from '../bus';
import type { NamespaceBundle } from '../i18n';
import type { RemoteProps } from '../remote-props';
import { QUERY_DEFAULTS } from '../query';
import { type SessionState, sessionStore } from '../session/store';
import { createStandaloneI18n, RemoteProviders } from '../remote';

/** An i18next instance with the given namespaces (e.g. { common, devices }); defaultNS: the last one. */
export function createTestI18n(
  bundles: Record<string, NamespaceBundle>,
  lng = 'en',
  defaultNS = Object.keys(bundles).at(-1) ?? 'common',
): I18n {
  return createStandaloneI18n({ bundles, defaultNS, lng, fallbackLng: 'en' });
}

/** A data cache of a test's own, with the page's defaults: nothing is shared between tests. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: QUERY_DEFAULTS });
}

// ---- A stub ApiClient: get and request are mocks answering from a function of the URL.

export type Answer = [unknown, boolean];
export type AnswerFn = (url: string, params?: Record<string, unknown>) => Answer | Promise<Answer>;

/**
 * An ApiClient whose get/request answer from `answer` (data, error flag); `mock` makes the mock
 * functions (pass jest.fn), so a test can assert on api.get and api.request.
 */
export function fakeApi(answer: AnswerFn, mock: typeof jest.fn) {
  const get = mock(async (url: string, params?: Record<string, unknown>) => answer(url, params));
  const request = mock(async (config: { url?: string; params?: Record<string, unknown> }) =>
    answer(config.url ?? '', config.params),
  );
  return { get, request, legacy: mock(), armUnauthorized: mock(), http: {} } as unknown as ApiClient & {
    get: typeof get;
    request: typeof request;
  };
}

// ---- The real ApiClient with a fake transport.

export interface FakeReply {
  status: number;
  body?: unknown;
}
/** `body`: the request's JSON body, parsed (undefined without one). */
export type FakeHandler = (method: string, url: string, body?: unknown) => FakeReply | Promise<FakeReply>;
export interface FakeCall {
  method: string;
  url: string;
  body?: unknown;
}

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

/** Every request answered 404, as a server that knows nothing. */
export const notFoundHandler: FakeHandler = () => ({ status: 404, body: { message: 'Not found' } });

/**
 * The real API client with a fake transport: the wrapper, the interceptors and the status handling
 * run as in the browser; `calls` records what the screen asked for.
 */
export function fakeServerApi(handler: FakeHandler): { api: ApiClient; bus: Bus; calls: FakeCall[] } {
  const bus = createBus();
  const api = createApiClient({ bus });
  const calls: FakeCall[] = [];
  api.http.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const body = parseBody(config.data);
    calls.push({ method, url, ...(body === undefined ? {} : { body }) });
    const reply = await handler(method, url, body);
    const response: AxiosResponse = {
      data: reply.body,
      status: reply.status,
      statusText: String(reply.status),
      headers: {},
      config,
    };
    const ok = config.validateStatus ? config.validateStatus(reply.status) : reply.status < 400;
    if (!ok)
      throw new AxiosError(
        `Request failed with status code ${reply.status}`,
        AxiosError.ERR_BAD_REQUEST,
        config,
        {},
        response,
      );
    return response;
  };
  return { api, bus, calls };
}

// ---- Fixtures, location probe and rendering.

/** A signed-in SuperUser with every profile field filled in. */
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

/** Shows the router's path and query in <output data-testid="location">, and keeps it for currentLocation(). */
export function LocationProbe() {
  const location = useLocation();
  lastLocation = location.pathname + location.search;
  return <output data-testid="location">{lastLocation}</output>;
}

/** Path and query of the router after the last render. */
export const currentLocation = () => lastLocation;

interface RenderRemoteBase {
  /** The router's first entry, e.g. '/devicemanagement?page=2'. */
  url: string;
  /** The stub or client the screens call; without one, the real client answered by `handler`. */
  api?: ApiClient;
  /** Answers the real client when no `api` is given (default: 404 for everything); see `calls`. */
  handler?: FakeHandler;
  bus?: Bus;
  basename: string;
  /** The remote's i18n namespace, the default one of its translations. */
  namespace: string;
  /** namespace → bundle, e.g. { common, devices }. */
  bundles: Record<string, NamespaceBundle>;
  lng?: string;
  /** RemoteProps.navigate, e.g. jest.fn(). */
  navigate: RemoteProps['navigate'];
  /** Written to the session store before rendering. */
  session?: Partial<SessionState>;
  /** The data cache; default: a new one for this render. */
  queryClient?: QueryClient;
}

export type RenderRemoteOptions = RenderRemoteBase &
  ({ Root: ComponentType; element?: undefined } | { element: ReactElement; Root?: undefined });

/**
 * Renders `<Root />` (or `element`) with the providers of a remote (RemoteContext, the data cache,
 * i18next) and a MemoryRouter at `url`,
 * with a LocationProbe. Returns the testing-library result, the RemoteProps given, and the calls
 * made through `handler`.
 */
export function renderRemote(options: RenderRemoteOptions) {
  const { Root } = options;
  let api = options.api;
  let bus = options.bus;
  let calls: FakeCall[] = [];
  if (!api) {
    const server = fakeServerApi(options.handler ?? notFoundHandler);
    ({ api, calls } = server);
    bus ??= server.bus;
  }
  if (options.session) sessionStore.setState(options.session);
  const props: RemoteProps = {
    basename: options.basename,
    navigate: options.navigate,
    api,
    bus: bus ?? createBus(),
    i18n: createTestI18n(options.bundles, options.lng, options.namespace),
    theme: 'dark',
    session: sessionStore,
    queryClient: options.queryClient ?? createTestQueryClient(),
  };
  const view = render(
    <RemoteProviders props={props} namespace={options.namespace}>
      <MemoryRouter initialEntries={[options.url]}>
        {Root ? <Root /> : options.element}
        <LocationProbe />
      </MemoryRouter>
    </RemoteProviders>,
  );
  return { ...view, props, calls };
}
