import { queryKeys } from '@fieldwatch/shared';
import { callUrl, hasSessionHint, startSessionEarly } from '../src/features/session/early';
import { askAfresh, clearSessionData, seedEarlyAnswers, take } from '../src/features/session/calls';
import { api, queryClient } from '../src/platform';

/** The early check asks the public probe (200 either way), not /api/v3/user/session (401 when signed out). */
const PROBE = '/api/v3/user/session/probe';

type Reply = { status: number; body?: unknown } | 'network';

function fakeFetch(replies: Record<string, Reply>) {
  const asked: string[] = [];
  const fn = jest.fn(async (url: string) => {
    asked.push(url);
    const r = replies[url.split('?')[0]!] ?? { status: 200, body: { data: [] } };
    if (r === 'network') throw new TypeError('Failed to fetch');
    return { ok: r.status >= 200 && r.status < 300, status: r.status, json: async () => r.body } as Response;
  });
  (globalThis as { fetch: unknown }).fetch = fn;
  return asked;
}

const SESSION = { data: { user: { id: 1 }, Customers: [], selectedCustomers: [11, 10] } };

// The server's hint that this browser had a session (SESSION_HINT_COOKIE): set by each sign-in.
beforeEach(() => {
  document.cookie = 'fw_signed_in=1; Path=/';
});

afterEach(() => {
  queryClient.clear();
  jest.restoreAllMocks();
});

describe('a plain visit (no session hint)', () => {
  test('asks nothing, and the session counts as signed out (no 401 in the console)', async () => {
    document.cookie = 'fw_signed_in=; Max-Age=0; Path=/';
    const asked = fakeFetch({});
    const early = startSessionEarly();
    await expect(early.session).resolves.toEqual({ status: 401 });
    await expect(early.devices).resolves.toEqual({ status: -1 });
    expect(asked).toEqual([]);
    expect(hasSessionHint()).toBe(false);
  });

  test('a hint that outlived its session: the probe answers 200 with no session — signed out, hint dropped, no 401', async () => {
    const asked = fakeFetch({ [PROBE]: { status: 200, body: { data: null } } });
    const early = startSessionEarly();
    await expect(early.session).resolves.toEqual({ status: 401 });
    await expect(early.dashboards).resolves.toEqual({ status: -1 });
    expect(asked).toEqual([PROBE]);
    expect(asked).not.toContain('/api/v3/user/session');
    expect(hasSessionHint()).toBe(false);
    const get = jest.spyOn(api, 'get');
    queryClient.clear();
    seedEarlyAnswers(startSessionEarly());
    await expect(take('session', [])).resolves.toEqual([null, false]);
    expect(get).not.toHaveBeenCalled();
  });

  test('a hint that outlived its session is dropped at a 401 too (a proxy)', async () => {
    fakeFetch({ [PROBE]: { status: 401 } });
    expect(hasSessionHint()).toBe(true);
    await startSessionEarly().session;
    expect(hasSessionHint()).toBe(false);
  });
});

describe('the early sign-in sequence', () => {
  test('keeps the order of the sign-in sequence: session, then dashboards, then the rest', async () => {
    const asked = fakeFetch({ [PROBE]: { status: 200, body: SESSION } });
    const early = startSessionEarly();
    await expect(early.devices).resolves.toEqual({ status: 200, body: { data: [] } });
    expect(asked[0]).toBe(PROBE);
    expect(asked[1]).toBe(callUrl('dashboards'));
    expect(asked.slice(2).sort()).toEqual(
      [callUrl('containers'), callUrl('devices'), callUrl('events')].sort(),
    );
    expect(callUrl('dashboards')).toBe('/api/v3/user/dashboard?excludeContent=true&useContext=true');
  });

  test('asks for nothing more when the session answers 401', async () => {
    const asked = fakeFetch({ [PROBE]: { status: 401 } });
    const early = startSessionEarly();
    await expect(early.session).resolves.toEqual({ status: 401 });
    await expect(early.dashboards).resolves.toEqual({ status: -1 });
    await expect(early.devices).resolves.toEqual({ status: -1 });
    expect(asked).toEqual([PROBE]);
  });

  test('a network failure or a bad body is an answer to ask again, not a throw', async () => {
    fakeFetch({ [PROBE]: 'network' });
    await expect(startSessionEarly().session).resolves.toEqual({ status: 0 });
    fakeFetch({ [PROBE]: { status: 200, body: undefined } });
    (globalThis.fetch as jest.Mock).mockImplementationOnce(async () => ({
      ok: true,
      status: 200,
      json: () => Promise.reject(new SyntaxError('Unexpected token')),
    }));
    await expect(startSessionEarly().session).resolves.toEqual({ status: 0 });
  });
});

describe('the early answers in the data cache', () => {
  test('the sequence takes them (keyed by the selection the session names) without asking again', async () => {
    const asked = fakeFetch({ [PROBE]: { status: 200, body: SESSION } });
    const get = jest.spyOn(api, 'get');
    seedEarlyAnswers(startSessionEarly());
    await expect(take('session', [])).resolves.toEqual([SESSION.data, false]);
    await expect(take('dashboards', [], [])).resolves.toEqual([[], false]);
    await expect(take('devices', [10, 11], [])).resolves.toEqual([[], false]);
    await expect(take('events', [10, 11], [])).resolves.toEqual([[], false]);
    expect(asked).toHaveLength(5);
    expect(get).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(queryKeys.devices([11, 10]))).toEqual([]);
  });

  test('a 401 to the early session check means signed out, asked no further', async () => {
    fakeFetch({ [PROBE]: { status: 401 } });
    const get = jest.spyOn(api, 'get');
    seedEarlyAnswers(startSessionEarly());
    await expect(take('session', [])).resolves.toEqual([null, false]);
    expect(get).not.toHaveBeenCalled();
  });

  test('an early answer that is not a 2xx is asked again through the API client', async () => {
    fakeFetch({ [PROBE]: { status: 200, body: SESSION }, '/api/v3/user/dashboard': { status: 503 } });
    const get = jest.spyOn(api, 'get').mockResolvedValue([[{ id: 'd1' }], false] as never);
    seedEarlyAnswers(startSessionEarly());
    await take('session', []);
    await expect(take('dashboards', [], [])).resolves.toEqual([[{ id: 'd1' }], false]);
    expect(get).toHaveBeenCalledWith('/api/v3/user/dashboard', { excludeContent: true, useContext: true });
  });

  test('a new answer is asked afresh; a cleared session finds nothing of the last one', async () => {
    const asked = fakeFetch({ [PROBE]: { status: 200, body: SESSION } });
    seedEarlyAnswers(startSessionEarly());
    await take('session', []);
    await expect(take('events', [10, 11], [])).resolves.toEqual([[], false]);
    const get = jest.spyOn(api, 'get').mockResolvedValue([[{ id: 'e1' }], false] as never);
    await expect(askAfresh('events', [10, 11], [])).resolves.toEqual([[{ id: 'e1' }], false]);
    expect(get).toHaveBeenCalledTimes(1);
    clearSessionData();
    expect(queryClient.getQueryData(queryKeys.session())).toBeUndefined();
    get.mockResolvedValue([SESSION.data, false] as never);
    await expect(take('session', [])).resolves.toEqual([SESSION.data, false]);
    expect(get).toHaveBeenCalledTimes(2);
    expect(asked.filter((u) => u === PROBE)).toHaveLength(1);
  });
});
