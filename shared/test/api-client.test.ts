import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { chunk, createApiClient, createBus, interpretLegacy, single, type Toast } from '../src';

function clientWith(adapter: AxiosAdapter, signedIn = true) {
  const bus = createBus();
  const toasts: Toast[] = [];
  let expired = 0;
  bus.on('toast', (t) => toasts.push(t));
  bus.on('session:expired', () => expired++);
  const api = createApiClient({ bus, isSignedIn: () => signedIn });
  api.http.defaults.adapter = adapter;
  return { api, toasts, expired: () => expired };
}

const respond =
  (status: number, data: unknown): AxiosAdapter =>
  async (config: InternalAxiosRequestConfig) => {
    const response = { status, data, statusText: '', headers: {}, config };
    if (status >= 400) throw new AxiosError('failed', String(status), config, null, response);
    return response;
  };

describe('API client (spec §7–§8)', () => {
  test('the wrapper answers [data, false] and unwraps { data }', async () => {
    const { api } = clientWith(respond(200, { data: [1, 2] }));
    expect(await api.get('/x')).toEqual([[1, 2], false]);
  });
  test('a failed call answers [fallback, true]', async () => {
    const { api } = clientWith(respond(500, { message: 'boom' }));
    expect(await api.get('/x', {}, [])).toEqual([[], true]);
  });
  test('401 expires the session once, with "You have been logged out"', async () => {
    const { api, toasts, expired } = clientWith(respond(401, { message: 'You have been logged out' }));
    await api.get('/a');
    await api.get('/b');
    expect(expired()).toBe(1);
    expect(toasts).toEqual([{ kind: 'warning', message: 'errors.loggedOut' }]);
    api.armUnauthorized();
    await api.get('/c');
    expect(expired()).toBe(2);
  });
  test('401 while signed out (the first session probe) is not an expiry', async () => {
    const { api, toasts, expired } = clientWith(respond(401, {}), false);
    await api.get('/api/v3/user/session');
    expect(expired()).toBe(0);
    expect(toasts).toEqual([]);
  });
  test('417 shows the invalid-credentials toast, except to the login form (which says it inline)', async () => {
    const { api, toasts } = clientWith(respond(417, { message: 'Username or password is incorrect' }));
    await api.request({ method: 'POST', url: '/api/v2/auth/login' });
    expect(toasts).toEqual([]);
    await api.request({ method: 'POST', url: '/api/v1/auth/login' });
    expect(toasts).toEqual([{ kind: 'danger', message: 'errors.invalidCredentials' }]);
  });
  test('a database that does not answer, and a cross-site refusal, toast once each (translated)', async () => {
    const { api, toasts } = clientWith(async (config) => {
      const code = config.url === '/x' ? 'db_unavailable' : 'cross_site';
      const status = code === 'db_unavailable' ? 503 : 403;
      throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, undefined, {
        status, data: { message: 'server text', code }, statusText: '', headers: {}, config,
      } as never);
    });
    await api.get('/x');
    await api.get('/x'); // a second failing call within the quiet time adds no toast
    await api.request({ method: 'POST', url: '/y' });
    expect(toasts).toEqual([
      { kind: 'danger', message: 'errors.dbUnavailable' },
      { kind: 'danger', message: 'errors.crossSite' },
    ]);
  });
  test('a network error shows its message', async () => {
    const { api, toasts } = clientWith(async (config) => {
      throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    });
    await api.get('/x');
    expect(toasts).toEqual([{ kind: 'danger', message: 'Network Error', raw: true }]);
  });
  test('older API answers are read by the rules of §8', () => {
    expect(() => interpretLegacy('/api/v1/xrequest/GetAlarms', '')).toThrow('API /api/v1/xrequest/GetAlarms returned empty string');
    expect(() => interpretLegacy('/p', [{ Result: 'no access' }])).toThrow('API /p error message - no access');
    expect(interpretLegacy('/p', [{}])).toEqual([]);
    expect(interpretLegacy('/p', [{ a: 1 }, { a: 2 }])).toHaveLength(2);
  });
  test('unit id lists are chunked by 4000 and the results merged', async () => {
    const calls: string[] = [];
    const { api } = clientWith(async (config) => {
      const ids = (JSON.parse(config.data as string) as { UnitIDs: string }).UnitIDs.split(',');
      calls.push(`${ids.length}`);
      return { status: 200, data: ids.map((id) => ({ id })), statusText: '', headers: {}, config };
    });
    const ids = Array.from({ length: 9001 }, (_, i) => i);
    const rows = await api.legacy('GetUnitsInfo', {}, ids);
    expect(calls).toEqual(['4000', '4000', '1001']);
    expect(rows).toHaveLength(9001);
    expect(chunk([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
  });
  test('single-item calls: none is an error, many says the count', () => {
    expect(() => single([])).toThrow('No data returned from the API');
    expect(() => single([1, 2])).toThrow('Expected a single item, but 2 was returned by the API');
    expect(single([7])).toBe(7);
  });
});
