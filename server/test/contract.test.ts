/**
 * The shared contract's endpoint table and the server agree: every entry is served with its method
 * and path (and validated by exactly the table's schema object), every /api route the server
 * registers is in the table, and "public" (reachable without a session) means the same on both.
 * The rules both sides apply (blank sign-in fields, alarm limits) answer in the same words.
 */
import { and, eq } from 'drizzle-orm';
import {
  ALARM_LIMIT_MESSAGES,
  ENDPOINTS,
  formErrors,
  LoginRequest,
  pathFor,
  validateLimits,
  validationMessage,
} from '@fieldwatch/shared';
import { appRoutes, type AppRoute } from '../src/app';
import { channels, units } from '../src/db/schema';
import { login, startServer, type TestServer } from './helpers';

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

describe('the endpoint table', () => {
  let s: TestServer;
  let served: Map<string, AppRoute>;

  beforeAll(async () => {
    s = await startServer('pglite');
    served = new Map(
      appRoutes(s.app)
        .filter((r) => r.url === '/api' || r.url.startsWith('/api/'))
        .map((r) => [key({ method: r.method, path: r.url }), r]),
    );
  });
  afterAll(async () => {
    await s?.close();
  });

  it('names every endpoint once', () => {
    const keys = Object.values(ENDPOINTS).map(key);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('is served entry by entry, with the same schema object and the same public flag', () => {
    for (const [name, e] of Object.entries(ENDPOINTS)) {
      const route = served.get(key(e));
      expect({ name, served: Boolean(route) }).toEqual({ name, served: true });
      const hasSchema = Object.keys(e.schema).length > 0;
      expect({ name, sameSchema: hasSchema ? route?.schema === e.schema : route?.schema === undefined }).toEqual({
        name,
        sameSchema: true,
      });
      expect({ name, public: route?.public }).toEqual({ name, public: e.public });
    }
  });

  it('holds every /api route the server registers', () => {
    const table = new Set(Object.values(ENDPOINTS).map(key));
    for (const k of served.keys()) expect({ route: k, inTable: table.has(k) }).toEqual({ route: k, inTable: true });
  });

  it('gives the server and the browser the same words for a blank sign-in field', async () => {
    const browser = formErrors(LoginRequest, { username: '  ', password: '' });
    for (const body of [
      { username: '  ', password: 'x' },
      { username: 'demo.user', password: '' },
    ]) {
      const res = await s.app.inject({ method: 'POST', url: ENDPOINTS.login.path, payload: body });
      expect(res.statusCode).toBe(400);
      const field = body.password ? 'username' : 'password';
      expect(res.json().message).toBe(browser[field]);
    }
    expect(browser).toEqual({ username: 'Username should not be blank', password: 'Password should not be blank' });
    // Not a spec rule (a missing property): the validator's own text, which names it.
    expect(validationMessage(LoginRequest, { keyword: 'required', instancePath: '', params: {} })).toBeUndefined();
  });

  it('refuses alarm limits by the shared rule (validateLimits), in its words', async () => {
    const cookie = await login(s.app, 'demo.super');
    const [unit] = await s.db.db
      .select({ id: units.id })
      .from(units)
      .innerJoin(channels, and(eq(channels.unitId, units.id), eq(channels.channelNo, 1), eq(channels.kind, 'analog')))
      .orderBy(units.id)
      .limit(1);
    const url = pathFor(ENDPOINTS.setChannelLimits, { id: unit!.id, n: 1 });
    const put = (levels: unknown[]) => s.app.inject({ method: 'PUT', url, headers: { cookie }, payload: { levels } });
    expect((await put([{ level: 1, low: 4, high: 16 }])).statusCode).toBe(200);
    // A new low above the stored high: refused as the merged limits break the rule.
    const [aboveHigh] = validateLimits([{ level: 1, low: 20, high: 16 }]);
    const [twice] = validateLimits([{ level: 2 }, { level: 2 }]);
    for (const [levels, why] of [
      [[{ level: 1, low: 20 }], aboveHigh],
      [[{ level: 2 }, { level: 2 }], twice],
    ] as const) {
      const res = await put([...levels]);
      expect([res.statusCode, res.json().message]).toEqual([400, `${ALARM_LIMIT_MESSAGES.failed}: ${why}`]);
    }
  });
});
