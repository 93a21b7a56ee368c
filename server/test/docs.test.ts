import { registeredApiRoutes, openApiPath } from '../src/modules/docs/plugin';
import { login, startServer, type TestServer } from './helpers';

describe('OpenAPI document at /api/docs', () => {
  let s: TestServer;
  let cookie: string;

  beforeAll(async () => {
    s = await startServer('pglite');
    cookie = await login(s.app, 'demo.reader');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('lists every v2 and v3 route of every module, and nothing else', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/docs', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);

    const routes = registeredApiRoutes(s.app);
    // At least the modules of this contract are there.
    for (const prefix of ['/api/v2/auth/', '/api/v2/device/groups', '/api/v3/user/dashboard', '/api/v3/user/profile', '/api/v3/containers', '/api/v3/config']) {
      expect(routes.some((r) => r.url.startsWith(prefix))).toBe(true);
    }
    for (const r of routes) {
      const item = doc.paths[openApiPath(r.url)];
      expect({ route: `${r.method} ${r.url}`, documented: Boolean(item?.[r.method.toLowerCase()]) }).toEqual({
        route: `${r.method} ${r.url}`,
        documented: true,
      });
    }
    for (const p of Object.keys(doc.paths)) expect(p).toMatch(/^\/api\/v[23]\//);
  });

  it('documents parameters from the route schemas', async () => {
    const doc = (await s.app.inject({ method: 'GET', url: '/api/docs', headers: { cookie } })).json();
    const put = doc.paths['/api/v3/containers/{id}'].put;
    expect(put.parameters.map((p: { name: string }) => p.name)).toContain('id');
    expect(put.requestBody.content['application/json'].schema.required).toEqual(['revision']);
  });

  it('is behind the session', async () => {
    expect((await s.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(401);
  });
});
