/**
 * The dashboard remote rendered as the shell mounts it, with the real API client on a fake
 * transport (so statuses like 409 reach the board), the PUT bodies recorded, and fake widgets
 * instead of the real ones (see the jest.mock in each test file).
 */
import type { InternalAxiosRequestConfig } from 'axios';
import {
  createBus,
  defaultDashboardContent,
  demoUserOf,
  encodeDashboardId,
  type Bus,
  type DashboardContent,
  type DashboardDocument,
  type DashboardSummary,
  type Toast,
} from './fixtures';
import {
  createTestQueryClient,
  fakeServerApi,
  renderRemote,
  type FakeReply,
} from '@fieldwatch/shared/testing';
import { queryKeys, sessionStore } from '@fieldwatch/shared';
import common from '@fieldwatch/locales/common';
import dashboard from '@fieldwatch/locales/dashboard';
import { Root } from '../../src/Root';

export interface Request {
  method: string;
  url: string;
  body: unknown;
}
export type Handler = (req: Request) => FakeReply | Promise<FakeReply>;

export function doc(
  id: number,
  content: DashboardContent,
  extra: Partial<DashboardDocument> = {},
): DashboardDocument {
  return {
    id,
    name: 'Ops board',
    static: null,
    version: '1',
    content,
    updatedAt: '2025-01-01T00:00:00.000Z',
    filter: {},
    ...extra,
  };
}

export const summaries: DashboardSummary[] = [
  { id: 1, name: 'Default', static: 'overview', version: '1' },
  { id: 2, name: 'Default', static: 'units', version: '1' },
  { id: 5, name: 'Ops board', static: null, version: '1' },
];

/** Renders /dashboard/<url id> answering with `handler`; returns the requests and toasts. */
export function renderDashboard(path: string, handler: Handler, opts: { userType?: 0 | 1 | 2 } = {}) {
  const requests: Request[] = [];
  const toasts: Toast[] = [];
  const bus: Bus = createBus();
  bus.on('toast', (t) => toasts.push(t));
  let pending: Request | null = null;
  const server = fakeServerApi(() => handler(pending!));
  const inner = server.api.http.defaults.adapter as (c: InternalAxiosRequestConfig) => Promise<unknown>;
  server.api.http.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    pending = { method: (config.method ?? 'get').toUpperCase(), url, body };
    requests.push(pending);
    return inner(config) as never;
  };
  const navigate = jest.fn();
  // The session's unit list, as the shell fills it at sign-in: none, arrived at 10:11:12 in the demo
  // user's zone (Europe/Stockholm, UTC+1 in January), whatever the machine's.
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.devices([]), [], { updatedAt: Date.parse('2025-01-01T09:11:12Z') });
  const view = renderRemote({
    Root,
    url: path,
    api: server.api,
    bus,
    basename: '/dashboard',
    namespace: 'dashboard',
    bundles: { common, dashboard },
    navigate,
    queryClient,
    session: {
      status: 'signedIn',
      user: demoUserOf(opts.userType ?? 0),
      dashboards: summaries,
      customers: [],
      selectedCustomers: [],
      refreshKey: 0,
    },
  });
  return {
    ...view,
    requests,
    toasts,
    bus,
    navigate,
    queryClient,
    puts: () => requests.filter((r) => r.method === 'PUT'),
  };
}

export { defaultDashboardContent, encodeDashboardId, sessionStore };
