/**
 * route() (src/http/route.ts): a route is registered from its entry of the endpoint table — method,
 * path, the very schema object, `public` — and its handler's request types are what Fastify's
 * validator hands over. The type assertions below are checked by tsc (server typecheck); the
 * runtime checks show the types are true: a WithDefault property really is there when the caller
 * left it out, while the caller's type (QueryOf) still lets him leave it out.
 */
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { ENDPOINTS, type CreateUnitGroupBody, type QueryOf } from '@fieldwatch/shared';
import { AJV_OPTIONS } from '../src/app';
import { route, type EndpointRequest } from '../src/http/route';

type Eq<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const typeIs = <_Check extends true>() => undefined;

// What a handler of the device table gets: the defaults present…
type TableQuery = EndpointRequest<typeof ENDPOINTS.deviceTable>['query'];
typeIs<Eq<TableQuery['page'], number>>();
typeIs<Eq<TableQuery['dir'], 'asc' | 'desc'>>();
typeIs<Eq<TableQuery['use_context'], boolean>>();
// …a property without a default still optional…
typeIs<Eq<TableQuery['q'], string | undefined>>();
// …while the browser may leave the defaults out.
const sent: QueryOf<typeof ENDPOINTS.deviceTable> = {};
// Params and bodies come from the schema as well.
typeIs<Eq<EndpointRequest<typeof ENDPOINTS.dashboard>['params'], { id: number }>>();
typeIs<Eq<EndpointRequest<typeof ENDPOINTS.createUnitGroup>['body'], CreateUnitGroupBody>>();

async function bareApp(): Promise<{ app: FastifyInstance; routes: RouteOptions[] }> {
  const app = Fastify({ ajv: AJV_OPTIONS });
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (r) => {
    if (r.method !== 'HEAD') routes.push(r);
  });
  return { app, routes };
}

describe('route()', () => {
  it('registers method, path, schema object and public flag from the table', async () => {
    const { app, routes } = await bareApp();
    route(app, ENDPOINTS.login, async () => ({ data: null }));
    route(app, ENDPOINTS.deviceTable, async () => ({ data: null }));
    route(app, ENDPOINTS.sessions, async () => ({ data: [] }));
    await app.ready();
    const [login, table, sessions] = routes;
    expect([
      login!.method,
      login!.url,
      login!.schema === ENDPOINTS.login.schema,
      login!.config?.public,
    ]).toEqual(['POST', '/api/v2/auth/login', true, true]);
    expect([
      table!.method,
      table!.url,
      table!.schema === ENDPOINTS.deviceTable.schema,
      table!.config?.public,
    ]).toEqual(['GET', '/api/v3/device/table', true, undefined]);
    // An endpoint without schemas registers none.
    expect([sessions!.method, sessions!.url, sessions!.schema]).toEqual([
      'GET',
      '/api/v2/auth/sessions',
      undefined,
    ]);
    await app.close();
  });

  it('hands the handler the defaults its type promises', async () => {
    const { app } = await bareApp();
    route(app, ENDPOINTS.deviceTable, async (request) => {
      const q = request.query;
      return { page: q.page, pageSize: q.pageSize, sort: q.sort, dir: q.dir, use_context: q.use_context };
    });
    const res = await app.inject({ method: 'GET', url: ENDPOINTS.deviceTable.path });
    expect(sent).toEqual({});
    expect(res.json()).toEqual({ page: 1, pageSize: 20, sort: 'status', dir: 'asc', use_context: false });
    const asked = await app.inject({ method: 'GET', url: `${ENDPOINTS.deviceTable.path}?page=3&dir=desc` });
    expect(asked.json()).toMatchObject({ page: 3, dir: 'desc' });
    await app.close();
  });

  it('still validates by the schema, and passes other route options through', async () => {
    const { app } = await bareApp();
    route(app, ENDPOINTS.createUnitGroup, { bodyLimit: 64 }, async (request) => ({ data: request.body }));
    const bad = await app.inject({
      method: 'POST',
      url: ENDPOINTS.createUnitGroup.path,
      payload: { nope: 1 },
    });
    expect(bad.statusCode).toBe(400);
    const big = await app.inject({
      method: 'POST',
      url: ENDPOINTS.createUnitGroup.path,
      payload: { description: 'x'.repeat(100), organization: 1 },
    });
    expect(big.statusCode).toBe(413);
    await app.close();
  });
});
