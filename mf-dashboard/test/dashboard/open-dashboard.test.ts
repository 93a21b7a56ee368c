import { createStore } from 'zustand/vanilla';
import { encodeDashboardId, type Customer, type DashboardSummary } from '@fieldwatch/shared';
import { createTestQueryClient, fakeServerApi } from '@fieldwatch/shared/testing';
import { dashboardFor, openDashboard, openEarly } from '../../src/dashboard/open-dashboard';
import { preferencesQuery } from '../../src/widgets/kit/data/config-and-preferences';

jest.mock('../../src/dashboard/widget-registry', () => ({ preloadWidgets: jest.fn(async () => undefined) }));

const dashboards: DashboardSummary[] = [
  { id: 3, name: 'Default', static: 'parking', version: '1' },
  { id: 1, name: 'Default', static: 'overview', version: '1' },
  { id: 5, name: 'Ops board', static: null, version: '1' },
];
const parkingCustomer = { CustomerID: 7, CustomerRights: [{ Widget: 3 }] } as unknown as Customer;
const without = { dashboards, customers: [], selectedCustomers: [] };
const withParking = { dashboards, customers: [parkingCustomer], selectedCustomers: [7] };

describe('which dashboard an address opens', () => {
  test('"default" is the overview; an encoded id is that dashboard; parking only with the right', () => {
    expect(dashboardFor('default', without)?.id).toBe(1);
    expect(dashboardFor(encodeDashboardId(5), without)?.id).toBe(5);
    expect(dashboardFor(encodeDashboardId(3), without)).toBeNull();
    expect(dashboardFor(encodeDashboardId(3), withParking)?.id).toBe(3);
    expect(dashboardFor('bm9wZQ==', without)).toBeNull();
    expect(dashboardFor('default', { ...without, dashboards: [dashboards[2]!] })?.id).toBe(5);
    expect(dashboardFor('default', { ...without, dashboards: [] })).toBeNull();
  });
});

describe('opening the dashboard in the address bar when the area mounts', () => {
  function props() {
    const server = fakeServerApi((method, url) =>
      url === '/api/v3/user/dashboard/1'
        ? { status: 200, body: { data: { id: 1, name: 'Default' } } }
        : url === '/api/v3/config'
          ? { status: 200, body: { data: { weather: false } } }
          : { status: 404, body: { message: 'Not found' } },
    );
    const session = createStore(() => without) as never;
    return { api: server.api, session, queryClient: createTestQueryClient(), calls: server.calls };
  }
  const { preloadWidgets } = jest.requireMock<{ preloadWidgets: jest.Mock }>(
    '../../src/dashboard/widget-registry',
  );

  test('fetches the document, built-in widget code and shared answers; the screen joins them', async () => {
    const p = props();
    openEarly(p, '/dashboard/default');
    expect(preloadWidgets).toHaveBeenCalledWith([
      'status',
      'temp',
      'battery',
      'alarms',
      'weather',
      'unitMap',
    ]);
    const summary = dashboards[1]!;
    const opening = openDashboard(p.queryClient, p.api, summary);
    expect(await opening.content).toEqual({ ok: true, data: { id: 1, name: 'Default' } });
    // One request each: the screen took what the mount started.
    expect(p.calls).toEqual([
      { method: 'GET', url: '/api/v3/user/dashboard/1' },
      { method: 'GET', url: '/api/v3/user/preferences' },
      { method: 'GET', url: '/api/v3/config' },
    ]);
    // The board owns the document now: opening the dashboard again asks afresh.
    await openDashboard(p.queryClient, p.api, summary).content;
    expect(p.calls).toHaveLength(4);
    // Preferences younger than PREFERENCES_FRESH_MS are taken as they are; the configuration is
    // asked once per page.
    openEarly(p, `/dashboard/${encodeURIComponent(encodeDashboardId(1))}`);
    await p.queryClient.fetchQuery(preferencesQuery(p.api));
    expect(p.calls.map((c) => c.url)).toEqual([
      '/api/v3/user/dashboard/1',
      '/api/v3/user/preferences',
      '/api/v3/config',
      '/api/v3/user/dashboard/1',
      '/api/v3/user/dashboard/1',
    ]);
  });

  test('a failed document answers its status and message', async () => {
    const p = props();
    const opening = openDashboard(p.queryClient, p.api, dashboards[2]!);
    expect(await opening.content).toEqual({ ok: false, status: 404, message: 'Not found' });
  });

  test('nothing starts for other addresses or unknown dashboards', () => {
    const p = props();
    openEarly(p, '/dashboard/bm9wZQ==');
    openEarly(p, '/devicemanagement');
    expect(p.calls).toEqual([]);
  });
});
