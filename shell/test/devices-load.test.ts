import { queryKeys, sessionStore } from '@fieldwatch/shared';
import { api, queryClient } from '../src/platform';
import { callUrl } from '../src/features/session/early';
import { loadDevices } from '../src/features/session/session';

const unit = { UnitID: 7, UnitName: 'Pump 7' };

function fakeFetch(status: number, body?: unknown) {
  const fn = jest.fn(async () => ({ ok: status >= 200 && status < 300, status, json: async () => body }) as Response);
  (globalThis as { fetch: unknown }).fetch = fn;
  return fn;
}

afterEach(() => {
  queryClient.clear();
  jest.restoreAllMocks();
  sessionStore.setState({ selectedCustomers: [] });
});

describe('loading the unit list after sign-in (customer change, refresh)', () => {
  test('asks with fetch() and keeps the units in the data cache; the API client is not used', async () => {
    const fetchFn = fakeFetch(200, { data: [unit] });
    const get = jest.spyOn(api, 'get');
    await loadDevices([10]);
    expect(fetchFn).toHaveBeenCalledWith(callUrl('devices'), expect.objectContaining({ credentials: 'same-origin' }));
    expect(get).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(queryKeys.devices([10]))).toEqual([unit]);
    expect(sessionStore.getState()).not.toHaveProperty('devices');
  });

  test('anything but a 2xx goes through the API client, which deals with it', async () => {
    fakeFetch(503);
    const get = jest.spyOn(api, 'get').mockResolvedValue([[unit], false] as never);
    await loadDevices([10]);
    expect(get).toHaveBeenCalledWith('/api/v2/device/devices', { use_context: true });
    expect(queryClient.getQueryData(queryKeys.devices([10]))).toEqual([unit]);
  });

  test("only the selection's list is kept", async () => {
    fakeFetch(200, { data: [unit] });
    sessionStore.setState({ selectedCustomers: [10] });
    await loadDevices([10]);
    sessionStore.setState({ selectedCustomers: [11] });
    await loadDevices([11]);
    expect(queryClient.getQueryData(queryKeys.devices([10]))).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.devices([11]))).toEqual([unit]);
    // A late answer for an earlier selection drops nothing.
    await loadDevices([10]);
    expect(queryClient.getQueryData(queryKeys.devices([11]))).toEqual([unit]);
  });

  test('every load asks again, and a failed one keeps the units there were', async () => {
    fakeFetch(200, { data: [unit] });
    await loadDevices([10]);
    fakeFetch(503);
    jest.spyOn(api, 'get').mockResolvedValue([[], true] as never);
    await loadDevices([10]);
    expect(queryClient.getQueryData(queryKeys.devices([10]))).toEqual([unit]);
  });
});
