import { callUrl, dropEarly, startSessionEarly, takeEarly } from '../src/features/session/early';

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

afterEach(() => dropEarly());

describe('the early sign-in sequence', () => {
  test('keeps the order of spec §4: session, then dashboards, then the rest', async () => {
    const asked = fakeFetch({ '/api/v3/user/session': { status: 200, body: { data: { user: {} } } } });
    startSessionEarly();
    await expect(takeEarly('devices')).resolves.toEqual({ status: 200, body: { data: [] } });
    expect(asked[0]).toBe('/api/v3/user/session');
    expect(asked[1]).toBe(callUrl('dashboards'));
    expect(asked.slice(2).sort()).toEqual(
      [callUrl('containers'), callUrl('devices'), callUrl('events'), callUrl('notifications')].sort(),
    );
    expect(callUrl('dashboards')).toBe('/api/v3/user/dashboard?excludeContent=true&useContext=true');
  });

  test('asks for nothing more when the session answers 401', async () => {
    const asked = fakeFetch({ '/api/v3/user/session': { status: 401 } });
    startSessionEarly();
    await expect(takeEarly('session')).resolves.toEqual({ status: 401 });
    await expect(takeEarly('dashboards')).resolves.toEqual({ status: -1 });
    await expect(takeEarly('devices')).resolves.toEqual({ status: -1 });
    expect(asked).toEqual(['/api/v3/user/session']);
  });

  test('a network failure or a bad body is an answer to ask again, not a throw', async () => {
    fakeFetch({ '/api/v3/user/session': 'network' });
    startSessionEarly();
    await expect(takeEarly('session')).resolves.toEqual({ status: 0 });
    fakeFetch({ '/api/v3/user/session': { status: 200, body: undefined } });
    (globalThis.fetch as jest.Mock).mockImplementationOnce(async () => ({
      ok: true,
      status: 200,
      json: () => Promise.reject(new SyntaxError('Unexpected token')),
    }));
    startSessionEarly();
    await expect(takeEarly('session')).resolves.toEqual({ status: 0 });
  });

  test('each answer is taken once, and dropped answers are gone', async () => {
    fakeFetch({ '/api/v3/user/session': { status: 200, body: { data: {} } } });
    startSessionEarly();
    expect(takeEarly('session')).toBeDefined();
    expect(takeEarly('session')).toBeUndefined();
    dropEarly();
    expect(takeEarly('devices')).toBeUndefined();
  });
});
