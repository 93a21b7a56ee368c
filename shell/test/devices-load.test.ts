import { sessionStore } from '@fieldwatch/shared';
import { api } from '../src/platform';
import { callUrl, dropEarly } from '../src/features/session/early';
import { loadDevices } from '../src/features/session/session';

const unit = { UnitID: 7, UnitName: 'Pump 7' };

function fakeFetch(status: number, body?: unknown) {
  const fn = jest.fn(async () => ({ ok: status >= 200 && status < 300, status, json: async () => body }) as Response);
  (globalThis as { fetch: unknown }).fetch = fn;
  return fn;
}

afterEach(() => {
  dropEarly();
  jest.restoreAllMocks();
  sessionStore.setState({ devices: [], devicesLoadedAt: null });
});

describe('loading the unit list after sign-in (customer change, refresh)', () => {
  test('asks with fetch() and keeps the units; the API client is not used', async () => {
    const fetchFn = fakeFetch(200, { data: [unit] });
    const get = jest.spyOn(api, 'get');
    await loadDevices();
    expect(fetchFn).toHaveBeenCalledWith(callUrl('devices'), expect.objectContaining({ credentials: 'same-origin' }));
    expect(get).not.toHaveBeenCalled();
    expect(sessionStore.getState().devices).toEqual([unit]);
  });

  test('anything but a 2xx goes through the API client, which deals with it', async () => {
    fakeFetch(503);
    const get = jest.spyOn(api, 'get').mockResolvedValue([[unit], false] as never);
    await loadDevices();
    expect(get).toHaveBeenCalledWith('/api/v2/device/devices', { use_context: true }, []);
    expect(sessionStore.getState().devices).toEqual([unit]);
  });
});
