import { createStore } from 'zustand/vanilla';
import { encodeDashboardId, type Customer, type DashboardSummary } from '@fieldwatch/shared';
import { fakeServerApi } from '@fieldwatch/shared/testing';
import { dashboardFor, openEarly, takeOpening } from '../../src/dashboard/opening';
import { loadPreferences } from '../../src/widgets/data/shared-answers';

jest.mock('../../src/widgets/registry', () => ({ preloadWidgets: jest.fn(async () => undefined) }));

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
        : { status: 404, body: { message: 'Not found' } },
    );
    const session = createStore(() => without) as never;
    return { api: server.api, session, calls: server.calls };
  }
  const { preloadWidgets } = jest.requireMock<{ preloadWidgets: jest.Mock }>('../../src/widgets/registry');

  test('fetches the document, built-in widget code and shared answers; the screen takes them once', async () => {
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
    expect(takeOpening(5)).toBeNull(); // another dashboard: not this one's
    openEarly(p, `/dashboard/${encodeURIComponent(encodeDashboardId(1))}`);
    const taken = takeOpening(1);
    expect(taken).not.toBeNull();
    expect(await taken!.content).toEqual({ ok: true, data: { id: 1, name: 'Default' } });
    // Preferences with each opening, the configuration once per page (and API client).
    expect(p.calls).toEqual([
      { method: 'GET', url: '/api/v3/user/dashboard/1' },
      { method: 'GET', url: '/api/v3/user/preferences' },
      { method: 'GET', url: '/api/v3/config' },
      { method: 'GET', url: '/api/v3/user/dashboard/1' },
      { method: 'GET', url: '/api/v3/user/preferences' },
    ]);
    expect(takeOpening(1)).toBeNull();
    // The screen's first ask for preferences takes the early one; the next asks afresh.
    await loadPreferences(p.api);
    expect(p.calls).toHaveLength(5);
    await loadPreferences(p.api);
    expect(p.calls).toHaveLength(6);
  });

  test('nothing starts for other addresses or unknown dashboards', () => {
    const p = props();
    openEarly(p, '/dashboard/bm9wZQ==');
    openEarly(p, '/devicemanagement');
    expect(takeOpening(1)).toBeNull();
    expect(p.calls).toEqual([]);
  });
});
